import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createUser, getTestApp, setupSchool, TEST_PASSWORD, uniqueEmail } from '../../testing/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

async function codeFromOutbox(email: string, path: string) {
  const mail = (await app.outbox()).filter((m) => m.text.includes(email)).at(-1);
  const m = mail && new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(mail.text.replace(/=\r?\n/g, ''));
  if (!m) throw new Error(`no ${path} link for ${email}`);
  return m[1];
}

describe('registration and login', () => {
  it('registers, refuses login until the e-mail is confirmed, then logs in', async () => {
    const email = uniqueEmail('reg');
    await app.anonymous.user.register({ email: `  ${email.toUpperCase()} `, firstName: 'Jana', lastName: 'Nováková', phone: '', password: 'tajne-heslo!' });
    expect(await app.anonymous.user.loginUser({ email, password: 'tajne-heslo!' })).toEqual({ state: 'NOT_ACTIVATED' });
    const code = await codeFromOutbox(email, '/email-confirm');
    expect(await app.anonymous.user.confirmEmail({ code })).toEqual({ email });
    const result = await app.anonymous.user.loginUser({ email: ` ${email.toUpperCase()}`, password: ' tajne-heslo! ' });
    expect(result.state).toBe('OK');
  });

  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(app);
    const wrong = await app.anonymous.user.loginUser({ email: user.email, password: 'spatne-heslo!' });
    const unknown = await app.anonymous.user.loginUser({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });
    expect(wrong).toEqual({ state: 'INVALID_CREDENTIALS' });
    expect(unknown).toEqual(wrong);
  });

  it('validates registration with the spec messages', async () => {
    await expect(app.anonymous.user.register({ email: 'a@b', firstName: 'J', lastName: 'Nováková', phone: 'abc', password: 'heslo' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const err = await app.anonymous.user
      .register({ email: 'a@b', firstName: 'Jana', lastName: 'Nováková', phone: 'abc', password: 'heslo12' })
      .catch((e: unknown) => e);
    {
      const flat = (err as { cause: { issues: { path: string[]; message: string }[] } }).cause.issues;
      const messages: Record<string, string> = {};
      for (const i of flat) messages[i.path[0]] ??= i.message;
      expect(messages.email).toBe('E-mail nesmí být kratší než 5 znaků');
      expect(messages.phone).toBe('Neplatný formát telefonního čísla');
      expect(messages.password).toBe('Neplatý formát. Heslo musí obsahovat minimálně 6 písmen a spec. znak!');
    }
  });

  it('logout revokes the session on the server', async () => {
    const user = await createUser(app);
    const login = await app.anonymous.user.loginUser({ email: user.email, password: TEST_PASSWORD });
    if (login.state !== 'OK') throw new Error('login failed');
    const [session] = await app.handle.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(session.revokedAt).toBeNull();
    const caller = await app.callerFor(user.id);
    await caller.user.logout();
    const rows = await app.handle.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(rows.filter((r) => r.revokedAt !== null).length).toBe(1);
  });

  it('resets a password through the e-mailed link', async () => {
    const user = await createUser(app);
    await app.anonymous.user.requestPasswordReset({ email: user.email });
    const code = await codeFromOutbox(user.email, '/reset-password-confirm');
    await app.anonymous.user.resetPasswordConfirm({ code, password: 'nove-heslo!' });
    expect((await app.anonymous.user.loginUser({ email: user.email, password: 'nove-heslo!' })).state).toBe('OK');
    await expect(app.anonymous.user.resetPasswordConfirm({ code, password: 'jine-heslo!' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('me and schools', () => {
  it('meV2 says whether the account has a school', async () => {
    const user = await createUser(app);
    const caller = await app.callerFor(user.id);
    expect(await caller.user.meV2()).toMatchObject({ email: user.email, isAccountInitialized: false, activeSchoolId: null });
    const school = await caller.school.createSchool({
      info: { name: 'Autoškola Test', number: 'AS-9', office: 'Magistrát města Brna', numberPrague: '' },
      address: { street: 'Lidická', streetCode: '12', city: 'Brno', postCode: '60200' },
    });
    expect(await caller.user.meV2()).toMatchObject({ isAccountInitialized: true, activeSchoolId: school.id });
    expect(await caller.user.getUserSchools()).toEqual([expect.objectContaining({ id: school.id, role: 'ADMIN' })]);
  });

  it('refuses a school the user does not belong to with NOT_FOUND', async () => {
    const a = await setupSchool(app);
    const b = await setupSchool(app);
    await expect(a.caller.user.getGroupSettings({ schoolId: b.schoolId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(a.caller.user.setActiveSchool({ schoolId: b.schoolId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows unread notifications and marks them read per user', async () => {
    const { caller, user } = await setupSchool(app);
    const [n] = await app.handle.db.insert(schema.notifications).values({ userId: user.id, type: 'GENERIC', title: 'T', message: 'M' }).returning();
    expect((await caller.user.getNotifications()).map((x) => x.id)).toContain(n.id);
    await caller.user.readNotification({ id: n.id });
    expect((await caller.user.getNotifications()).map((x) => x.id)).not.toContain(n.id);
    expect(app.deps.live.sent.at(-1)).toEqual({ room: `user:${user.id}`, message: { NotificationReadMessage: { id: n.id } } });
  });
});

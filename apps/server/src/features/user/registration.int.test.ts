// Whoever registers an address first must not keep the account, the answers and their timing must not reveal which
// addresses have accounts, and a password reset must leave no other code of the user alive.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, getTestApp, setupSchool, type TestApp, uniqueEmail } from '../../testing/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** Every link to `path` e-mailed to `email`, oldest first. */
async function codesFromInbox(email: string, path: string) {
  const codes: string[] = [];
  for (const mail of await app.outbox()) {
    const text = mail.text.replace(/=\r?\n/g, '');
    if (!text.includes(`To: ${email}`)) continue;
    const m = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text);
    if (m) codes.push(m[1]);
  }
  return codes;
}

async function latestCode(email: string, path: string) {
  const code = (await codesFromInbox(email, path)).at(-1);
  if (!code) throw new Error(`no ${path} link for ${email}`);
  return code;
}

const login = (email: string, password: string) => app.anonymous.user.loginUser({ email, password });

describe('account pre-hijacking', () => {
  it('the password confirmed from the inbox is the owner’s, the attacker’s earlier link is dead, and only the confirmed account takes the invite', async () => {
    const email = uniqueEmail('teacher');
    const { schoolId, caller: admin } = await setupSchool(app);

    // The attacker registers the teacher's address first; the confirmation goes to the teacher's inbox.
    const attackerAnswer = await app.anonymous.user.register({ email, firstName: 'Útočník', lastName: 'Zlý', phone: '', password: 'utocnik-A!' });
    const attackerLink = await latestCode(email, '/email-confirm');

    // The school invites the address while the account is still the attacker's unconfirmed registration.
    await admin.school.inviteMember({ schoolId, email, role: 'TEACHER' });
    const inviteCode = await latestCode(email, '/school-invite-confirm');
    const [pending] = await app.handle.db.select().from(schema.users).where(eq(schema.users.email, email));
    // Even with a session (however obtained), an unconfirmed account cannot take the invite.
    const unconfirmed = await app.callerFor(pending.id);
    await expect(unconfirmed.schoolInvite.applyInviteByCode({ code: inviteCode })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [invite] = await app.handle.db.select().from(schema.schoolInvites).where(eq(schema.schoolInvites.email, email));
    await expect(unconfirmed.schoolInvite.applyInviteInAccount({ id: invite.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // The teacher registers with their own password and gets the same answer.
    const teacherAnswer = await app.anonymous.user.register({ email, firstName: 'Jana', lastName: 'Učitelová', phone: '', password: 'ucitelka-T!' });
    expect(teacherAnswer).toEqual(attackerAnswer);

    // The teacher confirms from the inbox (the latest link).
    const teacherLink = await latestCode(email, '/email-confirm');
    expect(teacherLink).not.toBe(attackerLink);
    expect(await app.anonymous.user.confirmEmail({ code: teacherLink })).toEqual({ email });
    expect((await login(email, 'ucitelka-T!')).state).toBe('OK');
    expect(await login(email, 'utocnik-A!')).toEqual({ state: 'INVALID_CREDENTIALS' });
    const [confirmed] = await app.handle.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(confirmed).toMatchObject({ firstName: 'Jana', lastName: 'Učitelová', isActivated: true });

    // The attacker's earlier link, clicked afterwards, changes nothing.
    await expect(app.anonymous.user.confirmEmail({ code: attackerLink })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await login(email, 'ucitelka-T!')).state).toBe('OK');
    expect(await login(email, 'utocnik-A!')).toEqual({ state: 'INVALID_CREDENTIALS' });

    // No other account can take the invite; the confirmed owner can.
    const other = await createUser(app);
    const otherCaller = await app.callerFor(other.id);
    await expect(otherCaller.schoolInvite.applyInviteByCode({ code: inviteCode })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(otherCaller.schoolInvite.applyInviteInAccount({ id: invite.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const teacher = await app.callerFor(confirmed.id);
    expect(await teacher.schoolInvite.applyInviteByCode({ code: inviteCode })).toMatchObject({ schoolId });
  });

  it('registering an address that has a confirmed account changes nothing and tells its owner how to reset the password', async () => {
    const owner = await createUser(app);
    const before = await app.outbox();
    const answer = await app.anonymous.user.register({ email: owner.email, firstName: 'Cizí', lastName: 'Člověk', phone: '', password: 'cizi-heslo!' });
    expect(answer).toEqual({ ok: true });
    const [after] = await app.handle.db.select().from(schema.users).where(eq(schema.users.id, owner.id));
    expect(after).toMatchObject({ passwordHash: owner.passwordHash, firstName: owner.firstName, lastName: owner.lastName, isActivated: true });
    expect(await login(owner.email, 'cizi-heslo!')).toEqual({ state: 'INVALID_CREDENTIALS' });
    const mails = (await app.outbox()).slice(before.length).filter((m) => m.text.includes(`To: ${owner.email}`));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Pokus o registraci');
    // The reset link in that mail works.
    const code = await latestCode(owner.email, '/reset-password-confirm');
    await app.anonymous.user.resetPasswordConfirm({ code, password: 'nove-heslo!' });
    expect((await login(owner.email, 'nove-heslo!')).state).toBe('OK');
  });
});

describe('password reset', () => {
  it('kills every other outstanding reset code of the user and closes the user’s live sockets', async () => {
    const user = await createUser(app);
    await app.anonymous.user.requestPasswordReset({ email: user.email });
    await app.anonymous.user.requestPasswordReset({ email: user.email });
    const [first, second] = await codesFromInbox(user.email, '/reset-password-confirm');
    expect(first).not.toBe(second);
    await app.anonymous.user.resetPasswordConfirm({ code: second, password: 'nove-heslo!' });
    expect(app.deps.live.disconnected.at(-1)).toBe(`user:${user.id}`);
    await expect(app.anonymous.user.resetPasswordConfirm({ code: first, password: 'jine-heslo!' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await login(user.email, 'nove-heslo!')).state).toBe('OK');
  });

  it('a registration link pending at the reset cannot put its password in force afterwards', async () => {
    const email = uniqueEmail('pending');
    await app.anonymous.user.register({ email, firstName: 'Útočník', lastName: 'Zlý', phone: '', password: 'utocnik-A!' });
    const registrationLink = await latestCode(email, '/email-confirm');
    await app.anonymous.user.requestPasswordReset({ email });
    await app.anonymous.user.resetPasswordConfirm({ code: await latestCode(email, '/reset-password-confirm'), password: 'vlastnik-T!' });
    await expect(app.anonymous.user.confirmEmail({ code: registrationLink })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await login(email, 'vlastnik-T!')).state).toBe('OK');
    expect(await login(email, 'utocnik-A!')).toEqual({ state: 'INVALID_CREDENTIALS' });
  });
});

describe('account enumeration', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  /** Median wall time of `run` for fresh inputs of each kind, interleaved so load affects both alike. */
  async function timePaths(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
    const ta: number[] = [];
    const tb: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const [run, into] of [
        [a, ta],
        [b, tb],
      ] as const) {
        const start = performance.now();
        await run();
        into.push(performance.now() - start);
      }
    }
    const [ma, mb] = [median(ta), median(tb)];
    return { ma, mb, ratio: Math.max(ma, mb) / Math.min(ma, mb) };
  }

  /**
   * A busy CI machine can skew one sample of medians; a leak is there in every sample (before the fix: 5.7× for
   * register, 4.4× for the reset). So the paths count as alike when one of three samples is within 1.5×.
   */
  async function expectAlikeTiming(sample: () => Promise<{ ma: number; mb: number; ratio: number }>, label: (ma: number, mb: number) => string) {
    const seen: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { ma, mb, ratio } = await sample();
      if (ratio < 1.5) return;
      seen.push(`${label(ma, mb)} (${ratio.toFixed(2)}×)`);
    }
    expect.fail(`the two paths take different times in every sample: ${seen.join('; ')}`);
  }

  it('register answers the same, in about the same time, for a new and for an existing address', async () => {
    const input = (email: string) => ({ email, firstName: 'Jana', lastName: 'Nováková', phone: '', password: 'tajne-heslo!' });
    const existing = await createUser(app);
    expect(await app.anonymous.user.register(input(existing.email))).toEqual(await app.anonymous.user.register(input(uniqueEmail('new'))));
    await expectAlikeTiming(
      async () => {
        // Users made up front: only the registration itself is timed.
        const users = await Promise.all(Array.from({ length: 9 }, () => createUser(app)));
        return timePaths(
          9,
          async () => app.anonymous.user.register(input(uniqueEmail('new'))),
          async () => app.anonymous.user.register(input((users.pop() as { email: string }).email)),
        );
      },
      (ma, mb) => `new ${ma.toFixed(1)} ms, existing ${mb.toFixed(1)} ms`,
    );
  });

  it('requestPasswordReset answers the same, in about the same time, for a known and for an unknown address', async () => {
    const known = await createUser(app);
    expect(await app.anonymous.user.requestPasswordReset({ email: known.email })).toEqual(
      await app.anonymous.user.requestPasswordReset({ email: uniqueEmail('nobody') }),
    );
    await expectAlikeTiming(
      async () => {
        // Users made up front: only the reset request itself is timed.
        const users = await Promise.all(Array.from({ length: 15 }, () => createUser(app)));
        return timePaths(
          15,
          async () => app.anonymous.user.requestPasswordReset({ email: (users.pop() as { email: string }).email }),
          async () => app.anonymous.user.requestPasswordReset({ email: uniqueEmail('nobody') }),
        );
      },
      (ma, mb) => `known ${ma.toFixed(1)} ms, unknown ${mb.toFixed(1)} ms`,
    );
  });
});

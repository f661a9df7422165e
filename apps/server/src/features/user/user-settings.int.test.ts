// Uživatelské Nastavení through the real router: the profile (and the member names that show it), a password change
// that ends the other sessions at once and keeps this one, "sign out the others", and the preferences.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../gate/session.queries.ts';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { getTestApp, inputIssues, setupSchool, TEST_PASSWORD, type TestApp } from '../../testing/harness.ts';
import { findSessionUser } from '../../gate/session.queries.ts';

const createCaller = createCallerFactory(appRouter);
let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const withoutPath = (issue: string) => issue.replace(/^[\w.]+: /, '');

/** A second login of the same user (another device): its own caller, which finds its session by token each time. */
async function otherDevice(userId: string) {
  const token = await createSession(app.handle.db, userId, new Date(), 1);
  return { token, caller: createCaller({ ...app.deps, ip: '10.0.0.2', token, session: null }) };
}

describe('user settings', () => {
  it('changes the name and phone, and the member rows that show the name', async () => {
    const s = await setupSchool(app);
    const settings = await s.caller.user.updateProfile({ firstName: 'Karolína', lastName: 'Nová', phone: '+420 777 000 111' });
    expect(settings).toMatchObject({ firstName: 'Karolína', lastName: 'Nová', phone: '+420 777 000 111', isOperator: false });
    const [member] = await app.handle.db.select().from(schema.schoolMembers).where(eq(schema.schoolMembers.id, s.member.id));
    expect(member).toMatchObject({ firstName: 'Karolína', lastName: 'Nová' });
    expect(app.deps.live.sent.some((m) => m.room === `user:${s.user.id}` && 'UserSettingsMessage' in m.message)).toBe(true);
    expect((await inputIssues(s.caller.user.updateProfile({ firstName: 'K', lastName: 'Nová', phone: 'abc' }))).map(withoutPath)).toEqual([
      'Jméno musí mít alespoň 2 znaky',
      'Neplatný formát telefonního čísla',
    ]);
  });

  it('changes the password only with the current one, ends the other sessions at once and keeps this one', async () => {
    const s = await setupSchool(app);
    const other = await otherDevice(s.user.id);
    expect(await other.caller.user.getUserSettings()).toMatchObject({ email: s.user.email });
    await expect(s.caller.user.changePassword({ currentPassword: 'spatne-heslo!', newPassword: 'NoveHeslo1!' })).rejects.toMatchObject({
      message: 'Současné heslo není správné.',
    });
    expect(new Set((await inputIssues(s.caller.user.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'kratke' }))).map(withoutPath))).toEqual(
      new Set(['Neplatý formát. Heslo musí obsahovat minimálně 6 písmen a spec. znak!']),
    );
    expect(await s.caller.user.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'NoveHeslo1!' })).toEqual({ signedOut: 1 });
    await expect(other.caller.user.getUserSettings()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await findSessionUser(app.handle.db, other.token, new Date())).toBeFalsy();
    expect(await s.caller.user.getUserSettings()).toMatchObject({ email: s.user.email });
    expect(app.deps.live.disconnected.length).toBeGreaterThan(0);
    const login = await app.anonymous.user.loginUser({ email: s.user.email, password: 'NoveHeslo1!' });
    expect(login.state).toBe('OK');
  });

  it('lists the devices and signs out the others', async () => {
    const s = await setupSchool(app);
    await otherDevice(s.user.id);
    await otherDevice(s.user.id);
    const sessions = await s.caller.user.getSessions();
    expect(sessions.filter((x) => x.isCurrent)).toHaveLength(1);
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    expect(await s.caller.user.signOutOtherSessions()).toEqual({ count: sessions.length - 1 });
    expect(await s.caller.user.getSessions()).toEqual([expect.objectContaining({ isCurrent: true })]);
  });

  it('keeps the preferences and refuses unknown values', async () => {
    const s = await setupSchool(app);
    expect(
      await s.caller.user.setPreferences({
        landingPage: 'calendar',
        calendarView: 'month',
        emailNotificationEvents: ['EXAM_RESULT', 'EXAM_RESULT', 'PDF_READY'],
      }),
    ).toMatchObject({
      landingPage: 'calendar',
      calendarView: 'month',
      emailNotificationEvents: ['EXAM_RESULT', 'PDF_READY'],
    });
    expect(await s.caller.user.meV2()).toMatchObject({ landingPage: 'calendar', calendarView: 'month' });
    await expect(s.caller.user.setPreferences({ landingPage: 'nowhere' as 'home', calendarView: null, emailNotificationEvents: [] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

// Uživatelské Nastavení through the real router: the profile (and the member names that show it), a password change
// that ends the other sessions at once and keeps this one, "sign out the others", and the preferences.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../gate/session.queries.ts';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, TEST_PASSWORD, type TestApp } from '../../testing/harness.ts';
import { schoolCarInputExample } from '../school-car/school-car.isolation.ts';
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

// Kalendář's teacher and car filters (issue 20 §4): remembered per member on the server, so a logout (which wipes the
// device's storage) or another device keeps the last choice.
describe('calendar filters', () => {
  it('remembers each member’s own choice and stores no other school’s teachers or cars', async () => {
    const s = await setupSchool(app);
    const teacherUser = await createUser(app);
    const teacher = await addMember(app, s.schoolId, teacherUser.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacherUser.id);
    const car = await s.caller.schoolCar.createSchoolCar({ schoolId: s.schoolId, ...schoolCarInputExample() });
    const own = { schoolId: s.schoolId };

    // Never chosen: null (the web starts a teacher on their own items), not [] ('Všichni učitelé' chosen).
    expect(await s.caller.user.getCalendarFilters(own)).toEqual({ teacherIds: null, carIds: null });
    expect(await s.caller.user.setCalendarFilter({ ...own, filter: 'TEACHERS', ids: [teacher.id, s.member.id, teacher.id] })).toEqual({
      teacherIds: [teacher.id, s.member.id],
      carIds: null,
    });
    expect(await s.caller.user.setCalendarFilter({ ...own, filter: 'CARS', ids: [] })).toEqual({ teacherIds: [teacher.id, s.member.id], carIds: [] });
    await s.caller.user.setCalendarFilter({ ...own, filter: 'CARS', ids: [car.id] });
    expect(await s.caller.user.getCalendarFilters(own)).toEqual({ teacherIds: [teacher.id, s.member.id], carIds: [car.id] });
    const [row] = await app.handle.db.select().from(schema.schoolMembers).where(eq(schema.schoolMembers.id, s.member.id));
    expect(row).toMatchObject({ calendarTeacherFilter: [teacher.id, s.member.id], calendarCarFilter: [car.id] });

    // Another member of the school: a choice of their own, and theirs does not change the admin's.
    expect(await teacherCaller.user.getCalendarFilters(own)).toEqual({ teacherIds: null, carIds: null });
    await teacherCaller.user.setCalendarFilter({ ...own, filter: 'TEACHERS', ids: [] });
    expect(await teacherCaller.user.getCalendarFilters(own)).toEqual({ teacherIds: [], carIds: null });
    expect(await s.caller.user.getCalendarFilters(own)).toEqual({ teacherIds: [teacher.id, s.member.id], carIds: [car.id] });

    // Another school's teachers and cars: refused as not found, nothing stored (a mix included).
    const other = await setupSchool(app);
    const otherCar = await other.caller.schoolCar.createSchoolCar({ schoolId: other.schoolId, ...schoolCarInputExample() });
    await expect(s.caller.user.setCalendarFilter({ ...own, filter: 'TEACHERS', ids: [teacher.id, other.member.id] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Učitel nebyl nalezen.',
    });
    await expect(s.caller.user.setCalendarFilter({ ...own, filter: 'CARS', ids: [otherCar.id] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Vozidlo nebylo nalezeno.',
    });
    // A car id is no teacher and a member id no car.
    await expect(s.caller.user.setCalendarFilter({ ...own, filter: 'TEACHERS', ids: [car.id] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(s.caller.user.setCalendarFilter({ ...own, filter: 'CARS', ids: [teacher.id] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await s.caller.user.getCalendarFilters(own)).toEqual({ teacherIds: [teacher.id, s.member.id], carIds: [car.id] });
    // Another school's id: the gate's answer, like a school that does not exist; the other school's choice untouched.
    await expect(s.caller.user.getCalendarFilters({ schoolId: other.schoolId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(s.caller.user.setCalendarFilter({ schoolId: other.schoolId, filter: 'CARS', ids: [otherCar.id] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await other.caller.user.getCalendarFilters({ schoolId: other.schoolId })).toEqual({ teacherIds: null, carIds: null });

    // Only ids, at most 100.
    await expect(s.caller.user.setCalendarFilter({ ...own, filter: 'CARS', ids: ['nope'] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect((await inputIssues(s.caller.user.setCalendarFilter({ ...own, filter: 'TEACHERS', ids: many }))).map(withoutPath)).toEqual([
      'Vyberte nejvýše 100 položek.',
    ]);
  });
});

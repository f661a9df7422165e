// Rules on "now" follow the request's clock (ctx.now), in the school's zone: a server started with another clock, or
// a test's fixed one, decides with it, never with the machine's clock or zone.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession, findSessionUser } from '../gate/session.queries.ts';
import { studentInput } from '../features/student/student.testing.ts';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../testing/harness.ts';
import { appRouter } from '../app-router.ts';
import { createCallerFactory } from './init.ts';

const createCaller = createCallerFactory(appRouter);

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** A school's admin whose requests run at `now`. */
async function schoolAt(now: Date, opts: Parameters<typeof setupSchool>[1] = {}) {
  const school = await setupSchool(app, opts);
  const token = await createSession(app.handle.db, school.user.id, new Date(), 1);
  const session = await findSessionUser(app.handle.db, token, new Date());
  const caller = createCaller({ ...app.deps, now: () => now, ip: '127.0.0.1', token, session });
  return { ...school, caller };
}

const withBirthDate = (birthDate: string) => {
  const input = studentInput();
  return { ...input, studentInfo: { ...input.studentInfo, birthDate } };
};

// 00:30 on Sunday 25 October 2026 in Prague, the 25-hour day: tomorrow is the 26th, though 24 hours later it is still
// the 25th there.
const AUTUMN_NIGHT = new Date('2026-10-24T22:30:00Z');

const interpreterInputExample = {
  interpreterInfo: { firstName: 'Olena', lastName: 'Kovalenko', degree: null, birthDate: '1980-01-01', phone: null },
  address: { street: 'Husova', streetCode: '3', city: 'Brno', postCode: '60200' },
};

describe('a birth date at most tomorrow, by the request clock', () => {
  it('lets a student be born tomorrow in Prague and refuses the day after, at the field', async () => {
    const { caller, schoolId } = await schoolAt(AUTUMN_NIGHT);
    await expect(caller.student.createStudent({ schoolId, ...withBirthDate('2026-10-26') })).resolves.toMatchObject({ id: expect.any(String) });
    expect(await inputIssues(caller.student.createStudent({ schoolId, ...withBirthDate('2026-10-27') }))).toEqual([
      'studentInfo.birthDate: Datum narození nemůže být v budoucnosti',
    ]);
  });

  it('judges by the clock the server was given, not the machine’s: a later clock accepts a later day', async () => {
    const { caller, schoolId } = await schoolAt(new Date('2031-06-01T10:00:00Z'));
    await expect(caller.student.createStudent({ schoolId, ...withBirthDate('2031-06-02') })).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('reports every field message together with the birth-date one', async () => {
    const { caller, schoolId } = await schoolAt(AUTUMN_NIGHT);
    const input = withBirthDate('2026-10-27');
    const issues = await inputIssues(caller.student.createStudent({ schoolId, ...input, studentInfo: { ...input.studentInfo, birthPlace: '' } }));
    expect(issues).toEqual(['studentInfo.birthDate: Datum narození nemůže být v budoucnosti', 'studentInfo.birthPlace: Prosím zadejte místo narození!']);
  });

  it('holds an inline edit of the personal section to the same rule', async () => {
    const { caller, schoolId } = await schoolAt(AUTUMN_NIGHT);
    const { id: studentId } = await caller.student.createStudent({ schoolId, ...withBirthDate('2005-04-12') });
    const info = withBirthDate('2026-10-27').studentInfo;
    expect(await inputIssues(caller.student.updateStudent({ schoolId, studentId, studentInfo: info }))).toEqual([
      'studentInfo.birthDate: Datum narození nemůže být v budoucnosti',
    ]);
    await caller.student.updateStudent({ schoolId, studentId, studentInfo: { ...info, birthDate: '2026-10-26' } });
    expect((await caller.student.student({ schoolId, id: studentId })).studentInfo.birthDate).toBe('2026-10-26');
  });

  it('holds an interpreter, created or edited, to the same rule', async () => {
    const { caller, schoolId } = await schoolAt(AUTUMN_NIGHT);
    const future = { ...interpreterInputExample, interpreterInfo: { ...interpreterInputExample.interpreterInfo, birthDate: '2026-10-27' } };
    expect(await inputIssues(caller.interpreter.createInterpreter({ schoolId, ...future }))).toEqual([
      'interpreterInfo.birthDate: Datum narození nemůže být v budoucnosti',
    ]);
    const { id: interpreterId } = await caller.interpreter.createInterpreter({ schoolId, ...interpreterInputExample });
    expect(await inputIssues(caller.interpreter.updateInterpreter({ schoolId, interpreterId, ...future }))).toEqual([
      'interpreterInfo.birthDate: Datum narození nemůže být v budoucnosti',
    ]);
  });
});

describe('today and this month in Prague, by the request clock', () => {
  // 00:30 on 1 November 2026 in Prague (CET), still 31 October in UTC.
  const FIRST_HOUR_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');

  it('dates the creation log entry with the Prague day', async () => {
    const { caller, schoolId } = await schoolAt(FIRST_HOUR_OF_NOVEMBER);
    const { id } = await caller.student.createStudent({ schoolId, ...studentInput() });
    expect((await caller.student.student({ schoolId, id })).logs.map((l) => l.date)).toEqual(['2026-11-01']);
  });

  it('suggests the registration number of the Prague year on New Year’s night', async () => {
    const { caller, schoolId } = await schoolAt(new Date('2026-12-31T23:30:00Z'));
    expect(await caller.student.getNextRegistrationNumber({ schoolId })).toEqual({ registrationNumber: '2027/001' });
  });

  it('counts the tier’s students of the month from midnight of the 1st in Prague', async () => {
    // 00:30 on 1 April 2027 in Prague (CEST), still 31 March in UTC.
    const { caller, schoolId } = await schoolAt(new Date('2027-03-31T22:30:00Z'), { tier: 'STARTER' });
    const before = await caller.student.createStudent({ schoolId, ...studentInput() });
    const after = await caller.student.createStudent({ schoolId, ...studentInput() });
    // The month counts students from the day they were taken on (admitted_at; created_at for a recorded one).
    const createdAt = async (id: string, iso: string) =>
      app.handle.db
        .update(schema.students)
        .set({ createdAt: new Date(iso), admittedAt: new Date(iso) })
        .where(eq(schema.students.id, id));
    await createdAt(before.id, '2027-03-31T21:50:00Z'); // 23:50 on 31 March in Prague
    await createdAt(after.id, '2027-03-31T22:10:00Z'); // 00:10 on 1 April in Prague
    expect(await caller.account.getTier({ schoolId })).toMatchObject({ currentUsageStudentsInSchoolPerMonth: 1 });
  });
});

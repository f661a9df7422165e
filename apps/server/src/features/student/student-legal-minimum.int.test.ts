// Issue 17 item 2: ending training ('Ukončit výcvik') checks the legal minimum by the one rule; short of it only the
// explicit early-end choice with a reason goes through, recorded on the student and in the audit; going to the exam
// never goes through short of it.
import { schema } from '@volant/db/schema';
import { addDays, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { meetLegalMinimum } from '../lesson-plan/legal-minimum.testing.ts';
import { createTestStudent } from './student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const MISSING_ALL_B = [
  'TZBJ: chybí 10 z 10 lekcí',
  'PPV: chybí 14 z 18 lekcí',
  'OÚV: chybí 2 z 2 lekcí',
  'ZP: chybí 2 z 2 lekcí',
  'OP: chybí 4 z 4 lekcí',
  'PV-ÚV: chybí 2 z 2 hodin',
  'PV-ZP: chybí 4 z 4 hodin',
  'Jízdy: chybí 27 z 28 hodin',
];

/** The issue's student: B, started, 4 PPV lessons attended, one completed 45-minute ride, and planned future items. */
async function partlyTrained() {
  const s = await setupSchool(app);
  const { caller, schoolId } = s;
  const studentId = await createTestStudent(caller, schoolId);
  const today = schoolToday(app.deps.now());
  const start = addDays(today, -30);
  await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: start });
  const ppv = (await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId })).sections.find((x) => x.type === 'PPV')?.lessons ?? [];
  await caller.teachingLessonRecord.updateTeachingLessonRecord({
    schoolId,
    studentId,
    data: [
      ...ppv.slice(0, 4).map((l, i) => ({ id: l.id, date: addDays(start, i + 1), userId: null, topic: null, attended: true })),
      // Planned for next week: not attended, never counted.
      ...ppv.slice(4, 10).map((l, i) => ({ id: l.id, date: addDays(today, i + 1), userId: null, topic: null })),
    ],
  });
  const rideAt = (day: string, state: 'COMPLETED' | 'SCHEDULED') => {
    const startTime = new Date(schoolMidnight(day).getTime() + 9 * 3_600_000);
    return { schoolId, studentId, type: 'DRIVING' as const, state, startTime, endTime: new Date(startTime.getTime() + 45 * 60_000), length: 45 };
  };
  await app.handle.db.insert(schema.drivingLessonRecords).values([rideAt(addDays(start, 2), 'COMPLETED'), rideAt(addDays(today, 3), 'SCHEDULED')]);
  return { ...s, studentId, today };
}

const studentRow = async (id: string) => (await app.handle.db.select().from(schema.students).where(eq(schema.students.id, id)))[0];

describe('ending training against the legal minimum', () => {
  it('shows the card what is missing by section, counting only attended lessons and completed past rides', async () => {
    const { caller, schoolId, studentId } = await partlyTrained();
    const m = await caller.student.getLegalMinimum({ schoolId, studentId });
    expect(m).toMatchObject({ studentId, isMet: false, missing: MISSING_ALL_B, earlyEndReason: null });
    expect(m.sections.find((s) => s.item === 'PPV')).toEqual({ item: 'PPV', unit: 'lesson', required: 18, done: 4, missing: 14, prior: 0 });
  });

  it('refuses “Ukončit výcvik” short of the minimum with the Czech list, by both procedures, changing nothing', async () => {
    const { caller, schoolId, studentId } = await partlyTrained();
    const refusal = { code: 'PRECONDITION_FAILED', message: `Žák nemá absolvovaný rozsah výuky a výcviku stanovený zákonem. ${MISSING_ALL_B.join('; ')}.` };
    await expect(caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId] })).rejects.toMatchObject(refusal);
    await expect(caller.student.setStudentState({ schoolId, studentsIds: [studentId], state: 'FINISHED' })).rejects.toMatchObject(refusal);
    expect(await studentRow(studentId)).toMatchObject({ state: 'IN_PROGRESS', dateOfFinished: null, earlyEndReason: null });
  });

  it('ends early only with a reason, records it on the student and in the audit, and never lets the student go to the exam', async () => {
    const { caller, schoolId, studentId, today } = await partlyTrained();
    expect(await inputIssues(caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], endedEarly: true }))).toEqual([
      'earlyEndReason: Prosím uveďte důvod předčasného ukončení výcviku.',
    ]);
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], endedEarly: true, earlyEndReason: 'Přestup do jiné autoškoly' });
    expect(await studentRow(studentId)).toMatchObject({ state: 'FINISHED', dateOfFinished: today, earlyEndReason: 'Přestup do jiné autoškoly' });
    expect((await caller.student.student({ schoolId, id: studentId })).earlyEndReason).toBe('Přestup do jiné autoškoly');
    const [entry] = await app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, studentId), eq(schema.auditLog.action, 'student.setState')))
      .orderBy(schema.auditLog.createdAt)
      .offset(1);
    expect(entry.data).toMatchObject({ to: { state: 'FINISHED' }, endedEarly: { reason: 'Přestup do jiné autoškoly', missing: MISSING_ALL_B } });

    await expect(caller.student.setStudentState({ schoolId, studentsIds: [studentId], state: 'TO_EXAM' })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
    // Reopened, the early end is gone.
    await caller.student.setStudentState({ schoolId, studentsIds: [studentId], state: 'IN_PROGRESS' });
    expect(await studentRow(studentId)).toMatchObject({ state: 'IN_PROGRESS', earlyEndReason: null });
  });

  it('ends training of a student who met the minimum without any choice, and records no early end', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    const start = addDays(schoolToday(app.deps.now()), -60);
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: start });
    await meetLegalMinimum(app.handle.db, schoolId, studentId, addDays(start, 1));
    expect(await caller.student.getLegalMinimum({ schoolId, studentId })).toMatchObject({ isMet: true, missing: [] });
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], endedEarly: true, earlyEndReason: 'Ukončení výcviku žákem' });
    expect(await studentRow(studentId)).toMatchObject({ state: 'FINISHED', earlyEndReason: null });
    await caller.student.setStudentState({ schoolId, studentsIds: [studentId], state: 'TO_EXAM' });
  });

  it('judges the minimum on the end date: lessons after it and a future end date do not count', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    const today = schoolToday(app.deps.now());
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: addDays(today, -60) });
    await meetLegalMinimum(app.handle.db, schoolId, studentId, addDays(today, -20));
    await expect(caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], date: addDays(today, -25) })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
    await expect(caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], date: addDays(today, 1) })).rejects.toMatchObject({
      message: 'Výcvik nelze ukončit s budoucím datem.',
    });
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], date: today });
  });

  it('moving the end of a completed training in the history is judged as ending it on the new day', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    const today = schoolToday(app.deps.now());
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: addDays(today, -60) });
    await meetLegalMinimum(app.handle.db, schoolId, studentId, addDays(today, -20));
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], date: addDays(today, -2) });
    const log = (await caller.student.student({ schoolId, id: studentId })).logs.find((l) => l.state === 'FINISHED');
    if (!log) throw new Error('no FINISHED log');
    const move = (date: string) => caller.student.updateStudentLog({ schoolId, studentId, id: log.id, date });
    // Before the lessons were attended: the history would claim a completed training that was not.
    await expect(move(addDays(today, -25))).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: expect.stringMatching(/^Žák nemá absolvovaný rozsah/),
    });
    await expect(move(addDays(today, 1))).rejects.toMatchObject({ message: 'Výcvik nelze ukončit s budoucím datem.' });
    expect(await studentRow(studentId)).toMatchObject({ state: 'FINISHED', dateOfFinished: addDays(today, -2) });
    // Before the last rides: refused with what was still missing then.
    await expect(move(addDays(today, -10))).rejects.toMatchObject({ message: expect.stringMatching(/Jízdy: chybí 6 z 28 hodin/) });
    // A day on which the minimum was met is fine (the last ride was 7 days ago).
    await move(addDays(today, -5));
    expect(await studentRow(studentId)).toMatchObject({ state: 'FINISHED', dateOfFinished: addDays(today, -5) });
  });

  it('an early end may be moved to any past day: it claims no completion', async () => {
    const { caller, schoolId, studentId, today } = await partlyTrained();
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], endedEarly: true, earlyEndReason: 'Přestup do jiné autoškoly' });
    const log = (await caller.student.student({ schoolId, id: studentId })).logs.find((l) => l.state === 'FINISHED');
    if (!log) throw new Error('no FINISHED log');
    await caller.student.updateStudentLog({ schoolId, studentId, id: log.id, date: addDays(today, -5) });
    expect(await studentRow(studentId)).toMatchObject({ state: 'FINISHED', dateOfFinished: addDays(today, -5), earlyEndReason: 'Přestup do jiné autoškoly' });
  });

  it('names each student when several are ended at once', async () => {
    const { caller, schoolId, studentId } = await partlyTrained();
    const other = await createTestStudent(caller, schoolId, { firstName: 'Eva', lastName: 'Malá', registrationNumber: `LM-${Date.now()}` });
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [other] });
    const err = await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId, other] }).catch((e: Error) => e);
    expect(String((err as Error).message)).toMatch(/^Žák Jan Dvořák \(T-.*\) nemá absolvovaný rozsah .* Žák Eva Malá \(LM-\d+\) nemá/);
    // Both orders: whichever of the two ids sorts first in the database, the refusal follows the selection.
    const reversed = await caller.student.setDateOfFinished({ schoolId, studentsIds: [other, studentId] }).catch((e: Error) => e);
    expect(String((reversed as Error).message)).toMatch(/^Žák Eva Malá \(LM-\d+\) nemá absolvovaný rozsah .* Žák Jan Dvořák \(T-.*\) nemá/);
  });
});

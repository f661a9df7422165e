// The waiting list of exam terms (issue 22 §3) through the real router: a withdrawal proposes the next ready student
// (longest waiting first; never a not-ready one, the one who withdrew or another school's), 'Přeskočit' proposes the
// next, 'Přihlásit' signs up through the one sign-up path, 'Čekatelé' added by hand come first.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { createFinishedStudent, dayFromToday } from './exam.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

async function aSchool() {
  const s = await setupSchool(app);
  const term = () => s.caller.exam.createExam({ schoolId: s.schoolId, date: dayFromToday(20), place: 'Magistrát města Brna', types: ['PPV', 'ZP'] });
  /** A FINISHED student (B, legal minimum met) whose training ended on `endedOn`. */
  const finished = async (lastName: string, endedOn: string) => {
    const id = await createFinishedStudent(s.caller, s.schoolId, { lastName });
    await app.handle.db.update(schema.students).set({ dateOfFinished: endedOn }).where(eq(schema.students.id, id));
    return id;
  };
  return { ...s, term, finished };
}

describe('exam waiting list', () => {
  it('a withdrawal proposes the longest-waiting ready student; Přeskočit proposes the next; Přihlásit signs up', async () => {
    const a = await aSchool();
    const other = await aSchool();
    const { schoolId, caller } = a;
    const { id: examId } = await a.term();
    const leaving = await a.finished('Odcházející', '2026-01-02');
    const early = await a.finished('Dřívější', '2026-02-10');
    const later = await a.finished('Pozdější', '2026-03-20');
    // Another school's student who waits longer still: never proposed here.
    await other.finished('Cizí', '2025-12-01');
    // A student in training, put on the list by hand: listed first, but not ready.
    const inTraining = await createTestStudent(caller, schoolId, { lastName: 'Výcvikový' });
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [inTraining], date: '2026-01-05' });
    await caller.exam.addToWaitlist({ schoolId, examId, studentId: inTraining });
    // Training ended early without the legal minimum ('Ukončit předčasně'), waiting longest: not ready, not proposed.
    const early2 = await createTestStudent(caller, schoolId, { lastName: 'Předčasný' });
    await app.handle.db
      .update(schema.students)
      .set({ state: 'FINISHED', dateOfInProgress: '2025-06-01', dateOfFinished: '2025-11-01', earlyEndReason: 'Přestup' })
      .where(eq(schema.students.id, early2));

    await caller.exam.addStudentToExam({ schoolId, examId, studentId: leaving, newType: { type: 'PPV', group: 'B' } });
    expect((await caller.exam.getWaitlist({ schoolId, id: examId })).vacancies).toEqual([]);
    await caller.exam.addStudentToExam({ schoolId, examId, studentId: leaving, toRemoveType: { type: 'PPV', group: 'B' } });

    const list = await caller.exam.getWaitlist({ schoolId, id: examId });
    expect(list.vacancies).toHaveLength(1);
    const vacancy = list.vacancies[0];
    expect(vacancy).toMatchObject({ type: 'PPV', group: 'B', proposal: { studentId: early, lastName: 'Dřívější' } });
    // 'Čekatelé': the listed one first with why not ready, then the ready ones by the end of their training.
    expect(list.students.map((s) => [s.lastName, s.ready, s.listed])).toEqual([
      ['Výcvikový', false, true],
      ['Odcházející', true, false],
      ['Dřívější', true, false],
      ['Pozdější', true, false],
    ]);
    expect(list.students[0].reason).toBe('Žák musí nejdříve ukončit výcvik.');

    // Přeskočit: the next one; a stale 'Přihlásit' of the skipped one is refused.
    const skipped = await caller.exam.skipProposed({ schoolId, vacancyId: vacancy.id, studentId: early });
    expect(skipped.vacancies[0].proposal?.studentId).toBe(later);
    await expect(caller.exam.signUpProposed({ schoolId, vacancyId: vacancy.id, studentId: early })).rejects.toMatchObject({ code: 'CONFLICT' });

    // Přihlásit: signed up for the freed part through the sign-up path; the vacancy closes.
    const after = await caller.exam.signUpProposed({ schoolId, vacancyId: vacancy.id, studentId: later });
    expect(after.vacancies).toEqual([]);
    const exam = await caller.exam.getExam({ schoolId, id: examId });
    expect(exam.signUps.map((s) => [s.studentId, s.type, s.group, s.attempt])).toEqual([[later, 'PPV', 'B', 1]]);
    const audit = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, later));
    expect(audit.map((e) => e.action)).toContain('exam.signUp');
    await expect(caller.exam.skipProposed({ schoolId, vacancyId: vacancy.id, studentId: early })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a student the office listed comes first; the one who withdrew is never proposed; nobody left closes the vacancy', async () => {
    const a = await aSchool();
    const { schoolId, caller } = a;
    const { id: examId } = await a.term();
    const leaving = await a.finished('Odcházející', '2026-01-02');
    const waiting = await a.finished('Čekající', '2026-03-25');
    await caller.exam.addToWaitlist({ schoolId, examId, studentId: waiting });
    const other = await a.finished('Ostatní', '2026-01-10');
    await caller.exam.addStudentToExam({ schoolId, examId, studentId: leaving, newType: { type: 'ZP', group: 'B' } });
    await caller.exam.addStudentToExam({ schoolId, examId, studentId: leaving, toRemoveType: { type: 'ZP', group: 'B' } });
    const [vacancy] = (await caller.exam.getWaitlist({ schoolId, id: examId })).vacancies;
    expect(vacancy.proposal?.studentId).toBe(waiting);
    const second = await caller.exam.skipProposed({ schoolId, vacancyId: vacancy.id, studentId: waiting });
    expect(second.vacancies[0].proposal?.studentId).toBe(other);
    // Nobody but the one who withdrew is left: the vacancy closes.
    const last = await caller.exam.skipProposed({ schoolId, vacancyId: vacancy.id, studentId: other });
    expect(last.vacancies).toEqual([]);
  });

  it('nothing is signed up by itself, and a past term opens no vacancy', async () => {
    const a = await aSchool();
    const { schoolId, caller } = a;
    const { id: examId } = await a.term();
    const leaving = await a.finished('Odcházející', '2026-01-02');
    await a.finished('Připravený', '2026-01-03');
    await caller.exam.addStudentToExam({ schoolId, examId, studentId: leaving, newType: { type: 'PPV', group: 'B' } });
    await caller.exam.addStudentToExam({ schoolId, examId, studentId: leaving, toRemoveType: { type: 'PPV', group: 'B' } });
    expect((await caller.exam.getExam({ schoolId, id: examId })).signUps).toEqual([]);
    const { id: pastId } = await caller.exam.createExam({ schoolId, date: dayFromToday(-1), place: 'Brno', types: ['PPV'] });
    await caller.exam.addStudentToExam({ schoolId, examId: pastId, studentId: leaving, newType: { type: 'PPV', group: 'B' } });
    await caller.exam.addStudentToExam({ schoolId, examId: pastId, studentId: leaving, toRemoveType: { type: 'PPV', group: 'B' } });
    expect((await caller.exam.getWaitlist({ schoolId, id: pastId })).vacancies).toEqual([]);
  });

  it("another school's student cannot be put on the list", async () => {
    const a = await aSchool();
    const other = await aSchool();
    const { id: examId } = await a.term();
    const foreign = await other.finished('Cizí', '2026-01-01');
    await expect(a.caller.exam.addToWaitlist({ schoolId: a.schoolId, examId, studentId: foreign })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

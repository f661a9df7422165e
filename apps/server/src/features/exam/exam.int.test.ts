import { schema } from '@volant/db/schema';
import { addMonths } from '@volant/shared/exam/rules';
import { addDays } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { createSession, findSessionUser } from '../../gate/session.queries.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createFinishedStudent, createStudentNeedingRetraining, dayFromToday, examined } from './exam.testing.ts';
import { meetLegalMinimum } from '../lesson-plan/legal-minimum.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

async function aSchool() {
  const s = await setupSchool(app);
  const term = (date: string, types: ('PPV' | 'OUV' | 'TZBJ' | 'ZP' | 'OP')[] = ['PPV', 'TZBJ', 'ZP', 'OP'], capacity: number | null = null) =>
    s.caller.exam.createExam({ schoolId: s.schoolId, date, place: 'Magistrát města Brna', types, capacity });
  return { ...s, term };
}

/** A school whose admin's requests run on a clock the test moves (`clock.now`). */
async function aSchoolAt(now: Date) {
  const s = await aSchool();
  const clock = { now };
  const token = await createSession(app.handle.db, s.user.id, new Date(), 1);
  const session = await findSessionUser(app.handle.db, token, new Date());
  const caller = createCallerFactory(appRouter)({ ...app.deps, now: () => clock.now, ip: '127.0.0.1', token, session });
  const term = (date: string, types: ('PPV' | 'OUV' | 'TZBJ' | 'ZP' | 'OP')[] = ['PPV', 'TZBJ', 'ZP', 'OP']) =>
    caller.exam.createExam({ schoolId: s.schoolId, date, place: 'Magistrát města Brna', types });
  return { ...s, caller, clock, term };
}

const auditActions = async (entityId: string) =>
  (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId))).map((e) => e.action).sort();

describe('exam terms', () => {
  it('creates, lists from dateGte ascending, shows, updates and removes a term; audits and sends ExamMessage', async () => {
    const { caller, schoolId, term } = await aSchool();
    const sent = app.deps.live.sent.length;
    const late = await term('2030-06-20', ['OP', 'PPV']);
    const early = await term('2030-06-10');
    await term('2030-05-01');
    expect(late).toEqual({
      id: late.id,
      date: '2030-06-20',
      place: 'Magistrát města Brna',
      types: ['PPV', 'OP'],
      note: null,
      capacity: null,
      createdAt: expect.any(Date),
    });
    const list = await caller.exam.exams({ schoolId, dateGte: '2030-06-01' });
    expect(list.map((e) => e.id)).toEqual([early.id, late.id]);
    expect(list[0]).toMatchObject({ signUps: 0 });
    expect(await caller.exam.getExam({ schoolId, id: late.id })).toMatchObject({ id: late.id, signUps: [] });
    const updated = await caller.exam.updateExam({
      schoolId,
      id: late.id,
      date: '2030-06-21',
      place: ' Praha ',
      types: ['ZP'],
      note: 'Zkoušející Novák',
      capacity: 12,
    });
    expect(updated).toMatchObject({ date: '2030-06-21', place: 'Praha', types: ['ZP'], note: 'Zkoušející Novák', capacity: 12 });
    expect(await caller.exam.removeExam({ schoolId, id: late.id })).toEqual({ ok: true });
    await expect(caller.exam.getExam({ schoolId, id: late.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Termín zkoušky nebyl nalezen.' });
    expect(await auditActions(late.id)).toEqual(['exam.create', 'exam.remove', 'exam.update']);
    const msg = (examId: string) => ({ room: `school:${schoolId}`, message: { ExamMessage: { schoolId, examId } } });
    expect(app.deps.live.sent.slice(sent)).toEqual(expect.arrayContaining([msg(late.id), msg(early.id)]));
  });

  it('refuses a term without date, place or types with the Czech messages', async () => {
    const { caller, schoolId } = await aSchool();
    expect(await inputIssues(caller.exam.createExam({ schoolId, place: 'Brno', types: ['PPV'] } as never))).toEqual(['date: Prosím zadejte datum!']);
    expect(await inputIssues(caller.exam.createExam({ schoolId, date: '2030-01-01', place: '  ', types: ['PPV'] }))).toEqual(['place: Prosím zadejte místo!']);
    expect(await inputIssues(caller.exam.createExam({ schoolId, date: '2030-01-01', place: 'Brno', types: [] }))).toEqual([
      'types: Vyberte alespoň jeden druh zkoušky!',
    ]);
  });
});

describe('sign-ups', () => {
  it('signs up only after training ended: BAD_REQUEST "Žák musí nejdříve ukončit výcvik."', async () => {
    const { caller, schoolId, term } = await aSchool();
    const exam = await term('2030-06-10');
    const studentId = await createTestStudent(caller, schoolId);
    await expect(caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId, newType: { type: 'PPV', group: 'B' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Žák musí nejdříve ukončit výcvik.',
    });
  });

  it('signs a FINISHED student up and off, per type × group, with StudentInfoMessage and ExamMessage, and audits', async () => {
    const { caller, schoolId, term } = await aSchool();
    const exam = await term('2030-06-10', ['PPV', 'ZP']);
    const studentId = await createFinishedStudent(caller, schoolId);
    const sent = app.deps.live.sent.length;
    const card = await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId, newType: { type: 'PPV', group: 'B' } });
    expect(card.signUps).toEqual([
      { examId: exam.id, date: '2030-06-10', place: 'Magistrát města Brna', type: 'PPV', group: 'B', result: null, attempt: 1, max: 3, cycle: 1 },
    ]);
    expect(card.parts.find((p) => p.type === 'PPV')).toMatchObject({ openExamId: exam.id, attempts: 0, max: 3 });
    expect(app.deps.live.sent.slice(sent)).toEqual([
      { room: `school:${schoolId}`, message: { ExamMessage: { schoolId, examId: exam.id } } },
      { room: `school:${schoolId}`, message: { StudentInfoMessage: { schoolId, studentId } } },
    ]);
    const detail = await caller.exam.getExam({ schoolId, id: exam.id });
    expect(detail.signUps).toEqual([
      expect.objectContaining({ studentId, firstName: 'Jan', lastName: 'Dvořák', groups: ['B'], type: 'PPV', group: 'B', result: null, attempt: 1 }),
    ]);
    await expect(caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId, newType: { type: 'OP', group: 'B' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Tento druh zkoušky se na termínu nekoná.',
    });
    await expect(caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId, newType: { type: 'ZP', group: 'C' } })).rejects.toMatchObject({
      message: 'Žák tuto skupinu nemá.',
    });
    const off = await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId, toRemoveType: { type: 'PPV', group: 'B' } });
    expect(off.signUps).toEqual([]);
    await expect(caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId, toRemoveType: { type: 'PPV', group: 'B' } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await auditActions(studentId)).toEqual(expect.arrayContaining(['exam.signOff', 'exam.signUp']));
    expect(await inputIssues(caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId }))).toEqual([': Zadejte buď newType, nebo toRemoveType']);
  });

  it('refuses a second open sign-up of one type × group on another term: CONFLICT "Student je přihlášen už na jiný termín"', async () => {
    const { caller, schoolId, term } = await aSchool();
    const [a, b] = [await term('2030-06-10'), await term('2030-06-17')];
    const studentId = await createFinishedStudent(caller, schoolId);
    await caller.exam.addStudentToExam({ schoolId, examId: a.id, studentId, newType: { type: 'PPV', group: 'B' } });
    await expect(caller.exam.addStudentToExam({ schoolId, examId: b.id, studentId, newType: { type: 'PPV', group: 'B' } })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Student je přihlášen už na jiný termín',
    });
    // Another type on the other term is fine.
    await caller.exam.addStudentToExam({ schoolId, examId: b.id, studentId, newType: { type: 'ZP', group: 'B' } });
  });

  it('two concurrent sign-ups of one student for one type on two terms: exactly one wins', async () => {
    const { caller, schoolId, term } = await aSchool();
    const [a, b] = [await term('2030-06-10'), await term('2030-06-17')];
    const studentId = await createFinishedStudent(caller, schoolId);
    const results = await Promise.allSettled(
      [a, b].map((e) => caller.exam.addStudentToExam({ schoolId, examId: e.id, studentId, newType: { type: 'OP', group: 'B' } })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((r) => r.status === 'rejected');
    expect(lost.reason).toMatchObject({ code: 'CONFLICT', message: 'Student je přihlášen už na jiný termín' });
    const rows = await app.handle.db.select().from(schema.examSignUps).where(eq(schema.examSignUps.studentId, studentId));
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses a second open sign-up (the partial unique index)', async () => {
    const { caller, schoolId, term } = await aSchool();
    const [a, b] = [await term('2030-06-10'), await term('2030-06-17')];
    const studentId = await createFinishedStudent(caller, schoolId);
    const row = { schoolId, studentId, type: 'PPV' as const, group: 'B' as const, attempt: 1 };
    await app.handle.db.insert(schema.examSignUps).values({ ...row, examId: a.id });
    await expect(app.handle.db.insert(schema.examSignUps).values({ ...row, examId: b.id })).rejects.toThrow();
    // With a result on the first, a new open one is allowed.
    await app.handle.db.update(schema.examSignUps).set({ result: 'FAIL' }).where(eq(schema.examSignUps.examId, a.id));
    await app.handle.db.insert(schema.examSignUps).values({ ...row, examId: b.id, attempt: 2 });
  });

  it('respects the capacity of a term', async () => {
    const { caller, schoolId, term } = await aSchool();
    const exam = await term('2030-06-10', ['PPV'], 1);
    const [s1, s2] = [await createFinishedStudent(caller, schoolId), await createFinishedStudent(caller, schoolId)];
    await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId: s1, newType: { type: 'PPV', group: 'B' } });
    await expect(caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId: s2, newType: { type: 'PPV', group: 'B' } })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Termín je plně obsazen.',
    });
  });

  it("the terms list counts each signed-up student once ('Přihlášení žáci'), per term, without removed students", async () => {
    const { caller, schoolId, term } = await aSchool();
    const exam = await term('2030-06-10', ['PPV', 'ZP'], 6);
    const other = await term('2030-06-11', ['PPV']);
    const [s1, s2, s3] = [
      await createFinishedStudent(caller, schoolId),
      await createFinishedStudent(caller, schoolId),
      await createFinishedStudent(caller, schoolId),
    ];
    const signUp = (examId: string, studentId: string, type: 'PPV' | 'ZP') =>
      caller.exam.addStudentToExam({ schoolId, examId, studentId, newType: { type, group: 'B' } });
    const counts = async () => Object.fromEntries((await caller.exam.exams({ schoolId, dateGte: '2030-06-01' })).map((e) => [e.id, [e.signUps, e.capacity]]));
    expect(await counts()).toEqual({ [exam.id]: [0, 6], [other.id]: [0, null] });
    await signUp(exam.id, s1, 'PPV');
    await signUp(exam.id, s1, 'ZP');
    await signUp(exam.id, s2, 'ZP');
    await signUp(other.id, s3, 'PPV');
    expect(await counts()).toEqual({ [exam.id]: [2, 6], [other.id]: [1, null] });
    await caller.student.removeStudent({ schoolId, studentId: s2 });
    expect(await counts()).toEqual({ [exam.id]: [1, 6], [other.id]: [1, null] });
    expect((await caller.exam.getExam({ schoolId, id: exam.id })).signUps.map((s) => s.studentId)).toEqual([s1, s1]);
  });
});

describe('results', () => {
  it('a FAIL moves the student to EXAM_CORRECTION and counts the attempt; the next sign-up is attempt 2', async () => {
    const { caller, schoolId, term } = await aSchool();
    const [a, b] = [await term(dayFromToday(-10)), await term(dayFromToday(10))];
    const studentId = await createFinishedStudent(caller, schoolId);
    await caller.exam.addStudentToExam({ schoolId, examId: a.id, studentId, newType: { type: 'ZP', group: 'B' } });
    const sent = app.deps.live.sent.length;
    const answer = await caller.exam.setExamResult({ schoolId, examId: a.id, studentId, type: 'ZP', group: 'B', result: 'FAIL' });
    expect(answer).toEqual({ result: 'FAIL', attempt: 1, state: 'EXAM_CORRECTION', canFinish: false });
    expect(app.deps.live.sent.slice(sent)).toContainEqual({ room: `school:${schoolId}`, message: { StudentInfoMessage: { schoolId, studentId } } });
    const [student] = await app.handle.db.select().from(schema.students).where(eq(schema.students.id, studentId));
    expect(student.state).toBe('EXAM_CORRECTION');
    const card = await caller.exam.getStudentExams({ schoolId, studentId });
    expect(card.parts.find((p) => p.type === 'ZP')).toMatchObject({ attempts: 1, max: 3, cycle: 1, retrainingNeeded: false, openExamId: null });
    expect(card.deadline).toMatchObject({ firstExamDate: a.date, deadline: addDays(addMonths(a.date, 12), -1), near: false, passed: false });
    // A term with results cannot be removed.
    await expect(caller.exam.removeExam({ schoolId, id: a.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const again = await caller.exam.addStudentToExam({ schoolId, examId: b.id, studentId, newType: { type: 'ZP', group: 'B' } });
    expect(again.signUps.find((s) => s.examId === b.id)).toMatchObject({ attempt: 2, max: 3, cycle: 1 });
    expect(await auditActions(studentId)).toContain('exam.setResult');
  });

  it("refuses a result before the term's day: BAD_REQUEST \"Výsledek lze zapsat nejdříve v den zkoušky.\" (the school's day, not UTC's)", async () => {
    // 23:30 on Saturday 24 October 2026 in Prague (21:30 UTC): the term of Sunday the 25th is tomorrow.
    const { caller, schoolId, term, clock } = await aSchoolAt(new Date('2026-10-24T21:30:00Z'));
    const exam = await term('2026-10-25');
    const studentId = await createFinishedStudent(caller, schoolId);
    await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId, newType: { type: 'PPV', group: 'B' } });
    const result = { schoolId, examId: exam.id, studentId, type: 'PPV' as const, group: 'B' as const, result: 'SUCCESS' as const };
    await expect(caller.exam.setExamResult(result)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Výsledek lze zapsat nejdříve v den zkoušky.' });
    // 00:30 on the 25th in Prague (22:30 UTC on the 24th): the term's day.
    clock.now = new Date('2026-10-24T22:30:00Z');
    expect(await caller.exam.setExamResult(result)).toMatchObject({ result: 'SUCCESS', attempt: 1 });
    const [row] = await app.handle.db.select().from(schema.examSignUps).where(eq(schema.examSignUps.studentId, studentId));
    expect(row.result).toBe('SUCCESS');
  });

  it('after three failed attempts the student needs retraining and the sign-up is refused', async () => {
    const { caller, schoolId, term } = await aSchool();
    const { studentId } = await createStudentNeedingRetraining(caller, schoolId);
    const next = await term(dayFromToday(7));
    const card = await caller.exam.getStudentExams({ schoolId, studentId });
    expect(card.parts.find((p) => p.type === 'PPV')).toMatchObject({ attempts: 3, max: 3, cycle: 1, retrainingNeeded: true, newTrainingNeeded: false });
    await expect(caller.exam.addStudentToExam({ schoolId, examId: next.id, studentId, newType: { type: 'PPV', group: 'B' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Po dvou neúspěšných opravných pokusech musí žák absolvovat novou výuku nebo výcvik.',
    });
    // Only the failed part is held back.
    await caller.exam.addStudentToExam({ schoolId, examId: next.id, studentId, newType: { type: 'ZP', group: 'B' } });
  });

  it('"Nekonalo se" is not an attempt; all required parts passed → canFinish', async () => {
    const { caller, schoolId, term } = await aSchool();
    const [a, b] = [await term(dayFromToday(-14)), await term(dayFromToday(-7))];
    const studentId = await createFinishedStudent(caller, schoolId);
    await caller.exam.addStudentToExam({ schoolId, examId: a.id, studentId, newType: { type: 'PPV', group: 'B' } });
    await caller.exam.setExamResult({ schoolId, examId: a.id, studentId, type: 'PPV', group: 'B', result: 'DID_NOT_TAKE_PLACE' });
    for (const type of ['PPV', 'TZBJ', 'ZP'] as const) {
      await caller.exam.addStudentToExam({ schoolId, examId: b.id, studentId, newType: { type, group: 'B' } });
    }
    expect((await caller.exam.getStudentExams({ schoolId, studentId })).signUps.find((s) => s.examId === b.id && s.type === 'PPV')).toMatchObject({
      attempt: 1,
    });
    for (const type of ['PPV', 'TZBJ'] as const) {
      expect(await caller.exam.setExamResult({ schoolId, examId: b.id, studentId, type, group: 'B', result: 'SUCCESS' })).toMatchObject({ canFinish: false });
    }
    await caller.exam.setExamResult({ schoolId, examId: b.id, studentId, type: 'ZP', group: 'B', result: 'SUCCESS' });
    await caller.exam.addStudentToExam({ schoolId, examId: b.id, studentId, newType: { type: 'OP', group: 'B' } });
    const last = await caller.exam.setExamResult({ schoolId, examId: b.id, studentId, type: 'OP', group: 'B', result: 'SUCCESS' });
    expect(last).toEqual({ result: 'SUCCESS', attempt: 1, state: 'FINISHED', canFinish: true });
    expect((await caller.exam.getStudentExams({ schoolId, studentId })).canFinish).toBe(true);
    await caller.student.setStudentState({ schoolId, studentsIds: [studentId], state: 'DONE' });
  });
});

describe('cycles of attempts and new teaching/training (legal-cz §7.4)', () => {
  it('records the retraining (date not before the last fail, not in the future), opens cycle 2 with 1/3, audits and tells the card', async () => {
    const { caller, schoolId, term } = await aSchool();
    const { studentId, examIds } = await createStudentNeedingRetraining(caller, schoolId);
    const record = (completedOn: string, note?: string) => caller.exam.recordRetraining({ schoolId, studentId, type: 'PPV', group: 'B', completedOn, note });
    await expect(record(dayFromToday(-11))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Datum absolvování nesmí být dříve než poslední neúspěšná zkouška.',
    });
    await expect(record(dayFromToday(1))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Datum absolvování nesmí být v budoucnosti.' });
    expect(await inputIssues(caller.exam.recordRetraining({ schoolId, studentId, type: 'PPV', group: 'B', completedOn: '' }))).toEqual([
      'completedOn: Prosím zadejte datum absolvování!',
    ]);
    // Not needed for a part that has not failed its cycle.
    await expect(caller.exam.recordRetraining({ schoolId, studentId, type: 'ZP', group: 'B', completedOn: dayFromToday(0) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Nová výuka a výcvik této části zkoušky teď není potřeba.',
    });

    const sent = app.deps.live.sent.length;
    const retraining = await record(dayFromToday(-10), '  Dvě hodiny PPV navíc ');
    expect(retraining).toEqual({ id: retraining.id, type: 'PPV', group: 'B', completedOn: dayFromToday(-10), note: 'Dvě hodiny PPV navíc', cycle: 2 });
    expect(app.deps.live.sent.slice(sent)).toEqual([{ room: `school:${schoolId}`, message: { StudentInfoMessage: { schoolId, studentId } } }]);
    expect(await auditActions(studentId)).toContain('exam.recordRetraining');
    // Once is enough: the second cycle is open.
    await expect(record(dayFromToday(0))).rejects.toMatchObject({ code: 'CONFLICT' });

    let card = await caller.exam.getStudentExams({ schoolId, studentId });
    expect(card.parts.find((p) => p.type === 'PPV')).toMatchObject({
      attempts: 0,
      cycle: 2,
      retrainingNeeded: false,
      newTrainingNeeded: false,
      retrainedOn: dayFromToday(-10),
    });
    expect(card.retrainings).toEqual([
      { id: retraining.id, type: 'PPV', group: 'B', completedOn: dayFromToday(-10), note: 'Dvě hodiny PPV navíc', removable: true },
    ]);
    expect(card.signUps.map((s) => [s.attempt, s.cycle])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);

    // A term before the retraining was completed is refused; a later one is attempt 1 of cycle 2.
    const early = await term(dayFromToday(-12), ['PPV']);
    await expect(caller.exam.addStudentToExam({ schoolId, examId: early.id, studentId, newType: { type: 'PPV', group: 'B' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Termín je dříve než absolvování nové výuky a výcviku.',
    });
    const next = await term(dayFromToday(5), ['PPV']);
    card = await caller.exam.addStudentToExam({ schoolId, examId: next.id, studentId, newType: { type: 'PPV', group: 'B' } });
    expect(card.signUps.find((s) => s.examId === next.id)).toMatchObject({ attempt: 1, max: 3, cycle: 2 });
    expect(card.retrainings[0].removable).toBe(false);
    const detail = await caller.exam.getExam({ schoolId, id: next.id });
    expect(detail.signUps).toEqual([expect.objectContaining({ studentId, attempt: 1, max: 3, cycle: 2 })]);
    expect((await caller.exam.getExam({ schoolId, id: examIds[0] })).signUps).toEqual([expect.objectContaining({ attempt: 1, cycle: 1 })]);

    // With a sign-up since, the record stays; after signing off it can go, and the part needs retraining again.
    await expect(caller.exam.removeRetraining({ schoolId, studentId, id: retraining.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Po nové výuce a výcviku už byl žák přihlášen ke zkoušce, záznam nelze odstranit.',
    });
    await caller.exam.addStudentToExam({ schoolId, examId: next.id, studentId, toRemoveType: { type: 'PPV', group: 'B' } });
    expect(await caller.exam.removeRetraining({ schoolId, studentId, id: retraining.id })).toEqual({ ok: true });
    await expect(caller.exam.removeRetraining({ schoolId, studentId, id: retraining.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Záznam o nové výuce a výcviku nebyl nalezen.',
    });
    card = await caller.exam.getStudentExams({ schoolId, studentId });
    expect(card.parts.find((p) => p.type === 'PPV')).toMatchObject({ attempts: 3, cycle: 1, retrainingNeeded: true });
    expect(await auditActions(studentId)).toContain('exam.removeRetraining');
  });

  it('the second cycle failed too: "Nutný nový výcvik", sign-up and retraining refused; a new training starts the history again', async () => {
    const { caller, schoolId, term } = await aSchool();
    const { studentId } = await createStudentNeedingRetraining(caller, schoolId);
    await caller.exam.recordRetraining({ schoolId, studentId, type: 'PPV', group: 'B', completedOn: dayFromToday(-5) });
    for (const days of [-4, -3, -2]) {
      const exam = await term(dayFromToday(days), ['PPV']);
      await examined(caller, schoolId, { examId: exam.id, studentId, type: 'PPV', group: 'B' }, 'FAIL');
    }
    let card = await caller.exam.getStudentExams({ schoolId, studentId });
    expect(card.parts.find((p) => p.type === 'PPV')).toMatchObject({ attempts: 3, cycle: 2, retrainingNeeded: false, newTrainingNeeded: true });
    const next = await term(dayFromToday(7), ['PPV', 'ZP']);
    await expect(caller.exam.addStudentToExam({ schoolId, examId: next.id, studentId, newType: { type: 'PPV', group: 'B' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Žák neuspěl ani po nové výuce a výcviku, musí absolvovat nový výcvik.',
    });
    await expect(caller.exam.recordRetraining({ schoolId, studentId, type: 'PPV', group: 'B', completedOn: dayFromToday(0) })).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    // A completely new training: back to Probíhající, ended again; the exams start from the beginning.
    await caller.student.setStudentState({ schoolId, studentsIds: [studentId], state: 'IN_PROGRESS' });
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId] });
    card = await caller.exam.getStudentExams({ schoolId, studentId });
    expect(card.parts.find((p) => p.type === 'PPV')).toMatchObject({ attempts: 0, cycle: 1, retrainingNeeded: false, newTrainingNeeded: false });
    expect(card.deadline).toBeNull();
    expect(card.retrainings).toEqual([]);
    // The old results stay in the history, in their own cycles.
    expect(card.signUps.map((s) => `${s.attempt}/${s.cycle}`)).toEqual(['1/1', '2/1', '3/1', '1/2', '2/2', '3/2']);
    card = await caller.exam.addStudentToExam({ schoolId, examId: next.id, studentId, newType: { type: 'PPV', group: 'B' } });
    expect(card.signUps.find((s) => s.examId === next.id)).toMatchObject({ attempt: 1, cycle: 1 });
    expect((await caller.exam.getExam({ schoolId, id: next.id })).signUps).toEqual([expect.objectContaining({ attempt: 1, cycle: 1 })]);
  });

  it('two concurrent retraining records for one part: exactly one wins', async () => {
    const { caller, schoolId } = await aSchool();
    const { studentId } = await createStudentNeedingRetraining(caller, schoolId);
    const results = await Promise.allSettled(
      [0, -1].map((d) => caller.exam.recordRetraining({ schoolId, studentId, type: 'PPV', group: 'B', completedOn: dayFromToday(d) })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')?.reason).toMatchObject({ code: 'CONFLICT' });
    const rows = await app.handle.db.select().from(schema.examRetrainings).where(eq(schema.examRetrainings.studentId, studentId));
    expect(rows).toHaveLength(1);
  });

  it("another school's student or retraining is NOT_FOUND, and nothing changes", async () => {
    const victim = await aSchool();
    const { studentId } = await createStudentNeedingRetraining(victim.caller, victim.schoolId);
    const { id } = await victim.caller.exam.recordRetraining({ schoolId: victim.schoolId, studentId, type: 'PPV', group: 'B', completedOn: dayFromToday(0) });
    const other = await aSchool();
    await expect(
      other.caller.exam.recordRetraining({ schoolId: other.schoolId, studentId, type: 'PPV', group: 'B', completedOn: dayFromToday(0) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.caller.exam.removeRetraining({ schoolId: other.schoolId, studentId, id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const otherStudent = await createFinishedStudent(other.caller, other.schoolId);
    await expect(other.caller.exam.removeRetraining({ schoolId: other.schoolId, studentId: otherStudent, id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.caller.exam.removeRetraining({ schoolId: victim.schoolId, studentId, id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await app.handle.db.select().from(schema.examRetrainings).where(eq(schema.examRetrainings.id, id))).toHaveLength(1);
  });
});

describe('the 12-month window from the first exam (legal-cz §7.4)', () => {
  it('allows terms up to the last day, refuses a later term, and refuses every sign-up once the window is over', async () => {
    // The first exam on Sunday 29 March 2026, the day the clocks go forward.
    const { caller, schoolId, term, clock } = await aSchoolAt(new Date('2026-03-29T08:00:00Z'));
    const studentId = await createFinishedStudent(caller, schoolId);
    const first = await term('2026-03-29', ['PPV', 'ZP']);
    await examined(caller, schoolId, { examId: first.id, studentId, type: 'PPV', group: 'B' }, 'SUCCESS');
    expect((await caller.exam.getStudentExams({ schoolId, studentId })).deadline).toMatchObject({ deadline: '2027-03-28', near: false });

    // A month before the end the card warns.
    clock.now = new Date('2027-02-26T10:00:00Z');
    expect((await caller.exam.getStudentExams({ schoolId, studentId })).deadline).toMatchObject({ daysLeft: 30, near: true, passed: false });
    const lastDay = await term('2027-03-28', ['ZP']);
    const dayAfter = await term('2027-03-29', ['ZP']);
    await expect(caller.exam.addStudentToExam({ schoolId, examId: dayAfter.id, studentId, newType: { type: 'ZP', group: 'B' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Termín je až po uplynutí lhůty 12 měsíců od první zkoušky.',
    });
    await caller.exam.addStudentToExam({ schoolId, examId: lastDay.id, studentId, newType: { type: 'ZP', group: 'B' } });
    await caller.exam.addStudentToExam({ schoolId, examId: lastDay.id, studentId, toRemoveType: { type: 'ZP', group: 'B' } });

    // 00:00 CEST on 29 March 2027 (22:00 UTC on the 28th): the window is over.
    clock.now = new Date('2027-03-28T22:00:00Z');
    expect((await caller.exam.getStudentExams({ schoolId, studentId })).deadline).toMatchObject({ daysLeft: -1, passed: true });
    const later = await term('2027-04-05', ['ZP']);
    for (const examId of [lastDay.id, later.id]) {
      await expect(caller.exam.addStudentToExam({ schoolId, examId, studentId, newType: { type: 'ZP', group: 'B' } })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Lhůta 12 měsíců od první zkoušky uplynula, žák musí absolvovat nový výcvik.',
      });
    }
  });
});

describe('the exam application deadline (legal-cz §7.2)', () => {
  it('lists students whose training ended and who have no sign-up since: end + 15 days, days left, near and passed, by deadline', async () => {
    const { caller, schoolId, term } = await aSchoolAt(new Date('2026-03-20T10:00:00Z'));
    const finishedOn = async (date: string, lastName: string) => {
      const id = await createTestStudent(caller, schoolId, { lastName });
      await caller.student.setDateOfInProgress({ schoolId, studentsIds: [id], date: '2026-01-05' });
      await meetLegalMinimum(app.handle.db, schoolId, id, '2026-01-06');
      await caller.student.setDateOfFinished({ schoolId, studentsIds: [id], date });
      return id;
    };
    const passed = await finishedOn('2026-03-02', 'Dvořák');
    const near = await finishedOn('2026-03-08', 'Novák');
    const later = await finishedOn('2026-03-15', 'Král');
    const signed = await finishedOn('2026-03-01', 'Beneš');
    const exam = await term('2026-04-02', ['PPV']);
    await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId: signed, newType: { type: 'PPV', group: 'B' } });
    await createTestStudent(caller, schoolId, { lastName: 'Černý' }); // not started
    // TO_EXAM without an end date: the day of the move to TO_EXAM counts.
    const toExam = await finishedOn('2026-03-10', 'Horák');
    await caller.student.setStudentState({ schoolId, studentsIds: [toExam], state: 'TO_EXAM', date: '2026-03-12' });
    await app.handle.db.update(schema.students).set({ dateOfFinished: null }).where(eq(schema.students.id, toExam));

    const list = await caller.exam.getApplicationDeadlines({ schoolId });
    expect(list.map((r) => [r.lastName, r.endDate, r.deadline, r.daysLeft, r.near, r.passed])).toEqual([
      ['Dvořák', '2026-03-02', '2026-03-17', -3, false, true],
      ['Novák', '2026-03-08', '2026-03-23', 3, true, false],
      ['Horák', '2026-03-12', '2026-03-27', 7, false, false],
      ['Král', '2026-03-15', '2026-03-30', 10, false, false],
    ]);
    expect(list[0]).toMatchObject({ studentId: passed, firstName: 'Jan', state: 'FINISHED', groups: ['B'] });
    expect(list.map((r) => r.studentId)).toEqual([passed, near, toExam, later]);
    // The card says the same for the student, nothing for one already signed up.
    expect((await caller.exam.getStudentExams({ schoolId, studentId: near })).applicationDeadline).toEqual({
      endDate: '2026-03-08',
      deadline: '2026-03-23',
      daysLeft: 3,
      near: true,
      passed: false,
    });
    expect((await caller.exam.getStudentExams({ schoolId, studentId: signed })).applicationDeadline).toBeNull();
    // Signing up removes the student from the list.
    await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId: near, newType: { type: 'PPV', group: 'B' } });
    expect((await caller.exam.getApplicationDeadlines({ schoolId })).map((r) => r.lastName)).toEqual(['Dvořák', 'Horák', 'Král']);
    // Another school's students never show.
    const other = await aSchool();
    expect(await other.caller.exam.getApplicationDeadlines({ schoolId: other.schoolId })).toEqual([]);
  });

  it('new teaching/training of a failed part starts a new 15-day deadline until the next sign-up', async () => {
    const { caller, schoolId, term } = await aSchool();
    const { studentId } = await createStudentNeedingRetraining(caller, schoolId);
    const listed = async () => (await caller.exam.getApplicationDeadlines({ schoolId })).filter((r) => r.studentId === studentId);
    expect(await listed()).toEqual([]);
    await caller.exam.recordRetraining({ schoolId, studentId, type: 'PPV', group: 'B', completedOn: dayFromToday(-2) });
    expect(await listed()).toEqual([
      expect.objectContaining({ state: 'EXAM_CORRECTION', endDate: dayFromToday(-2), deadline: dayFromToday(13), daysLeft: 13, near: false, passed: false }),
    ]);
    const next = await term(dayFromToday(10), ['PPV']);
    await caller.exam.addStudentToExam({ schoolId, examId: next.id, studentId, newType: { type: 'PPV', group: 'B' } });
    expect(await listed()).toEqual([]);
    const rows = await app.handle.db
      .select()
      .from(schema.examSignUps)
      .where(and(eq(schema.examSignUps.studentId, studentId), eq(schema.examSignUps.examId, next.id)));
    expect(rows).toHaveLength(1);
  });
});

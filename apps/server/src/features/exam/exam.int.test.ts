import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestStudent } from '../student/student.testing.ts';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createFinishedStudent } from './exam.testing.ts';

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
      { examId: exam.id, date: '2030-06-10', place: 'Magistrát města Brna', type: 'PPV', group: 'B', result: null, attempt: 1, max: 3 },
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
});

describe('results', () => {
  it('a FAIL moves the student to EXAM_CORRECTION and counts the attempt; the next sign-up is attempt 2', async () => {
    const { caller, schoolId, term } = await aSchool();
    const [a, b] = [await term('2030-06-10'), await term('2030-06-24')];
    const studentId = await createFinishedStudent(caller, schoolId);
    await caller.exam.addStudentToExam({ schoolId, examId: a.id, studentId, newType: { type: 'ZP', group: 'B' } });
    const sent = app.deps.live.sent.length;
    const answer = await caller.exam.setExamResult({ schoolId, examId: a.id, studentId, type: 'ZP', group: 'B', result: 'FAIL' });
    expect(answer).toEqual({ result: 'FAIL', attempt: 1, state: 'EXAM_CORRECTION', canFinish: false });
    expect(app.deps.live.sent.slice(sent)).toContainEqual({ room: `school:${schoolId}`, message: { StudentInfoMessage: { schoolId, studentId } } });
    const [student] = await app.handle.db.select().from(schema.students).where(eq(schema.students.id, studentId));
    expect(student.state).toBe('EXAM_CORRECTION');
    const card = await caller.exam.getStudentExams({ schoolId, studentId });
    expect(card.parts.find((p) => p.type === 'ZP')).toMatchObject({ attempts: 1, max: 3, retrainingNeeded: false, openExamId: null });
    expect(card.deadline).toMatchObject({ firstExamDate: '2030-06-10', deadline: '2031-06-09' });
    // A term with results cannot be removed.
    await expect(caller.exam.removeExam({ schoolId, id: a.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const again = await caller.exam.addStudentToExam({ schoolId, examId: b.id, studentId, newType: { type: 'ZP', group: 'B' } });
    expect(again.signUps.find((s) => s.examId === b.id)).toMatchObject({ attempt: 2, max: 3 });
    expect(await auditActions(studentId)).toContain('exam.setResult');
  });

  it('after three failed attempts the student needs retraining and the sign-up is refused', async () => {
    const { caller, schoolId, term } = await aSchool();
    const terms = [await term('2030-06-01'), await term('2030-06-08'), await term('2030-06-15'), await term('2030-06-22')];
    const studentId = await createFinishedStudent(caller, schoolId);
    for (const e of terms.slice(0, 3)) {
      await caller.exam.addStudentToExam({ schoolId, examId: e.id, studentId, newType: { type: 'PPV', group: 'B' } });
      await caller.exam.setExamResult({ schoolId, examId: e.id, studentId, type: 'PPV', group: 'B', result: 'FAIL' });
    }
    const card = await caller.exam.getStudentExams({ schoolId, studentId });
    expect(card.parts.find((p) => p.type === 'PPV')).toMatchObject({ attempts: 3, max: 3, retrainingNeeded: true });
    await expect(caller.exam.addStudentToExam({ schoolId, examId: terms[3].id, studentId, newType: { type: 'PPV', group: 'B' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Po dvou neúspěšných opravných pokusech musí žák absolvovat novou výuku nebo výcvik.',
    });
  });

  it('"Nekonalo se" is not an attempt; all required parts passed → canFinish', async () => {
    const { caller, schoolId, term } = await aSchool();
    const [a, b] = [await term('2030-06-10'), await term('2030-06-17')];
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

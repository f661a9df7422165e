import { schema } from '@volant/db/schema';
import { schoolToday } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { meetLegalMinimum } from '../lesson-plan/legal-minimum.testing.ts';
import { createTestStudent, studentInput } from './student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const today = () => schoolToday(new Date());
const year = () => today().slice(0, 4);

async function auditOf(entityId: string) {
  return app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId)).orderBy(schema.auditLog.createdAt);
}

function liveFor(studentId: string) {
  return app.deps.live.sent.filter((m) => JSON.stringify(m.message).includes(studentId));
}

describe('student.createStudent', () => {
  it('creates a NOT_STARTED student with a log, an audit entry and live messages after commit', async () => {
    const { caller, schoolId, user } = await setupSchool(app);
    const input = studentInput({ firstName: 'Jiří', lastName: 'Novák', registrationNumber: `${year()}/001` });
    const { id } = await caller.student.createStudent({ schoolId, ...input });

    const detail = await caller.student.student({ schoolId, id });
    expect(detail).toMatchObject({
      id,
      registrationNumber: `${year()}/001`,
      state: 'NOT_STARTED',
      dateOfInProgress: null,
      dateOfFinished: null,
      studentInfo: { firstName: 'Jiří', lastName: 'Novák', birthDate: '2005-04-12', email: 'jan.dvorak@example.cz', phone: '+420 777 123 456' },
      studentAddress: { street: 'Lidická', streetCode: '12', city: 'Brno', postCode: '60200' },
      studentStudyInfo: { group: ['B'], currentGroups: [], trainingKind: 'BASIC', trainingType: 'COURSE', carIdNumber: 'EA123456', note: null },
      studentInterpreter: null,
      progress: { teaching: null, training: null, payment: null },
    });
    expect(detail.logs).toEqual([
      { id: expect.any(String), state: 'NOT_STARTED', previousState: null, date: today(), userName: 'Test Uživatel', createdAt: expect.any(Date) },
    ]);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'student.create', userId: user.id, schoolId });
    expect(liveFor(id).map((m) => m.message)).toEqual([
      { OnNewStudentMessage: { schoolId, studentId: id } },
      { StudentInfoMessage: { schoolId, studentId: id } },
    ]);
    expect(liveFor(id)[0].room).toBe(`school:${schoolId}`);
  });

  it('refuses missing and malformed fields with the spec messages', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const input = studentInput();
    const messages = await inputIssues(
      caller.student.createStudent({
        schoolId,
        ...input,
        studentInfo: { ...input.studentInfo, birthDate: '', birthPlace: '', docId: '', email: 'neni-email', phone: 'abc' },
        student: { registrationNumber: '', interpreterId: null },
      }),
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'studentInfo.birthDate: Prosím zadejte datum narození!',
        'studentInfo.birthPlace: Prosím zadejte místo narození!',
        'studentInfo.docId: Prosím zadejte platný doklad totožnosti!',
        'studentInfo.email: Neplatný e-mail!',
        'studentInfo.phone: Neplatný formát telefonního čísla',
        'student.registrationNumber: Prosím zadejte evidenční číslo!',
      ]),
    );
  });

  it('refuses a registration number the school already uses, and allows it again once that student is removed', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const first = await createTestStudent(caller, schoolId, { registrationNumber: 'DUP-1' });
    await expect(caller.student.createStudent({ schoolId, ...studentInput({ registrationNumber: 'DUP-1' }) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Uživatel s tímto evidenčním číslem již existuje!',
    });
    // Another school may use the same number.
    const other = await setupSchool(app);
    await createTestStudent(other.caller, other.schoolId, { registrationNumber: 'DUP-1' });

    await caller.student.removeStudent({ schoolId, studentId: first });
    await createTestStudent(caller, schoolId, { registrationNumber: 'DUP-1' });
  });

  it('links an interpreter of the school and refuses another school’s or a removed one', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const other = await setupSchool(app);
    const interpreter = {
      interpreterInfo: { firstName: 'Olena', lastName: 'Kovalenko', degree: 'Mgr.', birthDate: '1980-01-01', phone: null },
      address: { street: 'Husova', streetCode: '3', city: 'Brno', postCode: '60200' },
    };
    const mine = await caller.interpreter.createInterpreter({ schoolId, ...interpreter });
    const theirs = await other.caller.interpreter.createInterpreter({ schoolId: other.schoolId, ...interpreter });

    const id = await createTestStudent(caller, schoolId, { interpreterId: mine.id });
    expect((await caller.student.student({ schoolId, id })).studentInterpreter).toEqual({
      interpreterId: mine.id,
      interpreter: { id: mine.id, interpreterInfo: { firstName: 'Olena', lastName: 'Kovalenko', degree: 'Mgr.' } },
    });
    await expect(caller.student.createStudent({ schoolId, ...studentInput({ interpreterId: theirs.id }) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Tlumočník nebyl nalezen.',
    });
    await caller.interpreter.removeInterpreter({ schoolId, interpreterId: mine.id });
    await expect(caller.student.createStudent({ schoolId, ...studentInput({ interpreterId: mine.id }) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The student keeps the removed interpreter (the class book names who was there).
    expect((await caller.student.student({ schoolId, id })).studentInterpreter?.interpreterId).toBe(mine.id);
  });

  it('lets a STARTER school create 10 students a month and refuses the 11th; PREMIUM has no limit', async () => {
    const starter = await setupSchool(app, { tier: 'STARTER' });
    for (let i = 0; i < 10; i++) await createTestStudent(starter.caller, starter.schoolId);
    await expect(starter.caller.student.createStudent({ schoolId: starter.schoolId, ...studentInput() })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Autoškola dosáhla měsíčního limitu nových žáků pro tarif Starter. Pro další žáky přejděte na vyšší tarif.',
    });
    expect(await starter.caller.account.getTier({ schoolId: starter.schoolId })).toMatchObject({
      tier: 'STARTER',
      maxStudentsInSchoolPerMonth: 10,
      currentUsageStudentsInSchoolPerMonth: 10,
    });

    const premium = await setupSchool(app, { tier: 'PREMIUM' });
    for (let i = 0; i < 12; i++) await createTestStudent(premium.caller, premium.schoolId);
    expect((await premium.caller.student.students({ schoolId: premium.schoolId })).total).toBe(12);
  });

  it('does not let concurrent creations pass the STARTER limit', async () => {
    const starter = await setupSchool(app, { tier: 'STARTER' });
    for (let i = 0; i < 8; i++) await createTestStudent(starter.caller, starter.schoolId);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => createTestStudent(starter.caller, starter.schoolId)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual([
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
    ]);
    expect((await starter.caller.student.students({ schoolId: starter.schoolId })).total).toBe(10);
  });
});

describe('student.getNextRegistrationNumber', () => {
  it('suggests year/001 in a new school and continues the school’s pattern', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.student.getNextRegistrationNumber({ schoolId })).toEqual({ registrationNumber: `${year()}/001` });
    await createTestStudent(caller, schoolId, { registrationNumber: `${year()}/009` });
    await createTestStudent(caller, schoolId, { registrationNumber: `${year()}/010` });
    expect(await caller.student.getNextRegistrationNumber({ schoolId })).toEqual({ registrationNumber: `${year()}/011` });

    const plain = await setupSchool(app);
    await createTestStudent(plain.caller, plain.schoolId, { registrationNumber: '41' });
    await createTestStudent(plain.caller, plain.schoolId, { registrationNumber: '42' });
    expect(await plain.caller.student.getNextRegistrationNumber({ schoolId: plain.schoolId })).toEqual({ registrationNumber: '43' });
  });
});

describe('student.students', () => {
  it('pages 10 at a time, newest first, with the total and each student’s tags', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await createTestStudent(caller, schoolId, { lastName: `Žák${String(i).padStart(2, '0')}` }));
    const tag = await caller.tag.createTag({ schoolId, name: 'Platí', color: '#00aa00' });
    await caller.tag.addTagToEntity({ schoolId, entityId: ids[11], entityType: 'STUDENT', tagId: tag.id });

    const first = await caller.student.students({ schoolId });
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toEqual({
      id: ids[11],
      registrationNumber: expect.any(String),
      state: 'NOT_STARTED',
      firstName: 'Jan',
      lastName: 'Žák11',
      degree: null,
      groups: ['B'],
      dateOfInProgress: null,
      createdAt: expect.any(Date),
      tags: [{ id: tag.id, name: 'Platí', color: '#00aa00' }],
    });
    expect(first.items[1].tags).toEqual([]);
    const second = await caller.student.students({ schoolId, currentPage: 2 });
    expect(second.items.map((s) => s.id)).toEqual([ids[1], ids[0]]);
    expect(await caller.student.students({ schoolId, currentPage: 5 })).toEqual({ items: [], total: 12 });
    const byName = await caller.student.students({ schoolId, sortField: 'lastName', sortDirection: 'asc', pageSize: 3 });
    expect(byName.items.map((s) => s.lastName)).toEqual(['Žák00', 'Žák01', 'Žák02']);
  });

  it('finds students without diacritics and case, by name in either order and by registration number', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const novak = await createTestStudent(caller, schoolId, { firstName: 'Jan', lastName: 'Novák', registrationNumber: `${year()}/123` });
    const novakova = await createTestStudent(caller, schoolId, { firstName: 'Jana', lastName: 'Nováková', registrationNumber: `${year()}/124` });
    await createTestStudent(caller, schoolId, { firstName: 'Petr', lastName: 'Svoboda', registrationNumber: `${year()}/125` });
    const other = await setupSchool(app);
    await createTestStudent(other.caller, other.schoolId, { firstName: 'Jan', lastName: 'Novák' });

    const search = async (fullText: string) =>
      (await caller.student.students({ schoolId, fullText, sortField: 'lastName', sortDirection: 'asc' })).items.map((s) => s.id);
    expect(await search('novak')).toEqual([novak, novakova]);
    expect(await search('NOVÁK')).toEqual([novak, novakova]);
    expect(await search('novak jan')).toEqual([novak, novakova]);
    expect(await search('jan novak')).toEqual([novak, novakova]);
    expect(await search('jana novakova')).toEqual([novakova]);
    expect(await search(`${year()}/123`)).toEqual([novak]);
    expect(await search('124')).toEqual([novakova]);
    expect(await search('svoboda novak')).toEqual([]);
    expect(await search('100%')).toEqual([]);
    expect((await caller.student.students({ schoolId, fullText: 'novak' })).total).toBe(2);
  });

  it('filters by state, groups (any of them) and tags', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const b = await createTestStudent(caller, schoolId, { group: ['B'] });
    const a = await createTestStudent(caller, schoolId, { group: ['A', 'AM'] });
    const c = await createTestStudent(caller, schoolId, { group: ['C'] });
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a] });
    const tag = await caller.tag.createTag({ schoolId, name: 'VIP', color: '#ff0000' });
    await caller.tag.addTagToEntity({ schoolId, entityId: c, entityType: 'STUDENT', tagId: tag.id });

    const ids = async (filter: object) => (await caller.student.students({ schoolId, ...filter })).items.map((s) => s.id).sort();
    expect(await ids({ states: ['IN_PROGRESS'] })).toEqual([a]);
    expect(await ids({ states: ['NOT_STARTED'] })).toEqual([b, c].sort());
    expect(await ids({ groups: ['AM', 'C'] })).toEqual([a, c].sort());
    expect(await ids({ tagIds: [tag.id] })).toEqual([c]);
    expect(await ids({ tagIds: [tag.id], states: ['IN_PROGRESS'] })).toEqual([]);
  });

  it('never shows removed students', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const kept = await createTestStudent(caller, schoolId, { lastName: 'Novák' });
    const removed = await createTestStudent(caller, schoolId, { lastName: 'Novák' });
    await caller.student.removeStudent({ schoolId, studentId: removed });
    const list = await caller.student.students({ schoolId, fullText: 'novak' });
    expect(list).toMatchObject({ total: 1, items: [{ id: kept }] });
  });
});

describe('student.student and the card header', () => {
  it('answers NOT_FOUND with the spec text for a missing, removed or another school’s student', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const other = await setupSchool(app);
    const theirs = await createTestStudent(other.caller, other.schoolId);
    const removed = await createTestStudent(caller, schoolId);
    await caller.student.removeStudent({ schoolId, studentId: removed });
    for (const id of [crypto.randomUUID(), theirs, removed]) {
      await expect(caller.student.student({ schoolId, id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Student nebyl nalezen' });
      await expect(caller.student.getStudentCardHeaderInfo({ schoolId, id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Student nebyl nalezen' });
      await expect(caller.student.getStudentDateOfInProgress({ schoolId, studentId: id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('gives the header info and the training dates', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId, { firstName: 'Eva', lastName: 'Malá', registrationNumber: 'H-1', group: ['B', 'BpE'] });
    expect(await caller.student.getStudentCardHeaderInfo({ schoolId, id })).toEqual({
      id,
      firstName: 'Eva',
      lastName: 'Malá',
      phone: '+420 777 123 456',
      email: 'jan.dvorak@example.cz',
      state: 'NOT_STARTED',
      groups: ['B', 'BpE'],
      registrationNumber: 'H-1',
    });
    expect(await caller.student.getStudentDateOfInProgress({ schoolId, studentId: id })).toEqual({ date: null });
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [id], date: '2026-03-02' });
    await meetLegalMinimum(app.handle.db, schoolId, id, '2026-03-03');
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [id], date: '2026-05-20' });
    expect(await caller.student.getStudentDateOfInProgress({ schoolId, studentId: id })).toEqual({ date: '2026-03-02' });
    expect(await caller.student.getStudentDateOfFinished({ schoolId, studentId: id })).toEqual({ date: '2026-05-20' });
  });
});

describe('student.updateStudent', () => {
  it('updates one section at a time, keeps the search text, audits and tells the school', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId, { firstName: 'Jan', lastName: 'Dvořák', registrationNumber: 'U-1' });
    const base = studentInput();
    const sent = app.deps.live.sent.length;

    const updated = await caller.student.updateStudent({ schoolId, studentId: id, studentInfo: { ...base.studentInfo, firstName: 'Jiří', lastName: 'Černý' } });
    expect(updated.studentInfo).toMatchObject({ firstName: 'Jiří', lastName: 'Černý' });
    expect(app.deps.live.sent.slice(sent)).toEqual([{ room: `school:${schoolId}`, message: { StudentInfoMessage: { schoolId, studentId: id } } }]);
    expect((await caller.student.students({ schoolId, fullText: 'jiri cerny' })).items.map((s) => s.id)).toEqual([id]);
    expect((await caller.student.students({ schoolId, fullText: 'dvorak' })).total).toBe(0);

    await caller.student.updateStudent({ schoolId, studentId: id, studentAddress: { street: 'Nová', streetCode: '5', city: 'Praha', postCode: '11000' } });
    await caller.student.updateStudent({ schoolId, studentId: id, studentStudyInfo: { ...base.studentStudyInfo, group: ['B', 'A'], note: 'Pozor' } });
    const last = await caller.student.updateStudent({ schoolId, studentId: id, student: { registrationNumber: 'U-2', interpreterId: null } });
    expect(last).toMatchObject({
      registrationNumber: 'U-2',
      studentAddress: { street: 'Nová', city: 'Praha' },
      studentStudyInfo: { group: ['B', 'A'], note: 'Pozor' },
    });
    expect((await caller.student.students({ schoolId, fullText: 'u-2' })).items.map((s) => s.id)).toEqual([id]);

    const entries = (await auditOf(id)).filter((e) => e.action === 'student.update');
    expect(entries).toHaveLength(4);
    expect(entries[0].data).toEqual({ before: { firstName: 'Jan', lastName: 'Dvořák' }, after: { firstName: 'Jiří', lastName: 'Černý' } });
  });

  it('refuses an edit that changes nothing with the spec warning', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const input = studentInput();
    const { id } = await caller.student.createStudent({ schoolId, ...input });
    await expect(caller.student.updateStudent({ schoolId, studentId: id, studentInfo: input.studentInfo })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Nebyly provedeny žádné změny!',
    });
    await expect(caller.student.updateStudent({ schoolId, studentId: id, student: input.student })).rejects.toMatchObject({
      message: 'Nebyly provedeny žádné změny!',
    });
  });

  it('refuses a registration number another student has, and invalid fields', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await createTestStudent(caller, schoolId, { registrationNumber: 'X-1' });
    const id = await createTestStudent(caller, schoolId, { registrationNumber: 'X-2' });
    await expect(caller.student.updateStudent({ schoolId, studentId: id, student: { registrationNumber: 'X-1', interpreterId: null } })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Uživatel s tímto evidenčním číslem již existuje!',
    });
    // A refused section reports the field message of the shared schema.
    expect(await inputIssues(caller.student.updateStudent({ schoolId, studentId: id, student: { registrationNumber: ' ', interpreterId: null } }))).toEqual([
      'student.registrationNumber: Prosím zadejte evidenční číslo!',
    ]);
    expect(
      await inputIssues(
        caller.student.updateStudent({
          schoolId,
          studentId: id,
          student: { registrationNumber: 'A-1', interpreterId: null },
          studentAddress: studentInput().studentAddress,
        }),
      ),
    ).toEqual([': Upravte právě jednu část údajů žáka.']);
  });

  it('gives two racing saves of the same registration number one success and one duplicate error', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await createTestStudent(caller, schoolId);
    const b = await createTestStudent(caller, schoolId);
    const results = await Promise.allSettled(
      [a, b].map((studentId) => caller.student.updateStudent({ schoolId, studentId, student: { registrationNumber: 'RACE-1', interpreterId: null } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'CONFLICT',
      message: 'Uživatel s tímto evidenčním číslem již existuje!',
    });
  });

  it('answers NOT_FOUND for a removed or another school’s student', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const other = await setupSchool(app);
    const theirs = await createTestStudent(other.caller, other.schoolId);
    await expect(
      caller.student.updateStudent({ schoolId, studentId: theirs, studentAddress: { street: 'Nová', streetCode: '5', city: 'Praha', postCode: '11000' } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Student nebyl nalezen' });
  });
});

describe('state changes', () => {
  it('starts training on today’s open hlášenka, and a second start that day extends it', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await createTestStudent(caller, schoolId);
    const b = await createTestStudent(caller, schoolId);
    const c = await createTestStudent(caller, schoolId);

    const first = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a] });
    expect(first.reportId).toEqual(expect.any(String));
    const second = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [b] });
    expect(second.reportId).toBe(first.reportId);

    const detail = await caller.student.student({ schoolId, id: a });
    expect(detail).toMatchObject({ state: 'IN_PROGRESS', dateOfInProgress: today() });
    expect(detail.logs.at(-1)).toMatchObject({ state: 'IN_PROGRESS', previousState: 'NOT_STARTED', date: today(), userName: 'Test Uživatel' });

    const report = await caller.report.getReport({ schoolId, id: first.reportId! });
    expect(report).toMatchObject({ date: today(), sentAt: null });
    expect(report.students.map((s) => s.id).sort()).toEqual([a, b].sort());

    // Another day is another report; once a day's report is sent, a new start that day opens a new one.
    const other = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [c], date: '2026-01-05' });
    expect(other.reportId).not.toBe(first.reportId);
    await caller.report.markReportSent({ schoolId, id: first.reportId! });
    const d = await createTestStudent(caller, schoolId);
    const third = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [d] });
    expect(third.reportId).not.toBe(first.reportId);
    expect((await caller.report.getReports({ schoolId })).map((r) => r.studentCount).sort()).toEqual([1, 1, 2]);
  });

  it('starts several students at once with one log each and a live message each', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const ids = [await createTestStudent(caller, schoolId), await createTestStudent(caller, schoolId)];
    const sent = app.deps.live.sent.length;
    const { reportId } = await caller.student.setDateOfInProgress({ schoolId, studentsIds: ids, date: '2026-03-02' });
    expect((await caller.report.getReport({ schoolId, id: reportId! })).students).toHaveLength(2);
    const messages = app.deps.live.sent.slice(sent).map((m) => m.message as { StudentInfoMessage?: { studentId: string } });
    expect(messages.flatMap((m) => (m.StudentInfoMessage ? [m.StudentInfoMessage.studentId] : [])).sort()).toEqual([...ids].sort());
    expect(messages.filter((m) => !m.StudentInfoMessage)).toEqual([{ ReportMessage: { schoolId, reportId } }]);
    const logs = await app.handle.db
      .select()
      .from(schema.studentLogs)
      .where(and(eq(schema.studentLogs.schoolId, schoolId), eq(schema.studentLogs.state, 'IN_PROGRESS')));
    expect(logs).toHaveLength(2);
  });

  it('refuses to start a student who is not NOT_STARTED', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId);
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [id] });
    await expect(caller.student.setDateOfInProgress({ schoolId, studentsIds: [id] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Tento přechod stavu žáka není možný.',
    });
  });

  it('changes nothing when one of the students is another school’s', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const other = await setupSchool(app);
    const mine = await createTestStudent(caller, schoolId);
    const theirs = await createTestStudent(other.caller, other.schoolId);
    for (const call of [
      () => caller.student.setDateOfInProgress({ schoolId, studentsIds: [mine, theirs] }),
      () => caller.student.setStudentState({ schoolId, studentsIds: [mine, theirs], state: 'STORNO' }),
      () => caller.student.setDateOfFinished({ schoolId, studentsIds: [theirs] }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Student nebyl nalezen' });
    }
    expect((await caller.student.student({ schoolId, id: mine })).state).toBe('NOT_STARTED');
    expect((await other.caller.student.student({ schoolId: other.schoolId, id: theirs })).state).toBe('NOT_STARTED');
    expect(await caller.report.getReports({ schoolId })).toEqual([]);
  });

  it('follows the state machine through the exams and back, logging each step', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId);
    const set = (state: 'FINISHED' | 'TO_EXAM' | 'EXAM_CORRECTION' | 'DONE' | 'STORNO' | 'NOT_STARTED' | 'IN_PROGRESS', date?: string) =>
      caller.student.setStudentState({ schoolId, studentsIds: [id], state, date });

    await expect(set('FINISHED')).rejects.toMatchObject({ message: 'Tento přechod stavu žáka není možný.' });
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [id], date: '2026-02-01' });
    await meetLegalMinimum(app.handle.db, schoolId, id, '2026-02-02');
    await set('FINISHED', '2026-04-01');
    expect(await caller.student.getStudentDateOfFinished({ schoolId, studentId: id })).toEqual({ date: '2026-04-01' });
    await set('TO_EXAM');
    await set('EXAM_CORRECTION');
    await set('DONE');
    await expect(set('STORNO')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await set('EXAM_CORRECTION');
    await set('STORNO');
    await set('NOT_STARTED');
    const detail = await caller.student.student({ schoolId, id });
    expect(detail.state).toBe('NOT_STARTED');
    expect(detail.logs.map((l) => `${l.previousState ?? '-'}→${l.state}`)).toEqual([
      '-→NOT_STARTED',
      'NOT_STARTED→IN_PROGRESS',
      'IN_PROGRESS→FINISHED',
      'FINISHED→TO_EXAM',
      'TO_EXAM→EXAM_CORRECTION',
      'EXAM_CORRECTION→DONE',
      'DONE→EXAM_CORRECTION',
      'EXAM_CORRECTION→STORNO',
      'STORNO→NOT_STARTED',
    ]);
    expect((await auditOf(id)).filter((e) => e.action === 'student.setState')).toHaveLength(8);
  });

  it('undoing a start clears the start date and takes the student off the unsent hlášenka', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId);
    const { reportId } = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [id] });
    await caller.student.setStudentState({ schoolId, studentsIds: [id], state: 'NOT_STARTED' });
    expect(await caller.student.getStudentDateOfInProgress({ schoolId, studentId: id })).toEqual({ date: null });
    expect((await caller.report.getReport({ schoolId, id: reportId! })).students).toEqual([]);
  });

  it('setStudentState to IN_PROGRESS from NOT_STARTED also reports the start', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId);
    const { reportId } = await caller.student.setStudentState({ schoolId, studentsIds: [id], state: 'IN_PROGRESS', date: '2026-02-03' });
    expect((await caller.report.getReport({ schoolId, id: reportId! })).students.map((s) => s.id)).toEqual([id]);
  });

  it('ends training, fills a missing end date of a student past training, and refuses the rest', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId);
    await expect(caller.student.setDateOfFinished({ schoolId, studentsIds: [id] })).rejects.toMatchObject({ message: 'Tento přechod stavu žáka není možný.' });
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [id], date: '2026-02-01' });
    await meetLegalMinimum(app.handle.db, schoolId, id, '2026-02-02');
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [id] });
    expect(await caller.student.student({ schoolId, id })).toMatchObject({ state: 'FINISHED', dateOfFinished: today() });
    await expect(caller.student.setDateOfFinished({ schoolId, studentsIds: [id] })).rejects.toMatchObject({ message: 'Nebyly provedeny žádné změny!' });

    // A student moved to TO_EXAM whose end date went missing gets only the date.
    await caller.student.setStudentState({ schoolId, studentsIds: [id], state: 'TO_EXAM' });
    await app.handle.db.update(schema.students).set({ dateOfFinished: null }).where(eq(schema.students.id, id));
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [id], date: '2026-05-05' });
    expect(await caller.student.student({ schoolId, id })).toMatchObject({ state: 'TO_EXAM', dateOfFinished: '2026-05-05' });
  });

  it('validates the date', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId);
    expect(await inputIssues(caller.student.setDateOfInProgress({ schoolId, studentsIds: [id], date: '' }))).toEqual(['date: Prosím zadejte datum!']);
  });
});

describe('student.updateStudentLog', () => {
  it('corrects a log’s date, and the start date follows its newest IN_PROGRESS log', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId);
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [id], date: '2026-03-02' });
    const log = (await caller.student.student({ schoolId, id })).logs.at(-1)!;
    expect(await caller.student.updateStudentLog({ schoolId, studentId: id, id: log.id, date: '2026-03-04' })).toEqual({ id: log.id, date: '2026-03-04' });
    const detail = await caller.student.student({ schoolId, id });
    expect(detail.dateOfInProgress).toBe('2026-03-04');
    expect(detail.logs.at(-1)?.date).toBe('2026-03-04');
    expect(await inputIssues(caller.student.updateStudentLog({ schoolId, studentId: id, id: log.id, date: '' }))).toEqual(['date: Prosím zadejte datum!']);
  });

  it('answers NOT_FOUND for a log of another student', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await createTestStudent(caller, schoolId);
    const b = await createTestStudent(caller, schoolId);
    const log = (await caller.student.student({ schoolId, id: a })).logs[0];
    await expect(caller.student.updateStudentLog({ schoolId, studentId: b, id: log.id, date: '2026-01-01' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('student.removeStudent', () => {
  it('hides the student but keeps the record and a full snapshot in the audit log', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const id = await createTestStudent(caller, schoolId, { firstName: 'Karel', lastName: 'Starý', registrationNumber: 'R-1' });
    await caller.student.removeStudent({ schoolId, studentId: id });

    const [row] = await app.handle.db.select().from(schema.students).where(eq(schema.students.id, id));
    expect(row.removedAt).toBeInstanceOf(Date);
    const entry = (await auditOf(id)).find((e) => e.action === 'student.remove');
    expect(entry?.data).toMatchObject({ id, firstName: 'Karel', lastName: 'Starý', registrationNumber: 'R-1', birthDate: '2005-04-12' });
    expect(app.deps.live.sent.at(-1)?.message).toEqual({ StudentInfoMessage: { schoolId, studentId: id } });
    await expect(caller.student.removeStudent({ schoolId, studentId: id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Student nebyl nalezen' });
  });
});

describe('header search history', () => {
  it('keeps the last ten opened students per user, most recent first, without removed ones', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await createTestStudent(caller, schoolId, { lastName: `Hledaný${i}` }));
    expect(await caller.userSearch.getUserLastSearch({ schoolId })).toEqual([]);
    for (const id of ids) await caller.student.reportUserSearch({ schoolId, studentId: id });
    await caller.student.reportUserSearch({ schoolId, studentId: ids[5] });

    const recent = await caller.userSearch.getUserLastSearch({ schoolId });
    expect(recent.map((s) => s.id)).toEqual([ids[5], ids[11], ids[10], ids[9], ids[8], ids[7], ids[6], ids[4], ids[3], ids[2]]);
    expect(recent[0]).toMatchObject({ lastName: 'Hledaný5', state: 'NOT_STARTED', groups: ['B'], tags: [] });
    const stored = await app.handle.db.select().from(schema.userSearches).where(eq(schema.userSearches.schoolId, schoolId));
    expect(stored).toHaveLength(10);

    await caller.student.removeStudent({ schoolId, studentId: ids[11] });
    expect((await caller.userSearch.getUserLastSearch({ schoolId })).map((s) => s.id)).not.toContain(ids[11]);
    await expect(caller.student.reportUserSearch({ schoolId, studentId: ids[11] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

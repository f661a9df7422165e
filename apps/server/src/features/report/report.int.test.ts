import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('hlášenky', () => {
  it('lists reports newest date first with their student counts and shows one with the office fields', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await createTestStudent(caller, schoolId, { firstName: 'Adam', lastName: 'Bílý', registrationNumber: 'R-1', group: ['B', 'A'] });
    const b = await createTestStudent(caller, schoolId, { firstName: 'Bára', lastName: 'Alfa', registrationNumber: 'R-2' });
    const c = await createTestStudent(caller, schoolId);
    const march = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a, b], date: '2026-03-02' })).reportId!;
    const april = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [c], date: '2026-04-01' })).reportId!;

    expect(await caller.report.getReports({ schoolId })).toEqual([
      { id: april, date: '2026-04-01', sentAt: null, createdAt: expect.any(Date), studentCount: 1 },
      { id: march, date: '2026-03-02', sentAt: null, createdAt: expect.any(Date), studentCount: 2 },
    ]);
    const report = await caller.report.getReport({ schoolId, id: march });
    expect(report).toMatchObject({ id: march, date: '2026-03-02', sentAt: null });
    expect(report.students).toEqual([
      {
        id: b,
        registrationNumber: 'R-2',
        firstName: 'Bára',
        lastName: 'Alfa',
        degree: null,
        birthDate: '2005-04-12',
        street: 'Lidická',
        streetCode: '12',
        city: 'Brno',
        postCode: '60200',
        groups: ['B'],
        trainingKind: 'BASIC',
        dateOfInProgress: '2026-03-02',
      },
      expect.objectContaining({ id: a, lastName: 'Bílý', groups: ['B', 'A'] }),
    ]);
    await expect(caller.report.getReport({ schoolId, id: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Hlášenka nebyla nalezena.',
    });
  });

  it('adds and removes students until the report is sent, then refuses changes', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await createTestStudent(caller, schoolId);
    const b = await createTestStudent(caller, schoolId);
    const { reportId } = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a] });
    const id = reportId!;

    expect((await caller.report.addStudentToReport({ schoolId, reportId: id, studentId: b })).students.map((s) => s.id).sort()).toEqual([a, b].sort());
    // Adding twice is harmless.
    await caller.report.addStudentToReport({ schoolId, reportId: id, studentId: b });
    expect((await caller.report.removeStudentFromReport({ schoolId, reportId: id, studentId: a })).students.map((s) => s.id)).toEqual([b]);
    await expect(caller.report.removeStudentFromReport({ schoolId, reportId: id, studentId: a })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const sent = await caller.report.markReportSent({ schoolId, id });
    expect(sent.sentAt).toBeInstanceOf(Date);
    for (const call of [
      () => caller.report.addStudentToReport({ schoolId, reportId: id, studentId: a }),
      () => caller.report.removeStudentFromReport({ schoolId, reportId: id, studentId: b }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', message: 'Hlášenka už byla odeslána na úřad a nelze ji měnit.' });
    }
    // Marking sent again keeps the first time.
    expect((await caller.report.markReportSent({ schoolId, id })).sentAt).toEqual(sent.sentAt);

    expect((await caller.report.markReportUnsent({ schoolId, id })).sentAt).toBeNull();
    await caller.report.addStudentToReport({ schoolId, reportId: id, studentId: a });
    const actions = (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id))).map((e) => e.action).sort();
    expect(actions).toEqual(['report.addStudent', 'report.addStudent', 'report.markSent', 'report.markUnsent', 'report.removeStudent']);
  });

  it('tells the school about the hlášenka on every change of it, and about those a state change or a removal touched', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await createTestStudent(caller, schoolId);
    const b = await createTestStudent(caller, schoolId);
    const reportMessagesSince = (count: number) => app.deps.live.sent.slice(count).filter((m) => 'ReportMessage' in m.message);
    const message = (reportId: string) => ({ room: `school:${schoolId}`, message: { ReportMessage: { schoolId, reportId } } });

    let sent = app.deps.live.sent.length;
    const id = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a], date: '2026-03-02' })).reportId!;
    expect(reportMessagesSince(sent)).toEqual([message(id)]);

    sent = app.deps.live.sent.length;
    await caller.report.addStudentToReport({ schoolId, reportId: id, studentId: b });
    await caller.report.addStudentToReport({ schoolId, reportId: id, studentId: b }); // already there: nothing changed
    await caller.report.removeStudentFromReport({ schoolId, reportId: id, studentId: b });
    await caller.report.markReportSent({ schoolId, id });
    await caller.report.markReportSent({ schoolId, id }); // already sent: nothing changed
    await caller.report.markReportUnsent({ schoolId, id });
    // The one real addition also tells the staff's bells (a notification of the school).
    expect(reportMessagesSince(sent)).toEqual([message(id), message(id), message(id), message(id)]);
    expect(app.deps.live.sent.slice(sent).filter((m) => 'NotificationMessage' in m.message)).toHaveLength(1);

    sent = app.deps.live.sent.length;
    await caller.student.removeStudent({ schoolId, studentId: a });
    expect(reportMessagesSince(sent)).toEqual([message(id)]);
  });

  it('refuses to reopen a sent report when the day already has an open one', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const first = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [await createTestStudent(caller, schoolId)], date: '2026-03-02' }))
      .reportId!;
    await caller.report.markReportSent({ schoolId, id: first });
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [await createTestStudent(caller, schoolId)], date: '2026-03-02' });
    await expect(caller.report.markReportUnsent({ schoolId, id: first })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Pro tento den už existuje jiná neodeslaná hlášenka.',
    });
  });

  it('refuses to mark a hlášenka without students sent and leaves such unsent ones out of the list', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await createTestStudent(caller, schoolId);
    const b = await createTestStudent(caller, schoolId);
    const emptied = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a], date: '2026-03-02' })).reportId!;
    const kept = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [b], date: '2026-03-03' })).reportId!;
    await caller.report.removeStudentFromReport({ schoolId, reportId: emptied, studentId: a });

    await expect(caller.report.markReportSent({ schoolId, id: emptied })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Hlášenka nemá žádné žáky, nelze ji označit jako odeslanou.',
    });
    expect((await caller.report.getReport({ schoolId, id: emptied })).sentAt).toBeNull();
    expect((await caller.report.getReports({ schoolId })).map((r) => r.id)).toEqual([kept]);

    // It still opens by its address, and the next start on its day fills it and brings it back.
    const c = await createTestStudent(caller, schoolId);
    expect((await caller.student.setDateOfInProgress({ schoolId, studentsIds: [c], date: '2026-03-02' })).reportId).toBe(emptied);
    expect((await caller.report.getReports({ schoolId })).map((r) => [r.id, r.studentCount])).toEqual([
      [kept, 1],
      [emptied, 1],
    ]);
    expect((await caller.report.markReportSent({ schoolId, id: emptied })).sentAt).toBeInstanceOf(Date);
  });

  it('reopens a sent hlášenka over an open one of the same day that lost all its students', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const first = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [await createTestStudent(caller, schoolId)], date: '2026-03-02' }))
      .reportId!;
    await caller.report.markReportSent({ schoolId, id: first });
    const undone = await createTestStudent(caller, schoolId);
    const emptied = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [undone], date: '2026-03-02' })).reportId!;
    await caller.report.removeStudentFromReport({ schoolId, reportId: emptied, studentId: undone });

    expect((await caller.report.markReportUnsent({ schoolId, id: first })).sentAt).toBeNull();
    expect((await caller.report.getReports({ schoolId })).map((r) => r.id)).toEqual([first]);
    await expect(caller.report.getReport({ schoolId, id: emptied })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('takes a removed student off unsent reports and refuses to add one', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await createTestStudent(caller, schoolId);
    const b = await createTestStudent(caller, schoolId);
    const id = (await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a] })).reportId!;
    await caller.student.removeStudent({ schoolId, studentId: a });
    await caller.student.removeStudent({ schoolId, studentId: b });
    expect((await caller.report.getReport({ schoolId, id })).students).toEqual([]);
    await expect(caller.report.addStudentToReport({ schoolId, reportId: id, studentId: b })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Student nebyl nalezen',
    });
  });
});

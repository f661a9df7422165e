// An event in, its processors' output out: the live message, the staff's bell, their e-mail; a processor that throws
// does not stop the next; a rolled-back write records nothing and triggers nothing.
import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testSchoolId } from '../testing/tenant.ts';
import { inTransaction } from '../lib/unit-of-work.ts';
import { createTestStudent } from '../features/student/student.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import type { AppEvent } from './event.ts';
import { liveProcessor, mailProcessor, notificationProcessor, type Processor, processEvent } from './processors.ts';
import { recordEvent } from './record.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** A school whose admin gets REPORT_STUDENT_ADDED by e-mail, with a student on an open hlášenka. */
async function schoolWithReport() {
  const { schoolId, caller, user } = await setupSchool(app);
  await app.handle.db
    .update(schema.users)
    .set({ emailNotificationEvents: ['REPORT_STUDENT_ADDED'] })
    .where(eq(schema.users.id, user.id));
  const studentId = await createTestStudent(caller, schoolId, { firstName: 'Petra', lastName: 'Nová' });
  const { reportId } = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId] });
  const event: AppEvent = {
    name: 'report.addStudent',
    schoolId: testSchoolId(schoolId),
    userId: null,
    entityType: 'report',
    entityId: reportId,
    data: { studentId },
  };
  return { schoolId, user, reportId: reportId as string, event };
}

const sentSince = (count: number) => app.deps.live.sent.slice(count).map((s) => s.message);
const notificationsOf = (schoolId: string) => app.handle.db.select().from(schema.notifications).where(eq(schema.notifications.schoolId, schoolId));

describe('event processors', () => {
  it('live: the event’s socket messages', async () => {
    const { schoolId, reportId, event } = await schoolWithReport();
    const sent = app.deps.live.sent.length;
    await processEvent(app.deps, event, [liveProcessor]);
    expect(sentSince(sent)).toEqual([{ ReportMessage: { schoolId, reportId } }]);
    expect(await notificationsOf(schoolId)).toEqual([]);
  });

  it('notifications: the staff’s bell, with the names looked up after commit, and its live message', async () => {
    const { schoolId, user, event } = await schoolWithReport();
    const sent = app.deps.live.sent.length;
    await processEvent(app.deps, event, [notificationProcessor]);
    const [bell] = await notificationsOf(schoolId);
    expect(bell).toMatchObject({ event: 'REPORT_STUDENT_ADDED', title: 'Žák přidán do hlášenky' });
    expect(bell.message).toMatch(/^Petra Nová byl\(a\) přidán\(a\) do hlášenky z /);
    expect(sentSince(sent)).toEqual([{ NotificationMessage: { id: bell.id, type: 'GENERIC' } }]);
    expect((await app.outbox()).filter((m) => m.text.includes(`To: ${user.email}`))).toEqual([]);
  });

  it('mail: the e-mail copy for the members who chose the event', async () => {
    const { schoolId, user, event } = await schoolWithReport();
    await processEvent(app.deps, event, [mailProcessor]);
    const mails = (await app.outbox()).filter((m) => m.text.includes(`To: ${user.email}`));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('hl=C3=A1=C5=A1enky');
    expect(await notificationsOf(schoolId)).toEqual([]);
  });

  it('a processor that throws is logged, and the next ones still run', async () => {
    const { schoolId, reportId, event } = await schoolWithReport();
    const error = vi.fn();
    const failing: Processor = () => {
      throw new Error('processor down');
    };
    const sent = app.deps.live.sent.length;
    await processEvent({ ...app.deps, log: { ...app.deps.log, error } }, event, [failing, liveProcessor]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(sentSince(sent)).toEqual([{ ReportMessage: { schoolId, reportId } }]);
  });
});

describe('recordEvent', () => {
  const auditOf = (schoolId: string, entityId: string) =>
    app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, schoolId), eq(schema.auditLog.entityId, entityId), eq(schema.auditLog.action, 'report.addStudent')));

  it('records the audit entry with the write and runs the processors after commit, before the answer', async () => {
    const { schoolId, reportId, event } = await schoolWithReport();
    const sent = app.deps.live.sent.length;
    await inTransaction(app.deps, (tx, after) => recordEvent(app.deps, tx, after, event));
    const [entry] = await auditOf(schoolId, reportId);
    expect(entry).toMatchObject({ action: 'report.addStudent', entityType: 'report', userId: null, data: event.data });
    const [bell] = await notificationsOf(schoolId);
    expect(sentSince(sent)).toEqual([{ ReportMessage: { schoolId, reportId } }, { NotificationMessage: { id: bell.id, type: 'GENERIC' } }]);
  });

  it('a rolled-back write records nothing and triggers nothing', async () => {
    const { schoolId, reportId, event } = await schoolWithReport();
    const sent = app.deps.live.sent.length;
    await expect(
      inTransaction(app.deps, async (tx, after) => {
        await recordEvent(app.deps, tx, after, event);
        throw new Error('the write fails after its event');
      }),
    ).rejects.toThrow('the write fails after its event');
    expect(await auditOf(schoolId, reportId)).toEqual([]);
    expect(await notificationsOf(schoolId)).toEqual([]);
    expect(sentSince(sent)).toEqual([]);
  });
});

// The nightly deadline sweep (issue 22 §3) through the real job runner with pg-boss's TestClock moved forward: on
// PostgreSQL two instances work the queue, on PGlite one. The proof is the notifications table (the staff bell): one
// notification per deadline and lead time however often the job runs, none for a cause gone meanwhile (an exam signed
// up for, a certificate renewed), none for another school's student; the admin's bell shows it.
import { schema } from '@volant/db/schema';
import { schoolMidnight } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { jobWorkers, workDueJobs } from '../../testing/job-workers.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { DEADLINE_SWEEP_JOB } from './deadline.service.ts';
import { workerDatabaseUrl } from '../../testing/database.ts';

const url = await workerDatabaseUrl();
const HOUR = 3_600_000;
let app: TestApp;
// Its own year (2034): the other clocked files use 2032 and 2033.
const clock = new TestClock(new Date('2034-02-27T06:00:00Z'));
const workers = jobWorkers(clock, 'deadlines');
const { servers } = workers;

beforeAll(async () => {
  app = await getTestApp();
  await workers.start(app);
}, 180_000);

afterAll(() => workers.close());

/** 01:00 Prague of `day`: the nightly job sent (by each instance, as if both ticked) and worked until none is left. */
async function runNight(day: string) {
  const at = new Date(schoolMidnight(day).getTime() + 1 * HOUR);
  if (at.getTime() > clock.now()) await clock.setTime(at);
  for (const s of servers) await s.deps.jobs?.send(DEADLINE_SWEEP_JOB);
  await workDueJobs(app.handle.db, clock, DEADLINE_SWEEP_JOB);
}

const { students, examSignUps, notifications } = schema;

async function aStudent(caller: Parameters<typeof createTestStudent>[0], schoolId: string, lastName: string, values: Partial<typeof students.$inferInsert>) {
  const id = await createTestStudent(caller, schoolId, { lastName });
  await app.handle.db.update(students).set(values).where(eq(students.id, id));
  return id;
}

const deadlineNotes = async (schoolId: string) =>
  (
    await app.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.schoolId, schoolId), eq(notifications.event, 'DEADLINE')))
  )
    .map((n) => `${n.title} | ${n.message}`)
    .sort();

describe(`deadline sweep${url ? ' on two instances' : ''}`, () => {
  it('notifies the office once per deadline and lead time; nothing for a cause gone, nothing to another school', async () => {
    const a = await setupSchool(app);
    const b = await setupSchool(app);
    const { schoolId, caller } = a;
    // Training ended 1 Mar: the exam application by 16 Mar (14 days ahead: from 2 Mar; 3 days ahead: from 13 Mar).
    await aStudent(caller, schoolId, 'Přihláškový', { state: 'FINISHED', dateOfInProgress: '2033-10-01', dateOfFinished: '2034-03-01' });
    // The same, but signed up for a term after the end: no application deadline runs.
    const signed = await aStudent(caller, schoolId, 'Přihlášený', { state: 'TO_EXAM', dateOfInProgress: '2033-10-01', dateOfFinished: '2034-03-01' });
    const { id: termId } = await caller.exam.createExam({ schoolId, date: '2034-03-20', place: 'Brno', types: ['PPV'] });
    await app.handle.db.insert(examSignUps).values({ schoolId, examId: termId, studentId: signed, type: 'PPV', group: 'B', attempt: 1 });
    // In training since 10 Sep 2032: 18 months end on 10 Mar 2034.
    await aStudent(caller, schoolId, 'Dlouhý', { state: 'IN_PROGRESS', dateOfInProgress: '2032-09-10' });
    // An applicant with a certificate of 5 Dec 2033: enough for admission until 5 Mar 2034.
    const applicant = await aStudent(caller, schoolId, 'Uchazeč', { medicalCertificateDate: '2033-12-05' });
    await app.handle.db.update(students).set({ state: 'WAITING_FOR_ADMISSION', registrationNumber: null }).where(eq(students.id, applicant));
    // First examined (failed) on 10 Mar 2033: every part by 9 Mar 2034.
    const examinee = await aStudent(caller, schoolId, 'Zkoušený', { state: 'EXAM_CORRECTION', dateOfInProgress: '2032-06-01', dateOfFinished: '2033-02-20' });
    const { id: pastTerm } = await caller.exam.createExam({ schoolId, date: '2033-03-10', place: 'Brno', types: ['PPV'] });
    await app.handle.db.insert(examSignUps).values({ schoolId, examId: pastTerm, studentId: examinee, type: 'PPV', group: 'B', attempt: 1, result: 'FAIL' });
    // A finished student of school B who signed up for nothing: B's office only.
    await aStudent(b.caller, b.schoolId, 'Cizí', { state: 'FINISHED', dateOfInProgress: '2033-10-01', dateOfFinished: '2034-03-01' });

    // 27 Feb: nothing is 14 days (or fewer) away yet but the 18 months (11 days) and the certificate (6 days).
    await runNight('2034-02-28');
    const first = await deadlineNotes(schoolId);
    expect(first).toHaveLength(3);
    expect(first.join('\n')).toContain('Uchazeč');
    expect(first.join('\n')).toContain('Dlouhý');
    expect(first.join('\n')).toContain('Zkoušený');
    expect(first.find((n) => n.includes('Uchazeč'))).toMatch(/^Lékařský posudek k obnovení \| .*stačí k přijetí jen do 5\.3\.2034 \(za 5 dní\)/);
    expect(first.find((n) => n.includes('Dlouhý'))).toMatch(/^Výcvik trvá téměř 18 měsíců \| .*uplyne 18 měsíců 10\.3\.2034 \(za 10 dní\)/);
    expect(first.find((n) => n.includes('Zkoušený'))).toMatch(/^Lhůta 12 měsíců od první zkoušky \| .*nejpozději 9\.3\.2034 \(za 9 dní\)/);

    // The certificate renewed before its 3-day notice (due 2 Mar): none for the old date, none for the new one.
    await app.handle.db.update(students).set({ medicalCertificateDate: '2034-03-01' }).where(eq(students.id, applicant));

    // 2 Mar (twice, as two ticks): the exam application's 14-day notice joins, once; the others are not repeated.
    await runNight('2034-03-02');
    await runNight('2034-03-02');
    const second = await deadlineNotes(schoolId);
    expect(second).toHaveLength(4);
    expect(second.filter((n) => n.startsWith('Lhůta pro podání přihlášky ke zkoušce'))).toEqual([expect.stringContaining('Jan Přihláškový')]);
    expect(second.join('\n')).not.toContain('Přihlášený');
    expect(second.join('\n')).not.toContain('Cizí');
    // B's office got its own student's deadline, and only that.
    expect(await deadlineNotes(b.schoolId)).toEqual([expect.stringContaining('Jan Cizí')]);

    // The application's cause gone: the student signed up before 13 Mar.
    const applied = (
      await app.handle.db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), eq(students.lastName, 'Přihláškový')))
    )[0].id;
    await app.handle.db.insert(examSignUps).values({ schoolId, examId: termId, studentId: applied, type: 'PPV', group: 'B', attempt: 1 });
    await runNight('2034-03-07');
    await runNight('2034-03-13');
    const third = await deadlineNotes(schoolId);
    // Only the 3-day notices of the 18 months (7 Mar) and of the 12-month window (6 Mar → sent 7 Mar) were added.
    expect(third.filter((n) => n.includes('Přihláškový'))).toHaveLength(1);
    expect(third.filter((n) => n.includes('Uchazeč'))).toHaveLength(1);
    expect(third.filter((n) => n.includes('Dlouhý'))).toHaveLength(2);
    expect(third.filter((n) => n.includes('Zkoušený'))).toHaveLength(2);
    expect(third).toHaveLength(6);

    // The admin's bell lists them, with the Czech texts.
    const bell = await caller.user.getNotificationList({ limit: 20 });
    expect(bell.items.map((n) => n.title)).toContain('Lhůta pro podání přihlášky ke zkoušce');
  }, 180_000);
});

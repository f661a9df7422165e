// Payment reminders (issue 21 §2) through the real job runner with pg-boss's TestClock moved forward: on PostgreSQL
// two instances work the queue, on PGlite one. The proof is the mail_outbox: one reminder N days before a due date
// with the QR Platba text, one when overdue, none for a paid instalment, never twice; the log 'Odeslané upomínky'.
import { schema } from '@volant/db/schema';
import { addDays, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { jobWorkers, reminderMailsTo, workDueJobs } from '../../testing/job-workers.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { setOperator } from '../invoice/invoice.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { PAYMENT_REMINDER_JOB } from './payment-reminders.ts';
import { workerDatabaseUrl } from '../../testing/database.ts';

const url = await workerDatabaseUrl();
const HOUR = 3_600_000;
let app: TestApp;
const clock = new TestClock(new Date('2032-05-03T06:00:00Z'));
const workers = jobWorkers(clock, 'payrem');
const { servers } = workers;

beforeAll(async () => {
  app = await getTestApp();
  await workers.start(app);
}, 180_000);

afterAll(() => workers.close());

const now = () => new Date(clock.now());

/** 08:00 Prague of `day`: the daily job sent (by each instance, as if both ticked) and worked until none is left. */
async function runDay(day: string) {
  const at = new Date(schoolMidnight(day).getTime() + 8 * HOUR);
  if (at.getTime() > clock.now()) await clock.setTime(at);
  for (const s of servers) await s.deps.jobs?.send(PAYMENT_REMINDER_JOB);
  await workDueJobs(app.handle.db, clock, PAYMENT_REMINDER_JOB);
}

const mailsTo = (recipient: string) => reminderMailsTo(app.handle.db, recipient);

describe(`payment reminders${url ? ' on two instances' : ''}`, () => {
  it('mails N days before a due date with the QR Platba, once; when overdue, once; none for a paid instalment', async () => {
    const admin = await setupSchool(app);
    const schoolId = testSchoolId(admin.schoolId);
    await setOperator(admin.caller, schoolId);
    const studentId = await createTestStudent(admin.caller, schoolId);
    const email = uniqueEmail('platba');
    await app.handle.db.update(schema.students).set({ email, registrationNumber: '2032/077' }).where(eq(schema.students.id, studentId));
    await admin.caller.instalment.setReminderSettings({ schoolId, daysBefore: 3, daysAfter: 2, text: 'Děkujeme, Autoškola.' });
    const day0 = schoolToday(now());
    const first = addDays(day0, 5);
    const second = addDays(day0, 20);
    await admin.caller.instalment.setStudentInstalments({
      schoolId,
      studentId,
      items: [
        { label: 'Při zápisu', dueOn: first, amount: 10000.5 },
        { label: 'Před zkouškou', dueOn: second, amount: 9000 },
      ],
    });

    // Nothing yet on the day before the reminder day.
    await runDay(addDays(first, -4));
    expect(await mailsTo(email)).toEqual([]);

    // 3 days before: one mail for the first instalment, with the QR text for 10 000,50 Kč and the balance's VS.
    await runDay(addDays(first, -3));
    await runDay(addDays(first, -3)); // the job again the same day: still one
    const before = await mailsTo(email);
    expect(before).toHaveLength(1);
    expect(before[0].subject).toContain('Připomínka splátky: Při zápisu');
    expect(before[0].text).toContain('Děkujeme, Autoškola.');
    expect(before[0].text).toMatch(/QR Platba: SPD\*1\.0\*ACC:CZ\d+\*AM:10000\.50\*CC:CZK/);
    expect(before[0].text).toContain('X-VS:2032077');
    // The QR Platba goes as an inline image drawn from the same SPAYD text (mail/mailer.ts, mailer.test.ts).
    expect(before[0].qrPayment).toMatch(/^SPD\*1\.0\*ACC:CZ\d+\*AM:10000\.50\*CC:CZK.*X-VS:2032077/);
    expect(before[0].html).toContain('<img src="cid:qr-platba@volant" alt="QR Platba"');

    // The first instalment paid in full: its overdue day passes without a mail.
    await admin.caller.paymentItem.createPayment({ schoolId, studentId, price: 10000.5, method: 'TRANSFER' });
    await runDay(addDays(first, 2));
    expect(await mailsTo(email)).toHaveLength(1);

    // The second, unpaid: before (3 days) and overdue (2 days after), each once.
    await runDay(addDays(second, -3));
    await runDay(addDays(second, 2));
    await runDay(addDays(second, 2));
    const all = await mailsTo(email);
    expect(all.map((m) => m.subject)).toEqual([
      expect.stringContaining('Připomínka splátky: Při zápisu'),
      expect.stringContaining('Připomínka splátky: Před zkouškou'),
      expect.stringContaining('Splátka po splatnosti: Před zkouškou'),
    ]);
    expect(all[2].text).toContain('AM:9000.00');

    const log = await admin.caller.instalment.getSentReminders({ schoolId, studentId });
    expect(log.map((l) => [l.label, l.kind, l.amount])).toEqual([
      ['Před zkouškou', 'OVERDUE', 900_000],
      ['Před zkouškou', 'BEFORE', 900_000],
      ['Při zápisu', 'BEFORE', 1_000_050],
    ]);
  }, 120_000);
});

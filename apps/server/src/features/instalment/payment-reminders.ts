// Payment reminders (issue 21 §2, docs/decisions/0022-instalments-and-payment-reminders.md): a daily job at 08:00
// Prague mails each student with an e-mail, for each instalment with something left to pay, a reminder N days before
// its due date and one N days after it (the school's settings in Nastavení → Ceník). What is paid is read when the job
// runs (the plan's allocation in the same transaction), so a student whose instalment got paid meanwhile gets nothing.
// Exactly once: each reminder is marked in reminder_sends under its key in the transaction that writes the mail, so
// two instances (or a job run twice) mail once. Each mail is logged for 'Odeslané upomínky'.
import { formatDate, formatMoney, fullName } from '@volant/shared/format';
import { reminderDue } from '@volant/shared/instalment/instalments';
import type { paymentReminderSettingsInput } from '@volant/shared/instalment/inputs';
import { spayd, spaydPayable } from '@volant/shared/invoice/spayd';
import { asHalere } from '@volant/shared/money';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPriceStudent } from '../payment-item/payment-item.queries.ts';
import { schoolOfOwnWork } from '../../gate/job-tenant.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { paymentReminderMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { lockReminder, markSent } from '../reminders/reminders.queries.ts';
import { balanceVariableSymbol } from '../student-portal/student-portal.views.ts';
import { studentPlan } from './instalment.plan.ts';

import { findReminderSettings, insertReminderLog, listCandidates, listSentReminders, upsertReminderSettings } from './payment-reminders.queries.ts';

export { findReminderSettings };

export const PAYMENT_REMINDER_JOB = 'reminders.payment';

export function getReminderSettings(deps: AppDeps, schoolId: SchoolId) {
  return findReminderSettings(deps.db, schoolId);
}

export async function setReminderSettings(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof paymentReminderSettingsInput>) {
  const values = { daysBefore: input.daysBefore, daysAfter: input.daysAfter, text: input.text };
  await inTransaction(deps, async (tx, after) => {
    await upsertReminderSettings(tx, schoolId, values, deps.now());
    await recordEvent(deps, tx, after, { name: 'instalment.setReminderSettings', schoolId, userId, entityType: 'school', entityId: schoolId, data: values });
  });
  return findReminderSettings(deps.db, schoolId);
}

/** 'Odeslané upomínky': the reminders mailed to the student, newest first. */
export async function getSentReminders(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  if (!(await findPriceStudent(deps.db, schoolId, studentId))) throw new AppError('STUDENT_NOT_FOUND');
  return listSentReminders(deps.db, schoolId, studentId);
}

/** The daily job: each reminder due today, once, for what is still unpaid when it runs. */
export async function sendPaymentReminders(deps: AppDeps) {
  const now = deps.now();
  const today = schoolToday(now);
  for (const c of await listCandidates(deps.db)) {
    const schoolId = schoolOfOwnWork(c.schoolId);
    const email = c.email;
    if (!email) continue;
    await inTransaction(deps, async (tx, after) => {
      await lockReminder(tx, `payment:${c.studentId}`);
      // Read in the transaction, under the student's reminder lock: a payment matched meanwhile counts.
      const plan = await studentPlan(tx, schoolId, c.studentId, now);
      for (const item of plan.items) {
        const kind = reminderDue(item, c, today);
        if (!kind) continue;
        if (!(await markSent(tx, `payment:${item.id}:${kind}:${item.dueOn}`, now))) continue;
        const variableSymbol = balanceVariableSymbol(c.registrationNumber);
        const message = `Splátka ${fullName(c)}${c.registrationNumber ? ` ${c.registrationNumber}` : ''}`;
        const payment =
          c.iban && spaydPayable(item.remaining)
            ? { iban: c.iban, variableSymbol, spayd: spayd({ iban: c.iban, amount: item.remaining, variableSymbol, dueOn: item.dueOn, message }) }
            : null;
        await insertReminderLog(tx, schoolId, {
          studentId: c.studentId,
          label: item.label,
          dueOn: item.dueOn,
          kind,
          amount: asHalere(item.remaining),
          email,
          sentAt: now,
        });
        await after.mail(
          'REMINDER',
          paymentReminderMail(email, {
            overdue: kind === 'OVERDUE',
            label: item.label,
            dueOn: formatDate(item.dueOn),
            amount: formatMoney(item.remaining),
            schoolName: c.schoolName,
            text: c.text,
            payment,
            url: `${deps.config.publicUrl}/zak`,
          }),
        );
      }
    });
  }
}

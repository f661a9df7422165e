// The payment reminders' job (issue 21 §2): daily at 08:00 Prague (a cron: one run per tick across instances, and
// each reminder marked once in reminder_sends).
import type { JobDefinition } from '../../jobs/runner.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { PAYMENT_REMINDER_JOB, sendPaymentReminders } from './payment-reminders.ts';

export function paymentReminderJob(deps: AppDeps): JobDefinition {
  return {
    kind: PAYMENT_REMINDER_JOB,
    queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 },
    cron: '0 8 * * *',
    run: () => sendPaymentReminders(deps),
  };
}

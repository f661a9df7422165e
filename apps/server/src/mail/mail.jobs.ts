// The mail job kind: one `mail.send` job is one pass over mail_outbox (mail/outbox.ts sends the due rows). Wake-ups
// after commits collapse into one queued pass (policy `short`); a sweep every minute sends what is due and what an
// instance that died mid-send left claimed.
import type { JobDefinition } from '../jobs/runner.ts';
import type { MailOutbox } from './outbox.ts';

export const MAIL_JOB = 'mail.send';

export function mailJob(outbox: Pick<MailOutbox, 'drain'>): JobDefinition {
  return {
    kind: MAIL_JOB,
    queue: { policy: 'short', retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60, deleteAfterSeconds: 3_600 },
    cron: '* * * * *',
    run: () => outbox.drain(),
  };
}

// Mail is written to mail_outbox in the transaction that causes it and sent after commit by a drainer, so an SMTP
// outage loses no mail, no request waits on SMTP, and a rolled-back request sends nothing. The rows of the last hour
// also bound how many mails one address can be made to receive. The job runner (jobs/runner.ts, kind `mail.send` in
// mail/mail.jobs.ts) runs the passes: after the commit that wrote mail (`wake`), at a failed mail's retry time, and in
// its sweep every minute.
import type { Db } from '@volant/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { serialPasses } from '../jobs/serial.ts';
import type { Mailer } from './mailer.ts';
import { claimDueMails, markMailFailed, markMailSent } from './outbox.queries.ts';

const HOUR_MS = 3_600_000;
/** A claimed row neither sent nor failed (its instance died mid-send) is due again after this. */
const LEASE_MS = 5 * 60_000;
/** About two days of hourly retries; after that the row stays unsent with its last error, for someone to look at. */
const MAX_ATTEMPTS = 48;
const BATCH = 20;

export function retryDelayMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR_MS);
}

export interface MailOutbox {
  /** After a commit that wrote mail: sends soon (queues a `mail.send` job), without making the caller wait. */
  wake(): void;
  /** Sends every due mail now and resolves when none is left (the `mail.send` job; tests). */
  drain(): Promise<void>;
  /** No new pass; waits for a send in progress. */
  stop(): Promise<void>;
}

export interface MailOutboxOptions {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
  /**
   * Queues a pass now (no `at`) or at a failed mail's retry time (server.ts: the job runner's `mail.send`). Without it
   * (tests) mail waits for `drain()`.
   */
  schedule?: (at?: Date) => void;
}

export function createMailOutbox(opts: MailOutboxOptions): MailOutbox {
  const now = opts.now ?? (() => new Date());

  function claim() {
    const at = now();
    return claimDueMails(opts.db, at, { limit: BATCH, maxAttempts: MAX_ATTEMPTS, leaseUntil: new Date(at.getTime() + LEASE_MS) });
  }

  async function sendDue() {
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return;
      for (const row of batch) {
        try {
          await opts.mailer.send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html, qrPayment: row.qrPayment });
          await markMailSent(opts.db, row.id, now());
        } catch (err) {
          opts.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail not sent; will retry');
          const retryAt = new Date(now().getTime() + retryDelayMs(row.attempts));
          await markMailFailed(opts.db, row.id, retryAt, String((err as Error)?.message ?? err).slice(0, 1000));
          opts.schedule?.(retryAt);
        }
      }
    }
  }

  const passes = serialPasses(sendDue, (err) => opts.log.error({ err }, 'mail outbox not drained'));
  return {
    wake: () => opts.schedule?.(),
    drain: () => passes.run(),
    stop: () => passes.stop(),
  };
}

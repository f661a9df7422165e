// Mail is written to mail_outbox in the transaction that causes it and sent after commit by a drainer, so an SMTP
// outage loses no mail, no request waits on SMTP, and a rolled-back request sends nothing. The rows of the last hour
// also bound how many mails one address can be made to receive.
import type { Db } from '@volant/db/client';
import type { FastifyBaseLogger } from 'fastify';
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
  /** After a commit that wrote mail: sends soon, without making the caller wait. */
  wake(): void;
  /** Sends every due mail now and resolves when none is left (tests; a final flush). */
  drain(): Promise<void>;
  /** Stops the timer and waits for a send in progress. */
  stop(): Promise<void>;
}

export interface MailOutboxOptions {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
  /** How often to look for due rows (retries, rows another instance left behind); null: no timer. */
  pollMs?: number | null;
  /** Whether `wake()` starts a send; tests turn it off and call `drain()` when they read mail. */
  sendOnWake?: boolean;
}

export function createMailOutbox(opts: MailOutboxOptions): MailOutbox {
  const now = opts.now ?? (() => new Date());
  const sendOnWake = opts.sendOnWake ?? true;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

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
          await opts.mailer.send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html });
          await markMailSent(opts.db, row.id, now());
        } catch (err) {
          opts.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail not sent; will retry');
          await markMailFailed(opts.db, row.id, new Date(now().getTime() + retryDelayMs(row.attempts)), String((err as Error)?.message ?? err).slice(0, 1000));
        }
      }
    }
  }

  function start(): Promise<void> {
    if (stopped) return Promise.resolve();
    again = true;
    if (running) return running;
    running = (async () => {
      try {
        while (again && !stopped) {
          again = false;
          try {
            await sendDue();
          } catch (err) {
            // The database may be away; the timer tries again.
            opts.log.error({ err }, 'mail outbox not drained');
          }
        }
      } finally {
        // Cleared in the same tick as the last check of `again`, so a wake arriving now starts a new pass.
        running = null;
      }
    })();
    return running;
  }

  const timer = opts.pollMs ? setInterval(() => void start(), opts.pollMs) : null;
  timer?.unref();
  // Mail left unsent by a previous run goes out now, not at the first tick.
  if (sendOnWake) setImmediate(() => void start());

  return {
    wake() {
      if (sendOnWake && !stopped) void start();
    },
    async drain() {
      if (!stopped) await start();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

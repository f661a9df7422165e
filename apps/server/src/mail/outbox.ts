// Mail is written to mail_outbox in the transaction that causes it and sent after commit by a drainer, so an SMTP
// outage loses no mail, no request waits on SMTP, and a rolled-back request sends nothing. The rows of the last hour
// also bound how many mails one address can be made to receive.
import type { Db, DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

const { mailOutbox } = schema;

export type MailKind = (typeof mailOutbox.$inferInsert)['kind'];

/**
 * Mails of one kind one address may receive per hour. Above it the request gets its usual answer and no mail is
 * written, so nobody can flood a mailbox through the reset, registration or invite forms. Contact messages all go to
 * support and are bounded by the per-address request limit instead.
 */
export const MAILS_PER_HOUR: Record<MailKind, number | null> = { CONFIRM: 5, RESET: 5, ACCOUNT_EXISTS: 5, INVITE: 5, CONTACT: null };

const HOUR_MS = 3_600_000;
/** A claimed row neither sent nor failed (its instance died mid-send) is due again after this. */
const LEASE_MS = 5 * 60_000;
/** About two days of hourly retries; after that the row stays unsent with its last error, for someone to look at. */
const MAX_ATTEMPTS = 48;
const BATCH = 20;

export function retryDelayMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR_MS);
}

/**
 * Serialises the mail decisions for one address until the transaction ends: two requests at once cannot both see
 * four mails and both write a fifth and sixth.
 */
export async function lockRecipient(tx: DbOrTx, recipient: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail:${recipient.toLowerCase()}`}))::text`);
}

/** SQL that holds while `recipient` has had fewer than the hourly limit of `kind` mails. */
export function isUnderMailLimit(kind: MailKind, recipient: string, now: Date): SQL {
  const limit = MAILS_PER_HOUR[kind];
  if (limit === null) return sql`true`;
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  return sql`(select count(*) from ${mailOutbox} where ${mailOutbox.recipient} = ${recipient.toLowerCase()} and ${mailOutbox.kind} = ${kind} and ${mailOutbox.createdAt} > ${since}::timestamptz) < ${limit}`;
}

export async function hasMailQuota(tx: DbOrTx, kind: MailKind, recipient: string, now: Date) {
  const result = await tx.execute(sql`select ${isUnderMailLimit(kind, recipient, now)} as ok`);
  return (result as unknown as { rows: { ok: boolean }[] }).rows[0].ok;
}

/**
 * Writes a mail in the caller's transaction, unless its recipient is over the hourly limit or `when` (SQL evaluated in
 * the same statement) is false; the statement is the same either way, so the caller's timing reveals neither.
 * Returns whether a row was written. Call `outbox.wake()` after the commit.
 */
export async function enqueueMail(tx: DbOrTx, kind: MailKind, message: MailMessage, now: Date, when: SQL = sql`true`) {
  const recipient = message.to.trim().toLowerCase();
  const rows = await tx.execute(sql`
    insert into ${mailOutbox} (kind, recipient, subject, text, html, created_at, next_attempt_at)
    select ${kind}, ${recipient}, ${message.subject}, ${message.text}, ${message.html}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    where ${isUnderMailLimit(kind, recipient, now)} and ${when}
    returning id`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
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

  /** Claims a batch by pushing its next attempt past the lease, so another drainer (or instance) skips it. */
  async function claim() {
    const at = now();
    const due = opts.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, at), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await opts.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(at.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    // RETURNING keeps no order: send in the order the mails were written.
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async function sendDue() {
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return;
      for (const row of batch) {
        try {
          await opts.mailer.send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html });
          await opts.db.update(mailOutbox).set({ sentAt: now(), lastError: null }).where(eq(mailOutbox.id, row.id));
        } catch (err) {
          opts.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail not sent; will retry');
          await opts.db
            .update(mailOutbox)
            .set({ nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)), lastError: String((err as Error)?.message ?? err).slice(0, 1000) })
            .where(eq(mailOutbox.id, row.id));
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

// The statements of the mail outbox: writing a mail in the caller's transaction (with the per-address hourly limit),
// and the drainer's claim and bookkeeping.
import type { Db, DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { MailMessage } from './mailer.ts';

const { mailOutbox } = schema;

export type MailKind = (typeof mailOutbox.$inferInsert)['kind'];

/**
 * Mails of one kind one address may receive per hour. Above it the request gets its usual answer and no mail is
 * written, so nobody can flood a mailbox through the reset, registration or invite forms. Contact messages all go to
 * support and are bounded by the per-address request limit instead.
 */
export const MAILS_PER_HOUR: Record<MailKind, number | null> = {
  CONFIRM: 5,
  RESET: 5,
  ACCOUNT_EXISTS: 5,
  INVITE: 5,
  CONTACT: null,
  STUDENT_PASS: 5,
  NOTIFICATION: 30,
  APPLICATION: 5,
  TIER_UPGRADE: 10,
  STUDENT_INVITE: 5,
  // The stricter limit is the links' own: 3 per address in 15 minutes (student-login.service.ts).
  STUDENT_LOGIN: 12,
  REMINDER: 30,
};

const HOUR_MS = 3_600_000;

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
 * Returns whether a row was written. Services call it through `after.mail` (lib/unit-of-work.ts), which also wakes
 * the drainer after the commit.
 */
export async function enqueueMail(tx: DbOrTx, kind: MailKind, message: MailMessage, now: Date, when: SQL = sql`true`) {
  const recipient = message.to.trim().toLowerCase();
  const rows = await tx.execute(sql`
    insert into ${mailOutbox} (kind, recipient, subject, text, html, qr_payment, created_at, next_attempt_at)
    select ${kind}, ${recipient}, ${message.subject}, ${message.text}, ${message.html}, ${message.qrPayment ?? null}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    where ${isUnderMailLimit(kind, recipient, now)} and ${when}
    returning id`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Claims up to `limit` due mails by pushing their next attempt to `leaseUntil`, so another drainer (or instance)
 * skips them. Returned in the order they were written.
 */
export async function claimDueMails(db: Db, at: Date, opts: { limit: number; maxAttempts: number; leaseUntil: Date }) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, at), lt(mailOutbox.attempts, opts.maxAttempts)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: opts.leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING keeps no order: send in the order the mails were written.
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function markMailSent(db: Db, id: string, at: Date) {
  await db.update(mailOutbox).set({ sentAt: at, lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Db, id: string, nextAttemptAt: Date, error: string) {
  await db.update(mailOutbox).set({ nextAttemptAt, lastError: error }).where(eq(mailOutbox.id, id));
}

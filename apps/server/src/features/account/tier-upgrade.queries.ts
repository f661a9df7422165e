// A school's requests for another tier (Tarif page), settled when the operator changes the tier.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { Tier } from '@volant/shared/enums';
import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { tierUpgradeRequests, schools, users, auditLog } = schema;

/** The audit action of a school withdrawing its own request: a CANCELLED request with it was not the operator's 'no'. */
export const WITHDRAW_ACTION = 'account.cancelTierUpgradeRequest';
/** How long the Tarif page keeps showing a settled request's outcome. */
export const SETTLED_SHOWN_DAYS = 30;

const requestedByName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;
const isWithdrawn = sql<boolean>`exists (select 1 from ${auditLog} where ${auditLog.schoolId} = ${tierUpgradeRequests.schoolId} and ${auditLog.entityId} = ${tierUpgradeRequests.id} and ${auditLog.action} = ${WITHDRAW_ACTION})`;

/** The school's open request, else its latest one settled since `settledSince` (withdrawn ones included, marked). */
export async function findCurrentTierUpgradeRequest(db: DbOrTx, schoolId: SchoolId, settledSince: Date) {
  const [row] = await db
    .select({
      id: tierUpgradeRequests.id,
      requestedTier: tierUpgradeRequests.requestedTier,
      note: tierUpgradeRequests.note,
      status: tierUpgradeRequests.status,
      createdAt: tierUpgradeRequests.createdAt,
      resolvedAt: tierUpgradeRequests.resolvedAt,
      requestedByName,
      isWithdrawn,
    })
    .from(tierUpgradeRequests)
    .leftJoin(users, eq(users.id, tierUpgradeRequests.requestedBy))
    .where(and(eq(tierUpgradeRequests.schoolId, schoolId), or(eq(tierUpgradeRequests.status, 'PENDING'), gte(tierUpgradeRequests.resolvedAt, settledSince))))
    .orderBy(sql`(${tierUpgradeRequests.status} = 'PENDING') desc`, desc(sql`coalesce(${tierUpgradeRequests.resolvedAt}, ${tierUpgradeRequests.createdAt})`))
    .limit(1);
  return row;
}

export async function findSchoolTier(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select({ tier: schools.tier, name: schools.name, number: schools.number }).from(schools).where(eq(schools.id, schoolId));
  return row;
}

export async function insertTierUpgradeRequest(db: DbOrTx, schoolId: SchoolId, values: { requestedTier: Tier; note: string | null; requestedBy: string }) {
  const [row] = await db
    .insert(tierUpgradeRequests)
    .values({ schoolId, ...values })
    .returning({ id: tierUpgradeRequests.id, createdAt: tierUpgradeRequests.createdAt });
  return row;
}

/** Ends the school's open request as CANCELLED; its id, or undefined when none was open. */
export async function cancelPendingTierUpgradeRequest(db: DbOrTx, schoolId: string, now: Date, requestId?: string) {
  const conditions = [eq(tierUpgradeRequests.schoolId, schoolId), eq(tierUpgradeRequests.status, 'PENDING')];
  if (requestId) conditions.push(eq(tierUpgradeRequests.id, requestId));
  const [row] = await db
    .update(tierUpgradeRequests)
    .set({ status: 'CANCELLED', resolvedAt: now })
    .where(and(...conditions))
    .returning({ id: tierUpgradeRequests.id });
  return row?.id;
}

/** Operators (users.role ADMIN) with their e-mail: each gets a new request as a notification and an e-mail. */
export function listOperatorRecipients(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.isActivated, true)));
}

/** The operator's list: open requests first (oldest first: they waited longest), then those settled since `settledSince`. */
export function listTierUpgradeRequests(db: DbOrTx, settledSince: Date) {
  return db
    .select({
      id: tierUpgradeRequests.id,
      schoolId: tierUpgradeRequests.schoolId,
      schoolName: schools.name,
      schoolNumber: schools.number,
      currentTier: schools.tier,
      requestedTier: tierUpgradeRequests.requestedTier,
      note: tierUpgradeRequests.note,
      status: tierUpgradeRequests.status,
      createdAt: tierUpgradeRequests.createdAt,
      resolvedAt: tierUpgradeRequests.resolvedAt,
      requestedByName,
      requestedByEmail: users.email,
      isWithdrawn,
    })
    .from(tierUpgradeRequests)
    .innerJoin(schools, eq(schools.id, tierUpgradeRequests.schoolId))
    .leftJoin(users, eq(users.id, tierUpgradeRequests.requestedBy))
    .where(or(eq(tierUpgradeRequests.status, 'PENDING'), gte(tierUpgradeRequests.resolvedAt, settledSince)))
    .orderBy(
      sql`(${tierUpgradeRequests.status} = 'PENDING') desc`,
      sql`case when ${tierUpgradeRequests.status} = 'PENDING' then ${tierUpgradeRequests.createdAt} end asc`,
      desc(tierUpgradeRequests.resolvedAt),
    )
    .limit(200);
}

/** An open request, locked until the transaction ends (the operator settles it once). */
export async function lockPendingTierUpgradeRequest(db: DbOrTx, requestId: string) {
  const [row] = await db
    .select({ id: tierUpgradeRequests.id, schoolId: tierUpgradeRequests.schoolId, requestedTier: tierUpgradeRequests.requestedTier })
    .from(tierUpgradeRequests)
    .where(and(eq(tierUpgradeRequests.id, requestId), eq(tierUpgradeRequests.status, 'PENDING')))
    .for('update');
  return row;
}

/**
 * The operator set the school's tier: its open request is done when it asked for that tier, and cancelled otherwise
 * (the operator decided differently; the school may ask again).
 */
export async function settleTierUpgradeRequests(db: DbOrTx, schoolId: string, tier: Tier, now: Date) {
  const open = and(eq(tierUpgradeRequests.schoolId, schoolId), eq(tierUpgradeRequests.status, 'PENDING'));
  const [pending] = await db.select({ id: tierUpgradeRequests.id, requestedTier: tierUpgradeRequests.requestedTier }).from(tierUpgradeRequests).where(open);
  if (!pending) return;
  await db
    .update(tierUpgradeRequests)
    .set({ status: pending.requestedTier === tier ? 'DONE' : 'CANCELLED', resolvedAt: now })
    .where(eq(tierUpgradeRequests.id, pending.id));
}

export async function findRequester(db: DbOrTx, userId: string) {
  const [row] = await db.select({ name: requestedByName, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

// Invites to a school: the admin's side (create, resend, cancel, list) and the invitee's (list, decline, accept).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { StaffRole } from '@volant/shared/enums';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { schoolInvites, schools, users } = schema;

const pending = and(isNull(schoolInvites.usedAt), isNull(schoolInvites.declinedAt));
/** Pending and not expired: what can still be accepted. */
const open = (now: Date) => and(pending, gt(schoolInvites.expiresAt, now));
const toEmail = (email: string) => sql`lower(${schoolInvites.email}) = ${email.toLowerCase()}`;
const pendingOf = (schoolId: SchoolId, inviteId: string) => and(eq(schoolInvites.schoolId, schoolId), eq(schoolInvites.id, inviteId), pending);

// ——— the school's side ———

/** An expired invite no longer blocks a new one: it is closed the way a cancelled one is. */
export async function closeExpiredInvites(db: DbOrTx, schoolId: SchoolId, email: string, now: Date) {
  await db
    .update(schoolInvites)
    .set({ declinedAt: now })
    .where(and(eq(schoolInvites.schoolId, schoolId), toEmail(email), pending, lte(schoolInvites.expiresAt, now)));
}

/** A new invite; undefined when the address already has a pending one in this school. */
export async function insertInvite(
  db: DbOrTx,
  schoolId: SchoolId,
  values: { email: string; role: StaffRole; invitedBy: string; tokenHash: string; expiresAt: Date },
) {
  const [row] = await db
    .insert(schoolInvites)
    .values({ schoolId, ...values })
    .onConflictDoNothing()
    .returning({ id: schoolInvites.id });
  return row;
}

/** Pending invites with their expiry, oldest first. */
export function listPendingInvites(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({
      id: schoolInvites.id,
      email: schoolInvites.email,
      role: schoolInvites.role,
      createdAt: schoolInvites.createdAt,
      expiresAt: schoolInvites.expiresAt,
    })
    .from(schoolInvites)
    .where(and(eq(schoolInvites.schoolId, schoolId), pending))
    .orderBy(schoolInvites.createdAt);
}

export async function findPendingInviteEmail(db: DbOrTx, schoolId: SchoolId, inviteId: string) {
  const [row] = await db.select({ email: schoolInvites.email }).from(schoolInvites).where(pendingOf(schoolId, inviteId));
  return row?.email;
}

/** The address of one of the school's invites, pending or closed. */
export async function findInviteEmail(db: DbOrTx, schoolId: SchoolId, inviteId: string) {
  const [row] = await db
    .select({ email: schoolInvites.email })
    .from(schoolInvites)
    .where(and(eq(schoolInvites.schoolId, schoolId), eq(schoolInvites.id, inviteId)));
  return row?.email;
}

/** A new code and expiry for a pending invite; returns its address, or undefined when there is no such invite. */
export async function renewInvite(db: DbOrTx, schoolId: SchoolId, inviteId: string, tokenHash: string, expiresAt: Date) {
  const [row] = await db.update(schoolInvites).set({ tokenHash, expiresAt }).where(pendingOf(schoolId, inviteId)).returning({ email: schoolInvites.email });
  return row?.email;
}

/** Closes a pending invite of the school; returns its address, or undefined when there is no such invite. */
export async function cancelInviteRow(db: DbOrTx, schoolId: SchoolId, inviteId: string, now: Date) {
  const [row] = await db.update(schoolInvites).set({ declinedAt: now }).where(pendingOf(schoolId, inviteId)).returning({ email: schoolInvites.email });
  return row?.email;
}

// ——— the invitee's side ———

/** Invites addressed to the e-mail that are neither used, declined nor expired. */
export function listOpenInvitesTo(db: DbOrTx, email: string, now: Date) {
  return db
    .select({ id: schoolInvites.id, schoolId: schools.id, schoolName: schools.name, role: schoolInvites.role })
    .from(schoolInvites)
    .innerJoin(schools, eq(schools.id, schoolInvites.schoolId))
    .where(and(toEmail(email), open(now)))
    .orderBy(schoolInvites.createdAt);
}

/** Declines a pending invite addressed to the e-mail; returns its school, or undefined when there is none. */
export async function declineInviteRow(db: DbOrTx, inviteId: string, email: string, now: Date) {
  const [row] = await db
    .update(schoolInvites)
    .set({ declinedAt: now })
    .where(and(eq(schoolInvites.id, inviteId), toEmail(email), pending))
    .returning({ schoolId: schoolInvites.schoolId });
  return row?.schoolId;
}

/**
 * Claims an open invite (by id or by its code's hash) for the user. The statement itself checks that the account is
 * confirmed and has the invited address, so an account that merely registered the address (without its mailbox)
 * cannot take the invite.
 */
export async function claimInvite(db: DbOrTx, userId: string, where: { id: string } | { tokenHash: string }, now: Date) {
  const [row] = await db
    .update(schoolInvites)
    .set({ usedAt: now })
    .where(
      and(
        'id' in where ? eq(schoolInvites.id, where.id) : eq(schoolInvites.tokenHash, where.tokenHash),
        open(now),
        sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.isActivated} and lower(${users.email}) = lower(${schoolInvites.email}))`,
      ),
    )
    .returning({ id: schoolInvites.id, schoolId: schoolInvites.schoolId, role: schoolInvites.role });
  return row;
}

/** What the public invite page shows for a code. */
export async function findInviteByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      schoolName: schools.name,
      email: schoolInvites.email,
      usedAt: schoolInvites.usedAt,
      declinedAt: schoolInvites.declinedAt,
      expiresAt: schoolInvites.expiresAt,
    })
    .from(schoolInvites)
    .innerJoin(schools, eq(schools.id, schoolInvites.schoolId))
    .where(eq(schoolInvites.tokenHash, tokenHash))
    .limit(1);
  return row;
}

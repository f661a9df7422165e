// Reads and writes of the user's own settings (Uživatelské Nastavení): profile, password, sessions, preferences.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { CalendarView, LandingPage, NotificationEvent } from '@volant/shared/enums';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';

const { users, sessions, schoolMembers } = schema;

export async function findUserSettings(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      role: users.role,
      landingPage: users.landingPage,
      calendarView: users.calendarView,
      emailNotificationEvents: users.emailNotificationEvents,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updateProfileRow(tx: DbOrTx, userId: string, values: { firstName: string; lastName: string; phone: string | null; updatedAt: Date }) {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

/** The user's memberships carry their name (pickers, lists): kept in step with the profile. Returns the memberships. */
export async function updateMemberNames(tx: DbOrTx, userId: string, values: { firstName: string; lastName: string }) {
  return tx.update(schoolMembers).set(values).where(eq(schoolMembers.userId, userId));
}

/** Every membership of the user (the rows that carry the user's name). */
export function listMemberships(db: DbOrTx, userId: string) {
  return db.select({ schoolId: schoolMembers.schoolId, memberId: schoolMembers.id }).from(schoolMembers).where(eq(schoolMembers.userId, userId));
}

export async function findPasswordHash(db: DbOrTx, userId: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}

export async function setPasswordHash(tx: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export function listLiveSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends every other live session of the user; returns their ids. */
export async function revokeOtherSessions(tx: DbOrTx, userId: string, keepSessionId: string, now: Date) {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function setPreferencesRow(
  tx: DbOrTx,
  userId: string,
  values: { landingPage: LandingPage | null; calendarView: CalendarView | null; emailNotificationEvents: NotificationEvent[]; updatedAt: Date },
) {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

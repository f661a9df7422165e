// Reads and writes of the user's own settings (Uživatelské Nastavení): profile, password, sessions, preferences.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { CalendarView, LandingPage, NotificationEvent } from '@volant/shared/enums';
import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { users, sessions, schoolMembers, schoolCars } = schema;

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

/** Kalendář's remembered filters of the member (issue 20 §4): null when never chosen. */
export async function findCalendarFilters(db: DbOrTx, schoolId: SchoolId, memberId: string) {
  const [row] = await db
    .select({ teacherIds: schoolMembers.calendarTeacherFilter, carIds: schoolMembers.calendarCarFilter })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId)))
    .limit(1);
  return { teacherIds: row?.teacherIds ?? null, carIds: row?.carIds ?? null };
}

export async function setCalendarFilterRow(
  tx: DbOrTx,
  schoolId: SchoolId,
  memberId: string,
  values: { calendarTeacherFilter: string[] } | { calendarCarFilter: string[] },
) {
  await tx
    .update(schoolMembers)
    .set(values)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId)));
}

/** How many of the ids are the school's own members (any role, active or not: past rides keep their teacher). */
export async function countSchoolMembers(db: DbOrTx, schoolId: SchoolId, ids: string[]) {
  if (!ids.length) return 0;
  const rows = await db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), inArray(schoolMembers.id, ids)));
  return rows.length;
}

/** How many of the ids are the school's own cars (retired ones too: the filter lists them). */
export async function countSchoolCars(db: DbOrTx, schoolId: SchoolId, ids: string[]) {
  if (!ids.length) return 0;
  const rows = await db
    .select({ id: schoolCars.id })
    .from(schoolCars)
    .where(and(eq(schoolCars.schoolId, schoolId), inArray(schoolCars.id, ids)));
  return rows.length;
}

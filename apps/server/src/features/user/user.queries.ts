import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';

const { users, featureFlags, notifications, notificationReads, schoolMembers } = schema;

export async function getMe(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      role: users.role,
      activeSchoolId: users.activeSchoolId,
      schoolCount: sql<number>`(select count(*)::int from school_members m where m.user_id = "users"."id" and m.is_active)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { schoolCount, ...user } = row;
  return { ...user, isAccountInitialized: schoolCount > 0 };
}

/** Flags on for everybody (no user) or for this user; a user row can also switch a global one off. */
export async function listFeatureFlags(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ name: featureFlags.name, userId: featureFlags.userId, isEnabled: featureFlags.isEnabled })
    .from(featureFlags)
    .where(or(isNull(featureFlags.userId), eq(featureFlags.userId, userId)));
  const result = new Map<string, boolean>();
  for (const r of rows.filter((r) => r.userId === null)) result.set(r.name, r.isEnabled);
  for (const r of rows.filter((r) => r.userId !== null)) result.set(r.name, r.isEnabled);
  return [...result].filter(([, on]) => on).map(([name]) => name);
}

/** Unread notifications meant for this user directly or for a school the user belongs to. */
export function listUnreadNotifications(db: DbOrTx, userId: string) {
  const memberSchools = db
    .select({ schoolId: schoolMembers.schoolId })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.userId, userId), eq(schoolMembers.isActive, true)));
  return db
    .select({ id: notifications.id, type: notifications.type, title: notifications.title, message: notifications.message, createdAt: notifications.createdAt })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId)))
    .where(and(isNull(notificationReads.notificationId), or(eq(notifications.userId, userId), inArray(notifications.schoolId, memberSchools))))
    .orderBy(asc(notifications.createdAt));
}

export async function isNotificationVisibleTo(db: DbOrTx, id: string, userId: string) {
  const memberSchools = db
    .select({ schoolId: schoolMembers.schoolId })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.userId, userId), eq(schoolMembers.isActive, true)));
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), or(eq(notifications.userId, userId), inArray(notifications.schoolId, memberSchools))))
    .limit(1);
  return !!row;
}

export async function markNotificationRead(db: DbOrTx, id: string, userId: string) {
  await db.insert(notificationReads).values({ notificationId: id, userId }).onConflictDoNothing();
}

export async function setActiveSchool(db: DbOrTx, userId: string, schoolId: string | null) {
  await db.update(users).set({ activeSchoolId: schoolId }).where(eq(users.id, userId));
}

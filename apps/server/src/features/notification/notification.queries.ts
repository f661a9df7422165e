// Reads and writes of staff notifications (the bell's list, the modal, the e-mail recipients).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { NotificationEvent, StaffRole } from '@volant/shared/enums';
import { and, arrayContains, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';

const { notifications, notificationReads, schoolMembers, schools, users } = schema;

export async function insertNotification(db: DbOrTx, values: typeof notifications.$inferInsert): Promise<string> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row.id;
}

export async function markNotificationRead(db: DbOrTx, notificationId: string, userId: string) {
  await db.insert(notificationReads).values({ notificationId, userId }).onConflictDoNothing();
}

/** The school's active members (with one of `roles`, when given) who get `event` by e-mail too. */
export function listEmailRecipients(db: DbOrTx, schoolId: string, event: NotificationEvent, roles: StaffRole[] | null) {
  const conditions: SQL[] = [eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.isActive, true), arrayContains(users.emailNotificationEvents, [event])];
  if (roles) conditions.push(inArray(schoolMembers.role, roles));
  return db
    .select({ id: users.id, email: users.email })
    .from(schoolMembers)
    .innerJoin(users, eq(users.id, schoolMembers.userId))
    .where(and(...conditions));
}

/** The user's e-mail when they get `event` by e-mail too. */
export async function findEmailRecipient(db: DbOrTx, userId: string, event: NotificationEvent) {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), arrayContains(users.emailNotificationEvents, [event])));
  return row?.email ?? null;
}

/**
 * The notifications a user may see: addressed to them, or to a school where they are an active member whose role
 * the notification names (all roles when it names none). Built as the union of the two indexed lookups
 * (notifications_user_idx, and notifications_school_idx per membership), so the bell's count and list read the
 * user's own notifications, never the whole table.
 */
export const visibleTo = (userId: string): SQL =>
  sql`${notifications.id} in (
    select u.id from notifications u where u.user_id = ${userId}
    union all
    select s.id from school_members m join notifications s on s.school_id = m.school_id
    where m.user_id = ${userId} and m.is_active and (s.staff_roles is null or m.role = any(s.staff_roles)))`;

const isRead = (userId: string) =>
  sql<boolean>`exists (select 1 from notification_reads r where r.notification_id = ${notifications.id} and r.user_id = ${userId})`;

/** The shell's modal: the operator's own messages (no event) not read yet, oldest first. */
export function listUnreadModalNotifications(db: DbOrTx, userId: string) {
  return db
    .select({ id: notifications.id, type: notifications.type, title: notifications.title, message: notifications.message, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(visibleTo(userId), isNull(notifications.event), sql`not ${isRead(userId)}`))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

/** The bell's list: newest first, read and unread, pages by (createdAt, id) below the cursor. */
export function listNotifications(db: DbOrTx, userId: string, limit: number, cursor: { createdAt: Date; id: string } | null) {
  const below = cursor
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      event: notifications.event,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
      createdAt: notifications.createdAt,
      schoolId: notifications.schoolId,
      schoolName: schools.name,
      isRead: isRead(userId),
    })
    .from(notifications)
    .leftJoin(schools, eq(schools.id, notifications.schoolId))
    .where(and(visibleTo(userId), below))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleTo(userId), sql`not ${isRead(userId)}`));
  return row?.count ?? 0;
}

/** Marks every visible unread notification read; returns their ids. */
export async function markAllRead(tx: DbOrTx, userId: string) {
  const unread = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(visibleTo(userId), sql`not ${isRead(userId)}`));
  if (unread.length)
    await tx
      .insert(notificationReads)
      .values(unread.map((n) => ({ notificationId: n.id, userId })))
      .onConflictDoNothing();
  return unread.map((n) => n.id);
}

export async function isVisible(db: DbOrTx, id: string, userId: string) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(userId)))
    .limit(1);
  return !!row;
}

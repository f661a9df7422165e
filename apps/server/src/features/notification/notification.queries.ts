// Reads and writes of staff notifications (the bell's list, the modal, the e-mail recipients).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { NotificationEvent, StaffRole } from '@volant/shared/enums';
import { and, arrayContains, eq, inArray, type SQL } from 'drizzle-orm';

const { notifications, notificationReads, schoolMembers, users } = schema;

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

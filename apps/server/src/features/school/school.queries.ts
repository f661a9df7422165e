import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';

const { schoolMembers, schools, users } = schema;

export type SchoolRow = typeof schools.$inferSelect;
export type SchoolValues = Partial<typeof schools.$inferInsert>;

export function listUserSchools(db: DbOrTx, userId: string) {
  return db
    .select({ id: schools.id, name: schools.name, number: schools.number, role: schoolMembers.role, isBlocked: schools.isBlocked, tier: schools.tier })
    .from(schoolMembers)
    .innerJoin(schools, eq(schools.id, schoolMembers.schoolId))
    .where(and(eq(schoolMembers.userId, userId), eq(schoolMembers.isActive, true)))
    .orderBy(asc(schools.name));
}

export async function getSchool(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select().from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row;
}

export function listMembers(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({
      id: schoolMembers.id,
      userId: schoolMembers.userId,
      role: schoolMembers.role,
      firstName: schoolMembers.firstName,
      lastName: schoolMembers.lastName,
      email: schoolMembers.email,
      phone: schoolMembers.phone,
    })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.isActive, true)))
    .orderBy(asc(czechSortKey(schoolMembers.lastName)), asc(czechSortKey(schoolMembers.firstName)), asc(schoolMembers.id));
}

export async function getSchoolName(db: DbOrTx, schoolId: string) {
  const [row] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row.name;
}

/**
 * How many schools the account founded since `since` (its 'school.create' audit entries, which outlive a removed
 * school), after holding the account's row until the transaction ends: two foundings at once count one after another.
 */
export async function countSchoolsFoundedSince(tx: DbOrTx, userId: string, since: Date): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.userId, userId), eq(schema.auditLog.action, 'school.create'), gt(schema.auditLog.createdAt, since)));
  return row.n;
}

/** A new school; its first member is added by `insertMember`. */
export async function insertSchool(db: DbOrTx, values: typeof schools.$inferInsert) {
  const [row] = await db.insert(schools).values(values).returning();
  return row;
}

export async function updateSchoolRow(db: DbOrTx, schoolId: SchoolId, values: SchoolValues) {
  const [row] = await db.update(schools).set(values).where(eq(schools.id, schoolId)).returning();
  return row;
}

export async function insertMember(db: DbOrTx, values: typeof schoolMembers.$inferInsert) {
  await db.insert(schoolMembers).values(values);
}

/** A member again (a former member's row comes back with the new role), or a new member. */
export async function upsertMember(db: DbOrTx, values: typeof schoolMembers.$inferInsert & { role: NonNullable<(typeof schoolMembers.$inferInsert)['role']> }) {
  await db
    .insert(schoolMembers)
    .values(values)
    .onConflictDoUpdate({ target: [schoolMembers.schoolId, schoolMembers.userId], set: { isActive: true, role: values.role } });
}

export async function isMemberEmail(db: DbOrTx, schoolId: SchoolId, email: string) {
  const [row] = await db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .innerJoin(users, eq(users.id, schoolMembers.userId))
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.isActive, true), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  return !!row;
}

/** Ends an active membership; returns whose it was, or undefined when the school has no such active member. */
export async function deactivateMember(db: DbOrTx, schoolId: SchoolId, memberId: string) {
  const [row] = await db
    .update(schoolMembers)
    .set({ isActive: false })
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId), eq(schoolMembers.isActive, true)))
    .returning({ userId: schoolMembers.userId, role: schoolMembers.role });
  return row;
}

/** Whose membership it is (null: a teacher without a login), active or not. */
export async function findMemberUserId(db: DbOrTx, schoolId: SchoolId, memberId: string) {
  const [row] = await db
    .select({ userId: schoolMembers.userId })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId)));
  return row?.userId ?? null;
}

/** The user's membership of the school (active or not). */
export async function findMemberIdOfUser(db: DbOrTx, schoolId: SchoolId, userId: string) {
  const [row] = await db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId)));
  return row?.id;
}

/** The user's active school is cleared when it is this one (after leaving it). */
export async function clearActiveSchool(db: DbOrTx, userId: string, schoolId: SchoolId) {
  await db
    .update(users)
    .set({ activeSchoolId: null })
    .where(and(eq(users.id, userId), eq(users.activeSchoolId, schoolId)));
}

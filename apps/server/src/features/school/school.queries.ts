import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';

const { schoolMembers, schools } = schema;

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

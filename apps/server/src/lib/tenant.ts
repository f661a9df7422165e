// The tenant, proven. A `SchoolId` is a school id whose membership was checked in the database; code below the gate
// takes it instead of a raw string, so a query cannot be called with an unproven id. Only the procedure gate
// (trpc/procedures.ts), the socket handshake (live/live.ts) and the job runner create one; tests and benches get
// theirs from testing/tenant.ts.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { StaffRole } from '@volant/shared/enums';
import { and, eq } from 'drizzle-orm';

export type SchoolId = string & { readonly __brand: 'SchoolId' };

/** Call only right after `findMembership` (or the session+membership statement) found an active membership. */
export const proveSchoolId = (id: string) => id as SchoolId;

const { schoolMembers, schools } = schema;

/** The user's active membership of a school (with the school's blocked flag), or undefined. */
export async function findMembership(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = await db
    .select({ memberId: schoolMembers.id, role: schoolMembers.role, isBlocked: schools.isBlocked })
    .from(schoolMembers)
    .innerJoin(schools, eq(schools.id, schoolMembers.schoolId))
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId), eq(schoolMembers.isActive, true)))
    .limit(1);
  return row as { memberId: string; role: StaffRole; isBlocked: boolean } | undefined;
}

// The tenant, proven. A `SchoolId` is a school id the caller's right to was checked in the database (a staff
// membership, a student's session or pass code, a stored print link, a published form); code below the gate takes it
// instead of a raw string, so a query cannot be called with an unproven id. A `ProvenStudent` is the same for a student
// acting as themselves. Only the gate modules create them (the list is kept by gate/gate-modules.test.ts): the
// procedure ladder (trpc/procedures.ts), gate/*.ts, the socket handshake (live/live.ts) and the job runner
// (pdf/jobs.ts); tests and benches get theirs from testing/tenant.ts.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { StaffRole } from '@volant/shared/enums';
import { and, eq } from 'drizzle-orm';

export type SchoolId = string & { readonly __brand: 'SchoolId' };

export type StudentId = string & { readonly __brand: 'StudentId' };

/** A student proven to be the caller, with the school they are a student of. */
export interface ProvenStudent {
  schoolId: SchoolId;
  studentId: StudentId;
}

/** Call only right after the database showed the caller's right to the school (see the list above). */
export const proveSchoolId = (id: string) => id as SchoolId;

/** Call only right after the database showed that the caller is this (not removed) student of this school. */
export const proveStudent = (schoolId: string, studentId: string): ProvenStudent => ({
  schoolId: schoolId as SchoolId,
  studentId: studentId as StudentId,
});

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

/** The user's active membership of a school, with the school's id proven by it; undefined when there is none. */
export async function proveMembership(db: DbOrTx, schoolId: string, userId: string) {
  const membership = await findMembership(db, schoolId, userId);
  return membership && { ...membership, schoolId: proveSchoolId(schoolId) };
}

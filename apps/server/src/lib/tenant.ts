// The tenant, proven. A `SchoolId` is a school id the caller was shown to reach (an active membership checked in the
// database, or a secret of that school); code below takes it instead of a raw string, so a query cannot be called
// with an unproven id. `proveSchoolId` makes one right after such a check: the procedure gate (trpc/procedures.ts),
// the pass and application-form services (after the code or the form's token), the print route and the file
// download (after the signed token or the membership), and the PDF job runner (the school of the job row the gate
// stored). The socket handshake checks memberships but keeps plain ids. Tests and benches get theirs from
// testing/tenant.ts.
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

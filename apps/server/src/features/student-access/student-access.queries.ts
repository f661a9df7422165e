// 'Přístup žáka' (issue 19 §1): the student's access to 'Můj výcvik' as the office sees and changes it.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { students, schools } = schema;

export async function findAccess(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({
      email: students.email,
      firstName: students.firstName,
      state: students.state,
      invitedAt: students.portalInvitedAt,
      lastSignInAt: students.portalLastSignInAt,
      schoolName: schools.name,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}

export async function setInvitedAt(tx: DbOrTx, schoolId: SchoolId, studentId: string, invitedAt: Date | null) {
  await tx
    .update(students)
    .set({ portalInvitedAt: invitedAt })
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)));
}

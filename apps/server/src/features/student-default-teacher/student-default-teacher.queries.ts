// A student's default teachers (Výuka and Výcvik), and the check that a teacher is one of the school's.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { DefaultTeacherType } from '@volant/shared/enums';
import { and, eq, inArray } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { studentDefaultTeachers, schoolMembers } = schema;

/** The members who teach (spec: teachers are active members with role ADMIN, TEACHER or PARAMEDIC). */
const TEACHING_ROLES = ['ADMIN', 'TEACHER', 'PARAMEDIC'] as const;

/** Which of these member ids are active teachers of the school. */
export async function findActiveTeacherIds(db: DbOrTx, schoolId: SchoolId, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(
      and(
        eq(schoolMembers.schoolId, schoolId),
        inArray(schoolMembers.id, memberIds),
        eq(schoolMembers.isActive, true),
        inArray(schoolMembers.role, TEACHING_ROLES),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function findDefaultTeacher(db: DbOrTx, schoolId: SchoolId, studentId: string, type: DefaultTeacherType) {
  const [row] = await db
    .select({ teacherId: studentDefaultTeachers.teacherId })
    .from(studentDefaultTeachers)
    .where(and(eq(studentDefaultTeachers.schoolId, schoolId), eq(studentDefaultTeachers.studentId, studentId), eq(studentDefaultTeachers.type, type)))
    .limit(1);
  return row?.teacherId ?? null;
}

export async function upsertDefaultTeacher(tx: DbOrTx, schoolId: SchoolId, studentId: string, type: DefaultTeacherType, teacherId: string, at: Date) {
  await tx
    .insert(studentDefaultTeachers)
    .values({ schoolId, studentId, type, teacherId, updatedAt: at })
    .onConflictDoUpdate({
      target: [studentDefaultTeachers.schoolId, studentDefaultTeachers.studentId, studentDefaultTeachers.type],
      set: { teacherId, updatedAt: at },
    });
}

export async function deleteDefaultTeacher(tx: DbOrTx, schoolId: SchoolId, studentId: string, type: DefaultTeacherType) {
  await tx
    .delete(studentDefaultTeachers)
    .where(and(eq(studentDefaultTeachers.schoolId, schoolId), eq(studentDefaultTeachers.studentId, studentId), eq(studentDefaultTeachers.type, type)));
}

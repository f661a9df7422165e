// The student's theory lessons (teaching_lesson_records): one row per 45-minute lesson of a Výuka section.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { TeachingSection } from '@volant/shared/enums';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { teachingLessonRecords, students, schoolMembers } = schema;

export type TeachingLessonRow = typeof teachingLessonRecords.$inferSelect;

/** What the plan of a visible student of the school depends on; undefined when there is no such student. */
export async function findPlanStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({
      id: students.id,
      groups: students.groups,
      trainingKind: students.trainingKind,
      trainingType: students.trainingType,
      dateOfInProgress: students.dateOfInProgress,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}

/** The student's lessons by section and position. */
export function listLessons(db: DbOrTx, schoolId: SchoolId, studentId: string): Promise<TeachingLessonRow[]> {
  return db
    .select()
    .from(teachingLessonRecords)
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.studentId, studentId)))
    .orderBy(asc(teachingLessonRecords.type), asc(teachingLessonRecords.position), asc(teachingLessonRecords.id));
}

/** The same with each lesson's teacher's name (a former teacher too, whom the pickers no longer offer). */
export async function listLessonsWithTeacher(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const rows = await db
    .select({ lesson: teachingLessonRecords, teacherFirstName: schoolMembers.firstName, teacherLastName: schoolMembers.lastName })
    .from(teachingLessonRecords)
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, teachingLessonRecords.schoolId), eq(schoolMembers.id, teachingLessonRecords.teacherId)))
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.studentId, studentId)))
    .orderBy(asc(teachingLessonRecords.type), asc(teachingLessonRecords.position), asc(teachingLessonRecords.id));
  return rows.map(({ lesson, teacherFirstName, teacherLastName }) => ({
    ...lesson,
    teacher: lesson.teacherId ? { id: lesson.teacherId, firstName: teacherFirstName ?? '', lastName: teacherLastName ?? '' } : null,
  }));
}
export type TeachingLessonWithTeacher = Awaited<ReturnType<typeof listLessonsWithTeacher>>[number];

export async function insertLessons(
  tx: DbOrTx,
  schoolId: SchoolId,
  studentId: string,
  rows: { type: TeachingSection; position: number; teacherId: string | null }[],
) {
  if (rows.length === 0) return;
  await tx.insert(teachingLessonRecords).values(rows.map((r) => ({ ...r, schoolId, studentId })));
}

export async function deleteLessons(tx: DbOrTx, schoolId: SchoolId, studentId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .delete(teachingLessonRecords)
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.studentId, studentId), inArray(teachingLessonRecords.id, ids)));
}

export async function updateLesson(
  tx: DbOrTx,
  schoolId: SchoolId,
  studentId: string,
  id: string,
  values: { teacherId: string | null; date: string | null; topic: string | null; attendedAt: Date | null; updatedAt: Date },
) {
  const rows = await tx
    .update(teachingLessonRecords)
    .set(values)
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.studentId, studentId), eq(teachingLessonRecords.id, id)))
    .returning({ id: teachingLessonRecords.id });
  return rows.length > 0;
}

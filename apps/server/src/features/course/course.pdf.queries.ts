// Reads of a course's class book ('Třídní kniha' per course, issue 20 §3): its students (and any extra student marked
// present at one of its lessons), its lessons that have begun with their teacher, and the attendance.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { courseColumns } from '../teaching-lesson-record/teaching-lesson-record.pdf.queries.ts';

const { students, interpreters, courseStudents, groupLessons, groupLessonStudents, groupLessonAttendance, schoolMembers } = schema;

/** The course's students and the students marked at its lessons, with their interpreter, by surname. */
export function listClassBookStudents(db: DbOrTx, schoolId: SchoolId, courseId: string) {
  const ofCourse = db
    .select({ id: courseStudents.studentId })
    .from(courseStudents)
    .where(and(eq(courseStudents.schoolId, schoolId), eq(courseStudents.courseId, courseId)));
  const marked = db
    .select({ id: groupLessonAttendance.studentId })
    .from(groupLessonAttendance)
    .innerJoin(groupLessons, and(eq(groupLessons.schoolId, groupLessonAttendance.schoolId), eq(groupLessons.id, groupLessonAttendance.lessonId)))
    .where(and(eq(groupLessonAttendance.schoolId, schoolId), eq(groupLessons.courseId, courseId)));
  return db
    .select(courseColumns)
    .from(students)
    .leftJoin(interpreters, and(eq(interpreters.schoolId, students.schoolId), eq(interpreters.id, students.interpreterId)))
    .where(and(eq(students.schoolId, schoolId), isNull(students.removedAt), or(inArray(students.id, ofCourse), inArray(students.id, marked))))
    .orderBy(asc(czechSortKey(students.lastName)), asc(czechSortKey(students.firstName)), asc(students.id));
}

/** The course's lessons that began by `now`, with the teacher's name, in order. */
export function listBegunLessons(db: DbOrTx, schoolId: SchoolId, courseId: string, now: Date) {
  return db
    .select({
      id: groupLessons.id,
      startTime: groupLessons.startTime,
      units: groupLessons.units,
      type: groupLessons.type,
      topic: groupLessons.topic,
      teacher: sql<string | null>`nullif(concat_ws(' ', ${schoolMembers.degree}, ${schoolMembers.firstName}, ${schoolMembers.lastName}), '')`,
    })
    .from(groupLessons)
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, groupLessons.schoolId), eq(schoolMembers.id, groupLessons.teacherId)))
    .where(and(eq(groupLessons.schoolId, schoolId), eq(groupLessons.courseId, courseId), lte(groupLessons.startTime, now)))
    .orderBy(asc(groupLessons.startTime), asc(groupLessons.id));
}

export function listLessonsAttendance(db: DbOrTx, schoolId: SchoolId, lessonIds: string[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .select({ lessonId: groupLessonAttendance.lessonId, studentId: groupLessonAttendance.studentId, present: groupLessonAttendance.present })
    .from(groupLessonAttendance)
    .where(and(eq(groupLessonAttendance.schoolId, schoolId), inArray(groupLessonAttendance.lessonId, lessonIds)));
}

export function listLessonsExtras(db: DbOrTx, schoolId: SchoolId, lessonIds: string[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .select({ lessonId: groupLessonStudents.lessonId, studentId: groupLessonStudents.studentId })
    .from(groupLessonStudents)
    .where(and(eq(groupLessonStudents.schoolId, schoolId), inArray(groupLessonStudents.lessonId, lessonIds)));
}

export async function listCourseStudentIds(db: DbOrTx, schoolId: SchoolId, courseId: string) {
  const rows = await db
    .select({ id: courseStudents.studentId })
    .from(courseStudents)
    .where(and(eq(courseStudents.schoolId, schoolId), eq(courseStudents.courseId, courseId)));
  return new Set(rows.map((r) => r.id));
}

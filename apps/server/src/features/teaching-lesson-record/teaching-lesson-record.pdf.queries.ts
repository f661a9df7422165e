// Reads of the class book: the course (the students on the subject student's latest hlášenka) and their lessons.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { studentColumns } from '../student/student.pdf.queries.ts';

const { reports, reportStudents, students, interpreters, teachingLessonRecords: lessons, schoolMembers } = schema;

/** The latest hlášenka the student is on (the day their course started), or undefined. */
export async function findLatestReportOf(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ id: reports.id, date: reports.date })
    .from(reportStudents)
    .innerJoin(reports, and(eq(reports.schoolId, reportStudents.schoolId), eq(reports.id, reportStudents.reportId)))
    .where(and(eq(reportStudents.schoolId, schoolId), eq(reportStudents.studentId, studentId)))
    .orderBy(desc(reports.date), desc(reports.createdAt))
    .limit(1);
  return row;
}

export const courseColumns = {
  ...studentColumns,
  interpreterFirstName: interpreters.firstName,
  interpreterLastName: interpreters.lastName,
  interpreterDegree: interpreters.degree,
  interpreterBirthDate: interpreters.birthDate,
  interpreterStreet: interpreters.street,
  interpreterStreetCode: interpreters.streetCode,
  interpreterCity: interpreters.city,
  interpreterPostCode: interpreters.postCode,
};

/** The visible students on the hlášenka (or the one student), with their interpreter, by surname. */
export function listCourseStudents(db: DbOrTx, schoolId: SchoolId, course: { reportId: string } | { studentId: string }) {
  const base = db
    .select(courseColumns)
    .from(students)
    .leftJoin(interpreters, and(eq(interpreters.schoolId, students.schoolId), eq(interpreters.id, students.interpreterId)));
  const where =
    'reportId' in course
      ? and(
          eq(students.schoolId, schoolId),
          isNull(students.removedAt),
          inArray(
            students.id,
            db
              .select({ id: reportStudents.studentId })
              .from(reportStudents)
              .where(and(eq(reportStudents.schoolId, schoolId), eq(reportStudents.reportId, course.reportId))),
          ),
        )
      : and(eq(students.schoolId, schoolId), eq(students.id, course.studentId), isNull(students.removedAt));
  return base.where(where).orderBy(asc(czechSortKey(students.lastName)), asc(czechSortKey(students.firstName)), asc(students.id));
}

/**
 * The taught lessons of these students: marked attended and dated on or before `day` (the document's day), with the
 * teacher's name. A planned lesson (a date, not attended) is never listed as taught (issue 17).
 */
export function listTaughtLessons(db: DbOrTx, schoolId: SchoolId, studentIds: string[], day: string) {
  return db
    .select({
      studentId: lessons.studentId,
      type: lessons.type,
      position: lessons.position,
      date: lessons.date,
      topic: lessons.topic,
      teacherId: lessons.teacherId,
      teacher: sql<string | null>`nullif(concat_ws(' ', ${schoolMembers.degree}, ${schoolMembers.firstName}, ${schoolMembers.lastName}), '')`,
    })
    .from(lessons)
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, lessons.schoolId), eq(schoolMembers.id, lessons.teacherId)))
    .where(
      and(
        eq(lessons.schoolId, schoolId),
        inArray(lessons.studentId, studentIds),
        sql`${lessons.date} is not null`,
        sql`${lessons.attendedAt} is not null`,
        lte(lessons.date, day),
      ),
    )
    .orderBy(asc(lessons.date), asc(lessons.type), asc(lessons.position));
}

/** The student's planned lessons per section (the rows made from the lesson plan when training started). */
export function countPlannedLessons(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select({ type: lessons.type, n: count() })
    .from(lessons)
    .where(and(eq(lessons.schoolId, schoolId), eq(lessons.studentId, studentId)))
    .groupBy(lessons.type);
}

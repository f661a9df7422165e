// Reads of the readiness forecast (issue 22 §3), in bulk: one statement per kind of row for any number of students
// (the whole school's list runs the same statements as one card), the school filter inside each. The legal minimum's
// own reads are lesson-plan/legal-minimum.ts's (studentsLegalMinimum), not repeated here.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, countDistinct, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CalendarDate } from '@volant/shared/school-time';
import type { SchoolId } from '../../lib/tenant.ts';
import { TEACHER_ROLES } from '../driving-lessons-record/driving-lessons-record.queries.ts';

const {
  students,
  schoolMembers: m,
  drivingLessonRecords: r,
  studentDefaultTeachers: dt,
  groupLessons: gl,
  courseStudents: cs,
  courses,
  groupLessonStudents: gls,
  exams,
  examSignUps,
  teachingLessonRecords: tl,
} = schema;

/** The students the forecast is about: one by id (the card, the student's place) or every one in training (the list). */
export function listForecastStudents(db: DbOrTx, schoolId: SchoolId, studentId?: string) {
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
      state: students.state,
      groups: students.groups,
      birthDate: students.birthDate,
      dateOfInProgress: students.dateOfInProgress,
    })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.removedAt),
        studentId === undefined ? eq(students.state, 'IN_PROGRESS') : eq(students.id, studentId),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/** The students' training teachers ('Učitel výcviku'), active teaching members only, with their names. */
export function listTrainingTeachers(db: DbOrTx, schoolId: SchoolId, studentIds: string[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ studentId: dt.studentId, teacherId: dt.teacherId, firstName: m.firstName, lastName: m.lastName })
    .from(dt)
    .innerJoin(m, and(eq(m.schoolId, dt.schoolId), eq(m.id, dt.teacherId)))
    .where(
      and(eq(dt.schoolId, schoolId), inArray(dt.studentId, studentIds), eq(dt.type, 'TRAINING'), eq(m.isActive, true), inArray(m.role, [...TEACHER_ROLES])),
    );
}

/**
 * The school's booked items (SCHEDULED or COMPLETED; cancelled ones aside) touching [from, to): who and what they hold.
 * `longest` bounds the start-time search (a two-week car reservation).
 */
export function listBookedItems(db: DbOrTx, schoolId: SchoolId, from: Date, to: Date, longest: number) {
  return db
    .select({
      studentId: r.studentId,
      teacherId: r.teacherId,
      carId: r.schoolCarId,
      type: r.type,
      state: r.state,
      start: r.startTime,
      end: r.endTime,
      length: r.length,
    })
    .from(r)
    .where(
      and(
        eq(r.schoolId, schoolId),
        inArray(r.state, ['SCHEDULED', 'COMPLETED']),
        gte(r.startTime, new Date(from.getTime() - longest)),
        lt(r.startTime, to),
        gt(r.endTime, from),
      ),
    );
}

/** The school's group lessons not ended by `from` and starting before `to`, with their teacher. */
export function listGroupLessons(db: DbOrTx, schoolId: SchoolId, from: Date, to: Date) {
  return db
    .select({ id: gl.id, courseId: gl.courseId, teacherId: gl.teacherId, type: gl.type, start: gl.startTime, end: gl.endTime, units: gl.units })
    .from(gl)
    .where(and(eq(gl.schoolId, schoolId), gt(gl.endTime, from), lt(gl.startTime, to)));
}

/**
 * Who takes which of those lessons: the students of a course that is not closed (every lesson of the course) and the
 * students added to one lesson. Rows of (courseId | lessonId, studentId) for the given students.
 */
export async function listLessonStudents(db: DbOrTx, schoolId: SchoolId, studentIds: string[]) {
  if (studentIds.length === 0) return { courseStudents: [], lessonStudents: [] };
  const [courseStudents, lessonStudents] = await Promise.all([
    db
      .select({ courseId: cs.courseId, studentId: cs.studentId })
      .from(cs)
      .innerJoin(courses, and(eq(courses.schoolId, cs.schoolId), eq(courses.id, cs.courseId)))
      .where(and(eq(cs.schoolId, schoolId), inArray(cs.studentId, studentIds), isNull(courses.endedAt))),
    db
      .select({ lessonId: gls.lessonId, studentId: gls.studentId })
      .from(gls)
      .where(and(eq(gls.schoolId, schoolId), inArray(gls.studentId, studentIds))),
  ]);
  return { courseStudents, lessonStudents };
}

/** The school's exam terms on or after `from`, with how many students are signed up for each. */
export function listExamTerms(db: DbOrTx, schoolId: SchoolId, from: string) {
  return db
    .select({
      id: exams.id,
      date: exams.date,
      place: exams.place,
      types: exams.types,
      capacity: exams.capacity,
      signedUp: sql<number>`${countDistinct(examSignUps.studentId)}::int`,
    })
    .from(exams)
    .leftJoin(examSignUps, and(eq(examSignUps.schoolId, exams.schoolId), eq(examSignUps.examId, exams.id)))
    .where(and(eq(exams.schoolId, schoolId), gte(exams.date, from)))
    .groupBy(exams.id)
    .orderBy(asc(exams.date), asc(exams.id));
}

/**
 * The students' Výuka rows planned by a date on or after `from` and not attended (a group lesson's rows are filled only
 * by attendance, so these are the individually planned lessons: ISP consultations, PV lessons, a make-up).
 */
export function listPlannedTheory(db: DbOrTx, schoolId: SchoolId, studentIds: string[], from: CalendarDate) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ studentId: tl.studentId, type: tl.type, date: tl.date })
    .from(tl)
    .where(and(eq(tl.schoolId, schoolId), inArray(tl.studentId, studentIds), isNull(tl.attendedAt), isNull(tl.groupLessonId), gte(tl.date, from)));
}

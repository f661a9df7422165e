// Reads of the legal minimum (issue 17): what students attended and completed, bounded by the day and the moment
// judged, with the school filter inside each statement. Theory: lessons marked attended dated on or before the day.
// Practice: rides and PV lessons in state COMPLETED that ended at or before the moment (a future ride never counts).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { LessonKind, TeachingSection } from '@volant/shared/enums';
import type { CalendarDate } from '@volant/shared/school-time';
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { students, teachingLessonRecords: lessons, drivingLessonRecords: rides, studentPriorHours: priorHours, studentPriorTrainings: priorTrainings } = schema;

/** The visible students' plan inputs: groups, kind, type, the start (the law's version in force) and the early end. */
export function listMinimumStudents(db: DbOrTx, schoolId: SchoolId, studentIds: string[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
      groups: students.groups,
      trainingKind: students.trainingKind,
      trainingType: students.trainingType,
      dateOfInProgress: students.dateOfInProgress,
      earlyEndReason: students.earlyEndReason,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds), isNull(students.removedAt)));
}

/** Attended theory lessons per student and section, dated on or before `day`. */
export async function countAttendedLessons(db: DbOrTx, schoolId: SchoolId, studentIds: string[], day: CalendarDate) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: lessons.studentId, type: lessons.type, n: count() })
    .from(lessons)
    .where(and(eq(lessons.schoolId, schoolId), inArray(lessons.studentId, studentIds), isNotNull(lessons.attendedAt), lte(lessons.date, day)))
    .groupBy(lessons.studentId, lessons.type) as Promise<{ studentId: string; type: TeachingSection; n: number }[]>;
}

/** Minutes of completed practical lessons per student and kind, ended at or before `until`. */
export async function sumCompletedMinutes(db: DbOrTx, schoolId: SchoolId, studentIds: string[], until: Date) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: rides.studentId, type: rides.type, minutes: sql<number>`coalesce(sum(${rides.length}), 0)::int` })
    .from(rides)
    .where(
      and(
        eq(rides.schoolId, schoolId),
        inArray(rides.studentId, studentIds),
        eq(rides.state, 'COMPLETED'),
        inArray(rides.type, ['DRIVING', 'PV_UV', 'PV_ZP']),
        lte(rides.endTime, until),
      ),
    )
    .groupBy(rides.studentId, rides.type) as Promise<{ studentId: string | null; type: LessonKind; minutes: number }[]>;
}

/**
 * Prior hours from previous schools' verified transfer records (issue 22 §4) per student and plan item: attended
 * lessons and completed minutes, of the records imported at or before `until` (a document dated before the import
 * does not count them).
 */
export async function sumPriorHours(db: DbOrTx, schoolId: SchoolId, studentIds: string[], until: Date) {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: priorHours.studentId,
      item: priorHours.item,
      lessons: sql<number>`coalesce(sum(${priorHours.lessons}), 0)::int`,
      minutes: sql<number>`coalesce(sum(${priorHours.minutes}), 0)::int`,
    })
    .from(priorHours)
    .innerJoin(priorTrainings, and(eq(priorTrainings.schoolId, priorHours.schoolId), eq(priorTrainings.id, priorHours.priorTrainingId)))
    .where(and(eq(priorHours.schoolId, schoolId), inArray(priorHours.studentId, studentIds), lte(priorTrainings.createdAt, until)))
    .groupBy(priorHours.studentId, priorHours.item);
}

/** The previous schools whose records were imported at or before `until`, per student, in the order imported. */
export async function listPriorSchools(db: DbOrTx, schoolId: SchoolId, studentIds: string[], until: Date) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: priorTrainings.studentId, name: priorTrainings.issuingSchoolName })
    .from(priorTrainings)
    .where(and(eq(priorTrainings.schoolId, schoolId), inArray(priorTrainings.studentId, studentIds), lte(priorTrainings.createdAt, until)))
    .orderBy(asc(priorTrainings.createdAt), asc(priorTrainings.id));
}

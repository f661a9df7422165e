// Calendar feeds (issue 19 §4): the feeds' rows, and the rides and theory lessons a feed shows. Every read is bounded
// by the proven school and its owner (the student, or the member as the teacher), so a feed shows no one else's day.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, gte, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';

const { calendarFeeds, drivingLessonRecords, teachingLessonRecords, schoolMembers, schoolCars, students } = schema;

/** Whose feed: a student's own, or a member's (their own day as the teacher). */
export type FeedOwnerKey = { schoolId: SchoolId; studentId: string; memberId?: undefined } | { schoolId: SchoolId; memberId: string; studentId?: undefined };

/** Rides and the practical lessons booked like rides; a car's reservation is no one's lesson. */
const LESSON_TYPES = ['DRIVING', 'PV_UV', 'PV_ZP'] as const;

function ownerWhere(owner: FeedOwnerKey): SQL {
  const who = owner.studentId !== undefined ? eq(calendarFeeds.studentId, owner.studentId) : eq(calendarFeeds.memberId, owner.memberId);
  return and(eq(calendarFeeds.schoolId, owner.schoolId), who, isNull(calendarFeeds.revokedAt)) as SQL;
}

/** The owner's name: whose rides and lessons the feed shows (the card says it). */
export async function findOwnerName(db: DbOrTx, owner: FeedOwnerKey) {
  const [row] =
    owner.studentId !== undefined
      ? await db
          .select({ firstName: students.firstName, lastName: students.lastName })
          .from(students)
          .where(and(eq(students.schoolId, owner.schoolId), eq(students.id, owner.studentId)))
      : await db
          .select({ firstName: schoolMembers.firstName, lastName: schoolMembers.lastName })
          .from(schoolMembers)
          .where(and(eq(schoolMembers.schoolId, owner.schoolId), eq(schoolMembers.id, owner.memberId)));
  return row ? `${row.firstName} ${row.lastName}` : '';
}

/** The owner's live feed (its creation time), or undefined. */
export async function findLiveFeed(db: DbOrTx, owner: FeedOwnerKey) {
  const [row] = await db.select({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(ownerWhere(owner)).limit(1);
  return row;
}

/** Ends the owner's live feed (if any) now: its URL answers 404 from this commit on. */
export async function revokeLiveFeed(tx: DbOrTx, owner: FeedOwnerKey, now: Date) {
  return tx.update(calendarFeeds).set({ revokedAt: now }).where(ownerWhere(owner)).returning({ id: calendarFeeds.id });
}

export async function insertFeed(tx: DbOrTx, owner: FeedOwnerKey, tokenHash: string, now: Date) {
  const [row] = await tx
    .insert(calendarFeeds)
    .values({ schoolId: owner.schoolId, studentId: owner.studentId ?? null, memberId: owner.memberId ?? null, tokenHash, createdAt: now })
    .returning({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt });
  return row;
}

/** For the office's 'Zrušit přístup' (issue 19 §1): ends a student's feed with their access. */
export async function revokeStudentFeeds(tx: DbOrTx, schoolId: SchoolId, studentId: string, now: Date) {
  await revokeLiveFeed(tx, { schoolId, studentId }, now);
}

const rideColumns = {
  id: drivingLessonRecords.id,
  type: drivingLessonRecords.type,
  state: drivingLessonRecords.state,
  startTime: drivingLessonRecords.startTime,
  endTime: drivingLessonRecords.endTime,
  length: drivingLessonRecords.length,
  createdAt: drivingLessonRecords.createdAt,
  updatedAt: drivingLessonRecords.updatedAt,
  teacherFirstName: schoolMembers.firstName,
  teacherLastName: schoolMembers.lastName,
  carType: schoolCars.carType,
  carRegNumber: schoolCars.regNumber,
  studentFirstName: students.firstName,
  studentLastName: students.lastName,
  studentGroups: students.currentGroups,
  studentAllGroups: students.groups,
};

export type FeedRide = Awaited<ReturnType<typeof listRides>>[number];

/** Rides of the student (or of the teacher) from `from` on, in time order. */
export function listRides(db: DbOrTx, owner: FeedOwnerKey, from: Date) {
  const who = owner.studentId !== undefined ? eq(drivingLessonRecords.studentId, owner.studentId) : eq(drivingLessonRecords.teacherId, owner.memberId);
  return db
    .select(rideColumns)
    .from(drivingLessonRecords)
    .innerJoin(students, and(eq(students.schoolId, drivingLessonRecords.schoolId), eq(students.id, drivingLessonRecords.studentId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, drivingLessonRecords.schoolId), eq(schoolMembers.id, drivingLessonRecords.teacherId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, drivingLessonRecords.schoolId), eq(schoolCars.id, drivingLessonRecords.schoolCarId)))
    .where(
      and(
        eq(drivingLessonRecords.schoolId, owner.schoolId),
        who,
        inArray(drivingLessonRecords.type, [...LESSON_TYPES]),
        gte(drivingLessonRecords.startTime, from),
        isNull(students.removedAt),
      ),
    )
    .orderBy(asc(drivingLessonRecords.startTime), asc(drivingLessonRecords.id));
}

export type FeedLesson = Awaited<ReturnType<typeof listTheory>>[number];

/** Dated theory lessons of the student (or taught by the member) from day `fromDay` on. */
export function listTheory(db: DbOrTx, owner: FeedOwnerKey, fromDay: string) {
  const who = owner.studentId !== undefined ? eq(teachingLessonRecords.studentId, owner.studentId) : eq(teachingLessonRecords.teacherId, owner.memberId);
  return db
    .select({
      id: teachingLessonRecords.id,
      type: teachingLessonRecords.type,
      position: teachingLessonRecords.position,
      date: teachingLessonRecords.date,
      topic: teachingLessonRecords.topic,
      createdAt: teachingLessonRecords.createdAt,
      updatedAt: teachingLessonRecords.updatedAt,
      teacherFirstName: schoolMembers.firstName,
      teacherLastName: schoolMembers.lastName,
      studentFirstName: students.firstName,
      studentLastName: students.lastName,
    })
    .from(teachingLessonRecords)
    .innerJoin(students, and(eq(students.schoolId, teachingLessonRecords.schoolId), eq(students.id, teachingLessonRecords.studentId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, teachingLessonRecords.schoolId), eq(schoolMembers.id, teachingLessonRecords.teacherId)))
    .where(
      and(
        eq(teachingLessonRecords.schoolId, owner.schoolId),
        who,
        isNotNull(teachingLessonRecords.date),
        gte(teachingLessonRecords.date, fromDay),
        isNull(students.removedAt),
      ),
    )
    .orderBy(asc(teachingLessonRecords.date), asc(teachingLessonRecords.type), asc(teachingLessonRecords.position), asc(teachingLessonRecords.id));
}

/** The proven student as a feed's owner key. */
export const studentOwner = (student: ProvenStudent): FeedOwnerKey => ({ schoolId: student.schoolId, studentId: student.studentId });

// 'Můj den' (issue 20): the teacher's own rides and theory lessons of one day, and the processed action keys. Every
// statement is bounded by the proven school and the caller's own member id (the teacher), so a device is given
// nothing of another teacher or school. The rides read the (school_id, teacher_id, start_time) index.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { BOOKING_STATES } from '@volant/shared/enums';
import { and, asc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { drivingLessonRecords: r, students, schoolCars, schoolMembers, teachingLessonRecords: t, dayActionKeys: k } = schema;

const rideColumns = {
  id: r.id,
  type: r.type,
  state: r.state,
  startTime: r.startTime,
  endTime: r.endTime,
  length: r.length,
  startedAt: r.startedAt,
  endedAt: r.endedAt,
  tachometerBefore: r.tachometerBefore,
  tachometerAfter: r.tachometerAfter,
  note: r.note,
  updatedAt: r.updatedAt,
  recordedAt: r.recordedAt,
  signed: sql<boolean>`(${r.signature} is not null)`,
  teacherSigned: sql<boolean>`(${r.teacherSignature} is not null)`,
  student: {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    phone: students.phone,
    groups: students.groups,
    medicalCertificateDate: students.medicalCertificateDate,
  },
  car: { id: schoolCars.id, regNumber: schoolCars.regNumber, carType: schoolCars.carType, stkValidUntil: schoolCars.stkValidUntil },
  /** The car's last reading after a ride that started before this one (the tachometer's pre-fill). */
  carLastTachometer: sql<number | null>`(select p.tachometer_after from ${r} p where p.school_id = ${r.schoolId}
    and p.school_car_id = ${r.schoolCarId} and p.id <> ${r.id} and p.tachometer_after is not null
    and p.state in (${sql.join(
      BOOKING_STATES.map((s) => sql`${s}`),
      sql`, `,
    )}) and p.start_time < ${r.startTime} order by p.start_time desc limit 1)`.mapWith(Number),
};

/** The teacher's rides and PV lessons starting in [from, to), in time order (a car's reservation is no one's lesson). */
export function listTeacherRides(db: DbOrTx, schoolId: SchoolId, memberId: string, from: Date, to: Date, recordId?: string) {
  return db
    .select(rideColumns)
    .from(r)
    .leftJoin(students, and(eq(students.schoolId, r.schoolId), eq(students.id, r.studentId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
    .where(
      and(
        eq(r.schoolId, schoolId),
        eq(r.teacherId, memberId),
        ne(r.type, 'CAR_RESERVATION'),
        recordId ? eq(r.id, recordId) : and(gte(r.startTime, from), lt(r.startTime, to)),
      ),
    )
    .orderBy(asc(r.startTime), asc(r.id));
}
export type DayRideRow = Awaited<ReturnType<typeof listTeacherRides>>[number];

/**
 * The teacher's individual theory lessons dated on the day (dated by day only), with the student. The rows a group
 * lesson's attendance filled are not listed here: the group lesson's own card shows them ('Docházka').
 */
export function listTeacherLessons(db: DbOrTx, schoolId: SchoolId, memberId: string, day: string) {
  return db
    .select({
      id: t.id,
      section: t.type,
      position: t.position,
      topic: t.topic,
      attended: sql<boolean>`(${t.attendedAt} is not null)`,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName, phone: students.phone, groups: students.groups },
    })
    .from(t)
    .innerJoin(students, and(eq(students.schoolId, t.schoolId), eq(students.id, t.studentId)))
    .where(and(eq(t.schoolId, schoolId), eq(t.teacherId, memberId), eq(t.date, day), isNull(t.groupLessonId)))
    .orderBy(asc(t.type), asc(t.position), asc(students.lastName));
}

/** The teacher's licence (for the warning before driving). */
export async function findTeacher(db: DbOrTx, schoolId: SchoolId, memberId: string) {
  const [row] = await db
    .select({ id: schoolMembers.id, licenceValidUntil: schoolMembers.teacherLicenceValidUntil })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId)));
  return row;
}

/** Each student's booked DRIVING minutes starting in [from, to) (all teachers): the daily limit's count. */
export async function drivingMinutesOfStudents(db: DbOrTx, schoolId: SchoolId, studentIds: string[], from: Date, to: Date) {
  if (studentIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ studentId: r.studentId, minutes: sql<number>`coalesce(sum(${r.length}), 0)::int`.mapWith(Number) })
    .from(r)
    .where(
      and(
        eq(r.schoolId, schoolId),
        inArray(r.studentId, studentIds),
        eq(r.type, 'DRIVING'),
        inArray(r.state, [...BOOKING_STATES]),
        gte(r.startTime, from),
        lt(r.startTime, to),
      ),
    )
    .groupBy(r.studentId);
  return new Map(rows.map((x) => [x.studentId as string, x.minutes]));
}

// --- Processed action keys ---

/**
 * Claims the key for this action: true when it is new. A concurrent claim of the same key waits for the first
 * transaction and then finds the key taken (the unique index on (school_id, key)).
 */
export async function claimKey(tx: DbOrTx, schoolId: SchoolId, key: string, memberId: string, recordId: string) {
  const rows = await tx
    .insert(k)
    .values({ schoolId, key, memberId, recordId, answer: {} })
    .onConflictDoNothing({ target: [k.schoolId, k.key] })
    .returning({ id: k.id });
  return rows.length > 0;
}

export async function findKey(db: DbOrTx, schoolId: SchoolId, key: string) {
  const [row] = await db
    .select({ memberId: k.memberId, recordId: k.recordId, answer: k.answer })
    .from(k)
    .where(and(eq(k.schoolId, schoolId), eq(k.key, key)));
  return row;
}

export async function saveAnswer(tx: DbOrTx, schoolId: SchoolId, key: string, answer: unknown) {
  await tx
    .update(k)
    .set({ answer })
    .where(and(eq(k.schoolId, schoolId), eq(k.key, key)));
}

export async function releaseKey(tx: DbOrTx, schoolId: SchoolId, key: string) {
  await tx.delete(k).where(and(eq(k.schoolId, schoolId), eq(k.key, key)));
}

/** Writes the actual start or end (and its tachometer reading) of a ride; updatedAt moves, as with every write. */
export async function setRideFacts(
  tx: DbOrTx,
  schoolId: SchoolId,
  id: string,
  values: Partial<Pick<typeof r.$inferInsert, 'startedAt' | 'endedAt' | 'tachometerBefore' | 'tachometerAfter' | 'note'>>,
) {
  await tx
    .update(r)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(r.schoolId, schoolId), eq(r.id, id)));
}

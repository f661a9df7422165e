// The statements of student booking (issue 19 §3). The proven student's school id is inside every statement; teachers,
// cars and rides are matched on (school_id, id). What the student reads of other people's rides is only busy times.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { BOOKING_STATES } from '@volant/shared/enums';
import { asHalere } from '@volant/shared/money';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';
import { TEACHER_ROLES } from '../driving-lessons-record/driving-lessons-record.queries.ts';

const {
  students,
  schoolMembers: m,
  schoolCars,
  drivingLessonRecords: r,
  teacherAvailability: av,
  teacherAbsences: ab,
  teacherCars: tc,
  studentDefaultTeachers: dt,
  invoices,
  paymentItems,
  schoolPriceExtras,
  schools,
} = schema;

const booked = inArray(r.state, [...BOOKING_STATES]);

/** The student as the rules see them; `lock` takes the row for the transaction (a student's bookings one at a time). */
export async function findBookingStudent(db: DbOrTx, { schoolId, studentId }: ProvenStudent, lock = false) {
  const q = db
    .select({
      id: students.id,
      state: students.state,
      medicalCertificateDate: students.medicalCertificateDate,
      groups: students.groups,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export interface BookableTeacher {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * The teachers the student may book with: their default training teacher, or every active teaching member of the
 * school who has working hours (a setting); either way only active members with a teaching role.
 */
export async function findBookableTeachers(db: DbOrTx, { schoolId, studentId }: ProvenStudent, anyTeacher: boolean): Promise<BookableTeacher[]> {
  const usable = and(eq(m.schoolId, schoolId), eq(m.isActive, true), inArray(m.role, [...TEACHER_ROLES]));
  if (!anyTeacher) {
    return db
      .select({ id: m.id, firstName: m.firstName, lastName: m.lastName })
      .from(dt)
      .innerJoin(m, and(eq(m.schoolId, dt.schoolId), eq(m.id, dt.teacherId)))
      .where(and(eq(dt.schoolId, schoolId), eq(dt.studentId, studentId), eq(dt.type, 'TRAINING'), usable));
  }
  return db
    .select({ id: m.id, firstName: m.firstName, lastName: m.lastName })
    .from(m)
    .where(and(usable, sql`exists (select 1 from ${av} where ${av.schoolId} = ${m.schoolId} and ${av.teacherId} = ${m.id})`))
    .orderBy(asc(m.lastName), asc(m.firstName), asc(m.id));
}

/** The teachers' working hours, absences on the days [from, to] and usual cars (not retired), for the slot search. */
export async function findTeacherCalendars(db: DbOrTx, schoolId: SchoolId, teacherIds: string[], from: string, to: string) {
  if (teacherIds.length === 0) return { availability: [], absences: [], cars: [] };
  const [availability, absences, cars] = await Promise.all([
    db
      .select({ teacherId: av.teacherId, weekday: av.weekday, startMinute: av.startMinute, endMinute: av.endMinute })
      .from(av)
      .where(and(eq(av.schoolId, schoolId), inArray(av.teacherId, teacherIds))),
    db
      .select({ teacherId: ab.teacherId, fromDate: ab.fromDate, toDate: ab.toDate })
      .from(ab)
      .where(and(eq(ab.schoolId, schoolId), inArray(ab.teacherId, teacherIds), lte(ab.fromDate, to), gte(ab.toDate, from))),
    db
      .select({ teacherId: tc.teacherId, carId: tc.schoolCarId })
      .from(tc)
      .innerJoin(schoolCars, and(eq(schoolCars.schoolId, tc.schoolId), eq(schoolCars.id, tc.schoolCarId)))
      .where(and(eq(tc.schoolId, schoolId), inArray(tc.teacherId, teacherIds), isNull(schoolCars.retiredAt)))
      .orderBy(asc(schoolCars.regNumber), asc(tc.schoolCarId)),
  ]);
  return { availability, absences, cars };
}

/** A booked item's holders and time: no names, no ids of other students. */
export interface BusyRow {
  teacherId: string | null;
  carId: string | null;
  mine: boolean;
  start: Date;
  end: Date;
}

/**
 * The booked items (cancelled ones aside) in [from, to) holding one of the teachers, one of the cars or the student:
 * only who of those is held and when.
 */
export async function findBusy(
  db: DbOrTx,
  { schoolId, studentId }: ProvenStudent,
  teacherIds: string[],
  carIds: string[],
  from: Date,
  to: Date,
  /** The longest item (a two-week car reservation), so the start-time index bounds the search. */
  longest: number,
): Promise<BusyRow[]> {
  const holders = [eq(r.studentId, studentId)];
  if (teacherIds.length) holders.push(inArray(r.teacherId, teacherIds));
  if (carIds.length) holders.push(inArray(r.schoolCarId, carIds));
  return db
    .select({
      teacherId: r.teacherId,
      carId: r.schoolCarId,
      mine: sql<boolean>`(${r.studentId} is not distinct from ${studentId}::uuid)`,
      start: r.startTime,
      end: r.endTime,
    })
    .from(r)
    .where(
      and(eq(r.schoolId, schoolId), booked, gte(r.startTime, new Date(from.getTime() - longest)), lt(r.startTime, to), gt(r.endTime, from), or(...holders)),
    );
}

/** The student's rides they booked themselves that have not started (the 'at most N' rule counts them). */
export async function countFutureBookedRides(db: DbOrTx, { schoolId, studentId }: ProvenStudent, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .where(and(eq(r.schoolId, schoolId), eq(r.studentId, studentId), eq(r.state, 'SCHEDULED'), isNotNull(r.bookedByStudentAt), gt(r.startTime, now)));
  return row?.n ?? 0;
}

/**
 * Whether the student has an invoice past its due date that their payments do not cover: the sum of their
 * uncancelled invoices due before `today` exceeds the sum of their payments.
 */
export async function hasOverdueInvoice(db: DbOrTx, { schoolId, studentId }: ProvenStudent, today: string) {
  return (await overdueStudents(db, schoolId, [studentId], today)).has(studentId);
}

/**
 * Of `studentIds`, those with an overdue balance: more invoiced with a due date before `today` (not cancelled) than paid.
 * One statement for a whole list ('Můj den' warns of it for each student of the day).
 */
export async function overdueStudents(db: DbOrTx, schoolId: SchoolId, studentIds: readonly string[], today: string): Promise<Set<string>> {
  if (!studentIds.length) return new Set();
  const result = await db.execute(sql`select s.id from unnest(${sql`array[${sql.join(
    studentIds.map((id) => sql`${id}`),
    sql`, `,
  )}]`}::uuid[]) as s(id)
    where coalesce((select sum(${invoices.total}) from ${invoices} where ${invoices.schoolId} = ${schoolId} and ${invoices.studentId} = s.id
        and ${invoices.kind} = 'INVOICE' and not ${invoices.isCancelled} and ${invoices.dueOn} < ${today}), 0)
      > coalesce((select sum(${paymentItems.price}) from ${paymentItems} where ${paymentItems.schoolId} = ${schoolId}
        and ${paymentItems.studentId} = s.id), 0)`);
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
}

/** The price list's late-cancel extra (haléře), or null when the school has none. */
export async function findLateCancelPrice(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db
    .select({ price: schoolPriceExtras.price })
    .from(schoolPriceExtras)
    .where(and(eq(schoolPriceExtras.schoolId, schoolId), eq(schoolPriceExtras.item, 'LATE_CANCELLATION')))
    .limit(1);
  return row ? Number(row.price) : null;
}

const rideColumns = {
  id: r.id,
  state: r.state,
  startTime: r.startTime,
  endTime: r.endTime,
  length: r.length,
  bookedByStudentAt: r.bookedByStudentAt,
  teacherId: r.teacherId,
  teacherFirstName: m.firstName,
  teacherLastName: m.lastName,
  carType: schoolCars.carType,
  regNumber: schoolCars.regNumber,
};

function rides(db: DbOrTx) {
  return db
    .select(rideColumns)
    .from(r)
    .leftJoin(m, and(eq(m.schoolId, r.schoolId), eq(m.id, r.teacherId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
    .$dynamic();
}

/** The student's own ride (a DRIVING item of theirs), locked when asked; undefined for anyone else's. */
export async function findOwnRide(db: DbOrTx, { schoolId, studentId }: ProvenStudent, rideId: string, lock = false) {
  const q = rides(db)
    .where(and(eq(r.schoolId, schoolId), eq(r.studentId, studentId), eq(r.id, rideId), eq(r.type, 'DRIVING')))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: r }) : await q;
  return row;
}

/** The student's own booked items starting on [from, to) (the day's strip shows them as 'Vaše jízda'). */
export async function listOwnItemsBetween(db: DbOrTx, { schoolId, studentId }: ProvenStudent, from: Date, to: Date) {
  return db
    .select({ id: r.id, start: r.startTime, end: r.endTime, type: r.type })
    .from(r)
    .where(and(eq(r.schoolId, schoolId), eq(r.studentId, studentId), booked, gte(r.startTime, from), lt(r.startTime, to)))
    .orderBy(asc(r.startTime), asc(r.id));
}

/** The student's scheduled rides that have not ended yet, soonest first. */
export async function listUpcomingRides(db: DbOrTx, { schoolId, studentId }: ProvenStudent, now: Date) {
  return rides(db)
    .where(and(eq(r.schoolId, schoolId), eq(r.studentId, studentId), eq(r.type, 'DRIVING'), eq(r.state, 'SCHEDULED'), gt(r.endTime, now)))
    .orderBy(asc(r.startTime), asc(r.id))
    .limit(100);
}

export async function insertBookedRide(
  tx: DbOrTx,
  { schoolId, studentId }: ProvenStudent,
  v: { teacherId: string; carId: string | null; start: Date; end: Date; length: number; now: Date },
) {
  const [row] = await tx
    .insert(r)
    .values({
      schoolId,
      studentId,
      type: 'DRIVING',
      state: 'SCHEDULED',
      teacherId: v.teacherId,
      schoolCarId: v.carId,
      startTime: v.start,
      endTime: v.end,
      length: v.length,
      bookedByStudentAt: v.now,
      createdBy: null,
    })
    .returning({ id: r.id });
  return row;
}

export async function setRideCancelledByStudent(tx: DbOrTx, { schoolId, studentId }: ProvenStudent, rideId: string) {
  const [row] = await tx
    .update(r)
    .set({ state: 'CANCELLED_BY_STUDENT', updatedAt: sql`now()` })
    .where(and(eq(r.schoolId, schoolId), eq(r.studentId, studentId), eq(r.id, rideId), eq(r.state, 'SCHEDULED')))
    .returning({ id: r.id });
  return row;
}

export async function insertLateCancelCharge(
  tx: DbOrTx,
  { schoolId, studentId }: ProvenStudent,
  v: { label: string; price: number; chargedOn: string; note: string },
) {
  const [row] = await tx
    .insert(schema.studentCharges)
    .values({
      schoolId,
      studentId,
      item: 'LATE_CANCELLATION',
      label: v.label,
      quantity: 1,
      unitPrice: asHalere(v.price),
      chargedOn: v.chargedOn,
      note: v.note,
      createdBy: null,
    })
    .returning();
  return row;
}

/** The student's e-mail and school name for a mail about their ride. */
export async function findStudentMailee(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ email: students.email, firstName: students.firstName, schoolName: schools.name })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}

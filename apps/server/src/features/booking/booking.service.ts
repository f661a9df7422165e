// Students booking and cancelling rides themselves under the school's rules (issue 19 §3). Every rule is checked
// again inside the booking's transaction with the student's row locked, so two bookings of one student run one after
// another (the 'at most N' and the daily limit hold); two students racing for one slot meet the exclusion
// constraints of driving_lesson_records, and the loser hears 'Termín je už obsazený', never whose ride won.
import {
  BOOKING_MESSAGES,
  type BookingRules,
  cancelTerms,
  cancelTermsText,
  earliestStart,
  type FreeSlot,
  freeSlots,
  horizonEnd,
  LATE_CANCEL_LABEL,
  rideRefusal,
  rulesInWords,
  studentRefusal,
} from '@volant/shared/booking/rules';
import type { bookRideInput, freeSlotsInput } from '@volant/shared/booking/inputs';
import { timeRangeText } from '@volant/shared/driving-lessons-record/rules';
import { formatPrice } from '@volant/shared/money';
import { addDays, type CalendarDate, schoolDateOf, schoolDay } from '@volant/shared/school-time';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { exclusionViolation } from '../../lib/pg-error.ts';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { DbOrTx } from '@volant/db/client';
import { drivingMinutesBetween } from '../driving-lessons-record/driving-lessons-record.queries.ts';
import { MAX_ITEM_MS, OVERLAP_CONSTRAINTS } from '../driving-lessons-record/driving-lessons-record.service.ts';
import {
  type BookableTeacher,
  countFutureBookedRides,
  findBookableTeachers,
  findBookingStudent,
  findBusy,
  findLateCancelPrice,
  findOwnRide,
  findTeacherCalendars,
  hasOverdueInvoice,
  insertBookedRide,
  insertLateCancelCharge,
  listOwnItemsBetween,
  listUpcomingRides,
  setRideCancelledByStudent,
} from './booking.queries.ts';
import { readBookingRules } from './booking.rules.ts';

const refused = (message: string) => new AppError('BOOKING_REFUSED', message);
const taken = () => new AppError('BOOKING_TAKEN', BOOKING_MESSAGES.taken);
const studentGone = () => new AppError('STUDENT_NOT_FOUND');
const rideNotFound = () => new AppError('NOT_FOUND');

async function studentOrThrow(db: DbOrTx, student: ProvenStudent, lock = false) {
  const row = await findBookingStudent(db, student, lock);
  if (!row) throw studentGone();
  return row;
}

// --- Options and slots ---

/** What the 'Rezervace' tab shows first: whether booking is on (and if not, why), the rules in words, teachers, lengths. */
export async function getBookingOptions(deps: AppDeps, student: ProvenStudent) {
  const rules = await readBookingRules(deps.db, student.schoolId);
  const me = await studentOrThrow(deps.db, student);
  const hasOverdue = rules.enabled && rules.requireNoOverdue ? await hasOverdueInvoice(deps.db, student, schoolDateOf(deps.now())) : false;
  let refusal = studentRefusal(rules, { ...me, hasOverdue });
  const teachers = refusal ? [] : await findBookableTeachers(deps.db, student, rules.teacherChoice === 'ANY_TEACHER');
  if (!refusal && teachers.length === 0) refusal = BOOKING_MESSAGES.noTeacher;
  const today = schoolDateOf(deps.now());
  return {
    /** Whose booking this is (the tab's heading). */
    student: { firstName: me.firstName, lastName: me.lastName },
    enabled: rules.enabled,
    /** Why the student cannot book now, or null. */
    refusal,
    rules: rulesInWords(rules),
    horizonDays: rules.horizonDays,
    freeCancelHours: rules.freeCancelHours,
    firstDay: schoolDateOf(earliestStart(rules, deps.now())),
    lastDay: addDays(today, rules.horizonDays),
    lengths: rules.rideLengths,
    teachers: teachers.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
  };
}

interface DaySearch {
  rules: BookingRules;
  teachers: BookableTeacher[];
  day: CalendarDate;
  now: Date;
  /** Booking checks a slot already past the rules (notBefore = 0); the search offers only bookable ones. */
  bounded: boolean;
}

/** Each teacher's free slots of the day: availability minus absences minus busy teacher, car and student times. */
async function searchDay(db: DbOrTx, student: ProvenStudent, s: DaySearch): Promise<Map<string, FreeSlot[]>> {
  const ids = s.teachers.map((t) => t.id);
  const out = new Map<string, FreeSlot[]>();
  if (ids.length === 0) return out;
  const { start, end } = schoolDay(s.day);
  const cal = await findTeacherCalendars(db, student.schoolId, ids, s.day, s.day);
  const carIds = [...new Set(cal.cars.map((c) => c.carId))];
  const busy = await findBusy(db, student, ids, carIds, start, end, MAX_ITEM_MS);
  for (const teacherId of ids) {
    const teacherBusy = busy.filter((b) => b.mine || b.teacherId === teacherId);
    const cars = cal.cars.filter((c) => c.teacherId === teacherId).map((c) => ({ id: c.carId, busy: busy.filter((b) => b.carId === c.carId) }));
    out.set(
      teacherId,
      freeSlots({
        day: s.day,
        availability: cal.availability.filter((a) => a.teacherId === teacherId),
        absent: cal.absences.some((a) => a.teacherId === teacherId && a.fromDate <= s.day && a.toDate >= s.day),
        busy: teacherBusy,
        cars,
        lengths: s.rules.rideLengths,
        notBefore: s.bounded ? earliestStart(s.rules, s.now) : new Date(0),
        notAfter: s.bounded ? horizonEnd(s.rules, s.now) : new Date(8.64e15),
      }),
    );
  }
  return out;
}

/**
 * The free slots of one school day for each teacher the student may book with (empty when booking is refused to the
 * student or the day is outside the horizon). Only times: nothing says whose ride fills the rest of the day.
 */
export async function getFreeSlots(deps: AppDeps, student: ProvenStudent, input: z.output<typeof freeSlotsInput>) {
  const now = deps.now();
  const rules = await readBookingRules(deps.db, student.schoolId);
  const me = await studentOrThrow(deps.db, student);
  const hasOverdue = rules.enabled && rules.requireNoOverdue ? await hasOverdueInvoice(deps.db, student, schoolDateOf(now)) : false;
  const refusal = studentRefusal(rules, { ...me, hasOverdue });
  const today = schoolDateOf(now);
  const { start: dayStart, end: dayEnd } = schoolDay(input.date);
  // The student's own rides of the day ('Vaše jízda'): their own, so always shown.
  const mine = await listOwnItemsBetween(deps.db, student, dayStart, dayEnd);
  if (refusal || input.date < today || input.date > addDays(today, rules.horizonDays)) return { date: input.date, refusal, mine, teachers: [] };
  const teachers = await findBookableTeachers(deps.db, student, rules.teacherChoice === 'ANY_TEACHER');
  const slots = await searchDay(deps.db, student, { rules, teachers, day: input.date, now, bounded: true });
  return {
    date: input.date,
    refusal: teachers.length === 0 ? BOOKING_MESSAGES.noTeacher : null,
    mine,
    teachers: teachers.map((t) => ({
      id: t.id,
      firstName: t.firstName,
      lastName: t.lastName,
      slots: (slots.get(t.id) ?? []).map(({ start, end, length }) => ({ start, end, length })),
    })),
  };
}

// --- Booking ---

export function bookRide(deps: AppDeps, student: ProvenStudent, input: z.output<typeof bookRideInput>) {
  return inTransaction(deps, async (tx, after) => {
    const now = deps.now();
    const rules = await readBookingRules(tx, student.schoolId);
    if (!rules.enabled) throw refused(BOOKING_MESSAGES.disabled);
    // The student's row, locked: this student's other bookings wait here until this one commits.
    const me = await studentOrThrow(tx, student, true);
    const today = schoolDateOf(now);
    const hasOverdue = rules.requireNoOverdue ? await hasOverdueInvoice(tx, student, today) : false;
    const who = studentRefusal(rules, { ...me, hasOverdue });
    if (who) throw refused(who);
    const teachers = await findBookableTeachers(tx, student, rules.teacherChoice === 'ANY_TEACHER');
    const teacher = teachers.find((t) => t.id === input.teacherId);
    if (!teacher) throw refused(teachers.length === 0 ? BOOKING_MESSAGES.noTeacher : BOOKING_MESSAGES.teacherNotAllowed);
    const day = schoolDateOf(input.start);
    const { start: dayStart, end: dayEnd } = schoolDay(day);
    const refusal = rideRefusal(
      rules,
      {
        ...me,
        hasOverdue,
        futureRides: await countFutureBookedRides(tx, student, now),
        minutesThatDay: await drivingMinutesBetween(tx, student.schoolId, student.studentId, dayStart, dayEnd, null),
      },
      input.start,
      input.length,
      now,
    );
    if (refusal) throw refused(refusal);
    // The slot: offered at all (working hours, no absence, on the step), then free (teacher, student, a usual car).
    const offered = freeSlots({
      day,
      ...(await teacherShape(tx, student.schoolId, teacher.id, day)),
      busy: [],
      cars: [],
      lengths: rules.rideLengths,
      notBefore: new Date(0),
      notAfter: new Date(8.64e15),
    });
    const same = (s: FreeSlot) => s.start.getTime() === input.start.getTime() && s.length === input.length;
    if (!offered.some(same)) throw refused(BOOKING_MESSAGES.notOffered);
    const free = (await searchDay(tx, student, { rules, teachers: [teacher], day, now, bounded: false })).get(teacher.id) ?? [];
    const slot = free.find(same);
    if (!slot) throw taken();
    let ride: { id: string };
    try {
      ride = await tx.transaction((sp) =>
        insertBookedRide(sp, student, { teacherId: teacher.id, carId: slot.carId, start: slot.start, end: slot.end, length: slot.length, now }),
      );
    } catch (err) {
      if (exclusionViolation(err, OVERLAP_CONSTRAINTS)) throw taken();
      throw err;
    }
    await recordEvent(deps, tx, after, {
      name: 'drivingLessonsRecord.create',
      schoolId: student.schoolId as SchoolId,
      userId: null,
      entityType: 'drivingLessonsRecord',
      entityId: ride.id,
      data: {
        studentId: student.studentId,
        bookedByStudent: true,
        type: 'DRIVING',
        state: 'SCHEDULED',
        teacherId: teacher.id,
        schoolCarId: slot.carId,
        startTime: slot.start,
        endTime: slot.end,
        length: slot.length,
      },
    });
    return { id: ride.id, start: slot.start, end: slot.end, length: slot.length, teacher: { firstName: teacher.firstName, lastName: teacher.lastName } };
  });
}

async function teacherShape(db: DbOrTx, schoolId: SchoolId, teacherId: string, day: CalendarDate) {
  const cal = await findTeacherCalendars(db, schoolId, [teacherId], day, day);
  return { availability: cal.availability, absent: cal.absences.length > 0 };
}

// --- The student's bookings and cancelling ---

type RideRow = NonNullable<Awaited<ReturnType<typeof findOwnRide>>>;

function termsOf(rules: BookingRules, ride: RideRow, now: Date, price: number | null) {
  const terms = cancelTerms(rules, ride, now, price);
  return { ...terms, text: cancelTermsText(terms, formatPrice) };
}

const toBooking = (ride: RideRow, terms: ReturnType<typeof termsOf>) => ({
  id: ride.id,
  start: ride.startTime,
  end: ride.endTime,
  length: ride.length,
  state: ride.state,
  bookedByStudent: ride.bookedByStudentAt !== null,
  teacher: ride.teacherFirstName === null ? null : { firstName: ride.teacherFirstName, lastName: ride.teacherLastName ?? '' },
  car: ride.regNumber === null ? null : { carType: ride.carType, regNumber: ride.regNumber },
  cancel: terms,
});

/** 'Moje rezervace': the student's scheduled rides that have not ended, each with its cancel terms. */
export async function getMyBookings(deps: AppDeps, student: ProvenStudent) {
  await studentOrThrow(deps.db, student);
  const now = deps.now();
  const [rules, price, rides] = [
    await readBookingRules(deps.db, student.schoolId),
    await findLateCancelPrice(deps.db, student.schoolId),
    await listUpcomingRides(deps.db, student, now),
  ];
  return rides.map((ride) => toBooking(ride, termsOf(rules, ride, now, price)));
}

/** What cancelling the ride now would mean (said before the student confirms). */
export async function getCancelTerms(deps: AppDeps, student: ProvenStudent, rideId: string) {
  const ride = await findOwnRide(deps.db, student, rideId);
  if (!ride) throw rideNotFound();
  const rules = await readBookingRules(deps.db, student.schoolId);
  return { rideId: ride.id, ...termsOf(rules, ride, deps.now(), await findLateCancelPrice(deps.db, student.schoolId)) };
}

/**
 * Cancels the student's own scheduled ride that has not started. Late (after the free cancellation ends), the price
 * list's 'Pozdní zrušení jízdy' is charged, but only when the student confirmed that charge (`acceptLateCharge`): the
 * terms may have turned late since the student read them.
 */
export function cancelRide(deps: AppDeps, student: ProvenStudent, input: { rideId: string; acceptLateCharge?: boolean }) {
  return inTransaction(deps, async (tx, after) => {
    const now = deps.now();
    await studentOrThrow(tx, student, true);
    const ride = await findOwnRide(tx, student, input.rideId, true);
    if (!ride) throw rideNotFound();
    const rules = await readBookingRules(tx, student.schoolId);
    const terms = termsOf(rules, ride, now, await findLateCancelPrice(tx, student.schoolId));
    if (!terms.cancellable) throw refused(BOOKING_MESSAGES.notCancellable);
    const charge = terms.late && terms.price !== null && terms.price > 0 ? terms.price : null;
    if (charge !== null && !input.acceptLateCharge) throw new AppError('BOOKING_LATE_CHARGE', terms.text);
    const done = await setRideCancelledByStudent(tx, student, ride.id);
    if (!done) throw refused(BOOKING_MESSAGES.notCancellable);
    const schoolId = student.schoolId as SchoolId;
    await recordEvent(deps, tx, after, {
      name: 'drivingLessonsRecord.update',
      schoolId,
      userId: null,
      entityType: 'drivingLessonsRecord',
      entityId: ride.id,
      data: { before: { state: ride.state }, after: { state: 'CANCELLED_BY_STUDENT', byStudent: true } },
    });
    let charged: number | null = null;
    if (charge !== null) {
      const row = await insertLateCancelCharge(tx, student, {
        label: LATE_CANCEL_LABEL,
        price: charge,
        chargedOn: schoolDateOf(now),
        note: `Jízda ${timeRangeText(ride.startTime, ride.endTime)}`,
      });
      charged = charge;
      await recordEvent(deps, tx, after, {
        name: 'paymentItem.addCharge',
        schoolId,
        userId: null,
        entityType: 'studentCharge',
        entityId: row.id,
        data: { studentId: student.studentId, item: 'LATE_CANCELLATION', unitPrice: charge, quantity: 1, byStudent: true },
      });
    }
    return { id: ride.id, state: 'CANCELLED_BY_STUDENT' as const, charged };
  });
}

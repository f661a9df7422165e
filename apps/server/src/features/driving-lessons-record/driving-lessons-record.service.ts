// Rides, PV lessons and car reservations (spec §2 training form, §5 training rules, §7 drivingLessonsRecord.*).
// A booking holds its teacher, its car and its student for [start, end): the service checks that in the transaction
// and answers CONFLICT with the spec's text, and the database's exclusion constraints (migration 0005 for teacher and
// car, the student's added by issue 17) catch the two staff who save at the same moment, which we answer the same way.
// A record of what happened (state COMPLETED, signatures, tachometer) is accepted only once the item has ended by the
// request's clock (issue 17 item 5).
import type {
  calendarRangeInput,
  createTrainingInput,
  hasCollisionInput,
  trainingsListInput,
  trainingWarningsInput,
  updateTrainingInput,
} from '@volant/shared/driving-lessons-record/inputs';
import { calendarAnswer } from '@volant/shared/driving-lessons-record/calendar';
import { type createRecurringTrainingInput, occurrences, RECURRENCE_MESSAGES, type RecurringResult } from '@volant/shared/driving-lessons-record/recurrence';
import { TRAINING_MESSAGES } from '@volant/shared/driving-lessons-record/inputs';
import { CORRECTION_MESSAGES } from '@volant/shared/record-chain/inputs';
import {
  type Collision,
  carGroupWarning,
  collisionMessage,
  dailyLimitWarning,
  notEndedRefusal,
  odometerRefusal,
  qualificationWarning,
  stkWarning,
  teacherLicenceWarning,
  unitsWarning,
} from '@volant/shared/driving-lessons-record/rules';
import { isCancelled, type LessonState } from '@volant/shared/enums';
import { schoolDateOf, schoolDay } from '@volant/shared/school-time';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { exclusionViolation } from '../../lib/pg-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import { tellStudentOfStaffChange } from '../booking/booking.notify.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { DbOrTx } from '@volant/db/client';
import { toListedRecord, toRecord } from './driving-lessons-record.dto.ts';
import { rideChanged, rideFacts } from './driving-lessons-record.hooks.ts';
import { changedContent, recordTimes } from './driving-lessons-record.times.ts';
import { chainRecords, openChain } from '../record-chain/record-chain.ts';
import { rideIsRecord } from '../record-chain/record-chain.rules.ts';
import {
  type CollisionQuery,
  deleteRecordRow,
  drivingMinutesBetween,
  findCollision,
  findParticipants,
  findRecord,
  findRecordRow,
  insertRecord,
  listCalendar,
  listStudentRecords,
  listTrainings,
  previousTachometerAfter,
  type RecordRow,
  type RecordValues,
  updateRecordRow,
} from './driving-lessons-record.queries.ts';

type CreateInput = z.output<typeof createTrainingInput>;
type UpdateInput = z.output<typeof updateTrainingInput>;

export const OVERLAP_CONSTRAINTS = [
  'driving_lesson_records_teacher_overlap_excl',
  'driving_lesson_records_car_overlap_excl',
  'driving_lesson_records_student_overlap_excl',
] as const;

const MINUTE = 60_000;
/** The longest item: a car reservation of two weeks (a ride or PV lesson is at most 1440 minutes). */
export const MAX_ITEM_MS = 14 * 86_400_000;
/** The calendar's longest window (a month view with its edges is 42 days). */
export const MAX_CALENDAR_DAYS = 62;
export const CALENDAR_MESSAGES = {
  rangeTooLong: `Rozsah kalendáře může být nejvýše ${MAX_CALENDAR_DAYS} dní.`,
  reservationTooLong: 'Blokace vozidla může trvat nejvýše 14 dní.',
} as const;

const notFound = () => new AppError('NOT_FOUND');
const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');
const teacherNotFound = () => new AppError('TEACHER_NOT_FOUND');
const carNotFound = () => new AppError('SCHOOL_CAR_NOT_FOUND');
const conflict = (c: Collision | undefined) => new AppError('TRAINING_COLLISION', c ? collisionMessage(c) : undefined);

/** Tells the school's open screens that a ride of these students (once each) changed. */
export function recordMessage(live: Live, schoolId: SchoolId, studentIds: (string | null)[], recordId: string) {
  for (const studentId of new Set(studentIds)) live.toSchool(schoolId, { DrivingLessonRecordMessage: { schoolId, studentId, recordId } });
}

/** What the audit keeps of a record: every column but the signature pictures, of which only whether present. */
function auditable(values: Partial<RecordRow>) {
  const { signature, teacherSignature, ...rest } = values;
  return {
    ...rest,
    ...(signature !== undefined ? { signature: signature !== null } : {}),
    ...(teacherSignature !== undefined ? { teacherSignature: teacherSignature !== null } : {}),
  };
}

// --- Reads ---

export async function getDrivingLessonsRecords(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const rows = await listStudentRecords(deps.db, schoolId, studentId);
  if (!rows) throw studentNotFound();
  return rows.map(toListedRecord);
}

export async function getDrivingLessonsRecord(deps: AppDeps, schoolId: SchoolId, id: string) {
  const row = await findRecord(deps.db, schoolId, id);
  if (!row) throw notFound();
  return toRecord(row);
}

type CollisionInput = z.output<typeof hasCollisionInput>;

/** Spec `hasCollision`. A teacher, car or student of another school is NOT_FOUND, as everywhere. */
export async function hasCollision(deps: AppDeps, schoolId: SchoolId, input: CollisionInput): Promise<Collision | null> {
  if (input.teacherId || input.schoolCarId || input.studentId) {
    const found = await findParticipants(deps.db, schoolId, { studentId: input.studentId, teacherId: input.teacherId, schoolCarId: input.schoolCarId });
    if (input.studentId && !found.student) throw studentNotFound();
    if (input.teacherId && !found.teacher) throw teacherNotFound();
    if (input.schoolCarId && !found.car) throw carNotFound();
  }
  return (await findCollision(deps.db, schoolId, input)) ?? null;
}

// --- Writes ---

/** The row a form means (spec §2 training form, §5): end from the length for a ride, day bounds for an all-day reservation. */
function planned(input: CreateInput | UpdateInput, state: LessonState, withSignatures: boolean): RecordValues {
  const reservation = input.type === 'CAR_RESERVATION';
  let { startTime, endTime } = input;
  let length: number;
  if (input.type === 'DRIVING') {
    // The schema requires a ride's length.
    length = input.length as number;
    endTime = new Date(startTime.getTime() + length * MINUTE);
  } else if (reservation) {
    if (input.allDay) {
      startTime = schoolDay(schoolDateOf(startTime)).start;
      endTime = schoolDay(schoolDateOf(new Date(endTime.getTime() - 1))).end;
    }
    if (endTime.getTime() - startTime.getTime() > MAX_ITEM_MS) throw AppError.field('INVALID_INPUT', 'endTime', CALENDAR_MESSAGES.reservationTooLong);
    length = Math.min(1440, Math.round((endTime.getTime() - startTime.getTime()) / MINUTE) || 1);
  } else {
    length = Math.round((endTime.getTime() - startTime.getTime()) / MINUTE);
    if (length < 1 || length > 1440) throw AppError.field('INVALID_INPUT', 'endTime', TRAINING_MESSAGES.lengthRange);
  }
  return {
    type: input.type,
    state,
    studentId: reservation ? null : input.studentId,
    teacherId: input.userId,
    schoolCarId: input.schoolCarId,
    startTime,
    endTime,
    length,
    tachometerBefore: reservation ? null : input.tachometerBefore,
    tachometerAfter: reservation ? null : input.tachometerAfter,
    signature: reservation || !withSignatures ? null : input.signature,
    teacherSignature: reservation || !withSignatures ? null : input.teacherSignature,
    allDay: reservation ? input.allDay : false,
    note: input.note ?? null,
  };
}

/**
 * The checks of a write (spec §5, isolation): the student, teacher and car are the school's (a teacher an active
 * member who teaches, a car not retired — unless the record already names them), only an item that has ended at
 * `now` is recorded as taken place, the tachometer continues the car's previous ride, and nothing booked holds the
 * teacher, the car or the student then.
 */
export async function check(tx: DbOrTx, schoolId: SchoolId, values: RecordValues, existing: RecordRow | undefined, now: Date) {
  const found = await findParticipants(tx, schoolId, {
    studentId: values.studentId ?? null,
    teacherId: values.teacherId ?? null,
    schoolCarId: values.schoolCarId ?? null,
  });
  if (values.studentId && !found.student) throw studentNotFound();
  if (values.teacherId && (!found.teacher || (!found.teacher.usable && existing?.teacherId !== values.teacherId))) throw teacherNotFound();
  if (values.schoolCarId && (!found.car || (found.car.retired && existing?.schoolCarId !== values.schoolCarId))) throw carNotFound();
  const notEnded = notEndedRefusal({ ...values, state: values.state as LessonState }, now);
  if (notEnded) throw new AppError('TRAINING_NOT_ENDED', notEnded);
  const state = values.state as LessonState;
  if (isCancelled(state)) return;
  if (values.schoolCarId && values.tachometerBefore !== null && values.tachometerBefore !== undefined) {
    const previous = await previousTachometerAfter(tx, schoolId, values.schoolCarId, values.startTime, existing?.id ?? null);
    if (previous !== null && values.tachometerBefore < previous) throw AppError.field('INVALID_INPUT', 'tachometerBefore', odometerRefusal(previous));
  }
  const collision = await findCollision(tx, schoolId, collisionQuery(values, existing?.id ?? null));
  if (collision) throw conflict(collision);
}

const collisionQuery = (values: RecordValues, currentId: string | null): CollisionQuery => ({
  startTime: values.startTime,
  endTime: values.endTime,
  teacherId: values.teacherId ?? null,
  schoolCarId: values.schoolCarId ?? null,
  studentId: values.studentId ?? null,
  currentId,
});

/**
 * Runs the write in a savepoint: when another transaction booked the teacher, the car or the student in the meantime, the
 * exclusion constraint refuses it, and the caller gets the same CONFLICT as from the check (the winner's row is
 * visible to the next statement once it committed).
 */
export async function guarded<T>(tx: DbOrTx, schoolId: SchoolId, values: RecordValues, currentId: string | null, write: (sp: DbOrTx) => Promise<T>) {
  try {
    return await tx.transaction((sp) => write(sp));
  } catch (err) {
    if (!exclusionViolation(err, OVERLAP_CONSTRAINTS)) throw err;
    throw conflict(await findCollision(tx, schoolId, collisionQuery(values, currentId)));
  }
}

export function createTraining(deps: AppDeps, schoolId: SchoolId, userId: string, input: CreateInput) {
  const register = input.mode === 'REGISTER';
  const state: LessonState = register ? (input.state ?? 'COMPLETED') : 'SCHEDULED';
  const values = planned(input, state, register);
  return inTransaction(deps, async (tx, after) => {
    const now = deps.now();
    // A registered ride goes into the school's record chain (issue 22 §1): its head is locked first.
    const chained = rideIsRecord(values as Parameters<typeof rideIsRecord>[0]);
    if (chained) await openChain(tx, schoolId, now);
    await check(tx, schoolId, values, undefined, now);
    // The server's times (recorded, signed) go with the row; the audit keeps the content as before.
    const row = await guarded(tx, schoolId, values, null, (sp) => insertRecord(sp, schoolId, userId, { ...values, ...recordTimes(undefined, values, now) }));
    await rideChanged(deps, tx, after, { schoolId, userId, rideId: row.id, before: null, after: rideFacts(values) });
    if (chained) await chainRecords(tx, schoolId, { studentIds: [], entityIds: [row.id] }, { userId }, { now });
    const data = auditable(values);
    await recordEvent(deps, tx, after, { name: 'drivingLessonsRecord.create', schoolId, userId, entityType: 'drivingLessonsRecord', entityId: row.id, data });
    return toRecord((await findRecord(tx, schoolId, row.id)) as NonNullable<Awaited<ReturnType<typeof findRecord>>>);
  });
}

type RecurringInput = z.output<typeof createRecurringTrainingInput>;

/**
 * 'Opakovat' (issue 20 §4): the first item and its weekly repeats, each created exactly as createTraining creates one
 * (the same checks, the same exclusion constraints, its own audit event). Partial by design: an occurrence that
 * collides (teacher, car or student taken) is skipped and answered in `refused` with the Czech reason, the others are
 * created. Anything else (an unknown student, teacher or car; a fault) refuses the whole series: the occurrences run
 * in one transaction, each in its own savepoint, so a collision rolls back only its own occurrence.
 */
export function createRecurringTrainings(deps: AppDeps, schoolId: SchoolId, userId: string, input: RecurringInput): Promise<RecurringResult> {
  const first = input.training;
  return inTransaction(deps, async () => {
    const result: RecurringResult = { created: [], refused: [] };
    for (const o of occurrences(first.startTime, first.endTime, input.repeat)) {
      if (!o.startTime || !o.endTime) {
        result.refused.push({ startTime: null, day: o.day, reason: RECURRENCE_MESSAGES.noWallTime });
        continue;
      }
      try {
        const row = await createTraining(deps, schoolId, userId, { ...first, startTime: o.startTime, endTime: o.endTime });
        result.created.push({ id: row.id, startTime: row.startTime, endTime: row.endTime });
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'TRAINING_COLLISION') throw err;
        result.refused.push({ startTime: o.startTime, day: o.day, reason: err.message });
      }
    }
    return result;
  });
}

/** The columns whose value changes, old and new (signature pictures as whether present). */
export function changes(before: RecordRow, values: RecordValues) {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values) as [keyof RecordValues, unknown][]) {
    const old = before[key as keyof RecordRow];
    const same = old instanceof Date && value instanceof Date ? old.getTime() === value.getTime() : old === value;
    if (same || key === 'updatedAt') continue;
    from[key] = old;
    to[key] = value;
  }
  return { before: auditable(from as Partial<RecordRow>), after: auditable(to as Partial<RecordRow>) };
}

export function updateTraining(deps: AppDeps, schoolId: SchoolId, userId: string, input: UpdateInput) {
  const values = planned(input, input.state, true);
  return inTransaction(deps, async (tx, after) => {
    const existing = await findRecordRow(tx, schoolId, input.id);
    if (!existing) throw notFound();
    const now = deps.now();
    // A signed ride's content changes only as a correction with its reason (issue 22 §1, the decree's correction rule).
    const signed = Boolean(existing.signature || existing.teacherSignature);
    if (signed && changedContent(existing, values).length > 0 && !input.correctionReason) {
      throw AppError.field('INVALID_INPUT', 'correctionReason', TRAINING_MESSAGES.correctionReasonRequired);
    }
    const chained = rideIsRecord(existing as Parameters<typeof rideIsRecord>[0]) || rideIsRecord(values as Parameters<typeof rideIsRecord>[0]);
    if (chained) await openChain(tx, schoolId, now);
    await check(tx, schoolId, values, existing, now);
    // Recorded, signed and 'Upraveno po podpisu' times by the server's clock (driving-lessons-record.times.ts).
    const times = recordTimes(existing, values, now);
    await guarded(tx, schoolId, values, existing.id, (sp) => updateRecordRow(sp, schoolId, existing.id, { ...values, ...times }));
    await rideChanged(deps, tx, after, { schoolId, userId, rideId: existing.id, before: existing, after: rideFacts(values) });
    if (chained) {
      await chainRecords(tx, schoolId, { studentIds: [], entityIds: [existing.id] }, { userId }, { now, reason: input.correctionReason });
    }
    // A ride the student booked themselves: moved or cancelled by the office, the student is told (issue 19 §3).
    await tellStudentOfStaffChange(deps, tx, after, schoolId, existing, values);
    await recordEvent(deps, tx, after, {
      name: 'drivingLessonsRecord.update',
      schoolId,
      userId,
      entityType: 'drivingLessonsRecord',
      entityId: existing.id,
      data: changes(existing, values),
    });
    return toRecord((await findRecord(tx, schoolId, existing.id)) as NonNullable<Awaited<ReturnType<typeof findRecord>>>);
  });
}

export async function deleteTraining(deps: AppDeps, schoolId: SchoolId, userId: string, id: string, reason: string | null = null) {
  await inTransaction(deps, async (tx, after) => {
    const now = deps.now();
    await openChain(tx, schoolId, now);
    const row = await deleteRecordRow(tx, schoolId, id);
    if (!row) throw notFound();
    await rideChanged(deps, tx, after, { schoolId, userId, rideId: row.id, before: row, after: null });
    // A registered ride deleted: the chain keeps its last content and records that it is gone, with the reason
    // (issue 22 §1) — without one the chain refuses and the ride stays.
    if (rideIsRecord(row)) {
      const reasonRequired = CORRECTION_MESSAGES.rideDeleteReasonRequired;
      await chainRecords(tx, schoolId, { studentIds: [], entityIds: [row.id] }, { userId }, { now, reason, reasonRequired });
    }
    await tellStudentOfStaffChange(deps, tx, after, schoolId, row, null);
    // The whole row (pictures aside) stays in the audit log: a deleted ride is never silently lost.
    const data = auditable(row);
    await recordEvent(deps, tx, after, { name: 'drivingLessonsRecord.delete', schoolId, userId, entityType: 'drivingLessonsRecord', entityId: row.id, data });
  });
  return { ok: true as const };
}

// --- Warnings, calendar, trainings page ---

type WarningsInput = z.output<typeof trainingWarningsInput>;

/** What the law would warn about (legal-cz §4, §8): the office sees it in the form and may still save. */
export async function getTrainingWarnings(deps: AppDeps, schoolId: SchoolId, input: WarningsInput): Promise<string[]> {
  const lesson = input.type !== 'CAR_RESERVATION';
  const studentId = lesson ? input.studentId : null;
  const found = await findParticipants(deps.db, schoolId, { studentId, teacherId: input.teacherId, schoolCarId: input.schoolCarId });
  if (studentId && !found.student) throw studentNotFound();
  if (input.teacherId && !found.teacher) throw teacherNotFound();
  if (input.schoolCarId && !found.car) throw carNotFound();
  const day = schoolDateOf(input.startTime);
  const warnings: (string | null)[] = [];
  if (input.type === 'DRIVING' && found.student) {
    const { start, end } = schoolDay(day);
    const minutes = (await drivingMinutesBetween(deps.db, schoolId, found.student.id, start, end, input.currentId)) + input.length;
    warnings.push(dailyLimitWarning(minutes, found.student.groups));
  }
  if (input.type === 'DRIVING') warnings.push(unitsWarning(input.length));
  if (found.car) warnings.push(stkWarning(found.car.regNumber, found.car.stkValidUntil, day));
  if (found.car && found.student) warnings.push(carGroupWarning(found.car.regNumber, found.car.groups, found.student.groups));
  if (found.teacher && found.student) warnings.push(qualificationWarning(found.teacher.groups, found.student.groups));
  if (found.teacher) warnings.push(teacherLicenceWarning(found.teacher.licenceValidUntil, day));
  return warnings.filter((w): w is string => w !== null);
}

type CalendarInput = z.output<typeof calendarRangeInput>;

export async function getCalendarEvents(deps: AppDeps, schoolId: SchoolId, input: CalendarInput) {
  if (input.to.getTime() <= input.from.getTime()) throw AppError.field('INVALID_INPUT', 'to', TRAINING_MESSAGES.endBeforeStart);
  if (input.to.getTime() - input.from.getTime() > MAX_CALENDAR_DAYS * 86_400_000) throw AppError.field('INVALID_INPUT', 'to', CALENDAR_MESSAGES.rangeTooLong);
  // Column by column with the student, teacher and car as lookups (shared driving-lessons-record/calendar.ts).
  return calendarAnswer(await listCalendar(deps.db, schoolId, input, MAX_ITEM_MS));
}

type TrainingsInput = z.output<typeof trainingsListInput>;

export async function getTrainings(deps: AppDeps, schoolId: SchoolId, input: TrainingsInput) {
  const { items, total } = await listTrainings(deps.db, schoolId, {
    from: input.from ?? null,
    to: input.to ?? null,
    teacherId: input.teacherId,
    schoolCarId: input.schoolCarId,
    state: input.state ?? null,
    type: input.type ?? null,
    unsigned: input.unsigned ?? false,
    notRegistered: input.notRegistered ?? false,
    now: deps.now(),
    limit: input.pageSize,
    offset: (input.currentPage - 1) * input.pageSize,
  });
  return { items: items.map((row) => ({ ...toListedRecord(row), odometerGap: row.odometerGap })), total };
}

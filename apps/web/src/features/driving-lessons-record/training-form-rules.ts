// The training form's rules as pure functions (spec §2 training form, §5): the school's wall clock ↔ instants, the end
// of a ride from its start and length, the all-day car reservation, what the collision check asks, and the values →
// the shared input. The form (training-form.tsx) only moves Dayjs picker values to and from these strings.
import {
  type CalendarEventType,
  DEFAULT_DRIVING_LENGTH,
  DRIVING_LENGTHS,
  EMPTY_SELECT,
  isCancelled,
  type LessonState,
  PV_LENGTH_MINUTES,
} from '@volant/shared/enums';
import { hasEnded, notEndedMessage } from '@volant/shared/driving-lessons-record/rules';
import { formatTime } from '@volant/shared/format';
import { addDays, type CalendarDate, schoolDateOf, schoolMidnight, schoolToday } from '@volant/shared/school-time';

const MINUTE_MS = 60_000;

export type TrainingFormMode = 'plan' | 'register' | 'edit';

/** The form's values in strings: days 'YYYY-MM-DD' and times 'HH:mm' on the school's wall clock. */
export interface TrainingValues {
  type: CalendarEventType;
  allDay: boolean;
  startDay: CalendarDate | null;
  startTime: string | null;
  length: number;
  endDay: CalendarDate | null;
  endTime: string | null;
  userId: string;
  schoolCarId: string;
  studentId: string;
  note: string;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  signature: string | null;
  teacherSignature: string | null;
  state: LessonState | null;
}

/** The record being edited, as far as the form reads it (the list DTO of getDrivingLessonsRecords). */
export interface TrainingRecordLike {
  id: string;
  type: CalendarEventType;
  state: LessonState;
  studentId: string | null;
  startTime: Date;
  endTime: Date;
  length: number;
  userId: string | null;
  schoolCarId: string | null;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  signature: string | null;
  teacherSignature: string | null;
  allDay: boolean;
  note: string | null;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

function minutesOf(time: string): number | null {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * The instant a wall-clock time of a school day names. On the day the clocks go forward a time that does not exist
 * (02:xx) is taken an hour on (03:xx); on the day they go back the first 02:xx is taken.
 */
export function schoolInstant(day: CalendarDate, time: string): Date | null {
  const minutes = minutesOf(time);
  if (minutes === null) return null;
  const guess = schoolMidnight(day).getTime() + minutes * MINUTE_MS;
  // Midnight + n minutes is off by the day's offset change when one lies between: correct by the wall clock read back.
  const [h, m] = formatTime(new Date(guess)).split(':').map(Number);
  const shownDay = schoolDateOf(new Date(guess));
  const shown = (shownDay === day ? 0 : shownDay > day ? 1440 : -1440) + h * 60 + m;
  const corrected = new Date(guess + (minutes - shown) * MINUTE_MS);
  // A skipped time reads back differently even after the correction: it is the instant an hour on, as a clock shows it.
  const wanted = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return formatTime(corrected) === wanted && schoolDateOf(corrected) === day ? corrected : new Date(guess);
}

/** An instant on the school's wall clock. */
export function wallOf(instant: Date): { day: CalendarDate; time: string } {
  return { day: schoolDateOf(instant), time: formatTime(instant) };
}

export function startOf(v: Pick<TrainingValues, 'startDay' | 'startTime'>): Date | null {
  return v.startDay && v.startTime ? schoolInstant(v.startDay, v.startTime) : null;
}

export function endOf(v: Pick<TrainingValues, 'endDay' | 'endTime'>): Date | null {
  return v.endDay && v.endTime ? schoolInstant(v.endDay, v.endTime) : null;
}

/** A ride lasts its chosen length, a PV lesson one hour; a reservation's end is the user's. */
export function autoEnd(type: CalendarEventType, start: Date, length: number): Date | null {
  if (type === 'DRIVING') return new Date(start.getTime() + length * MINUTE_MS);
  if (type === 'PV_UV' || type === 'PV_ZP') return new Date(start.getTime() + PV_LENGTH_MINUTES * MINUTE_MS);
  return null;
}

/**
 * The values after a change: the end follows the start for rides and PV lessons, and ticking "all day" on a
 * reservation sets today's start and end in the school's zone.
 */
export function applyTimeRules(v: TrainingValues, changed: readonly (keyof TrainingValues)[], now: Date): TrainingValues {
  let next = v;
  if (next.type === 'CAR_RESERVATION' && changed.includes('allDay') && next.allDay) {
    const today = schoolToday(now);
    const end = new Date(schoolMidnight(addDays(today, 1)).getTime() - MINUTE_MS);
    next = { ...next, startDay: today, startTime: '00:00', endDay: today, endTime: wallOf(end).time };
  }
  if (next.type !== 'CAR_RESERVATION' && next.allDay) next = { ...next, allDay: false };
  if (next.type === 'DRIVING' && !DRIVING_LENGTHS.includes(next.length as (typeof DRIVING_LENGTHS)[number])) {
    next = { ...next, length: DEFAULT_DRIVING_LENGTH };
  }
  const timeChanged = changed.some((k) => k === 'startDay' || k === 'startTime' || k === 'length' || k === 'type');
  const start = startOf(next);
  if (timeChanged && start) {
    const end = autoEnd(next.type, start, next.length);
    if (end) {
      const wall = wallOf(end);
      next = { ...next, endDay: wall.day, endTime: wall.time };
    }
  }
  return next;
}

/** Minutes from start to end as the record's length: the chosen one for a ride, the span otherwise (1…1440). */
export function lengthFor(v: TrainingValues, start: Date | null, end: Date | null): number {
  if (v.type === 'DRIVING') return v.length;
  if (!start || !end) return v.type === 'CAR_RESERVATION' ? 1 : PV_LENGTH_MINUTES;
  return Math.min(1440, Math.max(1, Math.round((end.getTime() - start.getTime()) / MINUTE_MS)));
}

/**
 * hasCollision's input, or null while there is nothing to check: no start, no car, teacher or student, or an item
 * being cancelled (a cancelled item holds no slot). `cardStudentId` is the student card's student (the form then has
 * no student select); a car reservation has no student.
 */
export function collisionQuery(v: TrainingValues, currentId: string | null, cardStudentId?: string) {
  if (v.state && isCancelled(v.state)) return null;
  const start = startOf(v);
  const end = endOf(v);
  const teacherId = chosen(v.userId);
  const schoolCarId = chosen(v.schoolCarId);
  const studentId = v.type === 'CAR_RESERVATION' ? null : (cardStudentId ?? chosen(v.studentId));
  if (!start || !end || end.getTime() <= start.getTime()) return null;
  if (!teacherId && !schoolCarId && !studentId) return null;
  return { startTime: start, endTime: end, teacherId, schoolCarId, studentId, currentId };
}

/** Whether the item has ended at `now` (an item without an end yet counts as ended: nothing to hold back). */
export function endedBy(v: Pick<TrainingValues, 'endDay' | 'endTime'>, now: Date): boolean {
  const end = endOf(v);
  return !end || hasEnded(end, now);
}

/**
 * Why the form may not save as it is (issue 17 item 5): registering an item that has not ended, or an edit marking it
 * 'Absolvována' before its end. The same rule the server enforces (notEndedRefusal), said before saving.
 */
export function notEndedHint(mode: TrainingFormMode, v: TrainingValues, now: Date): string | null {
  if (mode === 'plan' || v.type === 'CAR_RESERVATION') return null;
  const end = endOf(v);
  if (!end || hasEnded(end, now)) return null;
  if (mode === 'register' || v.state === 'COMPLETED') return notEndedMessage(v.type, end);
  return null;
}

const chosen = (id: string | null | undefined) => (id && id !== EMPTY_SELECT ? id : null);

/**
 * Which fields the form shows, per mode and type (spec §2). An edited item that has not ended (`ended` false) shows
 * no signatures or tachometer: only a past ride carries them.
 */
export function visibleFields(mode: TrainingFormMode, type: CalendarEventType, isCalendar: boolean, ended = true) {
  const isReservation = type === 'CAR_RESERVATION';
  const records = mode !== 'plan' && !isReservation && (mode !== 'edit' || ended);
  return {
    allDay: isReservation,
    length: type === 'DRIVING',
    student: isCalendar && !isReservation,
    tachometer: records && type === 'DRIVING',
    signatures: records,
    state: mode === 'edit' && !isReservation,
    endReadOnly: type === 'DRIVING',
  };
}

/** The values the input schemas validate (createTrainingInput / updateTrainingInput, without the school). */
export function toTrainingInput(v: TrainingValues, opts: { mode: TrainingFormMode; studentId?: string; recordId?: string; now?: Date }) {
  const start = startOf(v);
  const end = endOf(v);
  const shown = visibleFields(opts.mode, v.type, !opts.studentId, opts.now ? endedBy(v, opts.now) : true);
  const isReservation = v.type === 'CAR_RESERVATION';
  const base = {
    type: v.type,
    studentId: isReservation ? null : (opts.studentId ?? chosen(v.studentId)),
    userId: chosen(v.userId),
    schoolCarId: chosen(v.schoolCarId),
    // Missing pieces go as undefined, so the schema answers with its own 'required' message at the field.
    startTime: start ?? undefined,
    endTime: end ?? undefined,
    length: lengthFor(v, start, end),
    tachometerBefore: shown.tachometer ? v.tachometerBefore : null,
    tachometerAfter: shown.tachometer ? v.tachometerAfter : null,
    signature: shown.signatures ? v.signature : null,
    teacherSignature: shown.signatures ? v.teacherSignature : null,
    note: v.note.trim() ? v.note : null,
    allDay: isReservation && v.allDay,
  };
  if (opts.mode === 'edit') return { ...base, id: opts.recordId, state: isReservation ? (v.state ?? 'SCHEDULED') : (v.state ?? undefined) };
  if (opts.mode === 'register') return { ...base, mode: 'REGISTER' as const, state: v.state ?? 'COMPLETED' };
  return { ...base, mode: 'PLAN' as const, state: 'SCHEDULED' as const };
}

/** Form values of a new item; `initial` may bring a calendar selection or the student's default teacher. */
export function emptyValues(mode: TrainingFormMode, initial: Partial<TrainingValues> = {}): TrainingValues {
  const values: TrainingValues = {
    type: 'DRIVING',
    allDay: false,
    startDay: null,
    startTime: null,
    length: DEFAULT_DRIVING_LENGTH,
    endDay: null,
    endTime: null,
    userId: EMPTY_SELECT,
    schoolCarId: EMPTY_SELECT,
    studentId: EMPTY_SELECT,
    note: '',
    tachometerBefore: null,
    tachometerAfter: null,
    signature: null,
    teacherSignature: null,
    state: mode === 'register' ? 'COMPLETED' : null,
    ...initial,
  };
  // A calendar selection brings start and end; a ride's end still follows its length unless the selection set one.
  return initial.endDay && initial.endTime ? values : applyTimeRules(values, ['startDay'], new Date(0));
}

/** Form values of a stored record. */
export function recordValues(r: TrainingRecordLike): TrainingValues {
  const start = wallOf(r.startTime);
  const end = wallOf(r.endTime);
  return {
    type: r.type,
    allDay: r.allDay,
    startDay: start.day,
    startTime: start.time,
    length: r.length,
    endDay: end.day,
    endTime: end.time,
    userId: r.userId ?? EMPTY_SELECT,
    schoolCarId: r.schoolCarId ?? EMPTY_SELECT,
    studentId: r.studentId ?? EMPTY_SELECT,
    note: r.note ?? '',
    tachometerBefore: r.tachometerBefore,
    tachometerAfter: r.tachometerAfter,
    signature: r.signature,
    teacherSignature: r.teacherSignature,
    state: r.state,
  };
}

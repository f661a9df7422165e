// The calendar's pure parts: a ride, PV lesson or car reservation as a calendar event (title, colour, greyed when
// cancelled), and a moved event as the full update of its record. No React, no FullCalendar: unit-tested.
import {
  CALENDAR_EVENT_TYPE_LABELS,
  type CalendarEventType,
  DEFAULT_DRIVING_LENGTH,
  DRIVING_LENGTHS,
  isCancelled,
  type LessonState,
} from '@volant/shared/enums';
import { SCHOOL_TIME_ZONE } from '@volant/shared/school-time';
import { type TrainingValues, wallOf } from '../training-form-rules.ts';

/** What the calendar reads of a record (the DTO of getCalendarEvents / getTrainings has at least this). */
export interface CalendarRecord {
  id: string;
  type: CalendarEventType;
  state: LessonState;
  startTime: Date;
  endTime: Date;
  length: number;
  allDay: boolean;
  studentId: string | null;
  student: { id: string; firstName: string; lastName: string } | null;
  userId: string | null;
  user: { id: string; firstName: string; lastName: string } | null;
  schoolCarId: string | null;
  schoolCar: { id: string; carType: string; regNumber: string } | null;
  /** The student booked it themselves (issue 19 §3). */
  bookedByStudent?: boolean;
}

export type ColorBy = 'TEACHER' | 'CAR';

/** Colours dark enough for white text, far apart in hue; red is left out (red means cancelled elsewhere). */
export const CALENDAR_PALETTE = [
  '#1677ff',
  '#389e0d',
  '#722ed1',
  '#c41d7f',
  '#d46b08',
  '#08979c',
  '#1d39c4',
  '#ad8b00',
  '#531dab',
  '#006d75',
  '#876800',
  '#9e1068',
] as const;
/** Nobody or no car assigned. */
export const UNASSIGNED_COLOR = '#8c8c8c';
/** A cancelled item: greyed, its text struck through. */
export const CANCELLED_COLOR = '#d9d9d9';
export const CANCELLED_TEXT_COLOR = '#595959';

function hashIndex(id: string, size: number): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
  return Math.abs(h) % size;
}

/**
 * A teacher's or car's colour: by its place in the school's list (so up to 12 teachers get 12 different colours),
 * by a hash of its id when it is not in the list (a retired car, a teacher who left).
 */
export function colorOf(id: string | null, ids: readonly string[]): string {
  if (!id) return UNASSIGNED_COLOR;
  const index = ids.indexOf(id);
  return CALENDAR_PALETTE[(index >= 0 ? index : hashIndex(id, CALENDAR_PALETTE.length)) % CALENDAR_PALETTE.length];
}

/** 'Novák · Jízda'; a reservation: '1AB2345 · Blokace vozidla'. */
export function eventTitle(r: Pick<CalendarRecord, 'type' | 'student' | 'schoolCar'>): string {
  const label = CALENDAR_EVENT_TYPE_LABELS[r.type];
  if (r.type === 'CAR_RESERVATION') return r.schoolCar ? `${r.schoolCar.regNumber} · ${label}` : label;
  return r.student ? `${r.student.lastName} · ${label}` : label;
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  color: string;
  contrastColor: string;
  /**
   * Only a planned item moves by dragging. A cancelled one holds neither the teacher nor the car; a completed one is
   * the record of a ride that took place (signed by both): its times change in the form, never by a stray drag.
   * A car reservation has nothing to sign: it moves unless cancelled.
   */
  editable: boolean;
  extendedProps: { record: CalendarRecord; isCancelled: boolean };
}

export function toCalendarEvent(r: CalendarRecord, colorBy: ColorBy, teacherIds: readonly string[], carIds: readonly string[]): CalendarEvent {
  const cancelled = isCancelled(r.state);
  return {
    id: r.id,
    title: eventTitle(r),
    start: r.startTime,
    end: r.endTime,
    allDay: r.allDay,
    color: cancelled ? CANCELLED_COLOR : colorBy === 'TEACHER' ? colorOf(r.userId, teacherIds) : colorOf(r.schoolCarId, carIds),
    contrastColor: cancelled ? CANCELLED_TEXT_COLOR : '#ffffff',
    editable: r.type === 'CAR_RESERVATION' ? !cancelled : r.state === 'SCHEDULED',
    extendedProps: { record: r, isCancelled: cancelled },
  };
}

const MINUTE_MS = 60_000;

/** Minutes between two instants, within the length rule (1–1440). */
export function minutesBetween(start: Date, end: Date): number {
  return Math.min(1440, Math.max(1, Math.round((end.getTime() - start.getTime()) / MINUTE_MS)));
}

/**
 * The new times of a moved or resized event. FullCalendar leaves `end` null for an event dropped without one (an
 * all-day event moved into the all-day row): it then keeps its duration.
 */
export function movedTimes(r: Pick<CalendarRecord, 'startTime' | 'endTime' | 'type' | 'length'>, start: Date, end: Date | null, allDay: boolean) {
  const endTime = end ?? new Date(start.getTime() + (r.endTime.getTime() - r.startTime.getTime()));
  // A ride's length is its time on the road; PV lessons and reservations keep theirs (their length is not a rule of the move).
  const length = r.type === 'DRIVING' ? minutesBetween(start, endTime) : r.length;
  return { startTime: start, endTime, length, allDay };
}

/** The time grid's default hours (a school's day); items outside them widen the grid so none is hidden. */
export const DAY_START_HOUR = 6;
export const DAY_END_HOUR = 21;

const hourFmt = new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
/** Hours and minutes of the school's wall clock at an instant, as a number of hours (8:30 → 8.5). */
function wallHours(instant: Date): number {
  const parts = Object.fromEntries(hourFmt.formatToParts(instant).map((p) => [p.type, p.value]));
  return Number(parts.hour) + Number(parts.minute) / 60;
}

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** slotMinTime/slotMaxTime: 06:00–21:00, or wider to hold every timed item of the window. */
export function slotRange(items: readonly Pick<CalendarRecord, 'startTime' | 'endTime' | 'allDay'>[]): { slotMinTime: string; slotMaxTime: string } {
  let min = DAY_START_HOUR;
  let max = DAY_END_HOUR;
  for (const r of items) {
    if (r.allDay) continue;
    const start = new Date(r.startTime);
    const end = new Date(r.endTime);
    // An item ending at midnight ends at 24:00; one over midnight needs the whole day.
    const endHours = wallHours(end) || 24;
    if (end.getTime() - start.getTime() >= 86_400_000 || endHours < wallHours(start)) return { slotMinTime: hh(0), slotMaxTime: hh(24) };
    min = Math.min(min, Math.floor(wallHours(start)));
    max = Math.max(max, Math.ceil(endHours));
  }
  return { slotMinTime: hh(min), slotMaxTime: hh(max) };
}

/**
 * The form's prefill for a selected slot. A click selects one short slot: the ride then gets its default length.
 * A dragged range of an offered ride length (45/60/90/120 min) sets that length; a day clicked in the month view or the
 * all-day row starts at 8:00.
 */
export function slotInitial(slot: { start: Date; end: Date; allDay: boolean }): Partial<TrainingValues> {
  const { day, time } = wallOf(slot.start);
  if (slot.allDay) return { startDay: day, startTime: '08:00' };
  const minutes = Math.round((slot.end.getTime() - slot.start.getTime()) / MINUTE_MS);
  return (DRIVING_LENGTHS as readonly number[]).includes(minutes) ? { startDay: day, startTime: time, length: minutes } : { startDay: day, startTime: time };
}

/** A slot of the default ride length (90 min) from `start`. */
export function defaultSlot(start: Date): { start: Date; end: Date; allDay: boolean } {
  return { start, end: new Date(start.getTime() + DEFAULT_DRIVING_LENGTH * MINUTE_MS), allDay: false };
}

/** The slot a plan without a selection starts with: the next full hour, the default length. */
export function nextHourSlot(now: Date): { start: Date; end: Date; allDay: boolean } {
  return defaultSlot(new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000));
}

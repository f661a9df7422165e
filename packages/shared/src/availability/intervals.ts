// Which hours of one day a teacher works (issue 19 §3): the weekly hours of the day's weekday, none on a day of
// absence. Pure, for the slot search (booking) and the screens. Days are the school's calendar dates (Europe/Prague);
// the instants are exact on the days the clocks change (the 23-hour and 25-hour Sundays).
import { type CalendarDate, dayOfWeek, SCHOOL_TIME_ZONE, schoolMidnight, addDays } from '../school-time.ts';
import type { AvailabilityInterval } from './inputs.ts';

export interface AbsenceDays {
  fromDate: CalendarDate;
  toDate: CalendarDate;
}

/** One working interval of a day: wall-clock minutes of the day and the instants they are. */
export interface DayInterval {
  startMinute: number;
  endMinute: number;
  /** The instant of `startMinute` on that day, inclusive. */
  start: Date;
  /** The instant of `endMinute`, exclusive. */
  end: Date;
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** How far the school's wall clock is ahead of UTC at an instant, ms. */
function offsetAt(ms: number): number {
  const w: Record<string, number> = {};
  for (const p of wallClock.formatToParts(new Date(ms))) if (p.type !== 'literal') w[p.type] = Number(p.value);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(ms / 60_000) * 60_000;
}

/**
 * The instant a wall-clock minute of a school day is. 24:00 is the next midnight. A minute the spring change skips
 * (2:00–2:59 on the last Sunday of March) is read with the winter offset, so it lands an hour later on the wall; a
 * minute the autumn change repeats (2:00–2:59 on the last Sunday of October) is its second, winter occurrence.
 */
export function schoolInstant(day: CalendarDate, minute: number): Date {
  if (minute >= 1440) return schoolMidnight(addDays(day, Math.floor(minute / 1440)));
  const [y, m, d] = day.split('-').map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d) + minute * 60_000;
  const guess = wallAsUtc - offsetAt(wallAsUtc);
  return new Date(wallAsUtc - offsetAt(guess));
}

/** Whether the day falls within any absence (both ends inclusive). */
export function isAbsent(absences: readonly AbsenceDays[], date: CalendarDate): boolean {
  return absences.some((a) => a.fromDate <= date && date <= a.toDate);
}

/**
 * The teacher's working intervals of one local date, in order: the week's intervals of the date's weekday, none when
 * an absence covers the date. Adjacent intervals (8:00–12:00, 12:00–13:00) stay apart, as entered.
 */
export function availableIntervals(week: readonly AvailabilityInterval[], absences: readonly AbsenceDays[], date: CalendarDate): DayInterval[] {
  if (isAbsent(absences, date)) return [];
  const weekday = dayOfWeek(date);
  return week
    .filter((i) => i.weekday === weekday && i.startMinute < i.endMinute)
    .sort((a, b) => a.startMinute - b.startMinute)
    .map((i) => ({ startMinute: i.startMinute, endMinute: i.endMinute, start: schoolInstant(date, i.startMinute), end: schoolInstant(date, i.endMinute) }));
}

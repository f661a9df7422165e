// Pure rules of group theory (issue 20 §3): weekly repetition, collisions, the attendance window and which Výuka rows
// an attendance fills. No I/O; the server's course service and the Kurzy page share them.
import { schoolInstant } from '../booking/rules.ts';
import { addDays, type CalendarDate } from '../school-time.ts';
import { MAX_WEEKLY_OCCURRENCES } from './inputs.ts';

export const LESSON_UNIT_MINUTES = 45;

/** The days of 'Opakovat každý týden do …': the first day and each 7 days later up to `until` (inclusive), at most 52. */
export function weeklyDates(first: CalendarDate, until: CalendarDate | null, max = MAX_WEEKLY_OCCURRENCES): CalendarDate[] {
  const days = [first];
  if (until === null) return days;
  for (let d = addDays(first, 7); d <= until && days.length < max; d = addDays(d, 7)) days.push(d);
  return days;
}

/** The instants of a lesson: its start on the school's wall clock and `units` × 45 minutes; null when the time does not exist. */
export function lessonPeriod(date: CalendarDate, startTime: string, units: number): { start: Date; end: Date } | null {
  const [h, m] = startTime.split(':').map(Number);
  const start = schoolInstant(date, h * 60 + m);
  if (!start) return null;
  return { start, end: new Date(start.getTime() + units * LESSON_UNIT_MINUTES * 60_000) };
}

export const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

export interface BusyItem {
  start: Date;
  end: Date;
  /** What it is, in Czech, for the refusal ('Jízda', 'Hodina výuky kurzu …'). */
  label: string;
  teacherId: string | null;
  classroomId: string | null;
}

export interface Occurrence {
  start: Date;
  end: Date;
  teacherId: string;
  classroomId: string | null;
  participants: number;
}

/**
 * Why an occurrence cannot be planned, in Czech (empty: it can): the teacher teaches or drives meanwhile, the room is
 * taken, or the room has fewer seats than the lesson's students.
 */
export function collisionReasons(o: Occurrence, busy: readonly BusyItem[], capacity: number | null): string[] {
  const reasons: string[] = [];
  for (const item of busy) {
    if (!overlaps(o, item)) continue;
    if (item.teacherId !== null && item.teacherId === o.teacherId) reasons.push(`učitel má v tu dobu: ${item.label}`);
    else if (o.classroomId !== null && item.classroomId === o.classroomId) reasons.push(`učebna je obsazena: ${item.label}`);
  }
  if (capacity !== null && o.participants > capacity) reasons.push(`učebna má jen ${capacity} míst, žáků je ${o.participants}`);
  return reasons;
}

/** Attendance is marked from the lesson's start on, never before (the trust rule: planned is not attended). */
export const mayMarkAttendance = (lessonStart: Date, now: Date) => now.getTime() >= lessonStart.getTime();

export interface SectionRow {
  id: string;
  position: number;
  attended: boolean;
  groupLessonId: string | null;
}

/**
 * Which of the student's rows of the section a present mark fills (`units` of them): the free ones (not attended, not
 * another group lesson's) from the lowest position; `add` new positions after the last when there are too few.
 */
export function rowsToFill(rows: readonly SectionRow[], units: number): { fill: string[]; add: number[] } {
  const free = [...rows].filter((r) => !r.attended && r.groupLessonId === null).sort((a, b) => a.position - b.position);
  const fill = free.slice(0, units).map((r) => r.id);
  const last = rows.reduce((max, r) => Math.max(max, r.position), 0);
  const add = Array.from({ length: units - fill.length }, (_, i) => last + i + 1);
  return { fill, add };
}

// Recurring rides ('Opakovat', issue 20 §4): a planned item repeated every week on the same wall-clock time, until a
// date or n times. One schema shared by the ride form and drivingLessonsRecord.createRecurring; the occurrences are
// generated here (pure, unit-tested) and the server creates each with the ordinary collision checks.
import { z } from 'zod';
import { addDays, type CalendarDate, schoolDateOf } from '../school-time.ts';
import { schoolInstant } from '../booking/rules.ts';
import { isCalendarDate } from '../validation.ts';
import { createTrainingInput } from './inputs.ts';

/** At most a year of weekly occurrences (the first one included). */
export const MAX_OCCURRENCES = 52;

export const RECURRENCE_MESSAGES = {
  repeatRequired: 'Zadejte datum, do kterého se má výcvik opakovat, nebo počet opakování.',
  countRange: `Počet opakování musí být 2 až ${MAX_OCCURRENCES}.`,
  untilInvalid: 'Neplatné datum',
  untilBeforeStart: 'Datum „do“ musí být po prvním výcviku.',
  tooMany: `Opakovat lze nejvýše ${MAX_OCCURRENCES}krát (jeden rok týdně).`,
  planOnly: 'Opakovat lze jen plánovaný výcvik.',
  noWallTime: 'V tento den čas neexistuje (přechod na letní čas).',
} as const;

/** How it repeats: weekly until a date (inclusive, the school's calendar) or n times in all. */
export const repeatInput = z.object({
  until: z
    .string()
    .refine((v) => isCalendarDate(v), RECURRENCE_MESSAGES.untilInvalid)
    .nullish()
    .transform((v) => v ?? null),
  count: z
    .int({ error: RECURRENCE_MESSAGES.countRange })
    .min(2, RECURRENCE_MESSAGES.countRange)
    .max(MAX_OCCURRENCES, RECURRENCE_MESSAGES.countRange)
    .nullish()
    .transform((v) => v ?? null),
});
export type RepeatValues = z.output<typeof repeatInput>;

/** How many weekly occurrences a repeat has from the first start (until: the last on or before that date). */
export function occurrenceCount(start: Date, repeat: RepeatValues): number {
  if (repeat.count !== null) return repeat.count;
  if (repeat.until === null) return 1;
  const first = schoolDateOf(start);
  if (repeat.until < first) return 0;
  const days = Math.round((Date.parse(`${repeat.until}T12:00:00Z`) - Date.parse(`${first}T12:00:00Z`)) / 86_400_000);
  return Math.floor(days / 7) + 1;
}

export interface Occurrence {
  /** The school's calendar day of the occurrence. */
  day: CalendarDate;
  /** Its start and end, the same wall-clock time as the first (also across a change of summer time); null: no such wall time. */
  startTime: Date | null;
  endTime: Date | null;
}

const wallMinutes = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Prague', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
function minuteOfDay(instant: Date): number {
  const parts = Object.fromEntries(wallMinutes.formatToParts(instant).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** The occurrences of a repeat (the first one included), at most MAX_OCCURRENCES. */
export function occurrences(start: Date, end: Date, repeat: RepeatValues): Occurrence[] {
  const n = Math.min(MAX_OCCURRENCES, occurrenceCount(start, repeat));
  const first = schoolDateOf(start);
  const minute = minuteOfDay(start);
  const duration = end.getTime() - start.getTime();
  const out: Occurrence[] = [];
  for (let k = 0; k < n; k++) {
    const day = addDays(first, 7 * k);
    // k = 0 is the instant chosen (a wall time that happens twice keeps the one picked).
    const s = k === 0 ? start : schoolInstant(day, minute);
    out.push({ day, startTime: s, endTime: s ? new Date(s.getTime() + duration) : null });
  }
  return out;
}

/**
 * drivingLessonsRecord.createRecurring: the first item as the form plans it (mode PLAN) and how it repeats. Either
 * `until` or `count`; not both empty; at most 52 occurrences.
 */
export const createRecurringTrainingInput = z.object({ training: createTrainingInput, repeat: repeatInput }).superRefine((v, ctx) => {
  if (v.training.mode !== 'PLAN') ctx.addIssue({ code: 'custom', path: ['training', 'mode'], message: RECURRENCE_MESSAGES.planOnly });
  const { until, count } = v.repeat;
  if (until === null && count === null) {
    ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: RECURRENCE_MESSAGES.repeatRequired });
    return;
  }
  if (until !== null && count === null) {
    const n = occurrenceCount(v.training.startTime, v.repeat);
    if (n < 2) ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: RECURRENCE_MESSAGES.untilBeforeStart });
    else if (n > MAX_OCCURRENCES) ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: RECURRENCE_MESSAGES.tooMany });
  }
});
export type CreateRecurringTrainingInput = z.input<typeof createRecurringTrainingInput>;

/** What the server answers: the created items' ids and times, and each refused occurrence with its Czech reason. */
export interface RecurringResult {
  created: { id: string; startTime: Date; endTime: Date }[];
  refused: { startTime: Date | null; day: CalendarDate; reason: string }[];
}

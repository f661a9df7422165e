// A teacher's 'Dostupnost' (issue 19 §3): weekly working hours, absences and usual cars. One schema per input, shared
// by the Učitelé page, Uživatelské Nastavení and the availability procedures. Times are minutes after the school's
// local midnight (Europe/Prague); weekdays are ISO, 1 Monday … 7 Sunday.
import { z } from 'zod';
import { dateInput, optionalText, uuidInput } from '../validation.ts';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  1: 'Pondělí',
  2: 'Úterý',
  3: 'Středa',
  4: 'Čtvrtek',
  5: 'Pátek',
  6: 'Sobota',
  7: 'Neděle',
};
export const WEEKDAY_SHORT: Record<Weekday, string> = { 1: 'Po', 2: 'Út', 3: 'St', 4: 'Čt', 5: 'Pá', 6: 'So', 7: 'Ne' };

/** Working hours go in quarters of an hour. */
export const AVAILABILITY_STEP_MINUTES = 15;
/** At most this many intervals in one day (a split shift, a lunch break … ). */
export const MAX_INTERVALS_PER_DAY = 8;
/** At most this many usual cars per teacher. */
export const MAX_TEACHER_CARS = 10;

export const AVAILABILITY_MESSAGES = {
  weekday: 'Neplatný den v týdnu.',
  time: 'Neplatný čas.',
  step: 'Čas musí být po 15 minutách (např. 8:00, 8:15, 8:30).',
  order: 'Začátek musí být před koncem.',
  overlap: 'Časy se v jednom dni nesmí překrývat.',
  tooMany: 'Jeden den může mít nejvýše 8 úseků.',
  absenceFrom: 'Prosím zadejte začátek nepřítomnosti!',
  absenceTo: 'Prosím zadejte konec nepřítomnosti!',
  absenceOrder: 'Konec nepřítomnosti nesmí být před začátkem.',
  note: 'Poznámka může mít nejvýše 200 znaků',
  cars: 'Vyberte nejvýše 10 vozidel.',
  carTwice: 'Vozidlo je vybráno dvakrát.',
} as const;

/** 'H:MM' of minutes after midnight: 480 → '8:00', 1440 → '24:00'. */
export function formatMinute(minute: number): string {
  return `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;
}

/** Minutes after midnight of 'H:MM' / 'HH:MM' (up to '24:00'), or null when it is no such time. */
export function parseMinute(value: string): number | null {
  const m = /^\s*(\d{1,2})[:.](\d{2})\s*$/.exec(value);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minutes <= 1440 ? minutes : null;
}

const minuteOfDay = z
  .int({ error: AVAILABILITY_MESSAGES.time })
  .min(0, AVAILABILITY_MESSAGES.time)
  .max(1440, AVAILABILITY_MESSAGES.time)
  .refine((v) => v % AVAILABILITY_STEP_MINUTES === 0, AVAILABILITY_MESSAGES.step);

export const availabilityIntervalInput = z
  .object({
    weekday: z.int({ error: AVAILABILITY_MESSAGES.weekday }).min(1, AVAILABILITY_MESSAGES.weekday).max(7, AVAILABILITY_MESSAGES.weekday),
    startMinute: minuteOfDay,
    endMinute: minuteOfDay,
  })
  .refine((v) => v.startMinute < v.endMinute, { path: ['endMinute'], error: AVAILABILITY_MESSAGES.order });
export type AvailabilityInterval = { weekday: number; startMinute: number; endMinute: number };

/** The index of the first interval that overlaps an earlier one of the same weekday, or -1. Touching ends do not overlap. */
export function firstOverlap(intervals: readonly AvailabilityInterval[]): number {
  for (let i = 0; i < intervals.length; i++) {
    const a = intervals[i];
    for (let j = 0; j < i; j++) {
      const b = intervals[j];
      if (a.weekday === b.weekday && a.startMinute < b.endMinute && b.startMinute < a.endMinute) return i;
    }
  }
  return -1;
}

/** A whole week of working hours, replacing the teacher's last one: valid intervals, none overlapping within a day. */
export const weekIntervalsInput = z
  .array(availabilityIntervalInput)
  .max(7 * MAX_INTERVALS_PER_DAY, AVAILABILITY_MESSAGES.tooMany)
  .superRefine((intervals, ctx) => {
    // Too many is refused above; the pairwise check would be quadratic on a huge array (the fuzz test sends them).
    if (intervals.length > 7 * MAX_INTERVALS_PER_DAY) return;
    const i = firstOverlap(intervals);
    if (i >= 0) ctx.addIssue({ code: 'custom', path: [i], message: AVAILABILITY_MESSAGES.overlap });
    for (const day of WEEKDAYS) {
      if (intervals.filter((v) => v.weekday === day).length > MAX_INTERVALS_PER_DAY) {
        ctx.addIssue({ code: 'custom', path: [], message: AVAILABILITY_MESSAGES.tooMany });
        return;
      }
    }
  });

export const teacherIdInput = z.object({ teacherId: uuidInput });

/** availability.setWeek: the teacher and their whole week. */
export const setWeekInput = z.object({ teacherId: uuidInput, intervals: weekIntervalsInput });
export type SetWeekInput = z.input<typeof setWeekInput>;

/** An absence (holiday, sickness): whole days, both inclusive, with an optional note. */
export const absenceInput = z
  .object({
    fromDate: dateInput(AVAILABILITY_MESSAGES.absenceFrom),
    toDate: dateInput(AVAILABILITY_MESSAGES.absenceTo),
    note: optionalText(200, AVAILABILITY_MESSAGES.note),
  })
  .refine((v) => v.toDate >= v.fromDate, {
    path: ['toDate'],
    error: AVAILABILITY_MESSAGES.absenceOrder,
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
export type AbsenceInput = z.input<typeof absenceInput>;

export const addAbsenceInput = z.object({ teacherId: uuidInput, absence: absenceInput });
export const removeAbsenceInput = z.object({ teacherId: uuidInput, absenceId: uuidInput });

/** availability.setCars: the teacher's usual cars, replacing the last choice (the school's cars, not retired). */
export const setCarsInput = z.object({
  teacherId: uuidInput,
  schoolCarIds: z
    .array(uuidInput)
    .max(MAX_TEACHER_CARS, AVAILABILITY_MESSAGES.cars)
    .refine((ids) => new Set(ids).size === ids.length, AVAILABILITY_MESSAGES.carTwice),
});

/** The calendar's days at most (a month view with its edges). */
export const MAX_CALENDAR_AVAILABILITY_DAYS = 62;

/**
 * availability.getSchool: every teacher's week and the absences touching [fromDate, toDate] (the calendar's background,
 * issue 20 §4).
 */
export const schoolAvailabilityInput = z
  .object({ fromDate: dateInput(AVAILABILITY_MESSAGES.absenceFrom), toDate: dateInput(AVAILABILITY_MESSAGES.absenceTo) })
  .refine((v) => v.toDate >= v.fromDate, {
    path: ['toDate'],
    error: AVAILABILITY_MESSAGES.absenceOrder,
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
  .refine((v) => (Date.parse(`${v.toDate}T00:00:00Z`) - Date.parse(`${v.fromDate}T00:00:00Z`)) / 86_400_000 <= MAX_CALENDAR_AVAILABILITY_DAYS, {
    path: ['toDate'],
    error: `Nejvýše ${MAX_CALENDAR_AVAILABILITY_DAYS} dní.`,
    when: ({ value }) => typeof value === 'object' && value !== null,
  });

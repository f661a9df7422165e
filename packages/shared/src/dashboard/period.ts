// 'Přehled školy' (issue 21 §4): the period the owner looks at and the buckets its figures fall into. Months are the
// school's calendar months (Europe/Prague: a month's instants run from its first midnight to the next month's, 23 h
// or 25 h days included); weeks are ISO weeks (Monday to Sunday, week 1 holds the year's first Thursday). The server
// buckets with the same rules in SQL (timezone('Europe/Prague', t)); these functions name and list the buckets so an
// empty month or week still shows as 0.
import { z } from 'zod';
import { STUDENT_STATES } from '../enums.ts';
import { addDays, type CalendarDate, dayOfWeek, schoolMidnight, schoolToday } from '../school-time.ts';
import { dateInput, schoolIdInput } from '../validation.ts';

export const DASHBOARD_PRESETS = ['THIS_MONTH', 'LAST_12_MONTHS', 'THIS_YEAR'] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];
export const DASHBOARD_PRESET_LABELS: Record<DashboardPreset, string> = {
  THIS_MONTH: 'Tento měsíc',
  LAST_12_MONTHS: 'Posledních 12 měsíců',
  THIS_YEAR: 'Letos',
};

/** The longest period the page answers (the bench's five years of data fit). */
export const DASHBOARD_MAX_DAYS = 5 * 366;

export interface DashboardPeriod {
  from: CalendarDate;
  to: CalendarDate;
}

const monthStart = (day: CalendarDate) => `${day.slice(0, 7)}-01`;

function lastDayOfMonth(month: string): CalendarDate {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** A preset's days, counted in the school's calendar on `now`'s day; all end today. */
export function presetPeriod(preset: DashboardPreset, now: Date): DashboardPeriod {
  const today = schoolToday(now);
  if (preset === 'THIS_MONTH') return { from: monthStart(today), to: today };
  if (preset === 'THIS_YEAR') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  // The current month and the 11 before it, whole.
  const [y, m] = today.split('-').map(Number) as [number, number];
  const back = new Date(Date.UTC(y, m - 1 - 11, 1));
  return { from: `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}-01`, to: today };
}

/** Number of calendar days from `from` to `to`, both included. */
export function periodDays(p: DashboardPeriod): number {
  return Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The instants bounding the period: start ≤ t < end (the midnights in Europe/Prague). */
export function periodInstants(p: DashboardPeriod): { start: Date; end: Date } {
  return { start: schoolMidnight(p.from), end: schoolMidnight(addDays(p.to, 1)) };
}

/** The months the period touches, as 'YYYY-MM' keys in order. */
export function monthsOf(p: DashboardPeriod): string[] {
  const out: string[] = [];
  let month = p.from.slice(0, 7);
  const last = p.to.slice(0, 7);
  while (month <= last) {
    out.push(month);
    month = addDays(lastDayOfMonth(month), 1).slice(0, 7);
  }
  return out;
}

/** The Monday of the ISO week holding a day. */
export function isoWeekMonday(day: CalendarDate): CalendarDate {
  return addDays(day, 1 - dayOfWeek(day));
}

/** ISO week-numbering year and week of a day: the week's Thursday decides the year. */
export function isoWeekOf(day: CalendarDate): { year: number; week: number } {
  const thursday = addDays(isoWeekMonday(day), 3);
  const year = Number(thursday.slice(0, 4));
  const jan1 = Date.parse(`${year}-01-01T00:00:00Z`);
  const week = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - jan1) / (7 * 86_400_000)) + 1;
  return { year, week };
}

/** The ISO weeks the period touches, each by its Monday, in order. */
export function weeksOf(p: DashboardPeriod): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let monday = isoWeekMonday(p.from); monday <= p.to; monday = addDays(monday, 7)) out.push(monday);
  return out;
}

/** The days of an ISO week (by its Monday) that lie inside the period. */
export function weekDaysInPeriod(monday: CalendarDate, p: DashboardPeriod): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let i = 0; i < 7; i++) {
    const day = addDays(monday, i);
    if (day >= p.from && day <= p.to) out.push(day);
  }
  return out;
}

const MONTH_NAMES = ['leden', 'únor', 'březen', 'duben', 'květen', 'červen', 'červenec', 'srpen', 'září', 'říjen', 'listopad', 'prosinec'];

/** '2026-03' → '3/2026' (short, for axes) or 'březen 2026' (long). */
export function monthLabel(month: string, long = false): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return long ? `${MONTH_NAMES[m - 1]} ${y}` : `${m}/${y}`;
}

/** '2026-03-30' (a Monday) → 'týden 14/2026'. */
export function weekLabel(monday: CalendarDate): string {
  const { year, week } = isoWeekOf(monday);
  return `týden ${week}/${year}`;
}

/** The part of an ISO week or of a month: 'YYYY-MM' of a calendar date. */
export const monthOf = (day: CalendarDate) => day.slice(0, 7);

const periodFields = { from: dateInput('Zadejte začátek období'), to: dateInput('Zadejte konec období') };
const periodRules = <S extends z.ZodType<DashboardPeriod>>(schema: S) =>
  schema
    .refine((v) => v.from <= v.to, { error: 'Začátek období musí být před koncem', path: ['to'] })
    .refine((v) => v.from > v.to || periodDays(v) <= DASHBOARD_MAX_DAYS, { error: 'Období může být nejvýše 5 let', path: ['from'] });

export const dashboardInput = periodRules(schoolIdInput.extend(periodFields));
export type DashboardInput = z.infer<typeof dashboardInput>;

/** The lists behind the figures (the drill-down drawer). */
export const DASHBOARD_DRILLS = ['INVOICES', 'PAYMENTS', 'NEW_STUDENTS', 'STUDENTS_IN_STATE', 'APPLICATIONS', 'EXAMS', 'CANCELLED_RIDES', 'DISPUTES'] as const;
export type DashboardDrill = (typeof DASHBOARD_DRILLS)[number];

export const dashboardDrillInput = periodRules(
  schoolIdInput.extend({
    ...periodFields,
    drill: z.enum(DASHBOARD_DRILLS),
    /** Narrows the list to one month 'YYYY-MM' of the period (a bar of a chart). */
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .nullish(),
    /** For STUDENTS_IN_STATE: the state. */
    state: z.enum(STUDENT_STATES).nullish(),
  }),
);
export type DashboardDrillInput = z.infer<typeof dashboardDrillInput>;

/** The period of a drill: one month of it when `month` is given (clipped to the period), else the whole. */
export function drillPeriod(input: DashboardPeriod & { month?: string | null }): DashboardPeriod {
  if (!input.month) return { from: input.from, to: input.to };
  const from = `${input.month}-01`;
  const to = lastDayOfMonth(input.month);
  return { from: [from, input.from].sort()[1]!, to: [to, input.to].sort()[0]! };
}

/** Nominal working week of a car when the school records no car availability: Monday–Friday, 8 hours a day. */
export const CAR_NOMINAL_DAY_MINUTES = 8 * 60;
export const CAR_NOMINAL_WORKDAYS = [1, 2, 3, 4, 5];

// 'Cesta ke zkoušce' (issue 22 §3): the readiness forecast of a student in training. A pure rule: from what the one
// legal-minimum rule says is missing (lesson-plan/legal-minimum.ts), the student's planned rides and group lessons
// (counted as planned, never as done), the free slots of their training teacher and the teacher's car (booking's
// `freeSlots`: weekly hours, absences, booked items) under the daily driving limit (`dailyDrivingLimitHours`), it fills
// the free slots greedily day by day from tomorrow and says the earliest day training can end, the earliest exam day
// the law allows (after the end of training, not before the group's age) and the school's first term on or after it.
// It is an estimate ('Odhad') and lists what it assumed; where the data cannot carry it, it says 'Nelze odhadnout' and
// why. No clock, no database: `today` and the calendar are passed in; days are the school's (Europe/Prague).
import { dailyDrivingLimitHours } from '../driving-lessons-record/rules.ts';
import type { LicenceGroup } from '../enums.ts';
import { addMonths, daysBetween } from '../exam/rules.ts';
import { formatDate, pluralCs } from '../format.ts';
import { THEORY_ITEMS, type PlanItem } from '../lesson-plan/law.ts';
import { LEGAL_MINIMUM_LABELS, type LegalMinimum } from '../lesson-plan/legal-minimum.ts';
import { type AvailabilityInterval, freeSlots, type Interval } from '../booking/rules.ts';
import { addDays, type CalendarDate, schoolDateOf } from '../school-time.ts';

/** How far ahead the forecast looks for free slots. */
export const FORECAST_HORIZON_DAYS = 365;
/** The forecast's rides: 90 minutes (2 teaching hours), a 45-minute one for an odd hour or the day's last quota. */
export const FORECAST_RIDE_LENGTHS = [90, 45] as const;
/** legal-cz §5.1: training may last at most 18 months (read as a warning, not a block); warn this many days ahead. */
export const EIGHTEEN_MONTHS_WARNING_DAYS = 60;

/**
 * legal-cz §5.3 (zákon 361/2000 §83): the general minimum age per group, in years. B (and B automat) is 17 since 2024,
 * driving only with a mentor until 18. The law's exceptions (C from 18 with professional-driver training, A at 20
 * after A2…) are not kept, so the forecast uses the general age and says so.
 */
export const MINIMUM_AGE: Record<LicenceGroup, number> = {
  AM: 15,
  A1: 16,
  B1: 17,
  T: 17,
  B: 17,
  Ba: 17,
  A2: 18,
  B96: 18,
  BpE: 18,
  C1: 18,
  C1pE: 18,
  C: 21,
  CpE: 21,
  D1: 21,
  D1pE: 21,
  A: 24,
  D: 24,
  DpE: 24,
};

export const READINESS_TEXTS = {
  title: 'Cesta ke zkoušce',
  estimate: 'Odhad',
  unknown: 'Nelze odhadnout',
  ready: 'Zákonný rozsah výuky a výcviku je splněn',
  noTeacher: 'Žák nemá přiděleného učitele výcviku',
  noAvailability: 'Učitel výcviku nemá zadanou dostupnost',
  noCar: 'Učitel výcviku nemá přiřazené vozidlo',
  noSlots: `V příštích ${FORECAST_HORIZON_DAYS} dnech nemá učitel výcviku dost volných hodin`,
  notInTraining: 'Žák není ve výcviku',
  noPlan: 'Žák nemá zadanou skupinu, zákonný rozsah nelze určit',
} as const;

/** '1 lekce není naplánována', '2 lekce nejsou naplánovány', '5 lekcí není naplánováno'. */
const notPlanned = (n: number) => `${n} ${pluralCs(n, ['lekce není naplánována', 'lekce nejsou naplánovány', 'lekcí není naplánováno'])}`;
const hoursText = (n: number) => `${n} ${pluralCs(n, ['hodina', 'hodiny', 'hodin'])}`;

/** A booked item of the student (SCHEDULED ride or PV lesson) the forecast counts as planned. */
export interface PlannedRide {
  type: 'DRIVING' | 'PV_UV' | 'PV_ZP';
  start: Date;
  end: Date;
  /** Minutes. */
  length: number;
}

/** A group lesson of the student's course (or one they were added to) that has not ended yet. */
export interface PlannedLesson {
  type: PlanItem;
  start: Date;
  end: Date;
  /** 45-minute lessons. */
  units: number;
}

/** A teacher's calendar, read once for the whole school (busy items bucketed by school day: `dayIndex`). */
export interface TeacherCalendar {
  id: string;
  availability: readonly AvailabilityInterval[];
  absences: readonly { fromDate: CalendarDate; toDate: CalendarDate }[];
  /** The teacher's booked items (any student), by school day. */
  busy: DayIndex;
  /** The teacher's usual cars in order, each with its booked items by school day. */
  cars: readonly { id: string; busy: DayIndex }[];
}

/** Intervals by the school days they touch. */
export type DayIndex = ReadonlyMap<CalendarDate, readonly Interval[]>;

/** Buckets intervals by every school day they touch (a two-week car reservation lands on each of its days). */
export function dayIndex(items: readonly Interval[]): Map<CalendarDate, Interval[]> {
  const out = new Map<CalendarDate, Interval[]>();
  for (const it of items) {
    const first = schoolDateOf(it.start);
    const last = schoolDateOf(new Date(it.end.getTime() - 1));
    for (let d = first, i = 0; d <= last && i < 400; d = addDays(d, 1), i++) {
      const list = out.get(d);
      if (list) list.push(it);
      else out.set(d, [it]);
    }
  }
  return out;
}

/** An exam term of the school (on or after today), with how many students are signed up. */
export interface ExamTermInput {
  id: string;
  date: CalendarDate;
  place: string;
  types: readonly string[];
  capacity: number | null;
  signedUp: number;
}

export interface ForecastInput {
  /** The school's today; new rides are placed from tomorrow. */
  today: CalendarDate;
  groups: readonly LicenceGroup[];
  birthDate: CalendarDate;
  /** The day training started (dateOfInProgress), for the 18-month warning. */
  trainingStart: CalendarDate | null;
  /** The one rule's answer on what the student attended and completed (legalMinimum). */
  minimum: LegalMinimum;
  plannedRides: readonly PlannedRide[];
  plannedLessons: readonly PlannedLesson[];
  /** The student's training teachers (student_default_teachers TRAINING); empty: none assigned. */
  teachers: readonly TeacherCalendar[];
  /** The student's own booked items (rides, reservations) and group lessons by day: no ride is placed over them. */
  studentBusy: DayIndex;
  examTerms: readonly ExamTermInput[];
}

export interface ForecastSection {
  item: PlanItem;
  label: string;
  unit: 'lesson' | 'hour';
  required: number;
  done: number;
  missing: number;
  /** Units of the missing part already planned (booked rides, group lessons of the course). */
  planned: number;
  /** Units the forecast placed in free slots (practical sections only). */
  placed: number;
  /** The day the section is met by the forecast; null when met already or never within the horizon. */
  metOn: CalendarDate | null;
}

export interface ReadinessForecast {
  /** READY: the legal minimum is met; ESTIMATE: a date is forecast; UNKNOWN: 'Nelze odhadnout' (see `reasons`). */
  status: 'READY' | 'ESTIMATE' | 'UNKNOWN';
  sections: ForecastSection[];
  /** The day the calendar (planned and placed lessons) covers the minimum. */
  calendarEnd: CalendarDate | null;
  /** The day the student reaches the general age of their groups. */
  ageDate: CalendarDate;
  /** The earliest day training can end: the later of the calendar's end and the age day (READY: today at the earliest). */
  trainingEnd: CalendarDate | null;
  /** The earliest day of an exam the law allows: the day after the end of training. */
  earliestExamDate: CalendarDate | null;
  /** The last day to file the exam application after that end (15 days, legal-cz §7.2). */
  applicationDeadline: CalendarDate | null;
  /** The school's first term on or after the earliest exam day with the test (PPV) and a free place. */
  examTerm: { id: string; date: CalendarDate; place: string } | null;
  /** The rides (and PV lessons) the forecast placed in free slots, in time order: a proposal, nothing is booked. */
  placed: { type: 'DRIVING' | 'PV_UV' | 'PV_ZP'; start: Date; end: Date; teacherId: string; carId: string | null }[];
  reasons: string[];
  warnings: string[];
  assumptions: string[];
}

const isTheory = (item: PlanItem) => (THEORY_ITEMS as readonly PlanItem[]).includes(item);
const UNIT = 45;

/** The age day of the student's groups: the birthday of the highest general minimum age among them. */
export function ageDateOf(birthDate: CalendarDate, groups: readonly LicenceGroup[]): { date: CalendarDate; years: number } {
  const years = Math.max(0, ...groups.map((g) => MINIMUM_AGE[g] ?? 18));
  return { date: addMonths(birthDate, years * 12), years };
}

const maxDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);

/** The forecast. See the file's head for what it does and ForecastInput for what it is given. */
export function readinessForecast(input: ForecastInput): ReadinessForecast {
  const { today } = input;
  const limitHours = dailyDrivingLimitHours(input.groups);
  const age = ageDateOf(input.birthDate, input.groups);
  const reasons: string[] = [];
  const warnings: string[] = [];
  const assumptions: string[] = [];

  // What is still needed per section: theory in lessons, practice in minutes (the rule's missing hours × 45).
  const sections: ForecastSection[] = input.minimum.sections.map((s) => ({
    item: s.item,
    label: LEGAL_MINIMUM_LABELS[s.item],
    unit: s.unit,
    required: s.required,
    done: s.done,
    missing: s.missing,
    planned: 0,
    placed: 0,
    metOn: null,
  }));
  const need = new Map<PlanItem, number>(sections.filter((s) => s.missing > 0).map((s) => [s.item, s.unit === 'lesson' ? s.missing : s.missing * UNIT]));
  const section = (item: PlanItem) => sections.find((s) => s.item === item);

  // Planned items by day, in time order (counted as planned on their day).
  type Planned = { item: PlanItem; start: Date; amount: number; driving: number };
  const planned: Planned[] = [
    ...input.plannedRides.map((r) => ({ item: r.type as PlanItem, start: r.start, amount: r.length, driving: r.type === 'DRIVING' ? r.length : 0 })),
    ...input.plannedLessons.map((l) => ({ item: l.type, start: l.start, amount: isTheory(l.type) ? l.units : l.units * UNIT, driving: 0 })),
  ].sort((a, b) => a.start.getTime() - b.start.getTime());
  const plannedByDay = new Map<CalendarDate, Planned[]>();
  for (const p of planned) {
    const d = schoolDateOf(p.start);
    if (d < today) continue;
    plannedByDay.set(d, [...(plannedByDay.get(d) ?? []), p]);
  }

  // Totals planned per section (for the card and the up-front reasons).
  const plannedTotal = new Map<PlanItem, number>();
  for (const ps of plannedByDay.values()) for (const p of ps) plannedTotal.set(p.item, (plannedTotal.get(p.item) ?? 0) + p.amount);
  for (const s of sections) {
    const total = plannedTotal.get(s.item) ?? 0;
    s.planned = s.unit === 'lesson' ? Math.min(s.missing, total) : Math.min(s.missing, Math.floor(total / UNIT));
  }

  const placedItems: ReadinessForecast['placed'] = [];
  const base = { sections, ageDate: age.date, placed: placedItems };
  if (input.minimum.sections.length === 0) {
    return {
      ...base,
      status: 'UNKNOWN',
      calendarEnd: null,
      trainingEnd: null,
      earliestExamDate: null,
      applicationDeadline: null,
      examTerm: null,
      reasons: [READINESS_TEXTS.noPlan],
      warnings,
      assumptions,
    };
  }

  // Theory comes only from planned lessons (the course's group lessons, Výuka rows with a date): what they do not cover
  // cannot be forecast.
  for (const s of sections) {
    if (!isTheory(s.item) || s.missing === 0) continue;
    const uncovered = s.missing - (plannedTotal.get(s.item) ?? 0);
    if (uncovered > 0) reasons.push(`${s.label}: ${notPlanned(uncovered)}`);
  }
  // Practice left after the planned items goes into the teacher's free slots.
  const practicalLeft = (item: PlanItem) => Math.max(0, (need.get(item) ?? 0) - (plannedTotal.get(item) ?? 0));
  const drivingLeft = practicalLeft('DRIVING');
  const pvLeft = practicalLeft('PV_UV') + practicalLeft('PV_ZP');
  if (drivingLeft + pvLeft > 0) {
    if (input.teachers.length === 0) reasons.push(READINESS_TEXTS.noTeacher);
    else if (input.teachers.every((t) => t.availability.length === 0)) reasons.push(READINESS_TEXTS.noAvailability);
    else if (drivingLeft > 0 && input.teachers.every((t) => t.cars.length === 0)) reasons.push(READINESS_TEXTS.noCar);
  }

  assumptions.push(
    `Jízdy po ${FORECAST_RIDE_LENGTHS[0]} minutách, nejvýše ${hoursText(limitHours)} výcviku v řízení denně (zákonný denní limit).`,
    'Naplánované jízdy a hodiny kurzu se počítají, jako by proběhly.',
    'Volné hodiny učitele výcviku podle jeho dostupnosti, nepřítomností a už naplánovaných jízd; vozidlo učitele musí být volné.',
  );
  if (pvLeft > 0) assumptions.push('PV-ÚV a PV-ZP ve volných hodinách učitele výcviku, bez vozidla.');
  assumptions.push(`Věk podle obecné hranice skupiny (${age.years} let); výjimky zákona neevidujeme.`);

  let calendarEnd: CalendarDate | null = null;
  const isMet = () => [...need.values()].every((v) => v <= 0);
  const markMet = (d: CalendarDate) => {
    for (const [item, v] of need) {
      const s = section(item);
      if (v <= 0 && s && s.missing > 0 && s.metOn === null) s.metOn = d;
    }
  };

  if (input.minimum.isMet) {
    calendarEnd = today;
  } else if (reasons.length === 0) {
    const last = addDays(today, FORECAST_HORIZON_DAYS);
    for (let d = today; d <= last; d = addDays(d, 1)) {
      let drivingThatDay = 0;
      for (const p of plannedByDay.get(d) ?? []) {
        if (need.has(p.item)) need.set(p.item, (need.get(p.item) ?? 0) - p.amount);
        drivingThatDay += p.driving;
      }
      markMet(d);
      if (isMet()) {
        calendarEnd = d;
        break;
      }
      if (d === today) continue;
      const placed: Interval[] = [];
      // Driving first, up to the day's limit; then PV lessons of 45 minutes in what is left of the teacher's day.
      while ((need.get('DRIVING') ?? 0) - (plannedAfter(plannedByDay, d, 'DRIVING') ?? 0) > 0) {
        const quota = limitHours * UNIT - drivingThatDay;
        const stillNeeded = (need.get('DRIVING') ?? 0) - plannedAfter(plannedByDay, d, 'DRIVING');
        const lengths = FORECAST_RIDE_LENGTHS.filter((l) => l <= quota && (l === UNIT || stillNeeded > UNIT));
        const slot = lengths.length ? firstSlot(input, d, placed, lengths, true) : null;
        if (!slot) break;
        placed.push(slot);
        drivingThatDay += slot.length;
        need.set('DRIVING', (need.get('DRIVING') ?? 0) - slot.length);
        const s = section('DRIVING');
        if (s) s.placed += Math.floor(slot.length / UNIT);
        placedItems.push({ type: 'DRIVING', start: slot.start, end: slot.end, teacherId: slot.teacherId, carId: slot.carId });
      }
      for (const item of ['PV_UV', 'PV_ZP'] as const) {
        while ((need.get(item) ?? 0) - plannedAfter(plannedByDay, d, item) > 0) {
          const slot = firstSlot(input, d, placed, [UNIT], false);
          if (!slot) break;
          placed.push(slot);
          need.set(item, (need.get(item) ?? 0) - UNIT);
          const s = section(item);
          if (s) s.placed += 1;
          placedItems.push({ type: item, start: slot.start, end: slot.end, teacherId: slot.teacherId, carId: slot.carId });
        }
      }
      markMet(d);
      if (isMet()) {
        calendarEnd = d;
        break;
      }
    }
    if (!calendarEnd) reasons.push(READINESS_TEXTS.noSlots);
  }

  // The 18-month warning (legal-cz §5.1: a warning, never a block).
  const eighteen = input.trainingStart ? addMonths(input.trainingStart, 18) : null;
  if (!calendarEnd) {
    if (eighteen && daysBetween(today, eighteen) <= EIGHTEEN_MONTHS_WARNING_DAYS)
      warnings.push(`18 měsíců od zahájení výcviku ${eighteen < today ? 'uplynulo' : 'uplyne'} ${formatDate(eighteen)}.`);
    return {
      ...base,
      placed: [],
      status: 'UNKNOWN',
      calendarEnd: null,
      trainingEnd: null,
      earliestExamDate: null,
      applicationDeadline: null,
      examTerm: null,
      reasons,
      warnings,
      assumptions,
    };
  }

  const trainingEnd = maxDate(calendarEnd, age.date);
  if (age.date > calendarEnd)
    warnings.push(
      `Věk: žák dosáhne ${age.years} let ${formatDate(age.date)}, výcvik nemůže skončit dřív.${input.groups.includes('B') && age.years === 17 ? ' Do 18 let smí řídit jen s mentorem.' : ''}`,
    );
  if (eighteen) {
    if (trainingEnd > eighteen)
      warnings.push(`Výcvik podle odhadu skončí až ${formatDate(trainingEnd)}, 18 měsíců od zahájení výcviku uplyne ${formatDate(eighteen)}.`);
    else if (daysBetween(today, eighteen) <= EIGHTEEN_MONTHS_WARNING_DAYS) warnings.push(`18 měsíců od zahájení výcviku uplyne ${formatDate(eighteen)}.`);
  }
  const earliestExamDate = addDays(trainingEnd, 1);
  const term = input.examTerms
    .filter((t) => t.date >= earliestExamDate && t.types.includes('PPV') && (t.capacity === null || t.signedUp < t.capacity))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))[0];
  return {
    ...base,
    status: input.minimum.isMet ? 'READY' : 'ESTIMATE',
    calendarEnd,
    trainingEnd,
    earliestExamDate,
    applicationDeadline: addDays(trainingEnd, 15),
    examTerm: term ? { id: term.id, date: term.date, place: term.place } : null,
    reasons,
    warnings,
    assumptions: input.minimum.isMet ? [] : assumptions,
  };
}

/** Planned units of one section on days after `d` (they will count on their own day, so the fill leaves room for them). */
function plannedAfter(byDay: ReadonlyMap<CalendarDate, readonly { item: PlanItem; amount: number }[]>, d: CalendarDate, item: PlanItem): number {
  let sum = 0;
  for (const [day, ps] of byDay) if (day > d) for (const p of ps) if (p.item === item) sum += p.amount;
  return sum;
}

/** The earliest free slot of any of the student's teachers on day `d` of one of `lengths` (longest first at a start). */
function firstSlot(input: ForecastInput, d: CalendarDate, placed: readonly Interval[], lengths: readonly number[], withCar: boolean) {
  let best: { start: Date; end: Date; length: number; teacherId: string; carId: string | null } | null = null;
  const studentBusy = [...(input.studentBusy.get(d) ?? []), ...placed];
  for (const t of input.teachers) {
    if (withCar && t.cars.length === 0) continue;
    const slots = freeSlots({
      day: d,
      availability: t.availability,
      absent: t.absences.some((a) => a.fromDate <= d && a.toDate >= d),
      busy: [...(t.busy.get(d) ?? []), ...studentBusy],
      cars: withCar ? t.cars.map((c) => ({ id: c.id, busy: c.busy.get(d) ?? [] })) : [],
      lengths,
      notBefore: new Date(0),
      notAfter: new Date(8.64e15),
    });
    for (const s of slots) {
      const better = !best || s.start.getTime() < best.start.getTime() || (s.start.getTime() === best.start.getTime() && s.length > best.length);
      if (better) best = { start: s.start, end: s.end, length: s.length, teacherId: t.id, carId: s.carId };
    }
  }
  return best;
}

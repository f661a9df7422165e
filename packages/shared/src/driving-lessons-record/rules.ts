// Training rules shared by the server and the web (spec §5 collision texts; legal-cz §4 daily limits and 45-minute
// units; legal-cz §8 car and teacher validity). Pure functions: no clock, no database.
import { groupsText, formatDate, formatTime, pluralCs } from '../format.ts';
import { type CalendarEventType, LESSON_UNIT_MINUTES, type LessonState } from '../enums.ts';
import { addDays } from '../school-time.ts';
import { lessonHours } from '../lesson-plan/law.ts';

/**
 * What `hasCollision` answers (spec §7): the first item in the way, the car's before the teacher's, the teacher's
 * before the student's. The spec's fields, plus whether it is the student who is taken and that item's teacher.
 */
export interface Collision {
  startTime: Date;
  endTime: Date;
  isCarCollision: boolean;
  /** The student is already booked then (neither the car nor the teacher is the one in the way). */
  isStudentCollision?: boolean;
  /** Null when the car is blocked by a reservation (no student). */
  studentLastName: string | null;
  /** The other item's teacher (null when it has none). */
  teacherLastName?: string | null;
}

/** 'D.M.YYYY HH:mm–HH:mm' in the school's zone. */
export function timeRangeText(start: Date, end: Date): string {
  return `${formatDate(start)} ${formatTime(start)}–${formatTime(end)}`;
}

/** The alert text under the title 'Kolize' (spec §5). */
export function collisionMessage(c: Collision): string {
  const time = timeRangeText(new Date(c.startTime), new Date(c.endTime));
  if (c.isCarCollision) {
    return c.studentLastName === null
      ? `Automobil není dostupný v ${time}. Vozidlo je v tu dobu blokováno.`
      : `Automobil není dostupný v ${time}. Již je rezervován pro jízdu s žákem ${c.studentLastName}`;
  }
  if (c.isStudentCollision) {
    return c.teacherLastName
      ? `Žák není dostupný v čase ${time}. Již má výcvik s učitelem ${c.teacherLastName}`
      : `Žák není dostupný v čase ${time}. Již má v tu dobu jiný výcvik`;
  }
  return `Učitel není dostupný v čase ${time}. Již má výcvik s žákem ${c.studentLastName ?? ''}`.trimEnd();
}

// --- What only a past ride may carry (issue 17 item 5) ---

/**
 * Whether the item has ended at `now` (instants compared; the school's zone only for the text): until then it may
 * be neither 'Absolvována' nor carry a signature or a tachometer reading. A car reservation records nothing.
 */
export function hasEnded(endTime: Date, now: Date): boolean {
  return new Date(endTime).getTime() <= now.getTime();
}

/** The refusal of a record that claims a ride which has not ended yet, with its end on the school's clock. */
export function notEndedMessage(type: CalendarEventType, endTime: Date): string {
  const end = `${formatDate(endTime)} ${formatTime(endTime)}`;
  return type === 'DRIVING' ? `Jízdu lze zaevidovat až po jejím skončení (${end}).` : `Výcvik lze zaevidovat až po jeho skončení (${end}).`;
}

/** What of a record only a past ride may hold. */
export interface RecordedFacts {
  type: CalendarEventType;
  state: LessonState | null | undefined;
  endTime: Date;
  signature?: string | null;
  teacherSignature?: string | null;
  tachometerBefore?: number | null;
  tachometerAfter?: number | null;
}

/** The refusal text when the item claims to have taken place (state, signatures, tachometer) before its end; else null. */
export function notEndedRefusal(r: RecordedFacts, now: Date): string | null {
  if (r.type === 'CAR_RESERVATION' || hasEnded(r.endTime, now)) return null;
  const claims =
    r.state === 'COMPLETED' || !!r.signature || !!r.teacherSignature || (r.tachometerBefore ?? null) !== null || (r.tachometerAfter ?? null) !== null;
  return claims ? notEndedMessage(r.type, r.endTime) : null;
}

export const COLLISION_TITLE = 'Kolize';

// --- Daily driving limit (legal-cz §4, law §27(2)(b) as of 191/2021 Sb.) ---

/** Groups limited to 2 hours a day in stages I and II. We do not model stages, so the stricter limit applies. */
export const STRICT_DAILY_LIMIT_GROUPS = ['AM', 'A1', 'A2', 'A', 'B1', 'B'] as const;

/** The daily limit in teaching hours (45 minutes each) for a student of these groups. */
export function dailyDrivingLimitHours(studentGroups: readonly string[]): 2 | 4 {
  return studentGroups.some((g) => (STRICT_DAILY_LIMIT_GROUPS as readonly string[]).includes(g)) ? 2 : 4;
}

/** Hours as the texts write them: '2', '2,5'. */
export const hoursText = (hours: number) => String(hours).replace('.', ',');

/**
 * The daily-limit warning, or null: `minutes` is the sum of the student's DRIVING minutes that school day (the item
 * being saved included), counted in 45-minute teaching hours.
 */
export function dailyLimitWarning(minutes: number, studentGroups: readonly string[]): string | null {
  const limit = dailyDrivingLimitHours(studentGroups);
  if (minutes <= limit * LESSON_UNIT_MINUTES) return null;
  const strict = limit === 2 ? ' (přísnější limit skupin AM, A1, A2, A, B1 a B v I. a II. etapě výcviku; etapy neevidujeme)' : '';
  return `Žák by měl v tento den ${hoursText(lessonHours(minutes))} h výcviku v řízení, zákon dovoluje nejvýše ${limit} h denně${strict}.`;
}

/** A ride's length in whole 45-minute units, or a warning. */
export function unitsWarning(lengthMinutes: number): string | null {
  return lengthMinutes % LESSON_UNIT_MINUTES === 0 ? null : `Délka ${lengthMinutes} min není násobkem vyučovací hodiny (45 min).`;
}

/**
 * Whether the teacher may train the student: true when the teacher's groups are unknown (empty) or the student has
 * none, or the teacher holds at least one of the student's groups.
 */
export function teacherQualified(teacherGroups: readonly string[], studentGroups: readonly string[]): boolean {
  if (teacherGroups.length === 0 || studentGroups.length === 0) return true;
  return studentGroups.some((g) => teacherGroups.includes(g));
}

export function qualificationWarning(teacherGroups: readonly string[], studentGroups: readonly string[]): string | null {
  return teacherQualified(teacherGroups, studentGroups) ? null : `Učitel nemá oprávnění pro skupinu ${groupsText(studentGroups)}.`;
}

/** A date-only validity ('YYYY-MM-DD') that ended before the day ('YYYY-MM-DD'). */
export const lapsedBefore = (validUntil: string | null | undefined, day: string) => !!validUntil && validUntil < day;

/** How many days ahead of a ride the office is told that the car's STK runs out. */
export const STK_SOON_DAYS = 30;

/** Days from one calendar date to another ('YYYY-MM-DD'; dates, so no zone or DST in between). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The car's STK on the ride's day: lapsed before it, or running out within STK_SOON_DAYS of it (the last valid day
 * counts as valid: a ride on it is legal, a ride the day after is not).
 */
export function stkWarning(regNumber: string, stkValidUntil: string | null | undefined, day: string): string | null {
  if (!stkValidUntil) return null;
  if (lapsedBefore(stkValidUntil, day)) return `Vozidlu ${regNumber} vypršela STK ${formatDate(stkValidUntil)}.`;
  if (stkValidUntil > addDays(day, STK_SOON_DAYS)) return null;
  const days = daysBetween(day, stkValidUntil);
  const when = days === 0 ? 'v den jízdy' : `${days} ${pluralCs(days, ['den', 'dny', 'dní'])} po jízdě`;
  return `Vozidlu ${regNumber} vyprší STK ${formatDate(stkValidUntil)} (${when}).`;
}

/**
 * Whether the car is meant for the student's training: true when either has no groups recorded, or the car is
 * meant for at least one of the student's groups (a B + AM student may ride a B car).
 */
export function carSuitsStudent(carGroups: readonly string[], studentGroups: readonly string[]): boolean {
  if (carGroups.length === 0 || studentGroups.length === 0) return true;
  return studentGroups.some((g) => carGroups.includes(g));
}

export function carGroupWarning(regNumber: string, carGroups: readonly string[], studentGroups: readonly string[]): string | null {
  if (carSuitsStudent(carGroups, studentGroups)) return null;
  return `Vozidlo ${regNumber} není určeno pro skupinu ${groupsText(studentGroups)} (je pro ${groupsText(carGroups)}).`;
}

export function teacherLicenceWarning(validUntil: string | null | undefined, day: string): string | null {
  return lapsedBefore(validUntil, day) ? `Učiteli vypršelo profesní osvědčení ${formatDate(validUntil)}.` : null;
}

// --- Odometer continuity ---

export interface OdometerRide {
  id: string;
  schoolCarId: string | null;
  startTime: Date;
  state: LessonState;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
}

const counts = (state: LessonState) => state === 'SCHEDULED' || state === 'COMPLETED';

/**
 * Per ride: its tachometerBefore minus the tachometerAfter of the same car's previous ride (by start time, not
 * cancelled, with a tachometerAfter). Negative: the rides overlap in kilometres; positive: kilometres nobody
 * recorded. Null when the ride has no car, no tachometerBefore, is cancelled or has no such previous ride.
 */
export function odometerGaps(rides: readonly OdometerRide[]): Map<string, number | null> {
  const out = new Map<string, number | null>();
  const byCar = new Map<string, OdometerRide[]>();
  for (const r of rides) {
    out.set(r.id, null);
    if (!r.schoolCarId) continue;
    const list = byCar.get(r.schoolCarId) ?? [];
    list.push(r);
    byCar.set(r.schoolCarId, list);
  }
  for (const list of byCar.values()) {
    list.sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime());
    for (const r of list) {
      if (!counts(r.state) || r.tachometerBefore === null) continue;
      const start = new Date(r.startTime).getTime();
      let previous: OdometerRide | undefined;
      for (const p of list) {
        if (p === r || new Date(p.startTime).getTime() >= start) continue;
        if (counts(p.state) && p.tachometerAfter !== null) previous = p;
      }
      out.set(r.id, previous ? r.tachometerBefore - (previous.tachometerAfter as number) : null);
    }
  }
  return out;
}

export const odometerRefusal = (previousAfter: number) => `Stav tachometru před jízdou je nižší než po předchozí jízdě vozidla (${previousAfter} km).`;

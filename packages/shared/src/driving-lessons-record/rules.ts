// Training rules shared by the server and the web (spec §5 collision texts; legal-cz §4 daily limits and 45-minute
// units; legal-cz §8 car and teacher validity). Pure functions: no clock, no database.
import { groupsText, formatDate, formatTime } from '../format.ts';
import { LESSON_UNIT_MINUTES, type LessonState } from '../enums.ts';
import { lessonHours } from '../lesson-plan/law.ts';

/** What `hasCollision` answers (spec §7): the first item in the way, the car's before the teacher's. */
export interface Collision {
  startTime: Date;
  endTime: Date;
  isCarCollision: boolean;
  /** Null when the car is blocked by a reservation (no student). */
  studentLastName: string | null;
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
  return `Učitel není dostupný v čase ${time}. Již má výcvik s žákem ${c.studentLastName ?? ''}`.trimEnd();
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

export function stkWarning(regNumber: string, stkValidUntil: string | null | undefined, day: string): string | null {
  return lapsedBefore(stkValidUntil, day) ? `Vozidlu ${regNumber} vypršela STK ${formatDate(stkValidUntil)}.` : null;
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

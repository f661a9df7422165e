// Exam rules (issue 9, spec §4/§5, legal-cz §7.3–7.4) as pure functions, shared by the server and the card.
import type { ExamResult, ExamType, LicenceGroup } from '../enums.ts';
import { addDays, type CalendarDate } from '../school-time.ts';

/** Server config defaults (spec §9; served by app.getServerConfig). */
export const MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM = 3;
export const DAY_PEER_EXAM_INACTIVE = 7;
/** Days before the 12-month deadline when the card warns. */
export const EXAM_DEADLINE_WARNING_DAYS = 30;

export const EXAM_MESSAGES = {
  dateRequired: 'Prosím zadejte datum!',
  placeRequired: 'Prosím zadejte místo!',
  typesRequired: 'Vyberte alespoň jeden druh zkoušky!',
  notFinished: 'Žák musí nejdříve ukončit výcvik.',
  notFinishedHint: 'Pro přihlášení ke zkoušce nejdříve ukončete výcvik.',
  signedElsewhere: 'Student je přihlášen už na jiný termín',
  retraining: 'Po dvou neúspěšných opravných pokusech musí žák absolvovat novou výuku nebo výcvik.',
  confirmSignOff: 'Opravdu chcete žáka odhlásit ze zkoušky?',
} as const;

/** Students in these states may be signed up for an exam. */
export const EXAM_SIGN_UP_STATES = ['TO_EXAM', 'EXAM_CORRECTION', 'FINISHED'] as const;

/** Groups without the 'ovládání a údržba vozidla' part (legal-cz §7.3: not B or AM since 2013). */
const WITHOUT_OUV: readonly LicenceGroup[] = ['AM', 'B', 'Ba', 'B96', 'B1'];

/** The exam parts a student of the group must pass. */
export function requiredExamTypes(group: LicenceGroup): ExamType[] {
  const types: ExamType[] = ['PPV', 'TZBJ', 'ZP', 'OP'];
  if (!WITHOUT_OUV.includes(group)) types.splice(1, 0, 'OUV');
  return types;
}

export interface AttemptLike {
  result: ExamResult | null;
  /** The term's date; orders the attempts. */
  date: CalendarDate;
}

/** An attempt is a sign-up with a result that was examined: 'Nekonalo se' and open sign-ups do not count. */
export const isAttempt = (s: AttemptLike) => s.result === 'SUCCESS' || s.result === 'FAIL';

/** Attempts made so far for one type × group. */
export function countAttempts(signUps: readonly AttemptLike[]): number {
  return signUps.filter(isAttempt).length;
}

/** The number the next sign-up of that type × group gets. */
export function nextAttempt(signUps: readonly AttemptLike[]): number {
  return countAttempts(signUps) + 1;
}

/** The last examined result, by term date. */
export function lastResult(signUps: readonly AttemptLike[]): ExamResult | null {
  const done = signUps.filter(isAttempt).sort((a, b) => a.date.localeCompare(b.date));
  return done.at(-1)?.result ?? null;
}

/** legal-cz §7.4: after the first attempt and two failed repeats, new teaching/training is needed before signing up again. */
export function retrainingNeeded(signUps: readonly AttemptLike[], max: number = MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM): boolean {
  return countAttempts(signUps) >= max && lastResult(signUps) === 'FAIL';
}

/** The same day one year later (29 Feb → 28 Feb): a calendar date, so daylight saving time cannot move it. */
export function addMonths(day: CalendarDate, months: number): CalendarDate {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whole calendar days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * legal-cz §7.4: every part must be passed within 12 months of the first exam. The deadline is the last day;
 * `today` is the school's calendar day (schoolToday), so the count is in calendar days whatever the clock change.
 */
export function examDeadline(firstExamDate: CalendarDate | null, today: CalendarDate) {
  if (!firstExamDate) return null;
  const deadline = addDays(addMonths(firstExamDate, 12), -1);
  const daysLeft = daysBetween(today, deadline);
  return { firstExamDate, deadline, daysLeft, near: daysLeft >= 0 && daysLeft <= EXAM_DEADLINE_WARNING_DAYS, passed: daysLeft < 0 };
}

/** Every part required for every group has a SUCCESS. */
export function allRequiredPassed(groups: readonly LicenceGroup[], passed: readonly { type: ExamType; group: LicenceGroup }[]): boolean {
  if (groups.length === 0) return false;
  return groups.every((g) => requiredExamTypes(g).every((t) => passed.some((p) => p.type === t && p.group === g)));
}

// Exam rules (issue 9, spec §4/§5, legal-cz §7.3–7.4) as pure functions, shared by the server and the card.
import type { ExamResult, ExamType, LicenceGroup } from '../enums.ts';
import { formatDate, pluralCs } from '../format.ts';
import { addDays, type CalendarDate } from '../school-time.ts';

/** Server config defaults (spec §9; served by app.getServerConfig). */
export const MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM = 3;
export const DAY_PEER_EXAM_INACTIVE = 7;
/** Days before the 12-month deadline when the card warns. */
export const EXAM_DEADLINE_WARNING_DAYS = 30;
/** legal-cz §7.2: the exam application is filed no later than 15 days after training ends. */
export const EXAM_APPLICATION_DAYS = 15;
/** Days before the application deadline when it counts as near. */
export const EXAM_APPLICATION_WARNING_DAYS = 5;

export const EXAM_MESSAGES = {
  dateRequired: 'Prosím zadejte datum!',
  /** A recorded result changed (issue 22 §1): a correction with its reason, 'Důvod opravy'. */
  correctionReasonRequired: 'Výsledek zkoušky je již zapsán: prosím uveďte důvod opravy.',
  correctionReasonTooLong: 'Důvod opravy může mít nejvýše 500 znaků',
  placeRequired: 'Prosím zadejte místo!',
  typesRequired: 'Vyberte alespoň jeden druh zkoušky!',
  notFinished: 'Žák musí nejdříve ukončit výcvik.',
  notFinishedHint: 'Pro přihlášení ke zkoušce nejdříve ukončete výcvik.',
  signedElsewhere: 'Student je přihlášen už na jiný termín',
  retraining: 'Po dvou neúspěšných opravných pokusech musí žák absolvovat novou výuku nebo výcvik.',
  retrainingNeeded: 'Nutná nová výuka/výcvik',
  newTrainingNeeded: 'Nutný nový výcvik',
  newTraining: 'Žák neuspěl ani po nové výuce a výcviku, musí absolvovat nový výcvik.',
  windowPassed: 'Lhůta 12 měsíců od první zkoušky uplynula, žák musí absolvovat nový výcvik.',
  recordRetraining: 'Zaznamenat novou výuku/výcvik',
  resultTooEarly: 'Výsledek lze zapsat nejdříve v den zkoušky.',
  applicationTitle: 'Lhůta pro podání přihlášky ke zkoušce',
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

/** A sign-up as the cycle rules see it: `createdAt` places it before or after a retraining. */
export interface SignUpLike extends AttemptLike {
  createdAt: Date;
}

/** New teaching/training of one part (exam_retrainings): it closes a cycle of attempts and opens the next. */
export interface RetrainingLike {
  completedOn: CalendarDate;
  createdAt: Date;
}

/** legal-cz §7.4: a cycle of attempts (1 + 2 repeats), new teaching/training, a second cycle; then only a completely new training. */
export const MAXIMUM_EXAM_CYCLES = 2;

/** An attempt is a sign-up with a result that was examined: 'Nekonalo se' and open sign-ups do not count. */
export const isAttempt = (s: AttemptLike) => s.result === 'SUCCESS' || s.result === 'FAIL';

/** Attempts made so far for one type × group. */
export function countAttempts(signUps: readonly AttemptLike[]): number {
  return signUps.filter(isAttempt).length;
}

/** The number the next sign-up of that type × group gets (with no retraining: one cycle). */
export function nextAttempt(signUps: readonly AttemptLike[]): number {
  return countAttempts(signUps) + 1;
}

/** The last examined result, by term date. */
export function lastResult(signUps: readonly AttemptLike[]): ExamResult | null {
  const done = signUps.filter(isAttempt).sort((a, b) => a.date.localeCompare(b.date));
  return done.at(-1)?.result ?? null;
}

/** The cycle a sign-up belongs to: 1 + the retrainings recorded before it was made. */
export function cycleOf(signUp: { createdAt: Date }, retrainings: readonly RetrainingLike[]): number {
  return 1 + retrainings.filter((r) => r.createdAt.getTime() < signUp.createdAt.getTime()).length;
}

/** One exam part (type × group) of a student: where it stands in its cycles of attempts (legal-cz §7.4). */
export interface PartState {
  /** The current cycle: 1, or 2 after a recorded retraining. */
  cycle: number;
  /** Attempts made in the current cycle. */
  cycleAttempts: number;
  /** The attempt number a sign-up gets now ('n' of 'n/max'). */
  nextAttempt: number;
  passed: boolean;
  /** The date of the last failed attempt, the earliest day new teaching/training can be completed. */
  lastFailDate: CalendarDate | null;
  /** The current cycle is used up by fails and another cycle is allowed: new teaching/training first. */
  retrainingNeeded: boolean;
  /** The last cycle is used up by fails: only a completely new training helps. */
  newTrainingNeeded: boolean;
}

export function partState(
  signUps: readonly SignUpLike[],
  retrainings: readonly RetrainingLike[] = [],
  max: number = MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM,
): PartState {
  const cycle = 1 + retrainings.length;
  const current = signUps.filter((s) => cycleOf(s, retrainings) === cycle);
  const cycleAttempts = countAttempts(current);
  const passed = signUps.some((s) => s.result === 'SUCCESS');
  const fails = signUps.filter((s) => s.result === 'FAIL').map((s) => s.date);
  const exhausted = !passed && cycleAttempts >= max && lastResult(current) === 'FAIL';
  return {
    cycle,
    cycleAttempts,
    nextAttempt: cycleAttempts + 1,
    passed,
    lastFailDate: fails.sort().at(-1) ?? null,
    retrainingNeeded: exhausted && cycle < MAXIMUM_EXAM_CYCLES,
    newTrainingNeeded: exhausted && cycle >= MAXIMUM_EXAM_CYCLES,
  };
}

/** legal-cz §7.4: after the attempts of a cycle failed, new teaching/training is needed before signing up again. */
export function retrainingNeeded(
  signUps: readonly SignUpLike[],
  retrainings: readonly RetrainingLike[] = [],
  max: number = MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM,
): boolean {
  return partState(signUps, retrainings, max).retrainingNeeded;
}

/** legal-cz §7.4: the second cycle failed too, so a completely new training is needed. */
export function newTrainingNeeded(
  signUps: readonly SignUpLike[],
  retrainings: readonly RetrainingLike[] = [],
  max: number = MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM,
): boolean {
  return partState(signUps, retrainings, max).newTrainingNeeded;
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

/**
 * legal-cz §7.2: the exam application must be filed no later than 15 days after training ends (`endDate`, the end of
 * training or of the last new teaching/training). The deadline is the last day; near within 5 days.
 */
export function applicationDeadline(endDate: CalendarDate, today: CalendarDate) {
  const deadline = addDays(endDate, EXAM_APPLICATION_DAYS);
  const daysLeft = daysBetween(today, deadline);
  return { endDate, deadline, daysLeft, near: daysLeft >= 0 && daysLeft <= EXAM_APPLICATION_WARNING_DAYS, passed: daysLeft < 0 };
}

/** 'zbývá 1 den' / 'zbývají 3 dny' / 'zbývá 8 dní'; the last day: 'dnes je poslední den'. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft <= 0) return 'dnes je poslední den';
  return `${pluralCs(daysLeft, ['zbývá', 'zbývají', 'zbývá'])} ${daysLeft} ${pluralCs(daysLeft, ['den', 'dny', 'dní'])}`;
}

/** The card's and the exams page's line about the application deadline. */
export function applicationDeadlineText(d: { deadline: CalendarDate; daysLeft: number; passed: boolean }): string {
  return d.passed
    ? `Lhůta pro podání přihlášky uplynula ${formatDate(d.deadline)}`
    : `Přihlášku ke zkoušce podejte do ${formatDate(d.deadline)} (${daysLeftText(d.daysLeft)})`;
}

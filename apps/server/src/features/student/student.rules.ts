// Pure rules about students: the state machine, what a state change does to the training dates, the next
// registration number, search words and change detection. No I/O. The state machine itself is shared with the web
// (packages/shared/src/student/states.ts).
import type { StudentState } from '@volant/shared/enums';
import { canTransition, FINISHED_STATES } from '@volant/shared/student/states';
import { normalizeSearch } from '@volant/shared/search';

export interface StudentDates {
  state: StudentState;
  dateOfInProgress: string | null;
  dateOfFinished: string | null;
}

export interface StateChange extends StudentDates {
  /** Training starts: the student goes on that day's hlášenka. */
  startsTraining: boolean;
  /** Training start undone: the student leaves any unsent hlášenka. */
  undoesStart: boolean;
}

/** The state and dates after moving `s` to `to` on `date`, or null when the transition is not allowed. */
export function changeState(s: StudentDates, to: StudentState, date: string): StateChange | null {
  if (!canTransition(s.state, to)) return null;
  const next: StateChange = { state: to, dateOfInProgress: s.dateOfInProgress, dateOfFinished: s.dateOfFinished, startsTraining: false, undoesStart: false };
  if (s.state === 'NOT_STARTED' && to === 'IN_PROGRESS') {
    next.dateOfInProgress = date;
    next.startsTraining = true;
  } else if (s.state === 'IN_PROGRESS' && to === 'NOT_STARTED') {
    next.dateOfInProgress = null;
    next.undoesStart = true;
  } else if (s.state === 'IN_PROGRESS' && to === 'FINISHED') {
    next.dateOfFinished = date;
  } else if (to === 'IN_PROGRESS') {
    // Training reopened (from FINISHED or EXAM_CORRECTION): it has not ended any more.
    next.dateOfFinished = null;
  }
  return next;
}

/**
 * 'Ukončit výcvik' (setDateOfFinished): IN_PROGRESS → FINISHED with the date; a student already past training
 * without an end date only gets the date. 'unchanged' when the date is already there, null when not allowed.
 */
export function finishTraining(s: StudentDates, date: string): StateChange | 'unchanged' | null {
  if (s.state === 'IN_PROGRESS') return changeState(s, 'FINISHED', date);
  if (FINISHED_STATES.includes(s.state)) {
    if (s.dateOfFinished) return 'unchanged';
    return { ...s, dateOfFinished: date, startsTraining: false, undoesStart: false };
  }
  return null;
}

// ——— registration numbers ———

const YEAR_FIRST = /^(\d{4})([/-])(\d+)$/;
const YEAR_LAST = /^(\d+)([/-])(\d{4})$/;
const PLAIN = /^\d+$/;
const TRAILING = /^(.*?)(\d+)$/;

const isYear = (s: string) => /^(19|20|21)\d{2}$/.test(s);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The next free registration number in the pattern of the school's newest one (legal-cz §5.4: unique per school,
 * format free; 'year/sequence' is common): '2026/010' → '2026/011', a new year restarts at '2026/001',
 * '7/2026' → '8/2026', plain integers → max + 1, 'AS-12' → 'AS-13'. Fallback `${year}/001`.
 * `existing` is newest first.
 */
export function suggestRegistrationNumber(existing: readonly string[], year: number): string {
  const taken = new Set(existing);
  const newest = existing[0]?.trim() ?? '';
  const y = String(year);
  let make: (n: number) => string = (n) => `${y}/${pad(n, 3)}`;
  let seqs: number[] = [];

  const yearFirst = YEAR_FIRST.exec(newest);
  const yearLast = YEAR_LAST.exec(newest);
  const trailing = TRAILING.exec(newest);
  if (yearFirst && isYear(yearFirst[1])) {
    const [, , sep, seq] = yearFirst;
    const width = Math.max(3, seq.length);
    make = (n) => `${y}${sep}${pad(n, width)}`;
    seqs = existing.flatMap((r) => {
      const m = YEAR_FIRST.exec(r.trim());
      return m && m[1] === y ? [Number(m[3])] : [];
    });
  } else if (yearLast && isYear(yearLast[3])) {
    const [, seq, sep] = yearLast;
    const width = seq.length > 1 && seq.startsWith('0') ? seq.length : 1;
    make = (n) => `${pad(n, width)}${sep}${y}`;
    seqs = existing.flatMap((r) => {
      const m = YEAR_LAST.exec(r.trim());
      return m && m[3] === y ? [Number(m[1])] : [];
    });
  } else if (PLAIN.test(newest)) {
    const width = newest.startsWith('0') ? newest.length : 1;
    make = (n) => pad(n, width);
    seqs = existing.filter((r) => PLAIN.test(r.trim())).map(Number);
  } else if (trailing) {
    const [, prefix, seq] = trailing;
    const width = seq.startsWith('0') ? seq.length : 1;
    make = (n) => `${prefix}${pad(n, width)}`;
    seqs = existing.flatMap((r) => {
      const m = TRAILING.exec(r.trim());
      return m && m[1] === prefix ? [Number(m[2])] : [];
    });
  }
  let n = seqs.filter(Number.isSafeInteger).reduce((a, b) => Math.max(a, b), 0) + 1;
  while (taken.has(make(n))) n++;
  return make(n);
}

// ——— search ———

/** The words of a search: normalised like `search_text` (no diacritics, lower case), duplicates dropped. */
export function searchWords(fullText: string | null | undefined): string[] {
  if (!fullText) return [];
  return [...new Set(normalizeSearch(fullText).split(' ').filter(Boolean))].slice(0, 8);
}

/** An ILIKE pattern matching `word` anywhere, with the pattern's own special characters escaped. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ——— change detection ———

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return (a ?? null) === (b ?? null);
}

/** The columns of `next` whose values differ from `current` (arrays compared by items, null = undefined). */
export function changedColumns<T extends Record<string, unknown>>(current: T, next: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (!same(current[key], next[key])) out[key] = next[key];
  }
  return out;
}

// Pure rules of the students UI: which actions a state shows, age text, keyboard cycling, no-change detection.
import type { StudentState } from '@volant/shared/enums';
import { ageOn, pluralCs } from '@volant/shared/format';
// The server's own map (a pure file meant to be shared), so the buttons offer exactly what the server allows.
import { FINISHED_STATES, STUDENT_TRANSITIONS } from '@volant/shared/student/states';

export { STUDENT_TRANSITIONS };

export interface StateActions {
  /** 'Zahájit výcvik' (NOT_STARTED → IN_PROGRESS through setDateOfInProgress). */
  canStart: boolean;
  /** 'Ukončit výcvik' (IN_PROGRESS → FINISHED through setDateOfFinished). */
  canFinish: boolean;
  /** The end date row is shown (and can be set when missing). */
  showsEndDate: boolean;
  /** The rest of the allowed transitions, offered under 'Změnit stav'. */
  otherStates: StudentState[];
}

export function stateActions(state: StudentState): StateActions {
  const canStart = state === 'NOT_STARTED';
  const canFinish = state === 'IN_PROGRESS';
  const otherStates = STUDENT_TRANSITIONS[state].filter((to) => !(canStart && to === 'IN_PROGRESS') && !(canFinish && to === 'FINISHED'));
  return { canStart, canFinish, showsEndDate: FINISHED_STATES.includes(state), otherStates };
}

/** '12.3.2004 (22 let)': the age in whole years on `today` (both 'YYYY-MM-DD'), with the Czech plural. */
export function ageText(birthDate: string, today: string): string {
  const age = ageOn(birthDate, today);
  if (age < 0) return '';
  return `${age} ${pluralCs(age, ['rok', 'roky', 'let'])}`;
}

/** Moves the highlighted row by `step` in a list of `count`, wrapping around; -1 means nothing highlighted. */
export function cycleIndex(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** Values compared as the form would send them: trimmed strings, empty → null, arrays order-insensitive. */
function normalize(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' ? null : t;
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalize).sort((a, b) => String(a).localeCompare(String(b)));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => [k, normalize(v)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  return value;
}

/** True when an edit leaves the value as it was ('Nebyly provedeny žádné změny!'). */
export function isUnchanged(before: unknown, after: unknown): boolean {
  return JSON.stringify(normalize(before)) === JSON.stringify(normalize(after));
}

// ——— card tabs ———

export const STUDENT_TABS = [
  { key: '1', label: 'Údaje' },
  { key: '2', label: 'Výuka' },
  { key: '3', label: 'Výcvik' },
  { key: '4', label: 'Platba' },
  { key: '5', label: 'Evidence' },
] as const;
export const DEFAULT_TAB = '1';

/** A tab key from the activeTab query parameter; anything unknown is the default tab. */
export function normalizeTab(value: string | null | undefined): string {
  return STUDENT_TABS.some((t) => t.key === value) ? (value as string) : DEFAULT_TAB;
}

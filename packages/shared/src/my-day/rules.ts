// 'Můj den' rules (issue 20 §1–2) shared by the server and the device: where a ride is in its flow, its length in
// 45-minute units, what an action does to the device's copy, and the outbox's order and states.
import { LESSON_UNIT_MINUTES } from '../enums.ts';
import { lessonHours } from '../lesson-plan/law.ts';
import type { DayActionBody } from './inputs.ts';

export const MY_DAY_LABELS = {
  title: 'Můj den',
  start: 'Zahájit jízdu',
  end: 'Ukončit jízdu',
  register: 'Zaevidovat',
  yesterday: 'Včera',
  tomorrow: 'Zítra',
  today: 'Dnes',
  pending: 'Čeká na odeslání',
  sent: 'Odesláno',
  conflict: 'Konflikt',
  keepMine: 'Ponechat moje',
  takeOffice: 'Převzít z kanceláře',
  unsent: (n: number) => `Neodesláno (${n})`,
  conflictText: 'Kancelář jízdu mezitím změnila. Vyberte, která verze platí.',
  lessonConflictText: 'Kancelář hodinu mezitím změnila. Vyberte, která verze platí.',
  lessonGone: 'Kancelář hodinu mezitím zrušila nebo předala jinému učiteli.',
  attendanceNotYet: 'Docházku lze zapsat až od začátku hodiny.',
  /** Warnings before driving that have no rule of their own in packages/shared (the others come from expiry.ts and the booking rules). */
  noMedicalCertificate: 'Žák nemá zadaný lékařský posudek.',
  overdueBalance: 'Žák má neuhrazenou platbu po splatnosti',
} as const;

/** The part of a ride the flow reads. */
export interface FlowRide {
  state: string;
  startedAt: Date | string | null;
  endedAt: Date | string | null;
  signed: boolean;
  teacherSigned: boolean;
}

export type FlowStep = 'START' | 'END' | 'SIGN' | 'DONE' | 'CANCELLED';

/** The next step of a ride in 'Můj den': start it, end it, sign and register it, or nothing more. */
export function flowStep(r: FlowRide): FlowStep {
  if (r.state === 'COMPLETED') return 'DONE';
  if (r.state !== 'SCHEDULED') return 'CANCELLED';
  if (!r.startedAt) return 'START';
  if (!r.endedAt) return 'END';
  return 'SIGN';
}

/** Minutes between the actual start and end (at least 1: the database's smallest ride). */
export function actualMinutes(startedAt: Date | string, endedAt: Date | string): number {
  const ms = new Date(endedAt).getTime() - new Date(startedAt).getTime();
  return Math.min(1440, Math.max(1, Math.round(ms / 60_000)));
}

/** '2 × 45 min' (with a decimal comma when not whole: '1,3 × 45 min'), the ride's length as the law counts it. */
export function unitsText(minutes: number): string {
  return `${String(lessonHours(minutes)).replace('.', ',')} × ${LESSON_UNIT_MINUTES} min`;
}

/** What the device shows after saving an action locally (before the server has it). */
export function applyLocally<R extends FlowRide & { tachometerBefore: number | null; tachometerAfter: number | null; note: string | null }>(
  ride: R,
  action: DayActionBody,
): R {
  switch (action.kind) {
    case 'START':
      return { ...ride, startedAt: action.at, tachometerBefore: action.tachometerBefore ?? null };
    case 'END':
      return { ...ride, endedAt: action.at, tachometerAfter: action.tachometerAfter ?? null };
    case 'REGISTER':
      return { ...ride, state: 'COMPLETED', signed: true, teacherSigned: true };
    case 'NOTE':
      return { ...ride, note: action.note ?? null };
    default:
      // ATTENDANCE acts on a group lesson, never on a ride (applyAttendance).
      return ride;
  }
}

/** A group lesson's students with the unsent 'Docházka' marks applied (the device's copy before the server has it). */
export function applyAttendance<S extends { id: string; present: boolean | null }>(students: readonly S[], action: DayActionBody): S[] {
  if (action.kind !== 'ATTENDANCE') return [...students];
  const marks = new Map(action.marks.map((m) => [m.studentId, m.present]));
  return students.map((s) => (marks.has(s.id) ? { ...s, present: marks.get(s.id) ?? null } : s));
}

// --- The outbox ---

export type OutboxState = 'PENDING' | 'SENT' | 'CONFLICT' | 'FAILED';

export interface OutboxEntry {
  /** Order of saving on the device (increasing). */
  seq: number;
  /** The idempotency key sent with it. */
  key: string;
  recordId: string;
  action: DayActionBody;
  state: OutboxState;
  /** The refusal's text (FAILED) or the conflict's. */
  message?: string | null;
}

/** How many rides have something the server does not have yet (the badge 'Neodesláno (n)': items, not taps). */
export function unsentCount(entries: readonly OutboxEntry[]): number {
  return new Set(entries.filter((e) => e.state !== 'SENT').map((e) => e.recordId)).size;
}

/**
 * The next action to send: the oldest pending one whose ride has no earlier action in conflict or refused (a ride's
 * actions go in order and wait for the teacher's decision; other rides go on).
 */
export function nextToSend(entries: readonly OutboxEntry[]): OutboxEntry | null {
  const blocked = new Set<string>();
  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (e.state === 'CONFLICT' || e.state === 'FAILED') blocked.add(e.recordId);
    else if (e.state === 'PENDING' && !blocked.has(e.recordId)) return e;
  }
  return null;
}

/** The state a ride's row shows: a conflict first, then a refusal, then waiting, then sent; null when it has no actions. */
export function rideOutboxState(entries: readonly OutboxEntry[], recordId: string): OutboxState | null {
  const mine = entries.filter((e) => e.recordId === recordId);
  if (mine.length === 0) return null;
  for (const s of ['CONFLICT', 'FAILED', 'PENDING'] as const) if (mine.some((e) => e.state === s)) return s;
  return 'SENT';
}

/** The label of a ride's outbox state. */
export function outboxStateLabel(s: OutboxState): string {
  return s === 'PENDING' ? MY_DAY_LABELS.pending : s === 'SENT' ? MY_DAY_LABELS.sent : s === 'CONFLICT' ? MY_DAY_LABELS.conflict : 'Odmítnuto';
}

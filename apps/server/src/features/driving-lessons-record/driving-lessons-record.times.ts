// The server's times on a ride (issue 19 §2, migration 0021): when it was registered as done (recorded_at), when the
// student's and the teacher's signatures were saved (signed_at, teacher_signed_at) and when its content changed after
// a signature existed (changed_after_signing_at, 'Upraveno po podpisu'). Every write of a ride (create, update) asks
// this one function with the request's clock; nothing here is ever taken from the client. Rows older than the
// columns keep their nulls: a time we did not see is never invented.
import type { RecordRow, RecordValues } from './driving-lessons-record.queries.ts';

export type RecordTimes = Pick<RecordRow, 'recordedAt' | 'signedAt' | 'teacherSignedAt' | 'changedAfterSigningAt'>;

/** What the student signs for: a change to any of these after a signature marks the ride 'Upraveno po podpisu'. */
export const SIGNED_CONTENT = [
  'type',
  'state',
  'studentId',
  'teacherId',
  'schoolCarId',
  'startTime',
  'endTime',
  'length',
  'tachometerBefore',
  'tachometerAfter',
  'note',
] as const;

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : (a ?? null) === (b ?? null));

/** The content fields whose value the write changes (empty for a new ride). */
export function changedContent(existing: RecordRow | undefined, values: RecordValues): string[] {
  if (!existing) return [];
  return SIGNED_CONTENT.filter((key) => key in values && !same(existing[key], values[key]));
}

/**
 * The four times after a write of `values` over `existing` (undefined: a new ride) at `now`:
 * - recordedAt: set when the ride becomes COMPLETED, kept while it stays so, null once it is no longer COMPLETED;
 * - signedAt / teacherSignedAt: set when that signature is saved or replaced, kept while it is the same, null when removed;
 * - changedAfterSigningAt: set when the content changes while the row already carried a signature; kept otherwise.
 */
export function recordTimes(existing: RecordRow | undefined, values: RecordValues, now: Date): RecordTimes {
  const completed = values.state === 'COMPLETED';
  const wasCompleted = existing?.state === 'COMPLETED';
  const recordedAt = completed ? (wasCompleted ? (existing?.recordedAt ?? null) : now) : null;
  const signatureTime = (next: string | null | undefined, before: string | null | undefined, at: Date | null | undefined) =>
    next ? (existing && before === next ? (at ?? null) : now) : null;
  const signedAt = signatureTime(values.signature, existing?.signature, existing?.signedAt);
  const teacherSignedAt = signatureTime(values.teacherSignature, existing?.teacherSignature, existing?.teacherSignedAt);
  const wasSigned = Boolean(existing?.signature || existing?.teacherSignature);
  const changedAfterSigningAt = wasSigned && changedContent(existing, values).length > 0 ? now : (existing?.changedAfterSigningAt ?? null);
  return { recordedAt, signedAt, teacherSignedAt, changedAfterSigningAt };
}

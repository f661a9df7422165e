// The outbox's sending (issue 20 §2): the oldest pending action first (nextToSend), one at a time, with the key it was
// saved with, so a resend after a lost answer is answered from the server's processed keys and written once. The
// ride's updatedAt the device holds goes with it: the server answers CONFLICT when the office changed the ride since.
import type { DayActionInput } from '@volant/shared/my-day/inputs';
import { TRPCClientError } from '@trpc/client';
import { MY_DAY_LABELS, nextToSend } from '@volant/shared/my-day/rules';
import {
  deleteEntries,
  listOutbox,
  putEntry,
  readDay,
  removeStoredLesson,
  type ServerLesson,
  type ServerRide,
  type StoredEntry,
  updateStoredLesson,
  updateStoredRide,
} from './day-store.ts';
import { correctionReasonAsked } from '../record-chain/correction-reason.tsx';

export type Send = (
  input: DayActionInput & { schoolId: string },
) => Promise<{ status: 'DONE' | 'CONFLICT'; ride: ServerRide | null; lesson: ServerLesson | null }>;

/** A refusal by the server (it answered), as opposed to no connection (try again later). */
export function serverRefusal(e: unknown): string | null {
  if (e instanceof TRPCClientError && e.data?.code) return e.message;
  return null;
}

const running = new Map<string, Promise<void>>();

/** Sends what is pending, in order; stops at the first failure of the connection. One run per user at a time. */
export function flush(userId: string, send: Send): Promise<void> {
  const busy = running.get(userId);
  if (busy) return busy.then(() => flush(userId, send));
  const run = flushOnce(userId, send).finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}

async function flushOnce(userId: string, send: Send) {
  for (;;) {
    const entries = await listOutbox(userId);
    const next = nextToSend(entries) as StoredEntry | null;
    if (!next) return;
    const stored = await readDay(userId, next.schoolId, next.date);
    const attendance = next.action.kind === 'ATTENDANCE';
    // The base: the ride's (or, for 'Docházka', the group lesson's) updatedAt as the device last had it.
    const base = attendance ? (stored?.day.groupLessons ?? []).find((l) => l.id === next.recordId) : stored?.day.rides.find((r) => r.id === next.recordId);
    if (!base) {
      await putEntry(userId, { ...next, state: 'FAILED', message: attendance ? 'Hodina už v telefonu není.' : 'Jízda už v telefonu není.' });
      continue;
    }
    try {
      const answer = await send({ schoolId: next.schoolId, key: next.key, recordId: next.recordId, baseUpdatedAt: base.updatedAt, action: next.action });
      if (answer.status === 'DONE') {
        if (answer.ride) await updateStoredRide(userId, next.schoolId, next.date, answer.ride);
        if (answer.lesson) await updateStoredLesson(userId, next.schoolId, next.date, answer.lesson);
        await putEntry(userId, { ...next, state: 'SENT', message: null, officeRide: null, officeLesson: null });
      } else {
        await putEntry(userId, { ...next, state: 'CONFLICT', message: null, officeRide: answer.ride, officeLesson: answer.lesson });
      }
    } catch (e) {
      const refusal = serverRefusal(e);
      if (refusal === null) return;
      // A group lesson the office cancelled (or gave to another teacher) meanwhile is a conflict the teacher sees,
      // not a silent loss of the marks.
      if (attendance && e instanceof TRPCClientError && (e.data?.code === 'NOT_FOUND' || e.data?.code === 'FORBIDDEN')) {
        await putEntry(userId, { ...next, state: 'CONFLICT', message: MY_DAY_LABELS.lessonGone, officeLesson: null });
        continue;
      }
      await putEntry(userId, { ...next, state: 'FAILED', message: refusal, reasonAsked: correctionReasonAsked(e) !== null });
    }
  }
}

/**
 * 'Ponechat moje': the teacher's actions go over the office's version. The device takes the office's ride as the
 * base and the action is sent again under a new key (the conflicting attempt wrote nothing and kept no key).
 */
export async function keepMine(userId: string, entry: StoredEntry) {
  if (entry.officeRide) await updateStoredRide(userId, entry.schoolId, entry.date, entry.officeRide);
  if (entry.officeLesson) await updateStoredLesson(userId, entry.schoolId, entry.date, entry.officeLesson);
  await putEntry(userId, { ...entry, state: 'PENDING', key: crypto.randomUUID(), officeRide: null, officeLesson: null, message: null });
}

/** 'Převzít z kanceláře': the office's version stays; the teacher's unsent actions of the ride are dropped. */
export async function takeOffice(userId: string, entry: StoredEntry) {
  if (entry.officeRide) await updateStoredRide(userId, entry.schoolId, entry.date, entry.officeRide);
  if (entry.officeLesson) await updateStoredLesson(userId, entry.schoolId, entry.date, entry.officeLesson);
  // A group lesson the office cancelled: it goes from the phone with the marks.
  if (entry.action.kind === 'ATTENDANCE' && entry.state === 'CONFLICT' && !entry.officeLesson)
    await removeStoredLesson(userId, entry.schoolId, entry.date, entry.recordId);
  const drop = (await listOutbox(userId)).filter((e) => e.recordId === entry.recordId && e.state !== 'SENT' && e.seq >= entry.seq).map((e) => e.seq);
  await deleteEntries(userId, drop);
}

/**
 * A refused action that corrects a record (taking back a present mark, registering a signed ride again) is sent again
 * with the teacher's 'Důvod opravy', under a new key (the refused attempt wrote nothing and kept no key).
 */
export async function sendWithReason(userId: string, entry: StoredEntry, reason: string) {
  const a = entry.action;
  // Only these actions can correct a record (the others never make a correction).
  const action = a.kind === 'ATTENDANCE' || a.kind === 'REGISTER' ? { ...a, correctionReason: reason } : a;
  await putEntry(userId, {
    ...entry,
    state: 'PENDING',
    key: crypto.randomUUID(),
    action,
    message: null,
    reasonAsked: false,
  });
}

/** A refused action (FAILED) is dropped by the teacher: the ride shows the server's version again. */
export async function dropEntry(userId: string, entry: StoredEntry) {
  await takeOffice(userId, entry);
}

// 'Můj den' on the device (issue 20 §2): the teacher's days as the server gave them and the outbox of actions, in
// IndexedDB through `idb` (docs/decisions/0017-my-day-offline.md). One database per user, `volant-day-<userId>`:
// the logout of the app shell wipes every database whose name starts with 'volant-'. Only the caller's own day is
// ever stored (myDay.getDay answers nothing of another teacher or school).
import type { DayActionBody } from '@volant/shared/my-day/inputs';
import type { OutboxEntry } from '@volant/shared/my-day/rules';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type DayAnswer = RouterOutputs['myDay']['getDay'];
export type DayRide = DayAnswer['rides'][number];
export type DayGroupLesson = DayAnswer['groupLessons'][number];
export type ServerRide = NonNullable<RouterOutputs['myDay']['act']['ride']>;
export type ServerLesson = NonNullable<RouterOutputs['myDay']['act']['lesson']>;

export interface StoredDay {
  /** `${schoolId}|${date}` */
  id: string;
  schoolId: string;
  date: string;
  day: DayAnswer;
  fetchedAt: Date;
}

export interface StoredEntry extends OutboxEntry {
  schoolId: string;
  /** The day the ride was on when the action was saved (which stored day to update). */
  date: string;
  savedAt: Date;
  /** On a conflict: the office's version of the ride, as the server answered. */
  officeRide?: ServerRide | null;
  /** On a conflict of 'Docházka': the office's version of the group lesson (null: the lesson is gone). */
  officeLesson?: ServerLesson | null;
  /** A refusal (FAILED) because the action corrects a record and needs 'Důvod opravy' (issue 22 §1). */
  reasonAsked?: boolean;
}

interface DaySchema extends DBSchema {
  days: { key: string; value: StoredDay };
  outbox: { key: number; value: StoredEntry; indexes: { byRecord: string } };
}

export const dayDbName = (userId: string) => `volant-day-${userId}`;

const opened = new Map<string, Promise<IDBPDatabase<DaySchema>>>();

export function openDayDb(userId: string) {
  const name = dayDbName(userId);
  let db = opened.get(name);
  if (!db) {
    db = openDB<DaySchema>(name, 1, {
      upgrade(d) {
        d.createObjectStore('days', { keyPath: 'id' });
        const outbox = d.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        outbox.createIndex('byRecord', 'recordId');
      },
      // Another tab upgraded or deleted it (logout): let go, so the deletion is not blocked.
      blocking() {
        void db?.then((x) => x.close());
        opened.delete(name);
      },
      terminated() {
        opened.delete(name);
      },
    });
    opened.set(name, db);
  }
  return db;
}

export const dayId = (schoolId: string, date: string) => `${schoolId}|${date}`;

export async function readDay(userId: string, schoolId: string, date: string) {
  return (await openDayDb(userId)).get('days', dayId(schoolId, date));
}

export async function writeDay(userId: string, schoolId: string, day: DayAnswer, now: Date) {
  await (await openDayDb(userId)).put('days', { id: dayId(schoolId, day.date), schoolId, date: day.date, day, fetchedAt: now });
}

/** Replaces one ride of a stored day with the server's version (keeping the day's warnings and progress of it). */
export async function updateStoredRide(userId: string, schoolId: string, date: string, ride: ServerRide) {
  const db = await openDayDb(userId);
  const stored = await db.get('days', dayId(schoolId, date));
  if (!stored) return;
  const rides = stored.day.rides.map((r) => (r.id === ride.id ? { ...r, ...ride } : r));
  await db.put('days', { ...stored, day: { ...stored.day, rides } });
}

/** Replaces one group lesson of a stored day with the server's version (after its attendance was sent, or taken over). */
export async function updateStoredLesson(userId: string, schoolId: string, date: string, lesson: ServerLesson) {
  const db = await openDayDb(userId);
  const stored = await db.get('days', dayId(schoolId, date));
  if (!stored) return;
  const groupLessons = (stored.day.groupLessons ?? []).map((l) => (l.id === lesson.id ? { ...l, ...lesson } : l));
  await db.put('days', { ...stored, day: { ...stored.day, groupLessons } });
}

export async function removeStoredLesson(userId: string, schoolId: string, date: string, lessonId: string) {
  const db = await openDayDb(userId);
  const stored = await db.get('days', dayId(schoolId, date));
  if (!stored) return;
  await db.put('days', { ...stored, day: { ...stored.day, groupLessons: (stored.day.groupLessons ?? []).filter((l) => l.id !== lessonId) } });
}

/** Drops stored days other than `keep` (today and tomorrow, and the day on screen). */
export async function pruneDays(userId: string, keep: readonly string[]) {
  const db = await openDayDb(userId);
  for (const d of await db.getAll('days')) if (!keep.includes(d.date)) await db.delete('days', d.id);
}

// --- The outbox ---

export async function listOutbox(userId: string): Promise<StoredEntry[]> {
  return (await openDayDb(userId)).getAll('outbox');
}

/** Saves an action on the device first (the key it will be sent with is made here, once). */
export async function enqueue(userId: string, e: { schoolId: string; date: string; recordId: string; action: DayActionBody }, now: Date) {
  const db = await openDayDb(userId);
  const entry = { ...e, key: crypto.randomUUID(), state: 'PENDING', savedAt: now, message: null } as Omit<StoredEntry, 'seq'>;
  return db.add('outbox', entry as StoredEntry);
}

export async function putEntry(userId: string, entry: StoredEntry) {
  await (await openDayDb(userId)).put('outbox', entry);
}

export async function deleteEntries(userId: string, seqs: readonly number[]) {
  const db = await openDayDb(userId);
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all([...seqs.map((s) => tx.store.delete(s)), tx.done]);
}

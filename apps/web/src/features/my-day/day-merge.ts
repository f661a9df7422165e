// How the device's copy of a day is put together (pure, unit-tested): the server's day merged into the stored one
// without moving the base of unsent actions, and the teacher's unsent actions shown on top.
import type { DayActionBody } from '@volant/shared/my-day/inputs';
import { applyAttendance, applyLocally } from '@volant/shared/my-day/rules';
import type { DayAnswer, DayGroupLesson, DayRide, StoredEntry } from './day-store.ts';

/** The server's day merged into the stored one: rides with unsent actions keep the stored version (their base). */
export function mergeFetched(fetched: DayAnswer, stored: DayAnswer | undefined, entries: readonly StoredEntry[]): DayAnswer {
  if (!stored) return fetched;
  const unsent = new Set(entries.filter((e) => e.state !== 'SENT').map((e) => e.recordId));
  // A group lesson with unsent marks keeps its stored version too; one the office cancelled meanwhile stays until the
  // teacher has seen the conflict (its marks are not dropped silently).
  const storedLessons = stored.groupLessons ?? [];
  const fetchedLessons = fetched.groupLessons.map((l) => (unsent.has(l.id) ? (storedLessons.find((s) => s.id === l.id) ?? l) : l));
  const vanished = storedLessons.filter((l) => unsent.has(l.id) && !fetched.groupLessons.some((f) => f.id === l.id));
  return {
    ...fetched,
    rides: fetched.rides.map((r) => (unsent.has(r.id) ? (stored.rides.find((s) => s.id === r.id) ?? r) : r)),
    groupLessons: [...fetchedLessons, ...vanished].sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime()),
  };
}

/** The group lessons as the teacher sees them: the stored version with their unsent 'Docházka' marks applied in order. */
export function lessonsWithLocalMarks(day: DayAnswer, entries: readonly StoredEntry[]): DayGroupLesson[] {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  return (day.groupLessons ?? []).map((lesson) => ({
    ...lesson,
    students: ordered
      .filter((e) => e.recordId === lesson.id && e.state !== 'SENT')
      .reduce((students, e) => applyAttendance(students, e.action as DayActionBody), lesson.students),
  }));
}

/** The rides as the teacher sees them: the stored version with their unsent actions applied in order. */
export function withLocalActions(day: DayAnswer, entries: readonly StoredEntry[]): DayRide[] {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  return day.rides.map((ride) =>
    ordered.filter((e) => e.recordId === ride.id && e.state !== 'SENT').reduce((r, e) => applyLocally(r, e.action as DayActionBody), ride),
  );
}

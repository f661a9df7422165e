// Kalendář's teacher filter: a teacher starts on their own rides, anyone else on all teachers, and the choice is
// remembered on this device per user and school (member ids are a school's own, so the user's account-wide
// preferences are not the place; nothing in it is private: ids of the school's teachers).
import { useCallback, useMemo, useState } from 'react';
import { useAppStore } from '../../../app/store.ts';
import { useMembership } from '../../../app/use-school.ts';

const KEY_PREFIX = 'volant.calendar.teachers';

export const teacherFilterKey = (userId: string, schoolId: string) => `${KEY_PREFIX}.${userId}.${schoolId}`;

/** A stored choice: an array of ids ([] is 'Všichni učitelé', chosen), or null when none was stored or it is unreadable. */
export function parseStoredFilter(raw: string | null): string[] | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.slice(0, 100) : null;
  } catch {
    return null;
  }
}

/**
 * The filter shown: the user's stored choice (without teachers the school no longer lists, once they are known);
 * else the user's own rides for a TEACHER member; else all teachers ([]).
 */
export function teacherFilter(
  stored: string[] | null,
  membership: { role: string; memberId: string } | undefined,
  knownTeacherIds: readonly string[] | null,
): string[] {
  if (stored) return knownTeacherIds ? stored.filter((id) => knownTeacherIds.includes(id)) : stored;
  if (membership?.role === 'TEACHER') return [membership.memberId];
  return [];
}

function read(key: string | null): string[] | null {
  if (!key) return null;
  try {
    return parseStoredFilter(localStorage.getItem(key));
  } catch {
    return null;
  }
}

/** The calendar's teacher filter and its setter, remembered across reloads. */
export function useTeacherFilter(knownTeacherIds: readonly string[] | null) {
  const userId = useAppStore((s) => s.user?.id ?? null);
  const schoolId = useAppStore((s) => s.activeSchoolId);
  const membership = useMembership();
  const key = userId && schoolId ? teacherFilterKey(userId, schoolId) : null;
  const [chosen, setChosen] = useState<{ key: string | null; ids: string[] | null }>(() => ({ key, ids: read(key) }));
  // Another school or user: that one's own choice.
  const stored = chosen.key === key ? chosen.ids : read(key);
  const teacherIds = useMemo(() => teacherFilter(stored, membership.data, knownTeacherIds), [stored, membership.data, knownTeacherIds]);
  const setTeacherIds = useCallback(
    (ids: string[]) => {
      setChosen({ key, ids });
      if (!key) return;
      try {
        localStorage.setItem(key, JSON.stringify(ids));
      } catch {
        // A full or disabled storage: the choice holds until the page is left.
      }
    },
    [key],
  );
  return { teacherIds, setTeacherIds, ready: stored !== null || !membership.isPending };
}

const CAR_KEY_PREFIX = 'volant.calendar.cars';
export const carFilterKey = (userId: string, schoolId: string) => `${CAR_KEY_PREFIX}.${userId}.${schoolId}`;

/**
 * The calendar's car filter, remembered like the teacher filter (issue 20 §4): per user and school on this device,
 * without cars the school no longer lists once they are known; nothing stored is all cars.
 */
export function useCarFilter(knownCarIds: readonly string[] | null) {
  const userId = useAppStore((s) => s.user?.id ?? null);
  const schoolId = useAppStore((s) => s.activeSchoolId);
  const key = userId && schoolId ? carFilterKey(userId, schoolId) : null;
  const [chosen, setChosen] = useState<{ key: string | null; ids: string[] | null }>(() => ({ key, ids: read(key) }));
  const stored = chosen.key === key ? chosen.ids : read(key);
  const schoolCarIds = useMemo(() => {
    const ids = stored ?? [];
    return knownCarIds ? ids.filter((id) => knownCarIds.includes(id)) : ids;
  }, [stored, knownCarIds]);
  const setSchoolCarIds = useCallback(
    (ids: string[]) => {
      setChosen({ key, ids });
      if (!key) return;
      try {
        localStorage.setItem(key, JSON.stringify(ids));
      } catch {
        // A full or disabled storage: the choice holds until the page is left.
      }
    },
    [key],
  );
  return { schoolCarIds, setSchoolCarIds };
}

// Kalendář's teacher and car filters (issue 20 §4): a teacher starts on their own rides, anyone else on all teachers,
// and the last choice is remembered on the server per member (the user in that school: member and car ids are a
// school's own), so it survives the logout's wipe of this device and follows the user to another one. This device
// keeps a copy (localStorage, per user and school) only to show the choice at once while the server's answer comes;
// the server is the truth (decision 0020, 'Remembered filters').
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFilterKind } from '@volant/shared/user/inputs';
import { useCallback, useEffect, useMemo } from 'react';
import { useAppStore } from '../../../app/store.ts';
import { useMembership, useSchoolInput } from '../../../app/use-school.ts';
import { notify } from '../../../lib/antd-static.ts';
import { describeError, useTRPC } from '../../../lib/trpc.ts';

const KEY_PREFIX = 'volant.calendar.teachers';
const CAR_KEY_PREFIX = 'volant.calendar.cars';

export const teacherFilterKey = (userId: string, schoolId: string) => `${KEY_PREFIX}.${userId}.${schoolId}`;
export const carFilterKey = (userId: string, schoolId: string) => `${CAR_KEY_PREFIX}.${userId}.${schoolId}`;

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

function write(key: string | null, ids: string[] | null) {
  if (!key) return;
  try {
    if (ids === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(ids));
  } catch {
    // A full or disabled storage: the server keeps the choice.
  }
}

/**
 * One remembered filter of the member in the active school: the stored ids (null when never chosen), whether the
 * server's answer is known, and the setter (shown at once, written to the server; a refused write shows why and
 * brings the server's choice back).
 */
function useRememberedFilter(kind: CalendarFilterKind) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const userId = useAppStore((s) => s.user?.id ?? null);
  const schoolId = useAppStore((s) => s.activeSchoolId);
  const keys = useMemo(
    () => (userId && schoolId ? { TEACHERS: teacherFilterKey(userId, schoolId), CARS: carFilterKey(userId, schoolId) } : null),
    [userId, schoolId],
  );
  const key = keys?.[kind] ?? null;
  const field = kind === 'TEACHERS' ? 'teacherIds' : 'carIds';
  const query = useQuery(trpc.user.getCalendarFilters.queryOptions(school));
  const server = query.data ? query.data[field] : undefined;
  // This device's copy, read once per user and school, until the server answers.
  const cached = useMemo(() => read(key), [key]);
  const stored = server !== undefined ? server : cached;
  useEffect(() => {
    if (server !== undefined) write(key, server);
  }, [key, server]);

  const { mutate } = useMutation(
    trpc.user.setCalendarFilter.mutationOptions({
      onError: (e) => {
        notify.error(describeError(e).message);
        void queryClient.invalidateQueries(trpc.user.getCalendarFilters.pathFilter());
      },
    }),
  );
  const set = useCallback(
    (ids: string[]) => {
      if (school === skipToken) return;
      const queryKey = trpc.user.getCalendarFilters.queryKey(school);
      // The choice shows at once; an answer already on its way must not bring the old one back.
      void queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (old) => ({
        ...(old ?? { teacherIds: read(keys?.TEACHERS ?? null), carIds: read(keys?.CARS ?? null) }),
        [field]: ids,
      }));
      write(key, ids);
      mutate({ ...school, filter: kind, ids });
    },
    [trpc, queryClient, school, keys, key, field, kind, mutate],
  );
  return { stored, loaded: !query.isPending, set };
}

/** The calendar's teacher filter and its setter, remembered for the member on the server. */
export function useTeacherFilter(knownTeacherIds: readonly string[] | null) {
  const membership = useMembership();
  const { stored, loaded, set } = useRememberedFilter('TEACHERS');
  const teacherIds = useMemo(() => teacherFilter(stored, membership.data, knownTeacherIds), [stored, membership.data, knownTeacherIds]);
  // Until the choice (or, without one, the role) is known the first filter is not: the screens wait to ask once.
  return { teacherIds, setTeacherIds: set, ready: stored !== null || (loaded && !membership.isPending) };
}

/**
 * The calendar's car filter, remembered like the teacher filter (issue 20 §4), without cars the school no longer
 * lists once they are known; nothing stored is all cars.
 */
export function useCarFilter(knownCarIds: readonly string[] | null) {
  const { stored, set } = useRememberedFilter('CARS');
  const schoolCarIds = useMemo(() => {
    const ids = stored ?? [];
    return knownCarIds ? ids.filter((id) => knownCarIds.includes(id)) : ids;
  }, [stored, knownCarIds]);
  return { schoolCarIds, setSchoolCarIds: set };
}

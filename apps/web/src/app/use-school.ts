// Server data about the user's schools, read through TanStack Query (boot fills the cache first).
import { type SkipToken, skipToken, useQuery } from '@tanstack/react-query';
import { mayCall, type SchoolProcedurePath } from '@volant/shared/permissions';
import { useMemo } from 'react';
import { useTRPC } from '../lib/trpc.ts';
import { useAppStore } from './store.ts';

export function useActiveSchoolId(): string | null {
  return useAppStore((s) => s.activeSchoolId);
}

export type SchoolInput = { schoolId: string };

/**
 * The active school as the input of a school query: `{ schoolId }`, or tRPC's `skipToken` while there is none (the
 * query waits instead of asking with a placeholder). `withSchool(school, { id })` adds a query's other fields.
 */
export function useSchoolInput(): SchoolInput | SkipToken {
  const schoolId = useActiveSchoolId();
  return useMemo(() => (schoolId ? { schoolId } : skipToken), [schoolId]);
}

export function withSchool<T extends object>(school: SchoolInput | SkipToken, rest: T): (SchoolInput & T) | SkipToken {
  return school === skipToken ? skipToken : { ...school, ...rest };
}

/**
 * The school a write goes to. Writes start from screens shown only with an active school; a write without one is a
 * programming error, refused before it is sent.
 */
export function schoolOf(school: SchoolInput | SkipToken): SchoolInput {
  if (school === skipToken) throw new Error('Není vybrána autoškola.');
  return school;
}

export function useSchools() {
  const trpc = useTRPC();
  const isLoggedIn = useAppStore((s) => !!s.user);
  return useQuery(trpc.user.getUserSchools.queryOptions(isLoggedIn ? undefined : skipToken));
}

export function useGroupSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.user.getGroupSettings.queryOptions(useSchoolInput()));
}

/**
 * The caller's membership in the active school: role ADMIN may change settings and the team; `may(path)` says whether
 * the role may call a school procedure (the permission table the server enforces, @volant/shared/permissions), to hide
 * what it may not do. Nothing is allowed until the role is known.
 */
export function useMembership() {
  const trpc = useTRPC();
  const query = useQuery(trpc.user.getGroupUserSettings.queryOptions(useSchoolInput()));
  const role = query.data?.role;
  return { ...query, isAdmin: role === 'ADMIN', may: (path: SchoolProcedurePath) => mayCall(path, role) };
}

export function useTier() {
  const trpc = useTRPC();
  return useQuery(trpc.account.getTier.queryOptions(useSchoolInput()));
}

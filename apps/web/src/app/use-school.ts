// Server data about the user's schools, read through TanStack Query (boot fills the cache first).
import { useQuery } from '@tanstack/react-query';
import { skipToken } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc.ts';
import { hasActiveSchool, useAppStore } from './store.ts';

export function useActiveSchoolId(): string | null {
  const id = useAppStore((s) => s.activeSchoolId);
  return hasActiveSchool(id) ? id : null;
}

export function useSchools() {
  const trpc = useTRPC();
  const isLoggedIn = useAppStore((s) => !!s.user);
  return useQuery(trpc.user.getUserSchools.queryOptions(isLoggedIn ? undefined : skipToken));
}

export function useGroupSettings() {
  const trpc = useTRPC();
  const schoolId = useActiveSchoolId();
  return useQuery(trpc.user.getGroupSettings.queryOptions(schoolId ? { schoolId } : skipToken));
}

/** The caller's membership in the active school: role ADMIN may change settings and the team. */
export function useMembership() {
  const trpc = useTRPC();
  const schoolId = useActiveSchoolId();
  const query = useQuery(trpc.user.getGroupUserSettings.queryOptions(schoolId ? { schoolId } : skipToken));
  return { ...query, isAdmin: query.data?.role === 'ADMIN' };
}

export function useTier() {
  const trpc = useTRPC();
  const schoolId = useActiveSchoolId();
  return useQuery(trpc.account.getTier.queryOptions(schoolId ? { schoolId } : skipToken));
}

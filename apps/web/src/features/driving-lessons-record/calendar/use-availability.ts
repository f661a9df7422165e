// The teachers' 'Dostupnost' for the calendar's background and the ride form's warning: availability.get per teacher
// (one batched request for all of them; every member of the school may read any teacher's).
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSchoolInput, withSchool } from '../../../app/use-school.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { TeacherAvailability } from './availability-background.ts';

export function useTeachersAvailability(teacherIds: readonly string[]): TeacherAvailability[] {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const results = useQueries({
    queries: teacherIds.map((teacherId) => ({ ...trpc.availability.get.queryOptions(withSchool(school, { teacherId })), staleTime: 60_000 })),
  });
  const key = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answers' update times stand for the answers
  return useMemo(() => results.flatMap((r) => (r.data ? [r.data] : [])), [key]);
}

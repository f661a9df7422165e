// The teachers' 'Dostupnost' for the calendar's background and the ride form's warning: one read of the whole
// school's weeks and the window's absences (availability.getSchool), picked per teacher here.
import { skipToken, useQuery } from '@tanstack/react-query';
import { addDays, type CalendarDate, schoolDateOf } from '@volant/shared/school-time';
import { useMemo } from 'react';
import { useSchoolInput, withSchool } from '../../../app/use-school.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { TeacherAvailability } from './availability-background.ts';

const NONE: TeacherAvailability[] = [];

/** The window's days as the procedure takes them (at most 62: a month view with its edges). */
function days(range: { from: Date; to: Date } | null): { fromDate: CalendarDate; toDate: CalendarDate } | null {
  if (!range) return null;
  const fromDate = schoolDateOf(range.from);
  const last = schoolDateOf(new Date(range.to.getTime() - 1));
  const cap = addDays(fromDate, 62);
  if (last < fromDate) return { fromDate, toDate: fromDate };
  return { fromDate, toDate: [last, cap].sort()[0] };
}

export function useTeachersAvailability(teacherIds: readonly string[], range: { from: Date; to: Date } | null): TeacherAvailability[] {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const window = days(range);
  const all = useQuery({
    ...trpc.availability.getSchool.queryOptions(window && teacherIds.length ? withSchool(school, window) : skipToken),
    staleTime: 60_000,
  });
  const key = teacherIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined ids stand for the list
  return useMemo(() => (all.data ? all.data.filter((a) => teacherIds.includes(a.teacherId)) : NONE), [all.data, key]);
}

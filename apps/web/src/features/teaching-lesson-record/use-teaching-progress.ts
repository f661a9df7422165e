// The student's Výuka progress for the card's circle: lessons with a date of all planned, in per cent (null while
// loading). Reads the Výuka tab's own query, so the circle and the tab refresh together.
import { useQuery } from '@tanstack/react-query';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { sectionProgress } from './teaching-tab-rules.ts';

export function useTeachingProgress(studentId: string): number | null {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const query = useQuery(trpc.teachingLessonRecord.getTeachingLessonRecords.queryOptions(withSchool(school, { studentId })));
  const progress = query.data?.progress;
  return progress ? sectionProgress(progress.done, progress.total).percent : null;
}

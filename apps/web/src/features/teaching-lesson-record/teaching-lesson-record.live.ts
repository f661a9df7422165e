// Výuka's live reactions: which queries a lesson makes stale (composed by lib/live.ts).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import { studentCard } from '../student/student.live.ts';

/** One student's Výuka: its lessons (the tab and the card's circle) and its Výuka default teacher. */
export const teaching = (schoolId: string, studentId: string): QueryFilters[] => [
  t.teachingLessonRecord.getTeachingLessonRecords.queryFilter({ schoolId, studentId }),
  t.studentDefaultTeacher.getDefaultTeacher.queryFilter({ schoolId, studentId, type: 'TEACHING' }),
];

export const teachingLessonRecordLive = {
  TeachingLessonRecordMessage: ({ schoolId, studentId }) => [...studentCard(schoolId, studentId), ...teaching(schoolId, studentId)],
} satisfies LiveQueries<'TeachingLessonRecordMessage'>;

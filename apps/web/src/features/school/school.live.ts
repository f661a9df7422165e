// The school's teachers: live reactions (composed by lib/live.ts, and applied by the teacher drawer on its answer).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

/** The Učitelé settings (profiles and members) and the teacher pickers. */
export const teacherQueries = (schoolId: string): QueryFilters[] => [
  t.school.getSchoolTeachers.queryFilter({ schoolId }),
  t.school.getMembers.queryFilter({ schoolId }),
];

export const schoolLive = {
  TeacherMessage: ({ schoolId }) => teacherQueries(schoolId),
} satisfies LiveQueries<'TeacherMessage'>;

// The school's teachers: live reactions (composed by lib/live.ts).
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

export const schoolLive = {
  // The Učitelé settings (profiles and members) and the teacher pickers.
  TeacherMessage: ({ schoolId }) => [t.school.getSchoolTeachers.queryFilter({ schoolId }), t.school.getMembers.queryFilter({ schoolId })],
} satisfies LiveQueries<'TeacherMessage'>;

// The lesson plan's live reactions (composed by lib/live.ts).
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

export const lessonPlanLive = {
  LessonPlanMessage: ({ schoolId }) => [t.lessonPlan.getLessonPlan.queryFilter({ schoolId })],
} satisfies LiveQueries<'LessonPlanMessage'>;

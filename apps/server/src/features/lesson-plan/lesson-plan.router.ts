import { router } from '../../trpc/init.ts';

export const lessonPlanRouter = router({});

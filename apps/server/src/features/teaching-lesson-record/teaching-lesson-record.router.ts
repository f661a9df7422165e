import { router } from '../../trpc/init.ts';

export const teachingLessonRecordRouter = router({});

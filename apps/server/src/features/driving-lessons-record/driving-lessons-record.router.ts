import { router } from '../../trpc/init.ts';

export const drivingLessonsRecordRouter = router({});

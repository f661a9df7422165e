import { router } from '../../trpc/init.ts';

export const studentDefaultTeacherRouter = router({});

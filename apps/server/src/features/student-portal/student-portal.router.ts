import { router } from '../../trpc/init.ts';
import { studentProcedure } from '../../trpc/procedures.ts';
import { getMe } from './student-portal.service.ts';

/** The student's own procedures: the caller is a student with a session of their own (the student rung), never staff. */
export const studentPortalRouter = router({
  getMe: studentProcedure.query(({ ctx }) => getMe(ctx, ctx.student)),
});

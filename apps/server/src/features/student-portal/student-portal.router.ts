import { router } from '../../trpc/init.ts';
import { studentProcedure } from '../../trpc/procedures.ts';
import { logoutStudent } from '../../gate/student-login.ts';
import { getMe } from './student-portal.service.ts';

/** The student's own procedures: the caller is a student with a session of their own (the student rung), never staff. */
export const studentPortalRouter = router({
  getMe: studentProcedure.query(({ ctx }) => getMe(ctx, ctx.student)),
  /** 'Odhlásit se': ends this session only. */
  logout: studentProcedure.mutation(({ ctx }) => logoutStudent(ctx, ctx.studentSessionId)),
});

import { lessonPlanRaiseInput } from '@volant/shared/lesson-plan/inputs';
import { router } from '../../trpc/init.ts';
import { adminProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import { getLessonPlan, setLessonPlanRaise } from './lesson-plan.service.ts';

export const lessonPlanRouter = router({
  /** The law's plan in force today, each cell with its mark and the school's raise. */
  getLessonPlan: schoolProcedure.query(({ ctx }) => getLessonPlan(ctx, ctx.school.id)),
  setLessonPlanRaise: adminProcedure.input(lessonPlanRaiseInput).mutation(({ ctx, input }) => setLessonPlanRaise(ctx, ctx.school.id, ctx.user.id, input)),
});

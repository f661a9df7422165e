import { readinessListInput, studentForecastInput } from '@volant/shared/exam-readiness/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure, studentProcedure } from '../../trpc/procedures.ts';
import { getMyForecast, getStudentForecast, listReadiness } from './exam-readiness.service.ts';

/** 'Cesta ke zkoušce' (issue 22 §3): the forecast on the card, in the student's place and as the office's list. */
export const examReadinessRouter = router({
  getStudentForecast: schoolProcedure.input(studentForecastInput).query(({ ctx, input }) => getStudentForecast(ctx, ctx.school.id, input.studentId)),
  listReadiness: schoolProcedure.input(readinessListInput).query(({ ctx, input }) => listReadiness(ctx, ctx.school.id, input.soonDays)),
  /** The student's own forecast: the session says whose; the input names nothing. */
  getMyForecast: studentProcedure.query(({ ctx }) => getMyForecast(ctx, ctx.student)),
});

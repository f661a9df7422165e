import { readinessListInput, studentForecastInput } from '@volant/shared/exam-readiness/inputs';
import { cachedRead } from '../../trpc/cached-read.ts';
import { router } from '../../trpc/init.ts';
import { schoolProcedure, studentProcedure } from '../../trpc/procedures.ts';
import { getMyForecast, getStudentForecast, listReadiness } from './exam-readiness.service.ts';

/** 'Cesta ke zkoušce' (issue 22 §3): the forecast on the card, in the student's place and as the office's list. */
export const examReadinessRouter = router({
  // The school's whole allocation runs for one card (a teacher's hours are shared): answered from the answer cache,
  // which a write to the school drops and the school's day keys.
  getStudentForecast: schoolProcedure
    .input(studentForecastInput)
    .use(cachedRead())
    .query(({ ctx, input }) => getStudentForecast(ctx, ctx.school.id, input.studentId)),
  listReadiness: schoolProcedure
    .input(readinessListInput)
    .use(cachedRead())
    .query(({ ctx, input }) => listReadiness(ctx, ctx.school.id, input.soonDays)),
  /** The student's own forecast: the session says whose; the input names nothing. */
  getMyForecast: studentProcedure.query(({ ctx }) => getMyForecast(ctx, ctx.student)),
});

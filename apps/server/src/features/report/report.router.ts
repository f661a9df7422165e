import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { listReports } from './report.queries.ts';
import { addStudentToReport, getReport, markReportSent, markReportUnsent, removeStudentFromReport } from './report.service.ts';

const byId = z.object({ id: uuidInput });
const reportStudentInput = z.object({ reportId: uuidInput, studentId: uuidInput });

export const reportRouter = router({
  getReports: schoolProcedure.query(({ ctx }) => listReports(ctx.db, ctx.school.id)),
  getReport: schoolProcedure.input(byId).query(({ ctx, input }) => getReport(ctx.db, ctx.school.id, input.id)),
  addStudentToReport: schoolProcedure.input(reportStudentInput).mutation(({ ctx, input }) => addStudentToReport(ctx, ctx.school.id, ctx.user.id, input)),
  removeStudentFromReport: schoolProcedure
    .input(reportStudentInput)
    .mutation(({ ctx, input }) => removeStudentFromReport(ctx, ctx.school.id, ctx.user.id, input)),
  markReportSent: schoolProcedure.input(byId).mutation(({ ctx, input }) => markReportSent(ctx, ctx.school.id, ctx.user.id, input.id)),
  markReportUnsent: schoolProcedure.input(byId).mutation(({ ctx, input }) => markReportUnsent(ctx, ctx.school.id, ctx.user.id, input.id)),
});

import { disputeRecordInput, resolveDisputeInput, studentDisputesInput } from '@volant/shared/record-dispute/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure, studentProcedure } from '../../trpc/procedures.ts';
import { disputeRecord, getMyDisputes, getStudentDisputes, resolveDispute } from './record-dispute.service.ts';

/** The student's own side ('Nesouhlasím se záznamem'): the student rung; the student is the session's, never an input. */
export const studentDisputeRouter = router({
  disputeRecord: studentProcedure.input(disputeRecordInput).mutation(({ ctx, input }) => disputeRecord(ctx, ctx.student, input)),
  getMyDisputes: studentProcedure.query(({ ctx }) => getMyDisputes(ctx, ctx.student)),
});

/** The office's side on the student card: the student's disputes, and 'Vyřešit'. */
export const recordDisputeRouter = router({
  getStudentDisputes: schoolProcedure.input(studentDisputesInput).query(({ ctx, input }) => getStudentDisputes(ctx, ctx.school.id, input.studentId)),
  resolveDispute: schoolProcedure
    .input(resolveDisputeInput)
    .mutation(({ ctx, input }) => resolveDispute(ctx, ctx.school.id, { userId: ctx.user.id, memberId: ctx.school.memberId }, input)),
});

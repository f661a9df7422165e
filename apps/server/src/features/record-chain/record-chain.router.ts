import { correctionsInput } from '@volant/shared/record-chain/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure, studentProcedure } from '../../trpc/procedures.ts';
import { getCorrections, getMyRecordChain } from './record-chain.service.ts';

/** The office's 'Opravy a rozpory' (admins and assistants, permissions.ts). */
export const recordChainRouter = router({
  getCorrections: schoolProcedure.input(correctionsInput).query(({ ctx, input }) => getCorrections(ctx, ctx.school.id, input)),
});

/** The student's own fingerprints and corrections ('Jízdy' in 'Můj výcvik'); the student is the session's, never an input. */
export const studentRecordChainRouter = router({
  getMyRecordChain: studentProcedure.query(({ ctx }) => getMyRecordChain(ctx, ctx.student)),
});

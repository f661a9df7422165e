// 'Převod žáka' (issue 22 §4): the office (TRANSFER_ROLES) exports a student's signed record and imports another
// school's record onto its own student.
import { exportTransferInput, TRANSFER_ROLES, transferImportConfirmInput, transferImportInput } from '@volant/shared/transfer/inputs';
import { router } from '../../trpc/init.ts';
import { roleProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import { exportTransfer, getPriorTrainings, importTransfer, previewTransferImport } from './transfer.service.ts';

const officeProcedure = roleProcedure(...TRANSFER_ROLES);

export const transferRouter = router({
  /** The signed `volant.transfer/1` file ({ fileName, mimeType, content, keyFingerprint }). */
  exportTransfer: officeProcedure.input(exportTransferInput).mutation(({ ctx, input }) => exportTransfer(ctx, ctx.school.id, ctx.user.id, input.studentId)),
  /** The verified file's content, before importing (a tampered file is refused). */
  previewTransferImport: officeProcedure.input(transferImportInput).mutation(({ ctx, input }) => previewTransferImport(ctx, ctx.school.id, input)),
  /** Stores the record's hours as the student's prior hours ('Z předchozí autoškoly'); the same file twice adds nothing. */
  importTransfer: officeProcedure.input(transferImportConfirmInput).mutation(({ ctx, input }) => importTransfer(ctx, ctx.school.id, ctx.user.id, input)),
  /** The student's imported records with their hours. */
  getPriorTrainings: schoolProcedure.input(exportTransferInput).query(({ ctx, input }) => getPriorTrainings(ctx, ctx.school.id, input.studentId)),
});

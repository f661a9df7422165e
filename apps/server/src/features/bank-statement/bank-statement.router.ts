import { confirmBankStatementInput, previewBankStatementInput, saveCsvMappingInput } from '@volant/shared/bank-statement/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { confirmBankStatement, getCsvMapping, previewBankStatement, saveCsvMapping } from './bank-statement.service.ts';

export const bankStatementRouter = router({
  /** Parses a statement file and proposes a student for each incoming transaction; writes nothing. */
  previewBankStatement: schoolProcedure.input(previewBankStatementInput).mutation(({ ctx, input }) => previewBankStatement(ctx, ctx.school.id, input)),
  /** Records the statement's incoming transactions once and turns the confirmed matches into payments by transfer. */
  confirmBankStatement: schoolProcedure
    .input(confirmBankStatementInput)
    .mutation(({ ctx, input }) => confirmBankStatement(ctx, ctx.school.id, ctx.user.id, input)),
  /** 'Vlastní sloupce': the school's saved CSV column mapping (null when none). */
  getCsvMapping: schoolProcedure.query(({ ctx }) => getCsvMapping(ctx, ctx.school.id)),
  /** 'Uložit nastavení sloupců': saves the school's CSV column mapping for the next import. */
  saveCsvMapping: schoolProcedure.input(saveCsvMappingInput).mutation(({ ctx, input }) => saveCsvMapping(ctx, ctx.school.id, ctx.user.id, input)),
});

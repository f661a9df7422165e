// 'Export pro účetní' (issue 21 §3): admins and assistants (ACCOUNTING_EXPORT_ROLES) export the school's documents
// and payments of a period for the accountant.
import { ACCOUNTING_EXPORT_ROLES, accountingExportInput } from '@volant/shared/accounting-export/inputs';
import { router } from '../../trpc/init.ts';
import { roleProcedure } from '../../trpc/procedures.ts';
import { getAccountingExport } from './accounting-export.service.ts';

const exporterProcedure = roleProcedure(...ACCOUNTING_EXPORT_ROLES);

export const accountingExportRouter = router({
  /** The export's files as text ({ files: [{ fileName, mimeType, content }] }): Pohoda XML, or two CSV files. */
  getAccountingExport: exporterProcedure.input(accountingExportInput).query(({ ctx, input }) => getAccountingExport(ctx, ctx.school.id, input)),
});

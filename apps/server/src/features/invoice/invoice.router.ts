// Doklady (issue 9): invoices, receipts and credit notes of the school's number series. Every member reads them;
// admins and assistants (INVOICE_ISSUER_ROLES) issue and cancel them.
import { cancelInvoiceInput, INVOICE_ISSUER_ROLES, invoiceIdInput, invoicesInput, issueInvoiceInput } from '@volant/shared/invoice/inputs';
import { router } from '../../trpc/init.ts';
import { roleProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import { cancelInvoice, getInvoice, getInvoices, getInvoiceYears, issueInvoice } from './invoice.service.ts';

const issuerProcedure = roleProcedure(...INVOICE_ISSUER_ROLES);

export const invoiceRouter = router({
  /** Issues an invoice or a receipt with the next number of the school's series; returns its detail. */
  issueInvoice: issuerProcedure.input(issueInvoiceInput).mutation(({ ctx, input }) => issueInvoice(ctx, ctx.school.id, ctx.user.id, input)),
  /** The school's documents (or one student's, with studentId), newest first, a page at a time ({ items, nextCursor }). */
  getInvoices: schoolProcedure.input(invoicesInput).query(({ ctx, input }) => getInvoices(ctx, ctx.school.id, input)),
  /** The years the school has documents in, newest first (the list's year filter). */
  getInvoiceYears: schoolProcedure.query(({ ctx }) => getInvoiceYears(ctx, ctx.school.id)),
  getInvoice: schoolProcedure.input(invoiceIdInput).query(({ ctx, input }) => getInvoice(ctx, ctx.school.id, input.id)),
  /** Marks the document cancelled and issues its credit note; returns both. */
  cancelInvoice: issuerProcedure.input(cancelInvoiceInput).mutation(({ ctx, input }) => cancelInvoice(ctx, ctx.school.id, ctx.user.id, input)),
});

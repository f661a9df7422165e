// Doklady (issue 9): invoices, receipts and credit notes of the school's number series.
import { router } from '../../trpc/init.ts';

export const invoiceRouter = router({});

// The documents' (Doklady) live reactions (composed by lib/live.ts).
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import { payments } from '../payment-item/payment-item.live.ts';

export const invoiceLive = {
  // A document issued or cancelled: the school's Doklady list (pages: an infinite query) and its years, the student's
  // documents on Platba, that document's detail, and Platba's payments (which payments have a document).
  InvoiceMessage: ({ schoolId, studentId, invoiceId }) => [
    t.invoice.getInvoices.infiniteQueryFilter({ schoolId }),
    t.invoice.getInvoices.queryFilter({ schoolId, studentId }),
    t.invoice.getInvoiceYears.queryFilter({ schoolId }),
    t.invoice.getInvoice.queryFilter({ schoolId, id: invoiceId }),
    ...payments(schoolId, studentId),
  ],
} satisfies LiveQueries<'InvoiceMessage'>;

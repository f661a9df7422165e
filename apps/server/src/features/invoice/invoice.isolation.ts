import { entity, type IsolationTable, school } from '../../testing/isolation.ts';
import { aDocument, anIssuer } from './invoice.testing.ts';

export const invoiceIsolation: IsolationTable = {
  'invoice.issueInvoice': entity(anIssuer, (c, schoolId, { studentId }) =>
    c.invoice.issueInvoice({ schoolId, studentId, lines: [{ text: 'Kondiční jízda', quantity: 1, unitPrice: 800 }] }),
  ),
  'invoice.getInvoices': school(
    aDocument,
    (c, schoolId) => c.invoice.getInvoices({ schoolId }),
    (result, { invoiceId }) => JSON.stringify(result).includes(invoiceId),
  ),
  'invoice.getInvoiceYears': school(
    aDocument,
    (c, schoolId) => c.invoice.getInvoiceYears({ schoolId }),
    (result, { year }) => (result as number[]).includes(Number(year)),
  ),
  'invoice.getInvoice': entity(aDocument, (c, schoolId, { invoiceId }) => c.invoice.getInvoice({ schoolId, id: invoiceId })),
  'invoice.cancelInvoice': entity(aDocument, (c, schoolId, { invoiceId }) => c.invoice.cancelInvoice({ schoolId, id: invoiceId, reason: 'Chybná částka' })),
};

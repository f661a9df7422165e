// InvoiceMessage through the real reaction and a real query cache: the Doklady pages (an infinite query), the student's
// documents on Platba, that document's detail and the Platba payments go stale; another student's, another
// document's and another school's do not.
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedWith, staleAfter as staleAfterIn } from '../../lib/live-testing.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

const S = 's1';
const OTHER = 's2';
const X = 'x';
const Y = 'y';

const cached: Record<string, QueryKey> = {
  'doklady, all': t.invoice.getInvoices.infiniteQueryKey({ schoolId: S, year: null, kind: null, status: null, query: null, limit: 50 }),
  'doklady, 2026 cancelled': t.invoice.getInvoices.infiniteQueryKey({ schoolId: S, year: 2026, kind: null, status: 'CANCELLED', query: 'nov', limit: 50 }),
  years: t.invoice.getInvoiceYears.queryKey({ schoolId: S }),
  'documents of X': t.invoice.getInvoices.queryKey({ schoolId: S, studentId: X, limit: 200 }),
  'documents of Y': t.invoice.getInvoices.queryKey({ schoolId: S, studentId: Y, limit: 200 }),
  'document A': t.invoice.getInvoice.queryKey({ schoolId: S, id: 'a' }),
  'document B': t.invoice.getInvoice.queryKey({ schoolId: S, id: 'b' }),
  'payments of X': t.paymentItem.getPaymentItems.queryKey({ schoolId: S, studentId: X }),
  'price of X': t.paymentItem.getStudentPrice.queryKey({ schoolId: S, studentId: X }),
  'payments of Y': t.paymentItem.getPaymentItems.queryKey({ schoolId: S, studentId: Y }),
  'other school doklady': t.invoice.getInvoices.infiniteQueryKey({ schoolId: OTHER, limit: 50 }),
  'other school document A': t.invoice.getInvoice.queryKey({ schoolId: OTHER, id: 'a' }),
  'other school years': t.invoice.getInvoiceYears.queryKey({ schoolId: OTHER }),
};

const staleAfter = (message: unknown) => staleAfterIn(cachedWith(cached), message, S);

describe('InvoiceMessage', () => {
  it("a document of student X: every Doklady page of the school, its years, X's documents and payments and that document only", () => {
    expect(staleAfter({ InvoiceMessage: { schoolId: S, invoiceId: 'a', studentId: X } })).toEqual(
      ['doklady, 2026 cancelled', 'doklady, all', 'document A', 'documents of X', 'payments of X', 'price of X', 'years'].sort(),
    );
  });
});

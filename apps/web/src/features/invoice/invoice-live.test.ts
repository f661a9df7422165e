// InvoiceMessage through the real reaction and a real query cache: the Doklady pages (an infinite query), the student's
// documents on Platba, that document's detail and the Platba payments go stale; another student's, another
// document's and another school's do not.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { handleLiveMessage, type LiveEffects } from '../../lib/live.ts';
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

function staleAfter(message: unknown): string[] {
  const queryClient = new QueryClient();
  for (const key of Object.values(cached)) queryClient.setQueryData(key, {});
  const fx: LiveEffects = {
    activeSchoolId: () => S,
    info: vi.fn(),
    reloadUser: vi.fn(),
    refetchInvites: vi.fn(),
    refetchNotifications: vi.fn(),
    removeNotification: vi.fn(),
    setGroupBlocked: vi.fn(),
    reloadTier: vi.fn(),
    invalidate: (filters) => filters.forEach((f) => void queryClient.invalidateQueries(f)),
  };
  handleLiveMessage(message, fx);
  return Object.entries(cached)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('InvoiceMessage', () => {
  it("a document of student X: every Doklady page of the school, its years, X's documents and payments and that document only", () => {
    expect(staleAfter({ InvoiceMessage: { schoolId: S, invoiceId: 'a', studentId: X } })).toEqual(
      ['doklady, 2026 cancelled', 'doklady, all', 'document A', 'documents of X', 'payments of X', 'price of X', 'years'].sort(),
    );
  });
});

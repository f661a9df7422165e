// Platba's live reactions: which queries a payment or the price list makes stale (composed by lib/live.ts).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import { studentCard } from '../student/student.live.ts';

/** One student's Platba: its payments with the price summary (the tab and the card's circle) and its own price. */
export const payments = (schoolId: string, studentId: string): QueryFilters[] => [
  t.paymentItem.getPaymentItems.queryFilter({ schoolId, studentId }),
  t.paymentItem.getStudentPrice.queryFilter({ schoolId, studentId }),
  t.instalment.getStudentInstalments.queryFilter({ schoolId, studentId }),
];

/** The school's owing list (Platby → Nedoplatky) and the student lists filtered by 'Nedoplatek': a balance moved. */
export const owingLists = (schoolId: string): QueryFilters[] => [
  t.paymentItem.getOwingStudents.queryFilter({ schoolId }),
  t.student.students.queryFilter({ schoolId, owing: true }),
];

export const paymentItemLive = {
  // Payments show on the student's card only (their own queries come with their routers); a payment, a charge or a
  // price also moves the student's balance in the owing list and the 'Nedoplatek' student lists.
  PaymentItemMessage: ({ schoolId, studentId }) => [...studentCard(schoolId, studentId), ...payments(schoolId, studentId), ...owingLists(schoolId)],
  // Every student's default price follows the price list, so every open Platba tab, the settings (courses and extras)
  // and the balances of students on a default price.
  PriceListMessage: ({ schoolId }) => [
    t.paymentItem.getPriceList.queryFilter({ schoolId }),
    t.paymentItem.getPriceExtras.queryFilter({ schoolId }),
    t.paymentItem.getPaymentItems.queryFilter({ schoolId }),
    t.paymentItem.getStudentPrice.queryFilter({ schoolId }),
    ...owingLists(schoolId),
  ],
} satisfies LiveQueries<'PaymentItemMessage' | 'PriceListMessage'>;

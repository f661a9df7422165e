// The demo school's money (issue 21): payments over the last months, so 'Přehled školy' has months of income to show
// and Platby → Nedoplatky has students who paid part, all and nothing; one student pays by a Splátkový kalendář with
// an instalment fallen due and unpaid ('Po splatnosti'). Adéla Horáková pays nothing yet (the demo journey counts on
// her owing the price list's 24 900 Kč). Amounts in koruny as the office types them, stored as haléře; days relative
// to the seed's today.
import type { PaymentMethod } from '@volant/shared/enums';
import { toHalere } from '@volant/shared/money';
import { addDays, type CalendarDate } from '@volant/shared/school-time';
import type { DbOrTx } from '../client.ts';
import { schema } from '../schema.ts';

const { paymentItems, studentInstalments } = schema;

/** Per registration number: [days from today, koruny, method] of each payment. */
export const DEMO_PAYMENTS: Readonly<Record<string, readonly (readonly [number, number, PaymentMethod])[]>> = {
  '2026/004': [[-34, 6_700, 'TRANSFER']],
  '2026/005': [[-29, 10_000, 'TRANSFER']],
  '2026/006': [
    [-88, 12_000, 'TRANSFER'],
    [-60, 12_900, 'TRANSFER'],
  ],
  '2026/007': [[-99, 24_900, 'CARD']],
  '2026/008': [
    [-118, 16_000, 'TRANSFER'],
    [-80, 16_900, 'TRANSFER'],
  ],
  '2025/041': [
    [-199, 13_950, 'CASH'],
    [-170, 13_950, 'CASH'],
  ],
  // Šimon pays part: he owes the rest, so his place shows the QR Platba (student-place-mobile.spec).
  '2026/010': [[-19, 6_000, 'CARD']],
};

/** Lukáš Procházka (A2, 19 900 Kč) pays in three instalments: the first paid, the second fallen due 4 days ago. */
export const DEMO_INSTALMENTS: Readonly<Record<string, readonly (readonly [string, number, number])[]>> = {
  '2026/004': [
    ['Při zápisu', -34, 6_700],
    ['Po 1 měsíci', -4, 6_600],
    ['Před zkouškou', 26, 6_600],
  ],
};

export async function insertDemoMoney(
  tx: DbOrTx,
  schoolId: string,
  students: readonly { id: string; registrationNumber: string }[],
  today: CalendarDate,
  createdBy: string,
) {
  const idOf = new Map(students.map((s) => [s.registrationNumber, s.id]));
  const payments = Object.entries(DEMO_PAYMENTS).flatMap(([reg, list]) =>
    list.map(([days, czk, method]) => ({
      schoolId,
      studentId: idOf.get(reg) as string,
      price: toHalere(czk),
      paidOn: addDays(today, days),
      method,
      createdBy,
    })),
  );
  await tx.insert(paymentItems).values(payments.filter((p) => p.studentId));
  const instalments = Object.entries(DEMO_INSTALMENTS).flatMap(([reg, list]) =>
    list.map(([label, days, czk], position) => ({
      schoolId,
      studentId: idOf.get(reg) as string,
      position,
      label,
      dueOn: addDays(today, days),
      amount: toHalere(czk),
    })),
  );
  await tx.insert(studentInstalments).values(instalments.filter((i) => i.studentId));
}

// A document's totals (issue 9): lines carry unit prices including VAT, in integer haléře. A VAT payer's document
// shows, per rate, the base and the VAT computed from the rate's gross sum (base = round(gross × 100 / (100 + rate)),
// VAT = gross − base), so the printed figures always add up to the total. A non-payer's document has no VAT.
import type { VatMode } from '../enums.ts';
import { asHalere, type Halere, sumHalere } from '../money.ts';

export interface LineLike {
  quantity: number;
  unitPrice: number;
  vatRate: number;
}

export interface VatRow {
  rate: number;
  base: number;
  vat: number;
  gross: number;
}

export const lineTotal = (l: LineLike): Halere => asHalere(l.quantity * l.unitPrice);

/** Half away from zero, so a credit note mirrors its invoice exactly. */
const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

export function invoiceTotals(lines: readonly LineLike[], vatMode: VatMode): { total: Halere; totalVat: Halere; rows: VatRow[] } {
  const total = sumHalere(lines.map(lineTotal));
  if (vatMode === 'NON_PAYER') return { total, totalVat: asHalere(0), rows: [] };
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + lineTotal(l));
  const rows = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const base = roundHalfAway((gross * 100) / (100 + rate));
      return { rate, base: asHalere(base), vat: asHalere(gross - base), gross: asHalere(gross) };
    });
  return { total, totalVat: sumHalere(rows.map((r) => r.vat)), rows };
}

/** The printed number of the `seq`-th document of a school's year: 20260001. */
export function invoiceNumber(year: number, seq: number): string {
  return `${year}${String(seq).padStart(4, '0')}`;
}

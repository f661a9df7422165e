import { describe, expect, it } from 'vitest';
import { invoiceNumber, invoiceTotals } from './totals.ts';

describe('invoiceTotals', () => {
  it('a non-payer has no VAT: the total is the sum of quantity × unit price', () => {
    expect(
      invoiceTotals(
        [
          { quantity: 2, unitPrice: 75000, vatRate: 21 },
          { quantity: 1, unitPrice: 1899000, vatRate: 0 },
        ],
        'NON_PAYER',
      ),
    ).toEqual({
      total: 2049000,
      totalVat: 0,
      rows: [],
    });
  });

  it('a payer: per rate, base and VAT from the gross sum add up to the total', () => {
    const t = invoiceTotals(
      [
        { quantity: 1, unitPrice: 1899000, vatRate: 21 },
        { quantity: 3, unitPrice: 100, vatRate: 21 },
        { quantity: 1, unitPrice: 11200, vatRate: 12 },
        { quantity: 1, unitPrice: 10000, vatRate: 0 },
      ],
      'PAYER',
    );
    expect(t.rows).toEqual([
      { rate: 21, base: 1569669, vat: 329631, gross: 1899300 },
      { rate: 12, base: 10000, vat: 1200, gross: 11200 },
      { rate: 0, base: 10000, vat: 0, gross: 10000 },
    ]);
    expect(t.total).toBe(1920500);
    expect(t.totalVat).toBe(330831);
    expect(t.rows.reduce((s, r) => s + r.base + r.vat, 0)).toBe(t.total);
  });

  it('a credit note mirrors its invoice to the haléř', () => {
    const lines = [{ quantity: 1, unitPrice: 12345, vatRate: 21 }];
    const neg = [{ quantity: 1, unitPrice: -12345, vatRate: 21 }];
    const a = invoiceTotals(lines, 'PAYER');
    const b = invoiceTotals(neg, 'PAYER');
    expect(b.total).toBe(-a.total);
    expect(b.rows[0]).toEqual({ rate: 21, base: -a.rows[0]!.base, vat: -a.rows[0]!.vat, gross: -a.rows[0]!.gross });
  });
});

describe('invoiceNumber', () => {
  it('year and a four-digit sequence, longer when the year has more', () => {
    expect(invoiceNumber(2026, 1)).toBe('20260001');
    expect(invoiceNumber(2026, 12345)).toBe('202612345');
  });
});

import { describe, expect, it } from 'vitest';
import { decimalAmount } from '../money.ts';
import { accountingExportInput } from './inputs.ts';
import { CSV_BOM, csvField, csvText, type InvoiceCsvRow, invoicesCsv, paymentsCsv } from './csv.ts';

const invoice: InvoiceCsvRow = {
  number: '20260001',
  kind: 'INVOICE',
  issuedOn: '2026-03-01',
  dueOn: '2026-03-15',
  taxableOn: '2026-03-01',
  customerName: 'Novák; "Jan"',
  customerCompanyNumber: null,
  customerVatId: null,
  variableSymbol: '20260001',
  paymentMethod: 'TRANSFER',
  base: 102025,
  vat: 21425,
  total: 123450,
  isCancelled: true,
  creditNoteFor: null,
  creditNote: '20260002',
};

describe('accounting CSV', () => {
  it('starts with a BOM, separates by semicolons, ends lines with CRLF', () => {
    const text = csvText([
      ['"a"', '"b"'],
      ['"c"', '"d"'],
    ]);
    expect(text).toBe(`${CSV_BOM}"a";"b"\r\n"c";"d"\r\n`);
    expect(text.charCodeAt(0)).toBe(0xfeff);
  });

  it('quotes every field, doubles quotes, keeps ; inside quotes, defuses formulas in text only', () => {
    expect(csvField('Novák; "Jan"')).toBe('"Novák; ""Jan"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-1234,50', false)).toBe('"-1234,50"');
  });

  it('documents: decimal comma without grouping, D.M.YYYY dates, Czech labels, cancelled marked', () => {
    const [header, row] = invoicesCsv([invoice]).slice(1).split('\r\n');
    expect(header.split(';')).toHaveLength(16);
    expect(row).toBe(
      '"20260001";"Faktura";"Stornován";"1.3.2026";"15.3.2026";"1.3.2026";"Novák; ""Jan""";"";"";"20260001";"Převodem";"1020,25";"214,25";"1234,50";"";"20260002"',
    );
    const big = invoicesCsv([
      { ...invoice, kind: 'CREDIT_NOTE', isCancelled: false, base: -100000005, vat: 0, total: -100000005, creditNoteFor: '20250007', creditNote: null },
    ]);
    expect(big).toContain('"Opravný doklad";"Platný"');
    expect(big).toContain('"-1000000,05";"0,00";"-1000000,05";"20250007";""');
  });

  it('payments: amount, method, the documents issued for them', () => {
    const text = paymentsCsv([
      { paidOn: '2026-03-05', studentName: 'Jana Malá', registrationNumber: 'P-1', method: 'CASH', amount: 5, note: null, documents: ['20260003', '20260009'] },
    ]);
    expect(text.split('\r\n')[1]).toBe('"5.3.2026";"Jana Malá";"P-1";"Hotově";"0,05";"20260003, 20260009";""');
  });

  it('decimalAmount prints haléře with a point, exactly', () => {
    expect(decimalAmount(123450)).toBe('1234.50');
    expect(decimalAmount(-5)).toBe('-0.05');
    expect(decimalAmount(0)).toBe('0.00');
  });

  it('the period input: both days, from ≤ to, at most 400 days, a format', () => {
    expect(accountingExportInput.safeParse({ from: '2026-01-01', to: '2026-12-31', format: 'CSV' }).success).toBe(true);
    expect(accountingExportInput.safeParse({ from: '2026-01-02', to: '2026-01-01', format: 'CSV' }).error?.issues[0].message).toBe(
      'Konec období nemůže být před jeho začátkem',
    );
    expect(accountingExportInput.safeParse({ from: '2025-01-01', to: '2026-02-05', format: 'CSV' }).error?.issues[0].message).toBe(
      'Období může mít nejvýše 400 dní',
    );
    expect(accountingExportInput.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseBankAccount } from '../school/bank-account.ts';
import { invoiceSpayd, spayd, spaydAmount, spaydPayable, spaydValue } from './spayd.ts';

describe('QR Platba (SPAYD 1.0)', () => {
  it('builds the descriptor: account, amount, currency, due date, variable symbol, message', () => {
    expect(spayd({ iban: 'CZ6508000000192000145399', amount: 2_290_050, variableSymbol: '20260007', dueOn: '2026-12-10', message: 'Faktura 20260007' })).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:22900.50*CC:CZK*DT:20261210*X-VS:20260007*MSG:Faktura 20260007',
    );
    expect(spayd({ iban: 'cz65 0800 0000 1920 0014 5399', amount: 100 })).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:1.00*CC:CZK');
  });

  it('the IBAN comes from the Czech account (the one conversion the invoice uses)', () => {
    const account = parseBankAccount('19-2000145399/0800');
    if (typeof account === 'string') throw new Error(account);
    expect(spayd({ iban: account.iban, amount: 48_050 })).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:480.50*CC:CZK');
  });

  it('amounts: integer haléře with a dot and two decimals; zero, negative, fractional and over-long amounts are refused', () => {
    expect(spaydAmount(1)).toBe('0.01');
    expect(spaydAmount(10)).toBe('0.10');
    expect(spaydAmount(2_290_000)).toBe('22900.00');
    expect(spaydAmount(999_999_999)).toBe('9999999.99');
    for (const bad of [0, -100, 1.5, 1_000_000_000]) {
      expect(() => spaydAmount(bad)).toThrow(RangeError);
      expect(spaydPayable(bad)).toBe(false);
    }
    expect(spaydPayable(100)).toBe(true);
  });

  it("escapes '*' (the field separator) and '%' in values, folds whitespace and keeps the message to 60 characters", () => {
    expect(spaydValue('50 % sleva * kurz')).toBe('50 %25 sleva %2A kurz');
    const text = spayd({ iban: 'CZ6508000000192000145399', amount: 100, message: 'Kurz*B\n  Novák 50%' });
    expect(text).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:1.00*CC:CZK*MSG:Kurz%2AB Novák 50%25');
    expect(text.split('*')).toHaveLength(6);
    const long = spayd({ iban: 'CZ6508000000192000145399', amount: 100, message: 'Ž'.repeat(80) });
    expect(long.split('MSG:')[1]).toBe('Ž'.repeat(60));
  });

  it('the variable symbol keeps its digits only, at most 10; no IBAN, no descriptor', () => {
    expect(spayd({ iban: 'CZ6508000000192000145399', amount: 100, variableSymbol: '2026-0007' })).toContain('*X-VS:20260007');
    expect(spayd({ iban: 'CZ6508000000192000145399', amount: 100, variableSymbol: '' })).not.toContain('X-VS');
    expect(() => spayd({ iban: '2000145399/0800', amount: 100 })).toThrow(RangeError);
  });
});

describe('the QR Platba of a document', () => {
  const invoice = {
    invoiceKind: 'INVOICE' as const,
    paymentMethod: 'TRANSFER' as const,
    iban: 'CZ6508000000192000145399',
    total: 1_899_050,
    variableSymbol: '20260007',
    dueOn: '2026-04-15',
    number: '20260007',
    isCancelled: false,
  };

  it('an invoice to pay by transfer: the IBAN, the total, the due date, the VS and the number', () => {
    expect(invoiceSpayd(invoice)).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:18990.50*CC:CZK*DT:20260415*X-VS:20260007*MSG:Faktura 20260007');
  });

  it('none for cash or card, without an IBAN, for a receipt, a credit note, a cancelled or a zero invoice', () => {
    for (const other of [
      { paymentMethod: 'CASH' as const },
      { paymentMethod: 'CARD' as const },
      { iban: null },
      { invoiceKind: 'RECEIPT' as const },
      { invoiceKind: 'CREDIT_NOTE' as const, total: -1_899_050 },
      { isCancelled: true },
      { total: 0 },
    ]) {
      expect(invoiceSpayd({ ...invoice, ...other })).toBeNull();
    }
  });
});

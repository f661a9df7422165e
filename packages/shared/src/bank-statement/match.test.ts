import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asHalere } from '../money.ts';
import { createMatcher, type MatchCandidate, matchTransactions, nameWords, normalizeVariableSymbol, type StatementTransaction } from './match.ts';

const tx = (o: Partial<StatementTransaction>): StatementTransaction => ({
  transactionId: '1',
  bookedOn: '2026-11-27',
  amount: asHalere(100000),
  credit: true,
  variableSymbol: null,
  counterAccount: null,
  counterName: null,
  message: null,
  ...o,
});

const jan: MatchCandidate = {
  studentId: 'jan',
  firstName: 'Jan',
  lastName: 'Novák',
  balanceVariableSymbol: '2026012',
  invoiceVariableSymbols: ['20260005'],
  expectedAmounts: [asHalere(1500000)],
};
const sarka: MatchCandidate = {
  studentId: 'sarka',
  firstName: 'Šárka',
  lastName: 'Dvořáková',
  balanceVariableSymbol: '2026013',
  invoiceVariableSymbols: [],
  expectedAmounts: [asHalere(899000)],
};

describe('matching', () => {
  it('matches by the balance VS, by an invoice VS (leading zeros ignored), then suggests by amount + name', () => {
    const m = createMatcher([jan, sarka]);
    expect(m.match(tx({ variableSymbol: '0002026012' }))).toEqual({ state: 'MATCHED', studentId: 'jan', reason: 'BALANCE_VS' });
    expect(m.match(tx({ variableSymbol: '20260005' }))).toEqual({ state: 'MATCHED', studentId: 'jan', reason: 'INVOICE_VS' });
    expect(m.match(tx({ amount: asHalere(899000), counterName: 'DVORAKOVA SARKA' }))).toEqual({
      state: 'SUGGESTED',
      studentId: 'sarka',
      reason: 'AMOUNT_NAME',
    });
    expect(m.match(tx({ amount: asHalere(899001), counterName: 'Dvořáková Šárka' })).state).toBe('UNMATCHED');
    expect(m.match(tx({ amount: asHalere(899000), counterName: 'Šárka Nováková' })).state).toBe('UNMATCHED');
  });

  it('never matches an outgoing payment, and a VS or name that fits two students matches none', () => {
    expect(matchTransactions([tx({ credit: false, variableSymbol: '2026012' })], [jan])[0].state).toBe('UNMATCHED');
    const twin = { ...jan, studentId: 'twin', invoiceVariableSymbols: [] };
    expect(matchTransactions([tx({ variableSymbol: '2026012' })], [jan, twin])[0]).toEqual({ state: 'UNMATCHED', studentId: null, reason: null });
    expect(matchTransactions([tx({ amount: asHalere(1500000), counterName: 'Jan Novák' })], [jan, twin])[0].state).toBe('UNMATCHED');
  });

  it('normalizes symbols and names', () => {
    expect(normalizeVariableSymbol(' 000123 ')).toBe('123');
    expect(normalizeVariableSymbol('0000')).toBeNull();
    expect(nameWords('Dvořáková-Šárka, Ing.')).toEqual(['dvorakova', 'sarka', 'ing']);
  });

  const vs = fc.stringMatching(/^[1-9]\d{0,9}$/);
  const candidate = fc.record({
    studentId: fc.uuid(),
    firstName: fc.constantFrom('Jan', 'Petr', 'Šárka', 'Eva', 'Jiří'),
    lastName: fc.constantFrom('Novák', 'Dvořáková', 'Svoboda', 'Černý'),
    balanceVariableSymbol: fc.option(vs, { nil: null }),
    invoiceVariableSymbols: fc.array(vs, { maxLength: 2 }),
    expectedAmounts: fc.array(fc.integer({ min: 1, max: 100_000_000 }).map(asHalere), { maxLength: 2 }),
  });
  const transaction = fc.record({
    transactionId: fc.string({ minLength: 1, maxLength: 10 }),
    bookedOn: fc.constant('2026-11-27'),
    amount: fc.integer({ min: 1, max: 100_000_000 }).map(asHalere),
    credit: fc.boolean(),
    variableSymbol: fc.option(vs, { nil: null }),
    counterAccount: fc.constant(null),
    counterName: fc.option(fc.constantFrom('Jan Novák', 'Novák Jan', 'Šárka Dvořáková', 'Petr Svoboda', 'XY'), { nil: null }),
    message: fc.constant(null),
  });

  it('property: a match names one of the candidates, only for credits, and a MATCHED one carries its VS', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 8 }), fc.array(transaction, { maxLength: 20 }), (cands, txs) => {
        const results = matchTransactions(txs, cands);
        expect(results).toHaveLength(txs.length);
        results.forEach((r, i) => {
          const t = txs[i];
          if (!t.credit) expect(r.state).toBe('UNMATCHED');
          if (r.state === 'UNMATCHED') expect(r.studentId).toBeNull();
          else {
            const c = cands.find((x) => x.studentId === r.studentId);
            expect(c).toBeDefined();
            if (r.state === 'MATCHED') {
              const symbols = [c?.balanceVariableSymbol, ...(c?.invoiceVariableSymbols ?? [])].map(normalizeVariableSymbol);
              expect(symbols).toContain(normalizeVariableSymbol(t.variableSymbol));
            } else expect(c?.expectedAmounts).toContain(t.amount);
          }
        });
      }),
    );
  });

  it('property: a credit carrying a student’s unique balance VS is always matched to that student', () => {
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { selector: (c) => c.studentId, minLength: 1, maxLength: 8 }), fc.nat(), (cands, pick) => {
        const target = cands[pick % cands.length];
        fc.pre(target.balanceVariableSymbol !== null);
        const key = normalizeVariableSymbol(target.balanceVariableSymbol);
        const clash = cands.some((c) => c !== target && [c.balanceVariableSymbol, ...c.invoiceVariableSymbols].some((v) => normalizeVariableSymbol(v) === key));
        fc.pre(!clash);
        const [r] = matchTransactions([tx({ variableSymbol: `000${target.balanceVariableSymbol}` })], cands);
        expect(r).toMatchObject({ state: 'MATCHED', studentId: target.studentId });
      }),
    );
  });
});

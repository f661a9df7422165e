import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocatePayments, INSTALMENTS_MAX, instalmentTotals, overdueOfBalance, planFellDue, planFromTemplate, splitPrice } from './instalments.ts';

const price = fc.integer({ min: 0, max: 100_000_000 });
const count = fc.integer({ min: 1, max: INSTALMENTS_MAX });

describe('splitPrice', () => {
  it('always sums to the price exactly, with no negative part', () => {
    fc.assert(
      fc.property(price, count, (p, n) => {
        const parts = splitPrice(p, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(p);
        for (const x of parts) {
          expect(Number.isInteger(x)).toBe(true);
          expect(x).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('keeps the later parts in whole koruny and equal', () => {
    fc.assert(
      fc.property(price, count, (p, n) => {
        const rest = splitPrice(p, n).slice(1);
        for (const x of rest) expect(x % 100).toBe(0);
        expect(new Set(rest).size).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('splits 20 000,50 Kč into three', () => {
    expect(splitPrice(2_000_050, 3)).toEqual([666_850, 666_600, 666_600]);
  });

  it('refuses a negative price or no instalments', () => {
    expect(() => splitPrice(-1, 2)).toThrow();
    expect(() => splitPrice(100, 0)).toThrow();
  });
});

describe('planFromTemplate', () => {
  it('dates each part from the day applied, earliest first', () => {
    expect(planFromTemplate(3_000_000, [30, 0, 60], '2026-01-31')).toEqual([
      { dueOn: '2026-01-31', amount: 1_000_000 },
      { dueOn: '2026-03-02', amount: 1_000_000 },
      { dueOn: '2026-04-01', amount: 1_000_000 },
    ]);
  });
});

describe('allocatePayments', () => {
  const plan = [
    { dueOn: '2026-03-01', amount: 500_00 },
    { dueOn: '2026-01-01', amount: 1000_00 },
    { dueOn: '2026-02-01', amount: 1000_00 },
  ];

  it('pays the oldest due date first and marks overdue, partly paid and due', () => {
    const a = allocatePayments(plan, 1500_00, '2026-02-15');
    expect(a.map((x) => [x.paid, x.remaining, x.state])).toEqual([
      [0, 500_00, 'DUE'],
      [1000_00, 0, 'PAID'],
      [500_00, 500_00, 'OVERDUE'],
    ]);
    expect(instalmentTotals(a)).toEqual({ overdue: 500_00, upcoming: 500_00, nextDueOn: '2026-03-01' });
    expect(allocatePayments(plan, 2200_00, '2026-01-15')[0]?.state).toBe('PARTLY_PAID');
  });

  it('allocates never more than paid nor more than an instalment, and all of it when it fits', () => {
    const inst = fc.array(fc.record({ dueOn: fc.constantFrom('2026-01-01', '2026-02-01', '2026-03-01'), amount: fc.integer({ min: 0, max: 1_000_000 }) }), {
      maxLength: INSTALMENTS_MAX,
    });
    fc.assert(
      fc.property(inst, fc.integer({ min: 0, max: 30_000_000 }), (list, paid) => {
        const a = allocatePayments(list, paid, '2026-02-15');
        const total = list.reduce((s, x) => s + x.amount, 0);
        const allocated = a.reduce((s, x) => s + x.paid, 0);
        expect(allocated).toBe(Math.min(paid, total));
        for (const x of a) {
          expect(x.paid).toBeGreaterThanOrEqual(0);
          expect(x.paid + x.remaining).toBe(x.amount);
        }
        // Oldest first: no instalment has anything left while a later-due one got money.
        for (const x of a) for (const y of a) if (x.remaining > 0 && y.paid > 0) expect(y.dueOn <= x.dueOn).toBe(true);
      }),
    );
  });
});

describe('overdueOfBalance', () => {
  const day = fc.integer({ min: 0, max: 60 }).map((d) => `2027-01-${String((d % 28) + 1).padStart(2, '0')}`);
  it('with a plan equals the allocation’s overdue, capped by what is owed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ dueOn: day, amount: fc.integer({ min: 0, max: 5_000_000 }) }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        day,
        (plan, paid, due, today) => {
          const byAllocation = instalmentTotals(allocatePayments(plan, paid, today)).overdue;
          expect(overdueOfBalance({ fellDue: planFellDue(plan, today), paid, due })).toBe(Math.min(due, byAllocation));
        },
      ),
    );
  });
  it('claims nothing without a due date, and never a negative amount', () => {
    expect(overdueOfBalance({ fellDue: null, paid: 0, due: 1000 })).toBeNull();
    expect(overdueOfBalance({ fellDue: 500, paid: 800, due: 1000 })).toBe(0);
    expect(overdueOfBalance({ fellDue: 2000, paid: 500, due: 1000 })).toBe(1000);
  });
});

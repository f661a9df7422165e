import { describe, expect, it } from 'vitest';
import { daysSince, missingPriceText, owingSince, paymentSummary } from './balance.ts';

describe('paymentSummary', () => {
  it('owes the course price less the discount plus the charges', () => {
    expect(paymentSummary({ paid: 500_000, price: 2_000_000, discount: 200_000, charges: 150_000 })).toEqual({
      paid: 500_000,
      charges: 150_000,
      owed: 1_950_000,
      due: 1_450_000,
      percent: 25,
    });
  });

  it('a charge raises what is due and moves the circle back', () => {
    const before = paymentSummary({ paid: 1_000_000, price: 2_000_000, discount: 0, charges: 0 });
    const after = paymentSummary({ paid: 1_000_000, price: 2_000_000, discount: 0, charges: 500_000 });
    expect([before.due, before.percent]).toEqual([1_000_000, 50]);
    expect([after.due, after.percent]).toEqual([1_500_000, 40]);
  });

  it('never shows a negative due or more than 100 %', () => {
    expect(paymentSummary({ paid: 3_000_000, price: 2_000_000, discount: 0, charges: 10_000 })).toMatchObject({ due: 0, percent: 100 });
  });

  it('with no price, the charges alone are owed; with neither, nothing is', () => {
    expect(paymentSummary({ paid: 10_000, price: null, discount: 0, charges: 40_000 })).toEqual({
      paid: 10_000,
      charges: 40_000,
      owed: 40_000,
      due: 30_000,
      percent: 25,
    });
    expect(paymentSummary({ paid: 10_000, price: null, discount: 0, charges: 0 })).toEqual({ paid: 10_000, charges: 0, owed: null, due: null, percent: null });
  });

  it('a free course is fully paid', () => {
    expect(paymentSummary({ paid: 0, price: 100_000, discount: 100_000, charges: 0 })).toMatchObject({ owed: 0, due: 0, percent: 100 });
  });
});

describe('owingSince', () => {
  it('counts from the training start when nothing was ever paid off', () => {
    expect(
      owingSince([
        { day: '2026-03-01', amount: 2_000_000 },
        { day: '2026-04-01', amount: -500_000 },
      ]),
    ).toBe('2026-03-01');
  });

  it('starts again after the day the balance reached zero', () => {
    expect(
      owingSince([
        { day: '2026-03-01', amount: 2_000_000 },
        { day: '2026-04-10', amount: -2_000_000 },
        { day: '2026-05-20', amount: 80_000 },
        { day: '2026-06-01', amount: -30_000 },
      ]),
    ).toBe('2026-05-20');
  });

  it('a deposit paid before the start leaves the debt from the start', () => {
    expect(
      owingSince([
        { day: '2026-02-15', amount: -300_000 },
        { day: '2026-03-01', amount: 2_000_000 },
      ]),
    ).toBe('2026-03-01');
  });

  it('an overpayment carries over: a later charge it covers starts nothing', () => {
    const events = [
      { day: '2026-03-01', amount: 1_000_000 },
      { day: '2026-03-02', amount: -1_200_000 },
      { day: '2026-04-01', amount: 150_000 },
    ];
    expect(owingSince(events)).toBe(null);
    expect(owingSince([...events, { day: '2026-05-01', amount: 100_000 }])).toBe('2026-05-01');
  });

  it('a charge paid on the same day leaves no debt that day, whatever the order', () => {
    expect(
      owingSince([
        { day: '2026-03-01', amount: 1_000_000 },
        { day: '2026-03-05', amount: -1_000_000 },
        { day: '2026-06-01', amount: -50_000 },
        { day: '2026-06-01', amount: 50_000 },
        { day: '2026-06-10', amount: 70_000 },
      ]),
    ).toBe('2026-06-10');
  });

  it('is null when nothing is owed', () => {
    expect(owingSince([])).toBe(null);
    expect(
      owingSince([
        { day: '2026-03-01', amount: 100 },
        { day: '2026-03-01', amount: -100 },
      ]),
    ).toBe(null);
  });
});

describe('daysSince', () => {
  it('counts whole calendar days, across a DST change, never below 0', () => {
    expect(daysSince('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysSince('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysSince('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysSince('2026-05-02', '2026-05-01')).toBe(0);
  });
});

describe('missingPriceText', () => {
  it('names the price list entry that is missing', () => {
    expect(missingPriceText({ group: 'B', kind: 'BASIC', variant: 'COURSE' })).toBe('Ceník nemá cenu pro skupinu B, Základní, Kurz');
    expect(missingPriceText({ group: 'BpE', kind: 'EXPANDING', variant: 'ISP' })).toBe(
      'Ceník nemá cenu pro skupinu B+E, Rozšiřující, ISP (individuální studijní plán)',
    );
    expect(missingPriceText({ group: null, kind: 'BASIC', variant: 'COURSE' })).toBe('Žák nemá zadanou skupinu, cenu z ceníku nelze určit');
  });
});

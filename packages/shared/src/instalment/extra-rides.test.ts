import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extraUnits, rideExtraUnits, trimExtraRideCharges } from './extra-rides.ts';

const minutes = fc.integer({ min: 1, max: 240 });

describe('extra rides', () => {
  it('charges nothing inside the plan and whole units past it, rounded down', () => {
    expect(extraUnits(28 * 45, 28 * 45)).toBe(0);
    expect(extraUnits(28 * 45 + 44, 28 * 45)).toBe(0);
    expect(extraUnits(28 * 45 + 45, 28 * 45)).toBe(1);
    // Three 60-minute rides past the plan: 180 minutes are 4 units.
    expect(extraUnits(28 * 45 + 180, 28 * 45)).toBe(4);
  });

  it('a ride straddling the end of the plan is charged only for its part beyond it', () => {
    // 27 units done, then a 90-minute ride: 45 minutes in the course, 45 beyond.
    expect(rideExtraUnits(27 * 45, 90, 28 * 45)).toBe(1);
  });

  it('in any order of registration, the rides charge the extra units of the total exactly', () => {
    fc.assert(
      fc.property(fc.array(minutes, { maxLength: 60 }), fc.integer({ min: 0, max: 60 * 45 }), (rides, included) => {
        let done = 0;
        let charged = 0;
        for (const m of rides) {
          const units = rideExtraUnits(done, m, included);
          expect(units).toBeGreaterThanOrEqual(0);
          charged += units;
          done += m;
        }
        const total = rides.reduce((a, b) => a + b, 0);
        expect(charged).toBe(extraUnits(total, included));
        // Never more than the minutes beyond the plan show.
        expect(charged * 45).toBeLessThanOrEqual(Math.max(0, total - included));
      }),
    );
  });

  it('trims the surplus off the newest charges and never adds', () => {
    const charges = [
      { id: 'c', quantity: 2 },
      { id: 'b', quantity: 1 },
      { id: 'a', quantity: 3 },
    ];
    expect(trimExtraRideCharges(charges, 6)).toEqual({ remove: [], reduce: null });
    expect(trimExtraRideCharges(charges, 9)).toEqual({ remove: [], reduce: null });
    expect(trimExtraRideCharges(charges, 4)).toEqual({ remove: ['c'], reduce: null });
    expect(trimExtraRideCharges(charges, 2)).toEqual({ remove: ['c', 'b'], reduce: { id: 'a', quantity: 2 } });
    expect(trimExtraRideCharges(charges, 0)).toEqual({ remove: ['c', 'b', 'a'], reduce: null });
  });

  it('after a trim the charges left sum to at most what is allowed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 20 }), fc.integer({ min: -5, max: 100 }), (qs, allowed) => {
        const charges = qs.map((quantity, i) => ({ id: String(i), quantity }));
        const { remove, reduce } = trimExtraRideCharges(charges, allowed);
        const left = charges
          .filter((c) => !remove.includes(c.id))
          .map((c) => (reduce?.id === c.id ? reduce.quantity : c.quantity))
          .reduce((a, b) => a + b, 0);
        const before = qs.reduce((a, b) => a + b, 0);
        expect(left).toBe(Math.min(before, Math.max(0, allowed)));
        if (reduce) expect(reduce.quantity).toBeGreaterThan(0);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { asHalere, csvAmount, czkInput, formatMoney, formatPrice, sumHalere, toCzk, toHalere } from './money.ts';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('money', () => {
  it('converts koruny and haléře exactly at the edges', () => {
    expect([22_899.5, 1234.56, 0.07, 1_000_000].map(toHalere)).toEqual([2_289_950, 123_456, 7, 100_000_000]);
    expect(toCzk(2_289_950)).toBe(22_899.5);
    expect(sumHalere([2_289_950, -1_000_025])).toBe(1_289_925);
    expect(() => asHalere(22_899.5)).toThrow(RangeError);
  });

  it('prints haléře as koruny: always two decimals, or whole koruny for an offer', () => {
    expect(plain(formatMoney(2_289_950))).toBe('22 899,50 Kč');
    expect(plain(formatPrice(2_290_000))).toBe('22 900 Kč');
    expect(plain(formatPrice(2_289_950))).toBe('22 899,50 Kč');
    expect([2_289_950, -150].map(csvAmount)).toEqual(['22899,50', '-1,50']);
  });

  it('one input rule: koruny in (range, at most 2 decimals), haléře out', () => {
    const course = czkInput({ required: 'Zadejte cenu', min: 1, belowMin: 'Alespoň 1 Kč', range: 'Nejvýše 1 000 000 Kč' });
    expect(course.parse(22_899.5)).toBe(2_289_950);
    expect(course.safeParse(0.5).error?.issues[0].message).toBe('Alespoň 1 Kč');
    expect(course.safeParse(1_000_000.01).error?.issues[0].message).toBe('Nejvýše 1 000 000 Kč');
    expect(course.safeParse(10.005).error?.issues[0].message).toBe('Částka může mít nejvýše 2 desetinná místa');
    expect(course.safeParse(Number.NaN).error?.issues[0].message).toBe('Zadejte cenu');
  });
});

import { describe, expect, it } from 'vitest';
import { DEMO_PRICE_EXTRAS, DEMO_PRICE_LIST } from './demo-prices.ts';

describe('the demo price list', () => {
  it('prices every course the demo students take, once each, within the 1,000,000 Kč limit', () => {
    const keys = DEMO_PRICE_LIST.map(([g, k, t]) => `${g}/${k}/${t}`);
    expect(new Set(keys).size).toBe(keys.length);
    // The demo's students (seed/demo.ts): B in a course and on an ISP, A2, C from B, AM, B+E.
    for (const key of ['B/BASIC/COURSE', 'B/BASIC/ISP', 'A2/BASIC/COURSE', 'C/EXPANDING/COURSE', 'AM/BASIC/COURSE', 'BpE/EXPANDING/COURSE']) {
      expect(keys).toContain(key);
    }
    expect(DEMO_PRICE_LIST.find(([g, k, t]) => g === 'B' && k === 'BASIC' && t === 'COURSE')?.[3]).toBe(24_900);
    for (const [, , , czk] of DEMO_PRICE_LIST) expect(czk > 0 && czk <= 1_000_000).toBe(true);
    expect(Object.fromEntries(DEMO_PRICE_EXTRAS)).toMatchObject({ EXTRA_RIDE: 900, EXAM_REPEAT: 1_200 });
  });
});

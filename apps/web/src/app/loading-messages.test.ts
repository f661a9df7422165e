import { describe, expect, it } from 'vitest';
import { LOADING_MESSAGES, MAX_DELAY_MS, MIN_DELAY_MS, nextDelay, nextMessageIndex } from './loading-messages.ts';

describe('loading messages', () => {
  it('rotates between 222 and 1221 ms', () => {
    expect(nextDelay(0)).toBe(222);
    expect(nextDelay(0.999999)).toBe(1221);
    for (let i = 0; i < 200; i++) {
      const d = nextDelay();
      expect(d).toBeGreaterThanOrEqual(MIN_DELAY_MS);
      expect(d).toBeLessThanOrEqual(MAX_DELAY_MS);
    }
  });

  it('always picks another message', () => {
    for (let i = 0; i < 200; i++) {
      const current = i % LOADING_MESSAGES.length;
      const next = nextMessageIndex(current, LOADING_MESSAGES.length);
      expect(next).not.toBe(current);
      expect(next).toBeGreaterThanOrEqual(0);
      expect(next).toBeLessThan(LOADING_MESSAGES.length);
    }
    expect(nextMessageIndex(0, 1)).toBe(0);
  });
});

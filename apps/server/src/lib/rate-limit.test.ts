import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows the limit per window, refuses the next, and opens again in the next window', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.hit('a'))).toEqual([true, true, true, false]);
    expect(limiter.hit('b')).toBe(true);
    now = 1000;
    expect(limiter.hit('a')).toBe(true);
  });

  it('forgets a key on reset (a successful login)', () => {
    const limiter = new RateLimiter(1, 1000, () => 0);
    limiter.hit('a');
    expect(limiter.hit('a')).toBe(false);
    limiter.reset('a');
    expect(limiter.hit('a')).toBe(true);
  });
});

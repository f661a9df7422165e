import { describe, expect, it } from 'vitest';
import { expiryState } from './expiry.ts';

describe('expiryState', () => {
  it('is null without a date, EXPIRED before today, SOON through today + 30 days, OK after', () => {
    const today = '2026-02-15';
    expect(expiryState(null, today)).toBeNull();
    expect(expiryState(undefined, today)).toBeNull();
    expect(expiryState('2026-02-14', today)).toBe('EXPIRED');
    // Valid through its whole last day.
    expect(expiryState('2026-02-15', today)).toBe('SOON');
    // Across the month end (February has 28 days in 2026).
    expect(expiryState('2026-03-17', today)).toBe('SOON');
    expect(expiryState('2026-03-18', today)).toBe('OK');
  });
});

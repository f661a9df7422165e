import { describe, expect, it } from 'vitest';
import { startOfMonthInPrague } from './account.queries.ts';

describe('the tier month starts at midnight in Prague', () => {
  it('in winter time (CET, UTC+1)', () => {
    expect(startOfMonthInPrague(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-10-31T23:00:00.000Z');
  });

  it('in summer time (CEST, UTC+2)', () => {
    expect(startOfMonthInPrague(new Date('2026-04-15T12:00:00Z')).toISOString()).toBe('2026-03-31T22:00:00.000Z');
  });

  it('already counts the new month in its first Prague hour, while UTC is still in the old one', () => {
    expect(startOfMonthInPrague(new Date('2026-10-31T23:30:00Z')).toISOString()).toBe('2026-10-31T23:00:00.000Z');
  });
});

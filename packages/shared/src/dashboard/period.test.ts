import { describe, expect, it } from 'vitest';
import { dashboardInput, drillPeriod, isoWeekOf, monthLabel, monthsOf, periodInstants, presetPeriod, weekDaysInPeriod, weekLabel, weeksOf } from './period.ts';

const schoolId = '7d0e3f4c-1f0b-4f4e-9f44-0c2b1a6d9e11';

describe('dashboard period and buckets', () => {
  it('presets count in Prague: on 1 January 00:30 Prague (still 31 December in UTC) it is already the new year', () => {
    const now = new Date('2025-12-31T23:30:00Z');
    expect(presetPeriod('THIS_MONTH', now)).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(presetPeriod('THIS_YEAR', now)).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(presetPeriod('LAST_12_MONTHS', now)).toEqual({ from: '2025-02-01', to: '2026-01-01' });
    expect(presetPeriod('LAST_12_MONTHS', new Date('2026-11-28T10:00:00Z'))).toEqual({ from: '2025-12-01', to: '2026-11-28' });
  });

  it('months bound at Prague midnights across the switches of time', () => {
    // March 2026: winter midnight (23:00 UTC) to summer midnight (22:00 UTC): 31 days minus one hour.
    expect(periodInstants({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      start: new Date('2026-02-28T23:00:00Z'),
      end: new Date('2026-03-31T22:00:00Z'),
    });
    // October 2026 is an hour longer.
    const oct = periodInstants({ from: '2026-10-01', to: '2026-10-31' });
    expect(oct.end.getTime() - oct.start.getTime()).toBe((31 * 24 + 1) * 3_600_000);
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf({ from: '2026-03-05', to: '2026-03-06' })).toEqual(['2026-03']);
  });

  it('weeks are ISO weeks from Monday; week 1 holds the first Thursday', () => {
    expect(isoWeekOf('2026-01-01')).toEqual({ year: 2026, week: 1 }); // a Thursday
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53 }); // a Friday: the last week of 2026
    expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1 }); // a Monday of 2025's week 1
    expect(weekLabel('2026-03-30')).toBe('týden 14/2026');
    expect(weeksOf({ from: '2026-03-01', to: '2026-03-16' })).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16']);
    expect(weekDaysInPeriod('2026-02-23', { from: '2026-03-01', to: '2026-03-16' })).toEqual(['2026-03-01']);
  });

  it('a drill narrows to one month, clipped to the period', () => {
    expect(drillPeriod({ from: '2026-03-15', to: '2026-04-10', month: '2026-04' })).toEqual({ from: '2026-04-01', to: '2026-04-10' });
    expect(drillPeriod({ from: '2026-03-15', to: '2026-04-10', month: null })).toEqual({ from: '2026-03-15', to: '2026-04-10' });
    expect(monthLabel('2026-03')).toBe('3/2026');
    expect(monthLabel('2026-03', true)).toBe('březen 2026');
  });

  it('the input refuses a reversed period and one over 5 years', () => {
    expect(dashboardInput.safeParse({ schoolId, from: '2021-12-01', to: '2026-11-28' }).success).toBe(true);
    expect(dashboardInput.safeParse({ schoolId, from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(dashboardInput.safeParse({ schoolId, from: '2020-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(dashboardInput.safeParse({ schoolId, from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
  });
});

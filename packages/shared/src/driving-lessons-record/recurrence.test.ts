import { describe, expect, it } from 'vitest';
import { createRecurringTrainingInput, MAX_OCCURRENCES, occurrenceCount, occurrences, RECURRENCE_MESSAGES } from './recurrence.ts';

// Monday 3 March 2031, 09:00 in Prague (winter time).
const T0 = new Date('2031-03-03T08:00:00Z');
const END = new Date(T0.getTime() + 90 * 60_000);
const ride = {
  mode: 'PLAN' as const,
  type: 'DRIVING' as const,
  studentId: '00000000-0000-4000-8000-000000000001',
  startTime: T0,
  endTime: END,
  length: 90,
};

describe('recurrence', () => {
  it('counts the weeks until a date, inclusive, and n times as given', () => {
    expect(occurrenceCount(T0, { until: '2031-03-03', count: null })).toBe(1);
    expect(occurrenceCount(T0, { until: '2031-03-09', count: null })).toBe(1);
    expect(occurrenceCount(T0, { until: '2031-03-10', count: null })).toBe(2);
    expect(occurrenceCount(T0, { until: '2031-03-31', count: null })).toBe(5);
    expect(occurrenceCount(T0, { until: '2031-03-02', count: null })).toBe(0);
    expect(occurrenceCount(T0, { until: null, count: 4 })).toBe(4);
  });

  it('keeps the wall-clock time across the change to summer time and back', () => {
    const spring = occurrences(T0, END, { until: null, count: 5 });
    expect(spring.map((o) => o.day)).toEqual(['2031-03-03', '2031-03-10', '2031-03-17', '2031-03-24', '2031-03-31']);
    expect(spring[4].startTime?.toISOString()).toBe('2031-03-31T07:00:00.000Z');
    expect(spring.every((o) => o.endTime && o.startTime && o.endTime.getTime() - o.startTime.getTime() === 90 * 60_000)).toBe(true);
    // 20 Oct 2031 summer time 09:00 = 07:00 UTC; 27 Oct winter time 09:00 = 08:00 UTC.
    const autumn = occurrences(new Date('2031-10-20T07:00:00Z'), new Date('2031-10-20T08:30:00Z'), { until: '2031-10-27', count: null });
    expect(autumn.map((o) => o.startTime?.toISOString())).toEqual(['2031-10-20T07:00:00.000Z', '2031-10-27T08:00:00.000Z']);
  });

  it('marks a wall time that does not exist (02:30 on the spring-forward Sunday)', () => {
    // Sunday 23 March 2031 02:30 Prague (winter) = 01:30 UTC; 30 March 02:30 does not exist.
    const o = occurrences(new Date('2031-03-23T01:30:00Z'), new Date('2031-03-23T02:15:00Z'), { until: null, count: 2 });
    expect(o[1]).toEqual({ day: '2031-03-30', startTime: null, endTime: null });
  });

  it('caps the series and refuses a repeat without an end, past a year, or before the first ride', () => {
    const issues = (repeat: object, training: object = ride) => {
      const r = createRecurringTrainingInput.safeParse({ training, repeat });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues({ count: 3 })).toEqual([]);
    expect(issues({ until: '2031-06-30' })).toEqual([]);
    expect(issues({})).toEqual([RECURRENCE_MESSAGES.repeatRequired]);
    expect(issues({ count: 1 })).toEqual([RECURRENCE_MESSAGES.countRange]);
    expect(issues({ count: MAX_OCCURRENCES + 1 })).toEqual([RECURRENCE_MESSAGES.countRange]);
    expect(issues({ until: '2033-01-01' })).toEqual([RECURRENCE_MESSAGES.tooMany]);
    expect(issues({ until: '2031-03-05' })).toEqual([RECURRENCE_MESSAGES.untilBeforeStart]);
    expect(issues({ count: 2 }, { ...ride, mode: 'REGISTER' })).toContain(RECURRENCE_MESSAGES.planOnly);
    expect(occurrences(T0, END, { until: '2099-01-01', count: null })).toHaveLength(MAX_OCCURRENCES);
  });
});

import { describe, expect, it } from 'vitest';
import { schoolToday } from '../school-time.ts';
import { addMonths, allRequiredPassed, countAttempts, examDeadline, nextAttempt, requiredExamTypes, retrainingNeeded } from './rules.ts';

const s = (date: string, result: 'SUCCESS' | 'FAIL' | 'DID_NOT_TAKE_PLACE' | null) => ({ date, result });

describe('attempts', () => {
  it('counts examined sign-ups only: open ones and "Nekonalo se" are not attempts', () => {
    const history = [s('2026-01-10', 'FAIL'), s('2026-01-20', 'DID_NOT_TAKE_PLACE'), s('2026-02-01', null)];
    expect(countAttempts(history)).toBe(1);
    expect(nextAttempt(history)).toBe(2);
    expect(nextAttempt([])).toBe(1);
  });

  it('needs retraining after the first attempt and two failed repeats (legal-cz §7.4), not before, not after a pass', () => {
    const two = [s('2026-01-10', 'FAIL'), s('2026-01-20', 'FAIL')];
    expect(retrainingNeeded(two, 3)).toBe(false);
    const three = [...two, s('2026-02-01', 'FAIL')];
    expect(retrainingNeeded(three, 3)).toBe(true);
    // The order is by the term date, not the list order.
    expect(retrainingNeeded([s('2026-03-01', 'FAIL'), ...two, s('2026-02-01', 'SUCCESS')], 3)).toBe(true);
    expect(retrainingNeeded([...three, s('2026-03-01', 'SUCCESS')], 3)).toBe(false);
    expect(retrainingNeeded([...two, s('2026-02-01', 'DID_NOT_TAKE_PLACE')], 3)).toBe(false);
  });
});

describe('the 12-month window', () => {
  it('ends the day before the same date a year later; 29 February → 28 February', () => {
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(examDeadline('2026-03-15', '2026-03-15')).toMatchObject({ deadline: '2027-03-14', daysLeft: 364, near: false, passed: false });
    expect(examDeadline(null, '2026-03-15')).toBeNull();
  });

  it('counts calendar days in the school zone across the clock changes (DST)', () => {
    // First exam on the Saturday before the spring change; "today" taken at 23:30 Prague time the day before the deadline.
    const today = schoolToday(new Date('2027-03-27T22:30:00Z')); // 27 March 2027, 23:30 CET
    expect(today).toBe('2027-03-27');
    expect(examDeadline('2026-03-28', today)).toMatchObject({ deadline: '2027-03-27', daysLeft: 0, near: true, passed: false });
    // Just after midnight in summer time (22:00 UTC = 00:00 CEST) the next day: passed.
    const after = schoolToday(new Date('2027-03-28T22:00:00Z'));
    expect(after).toBe('2027-03-29');
    expect(examDeadline('2026-03-28', after)).toMatchObject({ daysLeft: -2, passed: true });
    // Across the autumn change: 30 days before the deadline is near, 31 is not.
    expect(examDeadline('2025-11-25', '2026-10-25')).toMatchObject({ deadline: '2026-11-24', daysLeft: 30, near: true });
    expect(examDeadline('2025-11-25', '2026-10-24')).toMatchObject({ daysLeft: 31, near: false });
  });
});

describe('required parts', () => {
  it('B has no OUV; C has it; canFinish needs every part of every group', () => {
    expect(requiredExamTypes('B')).toEqual(['PPV', 'TZBJ', 'ZP', 'OP']);
    expect(requiredExamTypes('C')).toEqual(['PPV', 'OUV', 'TZBJ', 'ZP', 'OP']);
    const b = (['PPV', 'TZBJ', 'ZP', 'OP'] as const).map((type) => ({ type, group: 'B' as const }));
    expect(allRequiredPassed(['B'], b)).toBe(true);
    expect(allRequiredPassed(['B'], b.slice(1))).toBe(false);
    expect(allRequiredPassed(['B', 'C'], b)).toBe(false);
    expect(allRequiredPassed([], [])).toBe(false);
  });
});

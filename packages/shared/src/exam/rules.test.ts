import { describe, expect, it } from 'vitest';
import { schoolToday } from '../school-time.ts';
import {
  addMonths,
  allRequiredPassed,
  applicationDeadline,
  applicationDeadlineText,
  countAttempts,
  cycleOf,
  daysLeftText,
  examDeadline,
  newTrainingNeeded,
  nextAttempt,
  partState,
  requiredExamTypes,
  retrainingNeeded,
} from './rules.ts';

type Result = 'SUCCESS' | 'FAIL' | 'DID_NOT_TAKE_PLACE' | null;
let clock = Date.parse('2026-01-01T08:00:00Z');
/** The next instant: each row made after everything made before it. */
const tick = () => {
  clock += 60_000;
  return new Date(clock);
};
/** A sign-up on a term of `date`. */
const s = (date: string, result: Result) => ({ date, result, createdAt: tick() });
/** New teaching/training recorded now (after the sign-ups made so far). */
const retraining = (completedOn: string) => ({ completedOn, createdAt: tick() });

describe('attempts', () => {
  it('counts examined sign-ups only: open ones and "Nekonalo se" are not attempts', () => {
    const history = [s('2026-01-10', 'FAIL'), s('2026-01-20', 'DID_NOT_TAKE_PLACE'), s('2026-02-01', null)];
    expect(countAttempts(history)).toBe(1);
    expect(nextAttempt(history)).toBe(2);
    expect(nextAttempt([])).toBe(1);
  });

  it('needs retraining after the first attempt and two failed repeats (legal-cz §7.4), not before, not after a pass', () => {
    const two = [s('2026-01-10', 'FAIL'), s('2026-01-20', 'FAIL')];
    expect(retrainingNeeded(two, [], 3)).toBe(false);
    const three = [...two, s('2026-02-01', 'FAIL')];
    expect(retrainingNeeded(three, [], 3)).toBe(true);
    expect(newTrainingNeeded(three, [], 3)).toBe(false);
    // The order is by the term date, not the list order.
    expect(retrainingNeeded([s('2026-03-01', 'FAIL'), ...two, s('2026-02-01', 'SUCCESS')], [], 3)).toBe(false);
    expect(retrainingNeeded([...three, s('2026-03-01', 'SUCCESS')], [], 3)).toBe(false);
    expect(retrainingNeeded([...two, s('2026-02-01', 'DID_NOT_TAKE_PLACE')], [], 3)).toBe(false);
    // The limit is the server's maximumNumberOfAttemptsPerExam.
    expect(retrainingNeeded(two, [], 2)).toBe(true);
  });
});

describe('cycles of attempts (legal-cz §7.4)', () => {
  it('a retraining opens cycle 2: attempts count from 1 again, n/max within the cycle', () => {
    const first = [s('2026-01-10', 'FAIL'), s('2026-01-20', 'FAIL'), s('2026-02-01', 'FAIL')];
    expect(partState(first)).toEqual({
      cycle: 1,
      cycleAttempts: 3,
      nextAttempt: 4,
      passed: false,
      lastFailDate: '2026-02-01',
      retrainingNeeded: true,
      newTrainingNeeded: false,
    });
    const r = retraining('2026-02-10');
    expect(partState(first, [r])).toMatchObject({ cycle: 2, cycleAttempts: 0, nextAttempt: 1, retrainingNeeded: false, newTrainingNeeded: false });
    const second = [...first, s('2026-02-20', 'FAIL'), s('2026-03-01', 'DID_NOT_TAKE_PLACE')];
    expect(cycleOf(second[3], [r])).toBe(2);
    expect(cycleOf(second[0], [r])).toBe(1);
    expect(partState(second, [r])).toMatchObject({ cycle: 2, cycleAttempts: 1, nextAttempt: 2 });
  });

  it('the second cycle failed too → a completely new training, never a third cycle', () => {
    const first = [s('2026-01-10', 'FAIL'), s('2026-01-20', 'FAIL'), s('2026-02-01', 'FAIL')];
    const r = retraining('2026-02-10');
    const second = [s('2026-02-20', 'FAIL'), s('2026-03-01', 'FAIL'), s('2026-03-10', 'FAIL')];
    const all = [...first, ...second];
    expect(partState(all, [r])).toMatchObject({ cycle: 2, cycleAttempts: 3, retrainingNeeded: false, newTrainingNeeded: true, lastFailDate: '2026-03-10' });
    expect(newTrainingNeeded(all, [r])).toBe(true);
    expect(retrainingNeeded(all, [r])).toBe(false);
    // A pass in the second cycle ends it all well.
    const passed = [...first, s('2026-02-20', 'FAIL'), s('2026-03-01', 'SUCCESS')];
    expect(partState(passed, [r])).toMatchObject({ passed: true, retrainingNeeded: false, newTrainingNeeded: false });
  });
});

describe('the exam application deadline (legal-cz §7.2)', () => {
  it('is 15 days after training ends; near within 5 days, passed after the last day', () => {
    expect(applicationDeadline('2026-11-01', '2026-11-01')).toEqual({
      endDate: '2026-11-01',
      deadline: '2026-11-16',
      daysLeft: 15,
      near: false,
      passed: false,
    });
    expect(applicationDeadline('2026-11-01', '2026-11-10')).toMatchObject({ daysLeft: 6, near: false });
    expect(applicationDeadline('2026-11-01', '2026-11-11')).toMatchObject({ daysLeft: 5, near: true });
    expect(applicationDeadline('2026-11-01', '2026-11-16')).toMatchObject({ daysLeft: 0, near: true, passed: false });
    expect(applicationDeadline('2026-11-01', '2026-11-17')).toMatchObject({ daysLeft: -1, near: false, passed: true });
    // Across the autumn clock change (25 October 2026) and the turn of the month: calendar days.
    expect(applicationDeadline('2026-10-20', '2026-10-25')).toMatchObject({ deadline: '2026-11-04', daysLeft: 10 });
  });

  it('says it in Czech with the plural of days', () => {
    expect(daysLeftText(1)).toBe('zbývá 1 den');
    expect(daysLeftText(3)).toBe('zbývají 3 dny');
    expect(daysLeftText(5)).toBe('zbývá 5 dní');
    expect(daysLeftText(0)).toBe('dnes je poslední den');
    expect(applicationDeadlineText(applicationDeadline('2026-11-01', '2026-11-12'))).toBe('Přihlášku ke zkoušce podejte do 16.11.2026 (zbývají 4 dny)');
    expect(applicationDeadlineText(applicationDeadline('2026-11-01', '2026-11-20'))).toBe('Lhůta pro podání přihlášky uplynula 16.11.2026');
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

describe('the 12-month window from a first exam on the day of the spring change', () => {
  it('first exam on Sunday 29 March 2026 (the 23-hour day): the last day is 28 March 2027, whatever the hour', () => {
    // 23:30 CEST on the first exam's day is still the 29th in Prague (21:30 UTC).
    expect(schoolToday(new Date('2026-03-29T21:30:00Z'))).toBe('2026-03-29');
    expect(examDeadline('2026-03-29', '2026-03-29')).toMatchObject({ deadline: '2027-03-28', daysLeft: 364, near: false });
    // 30 days before the deadline in winter time (00:30 on 26 February): near; a minute before that midnight, 31: not yet.
    expect(examDeadline('2026-03-29', schoolToday(new Date('2027-02-25T23:30:00Z')))).toMatchObject({ daysLeft: 30, near: true });
    expect(examDeadline('2026-03-29', schoolToday(new Date('2027-02-25T22:59:00Z')))).toMatchObject({ daysLeft: 31, near: false });
    // The last day (Sunday 28 March 2027, the next spring change) until its midnight in summer time, then passed.
    expect(examDeadline('2026-03-29', schoolToday(new Date('2027-03-28T21:59:00Z')))).toMatchObject({ daysLeft: 0, passed: false });
    expect(examDeadline('2026-03-29', schoolToday(new Date('2027-03-28T22:00:00Z')))).toMatchObject({ daysLeft: -1, passed: true });
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

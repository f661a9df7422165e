import { describe, expect, it } from 'vitest';
import { schoolMidnight, schoolToday } from '../school-time.ts';
import { isMedicalCertificateTooOld } from '../student/medical.ts';
import { deadlineMarkKey, deadlineMessage, dueLead, examApplicationLastDay, examWindowLastDay, medicalCertificateLastDay, trainingLastDay } from './rules.ts';

describe('exam application (legal-cz §7.2: 15 days after training ends)', () => {
  it('is the 15th day after the end', () => {
    expect(examApplicationLastDay('2032-03-01')).toBe('2032-03-16');
  });
  it('across the spring clock change (29 Mar 2032) still 15 calendar days', () => {
    expect(examApplicationLastDay('2032-03-20')).toBe('2032-04-04');
    expect(examApplicationLastDay('2032-10-20')).toBe('2032-11-04');
  });
  it('over a leap day', () => {
    expect(examApplicationLastDay('2032-02-20')).toBe('2032-03-06');
    expect(examApplicationLastDay('2033-02-20')).toBe('2033-03-07');
  });
});

describe('12-month window (legal-cz §7.4)', () => {
  it('ends the day before the same date a year on', () => {
    expect(examWindowLastDay('2032-05-10')).toBe('2033-05-09');
  });
  it('from a leap day', () => {
    expect(examWindowLastDay('2032-02-29')).toBe('2033-02-27');
  });
});

describe('18 months of training (legal-cz §5.1)', () => {
  it('is the same date 18 months on', () => {
    expect(trainingLastDay('2031-01-10')).toBe('2032-07-10');
  });
  it('a missing day clamps to the month end (31 Aug → 29 Feb of a leap year)', () => {
    expect(trainingLastDay('2030-08-31')).toBe('2032-02-29');
    expect(trainingLastDay('2031-08-31')).toBe('2033-02-28');
  });
});

describe('medical certificate (legal-cz §5.2: at most 3 months old at admission)', () => {
  it('is valid up to its last day and too old the day after, as the admission check says', () => {
    for (const cert of ['2032-01-15', '2032-01-31', '2031-11-30', '2032-02-29', '2032-05-31', '2032-12-31']) {
      const last = medicalCertificateLastDay(cert);
      expect(isMedicalCertificateTooOld(cert, last)).toBe(false);
      const next = new Date(`${last}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      expect(isMedicalCertificateTooOld(cert, next.toISOString().slice(0, 10))).toBe(true);
    }
    expect(medicalCertificateLastDay('2032-01-15')).toBe('2032-04-15');
  });
  it('a certificate of 29 Nov reaches the leap day', () => {
    expect(medicalCertificateLastDay('2031-11-29')).toBe('2032-02-29');
  });
});

describe('dueLead', () => {
  const leads = [14, 3];
  it('exactly 15, 14, 4, 3 and 0 days before', () => {
    expect(dueLead('2032-03-16', '2032-03-01', leads)).toBeNull(); // 15 days left
    expect(dueLead('2032-03-16', '2032-03-02', leads)).toBe(14);
    expect(dueLead('2032-03-16', '2032-03-12', leads)).toBe(14); // 4 left: still the 14-day notice
    expect(dueLead('2032-03-16', '2032-03-13', leads)).toBe(3);
    expect(dueLead('2032-03-16', '2032-03-16', leads)).toBe(3); // the last day
  });
  it('nothing for a lapsed deadline', () => {
    expect(dueLead('2032-03-16', '2032-03-17', leads)).toBeNull();
  });
  it('the leads in any order', () => {
    expect(dueLead('2032-03-16', '2032-03-13', [3, 14])).toBe(3);
  });
  it('counts school days in a DST week: the school today of the sweep at 02:30 Prague', () => {
    // 28 Mar 2032 (Sunday) the clocks go forward; the sweep runs at 02:30 Prague = 00:30 UTC that night.
    const today = schoolToday(new Date(schoolMidnight('2032-03-29').getTime() + 150 * 60_000));
    expect(today).toBe('2032-03-29');
    expect(dueLead(examApplicationLastDay('2032-03-18'), today, leads)).toBe(14); // last day 2 Apr: 4 days left
    expect(dueLead('2032-04-01', today, leads)).toBe(3);
  });
});

it('mark key and message', () => {
  expect(deadlineMarkKey('s1', 'EXAM_APPLICATION', '2032-03-16', 3)).toBe('deadline:s1:EXAM_APPLICATION:2032-03-16:3');
  expect(deadlineMessage('EXAM_APPLICATION', 'Jan Novák', '2032-03-16', '2032-03-13')).toBe(
    'Jan Novák: přihlášku ke zkoušce je nutné podat nejpozději 16.3.2032 (za 3 dny).',
  );
  expect(deadlineMessage('TRAINING_18_MONTHS', 'Jan Novák', '2032-03-16', '2032-03-16')).toContain('(dnes)');
});

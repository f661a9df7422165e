import { describe, expect, it } from 'vitest';
import {
  collisionMessage,
  dailyDrivingLimitHours,
  dailyLimitWarning,
  odometerGaps,
  type OdometerRide,
  qualificationWarning,
  stkWarning,
  teacherLicenceWarning,
  teacherQualified,
  timeRangeText,
  unitsWarning,
} from './rules.ts';

describe('collision texts (spec §5), in the school’s zone', () => {
  const winter = { startTime: new Date('2031-01-05T07:00:00Z'), endTime: new Date('2031-01-05T08:30:00Z') };
  const summer = { startTime: new Date('2031-07-05T07:00:00Z'), endTime: new Date('2031-07-05T08:30:00Z') };
  it('names the car’s student', () => {
    expect(collisionMessage({ ...winter, isCarCollision: true, studentLastName: 'Dvořák' })).toBe(
      'Automobil není dostupný v 5.1.2031 08:00–09:30. Již je rezervován pro jízdu s žákem Dvořák',
    );
  });
  it('names the teacher’s student, summer time', () => {
    expect(collisionMessage({ ...summer, isCarCollision: false, studentLastName: 'Nová' })).toBe(
      'Učitel není dostupný v čase 5.7.2031 09:00–10:30. Již má výcvik s žákem Nová',
    );
  });
  it('says the car is blocked when a reservation holds it', () => {
    expect(collisionMessage({ ...winter, isCarCollision: true, studentLastName: null })).toBe(
      'Automobil není dostupný v 5.1.2031 08:00–09:30. Vozidlo je v tu dobu blokováno.',
    );
  });
  it('formats a range across midnight by the start day', () => {
    expect(timeRangeText(new Date('2031-01-05T22:30:00Z'), new Date('2031-01-06T00:00:00Z'))).toBe('5.1.2031 23:30–01:00');
  });
});

describe('daily driving limit (legal-cz §4)', () => {
  it('is 2 teaching hours for AM, A1, A2, A, B1 and B (stages not modelled) and 4 otherwise', () => {
    for (const g of ['AM', 'A1', 'A2', 'A', 'B1', 'B']) expect(dailyDrivingLimitHours([g])).toBe(2);
    for (const g of ['C', 'CpE', 'D', 'T', 'BpE', 'B96']) expect(dailyDrivingLimitHours([g])).toBe(4);
    expect(dailyDrivingLimitHours(['C', 'B'])).toBe(2);
    expect(dailyDrivingLimitHours([])).toBe(4);
  });
  it('warns above the limit only, counting 45-minute hours', () => {
    expect(dailyLimitWarning(90, ['B'])).toBeNull();
    expect(dailyLimitWarning(135, ['B'])).toBe(
      'Žák by měl v tento den 3 h výcviku v řízení, zákon dovoluje nejvýše 2 h denně (přísnější limit skupin AM, A1, A2, A, B1 a B v I. a II. etapě výcviku; etapy neevidujeme).',
    );
    expect(dailyLimitWarning(180, ['C'])).toBeNull();
    expect(dailyLimitWarning(200, ['C'])).toBe('Žák by měl v tento den 4,4 h výcviku v řízení, zákon dovoluje nejvýše 4 h denně.');
  });
});

describe('units, qualification and validity', () => {
  it('wants whole 45-minute units', () => {
    expect(unitsWarning(90)).toBeNull();
    expect(unitsWarning(60)).toBe('Délka 60 min není násobkem vyučovací hodiny (45 min).');
  });
  it('treats a teacher without groups as unknown, and warns when none of the student’s groups is held', () => {
    expect(teacherQualified([], ['B'])).toBe(true);
    expect(teacherQualified(['B', 'C'], ['C'])).toBe(true);
    expect(teacherQualified(['C'], ['B', 'A'])).toBe(false);
    expect(qualificationWarning(['C'], ['B', 'BpE'])).toBe('Učitel nemá oprávnění pro skupinu B, B+E.');
    expect(qualificationWarning(['B'], ['B'])).toBeNull();
  });
  it('warns from the day after the last valid day', () => {
    expect(stkWarning('1AB2345', '2031-03-02', '2031-03-03')).toBe('Vozidlu 1AB2345 vypršela STK 2.3.2031.');
    expect(stkWarning('1AB2345', '2031-03-03', '2031-03-03')).toBeNull();
    expect(stkWarning('1AB2345', null, '2031-03-03')).toBeNull();
    expect(teacherLicenceWarning('2030-12-31', '2031-01-01')).toBe('Učiteli vypršelo profesní osvědčení 31.12.2030.');
    expect(teacherLicenceWarning('2031-01-01', '2031-01-01')).toBeNull();
  });
});

describe('odometerGaps', () => {
  const ride = (id: string, day: number, before: number | null, after: number | null, o: Partial<OdometerRide> = {}): OdometerRide => ({
    id,
    schoolCarId: 'car-1',
    startTime: new Date(Date.UTC(2031, 2, day, 8)),
    state: 'COMPLETED',
    tachometerBefore: before,
    tachometerAfter: after,
    ...o,
  });
  it('compares each ride with the same car’s previous booked ride that has a tachometerAfter', () => {
    const gaps = odometerGaps([
      ride('r4', 4, 1230, 1300),
      ride('r1', 1, 1000, 1100),
      ride('r2', 2, 1110, null),
      ride('x', 3, 5000, 6000, { state: 'CANCELLED_BY_STUDENT' }),
      ride('r3', 3, 1090, 1200),
      ride('other', 2, 10, 20, { schoolCarId: 'car-2' }),
      ride('none', 5, 1, 2, { schoolCarId: null }),
      ride('r5', 6, null, 1400),
    ]);
    expect(Object.fromEntries(gaps)).toEqual({ r1: null, r2: 10, x: null, r3: -10, r4: 30, other: null, none: null, r5: null });
  });
});

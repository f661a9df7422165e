import { describe, expect, it } from 'vitest';
import {
  carGroupWarning,
  carSuitsStudent,
  collisionMessage,
  hasEnded,
  notEndedRefusal,
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
  it('names the other item’s teacher when the student is taken', () => {
    expect(collisionMessage({ ...winter, isCarCollision: false, isStudentCollision: true, studentLastName: 'Dvořák', teacherLastName: 'Novák' })).toBe(
      'Žák není dostupný v čase 5.1.2031 08:00–09:30. Již má výcvik s učitelem Novák',
    );
    expect(collisionMessage({ ...winter, isCarCollision: false, isStudentCollision: true, studentLastName: 'Dvořák', teacherLastName: null })).toBe(
      'Žák není dostupný v čase 5.1.2031 08:00–09:30. Již má v tu dobu jiný výcvik',
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
    expect(stkWarning('1AB2345', '2031-03-03', '2031-03-03')).toBe('Vozidlu 1AB2345 vyprší STK 3.3.2031 (v den jízdy).');
    expect(stkWarning('1AB2345', null, '2031-03-03')).toBeNull();
    expect(teacherLicenceWarning('2030-12-31', '2031-01-01')).toBe('Učiteli vypršelo profesní osvědčení 31.12.2030.');
    expect(teacherLicenceWarning('2031-01-01', '2031-01-01')).toBeNull();
  });
  it('says when the STK runs out within 30 days of the ride, in calendar days across DST', () => {
    expect(stkWarning('1AB2345', '2031-03-04', '2031-03-03')).toBe('Vozidlu 1AB2345 vyprší STK 4.3.2031 (1 den po jízdě).');
    expect(stkWarning('1AB2345', '2031-03-06', '2031-03-03')).toBe('Vozidlu 1AB2345 vyprší STK 6.3.2031 (3 dny po jízdě).');
    // 30 days over the spring change (30 March 2031): still whole days.
    expect(stkWarning('1AB2345', '2031-04-02', '2031-03-03')).toBe('Vozidlu 1AB2345 vyprší STK 2.4.2031 (30 dní po jízdě).');
    expect(stkWarning('1AB2345', '2031-04-03', '2031-03-03')).toBeNull();
  });
  it('warns when the car is meant for none of the student’s groups', () => {
    expect(carSuitsStudent(['A', 'A2'], ['B'])).toBe(false);
    expect(carSuitsStudent(['B'], ['B', 'AM'])).toBe(true);
    expect(carSuitsStudent([], ['B'])).toBe(true);
    expect(carSuitsStudent(['B'], [])).toBe(true);
    expect(carGroupWarning('1M23456', ['A', 'A2'], ['B'])).toBe('Vozidlo 1M23456 není určeno pro skupinu B (je pro A, A2).');
    expect(carGroupWarning('1AB2345', ['B'], ['B'])).toBeNull();
  });
});

describe('only a ride that has ended may be recorded as taken place', () => {
  const ride = { type: 'DRIVING' as const, state: 'COMPLETED' as const, endTime: new Date('2031-03-03T09:30:00Z') };
  it('compares instants: a minute before the end refused, at the end allowed', () => {
    expect(hasEnded(ride.endTime, new Date('2031-03-03T09:29:00Z'))).toBe(false);
    expect(hasEnded(ride.endTime, new Date('2031-03-03T09:30:00Z'))).toBe(true);
    expect(notEndedRefusal(ride, new Date('2031-03-03T09:29:00Z'))).toBe('Jízdu lze zaevidovat až po jejím skončení (3.3.2031 10:30).');
    expect(notEndedRefusal(ride, new Date('2031-03-03T09:30:00Z'))).toBeNull();
  });
  it('refuses signatures or a tachometer on a planned future ride, a PV lesson in its own words; a plain plan and a reservation pass', () => {
    const now = new Date('2031-03-03T08:00:00Z');
    expect(notEndedRefusal({ ...ride, state: 'SCHEDULED' }, now)).toBeNull();
    expect(notEndedRefusal({ ...ride, state: 'SCHEDULED', signature: '<svg/>' }, now)).toMatch(/^Jízdu lze zaevidovat/);
    expect(notEndedRefusal({ ...ride, state: 'SCHEDULED', tachometerAfter: 10 }, now)).toMatch(/^Jízdu lze zaevidovat/);
    expect(notEndedRefusal({ ...ride, type: 'PV_UV' }, now)).toBe('Výcvik lze zaevidovat až po jeho skončení (3.3.2031 10:30).');
    expect(notEndedRefusal({ ...ride, type: 'CAR_RESERVATION' }, now)).toBeNull();
  });
  it('shows the end on the school’s clock across midnight and both DST changes', () => {
    // Ends 00:15 on 4 March in Prague (23:15 UTC the day before).
    expect(notEndedRefusal({ ...ride, endTime: new Date('2031-03-03T23:15:00Z') }, new Date('2031-03-03T23:00:00Z'))).toBe(
      'Jízdu lze zaevidovat až po jejím skončení (4.3.2031 00:15).',
    );
    // 30 March 2031, clocks go 02:00 → 03:00: a ride ending 03:30 CEST (01:30 UTC).
    expect(notEndedRefusal({ ...ride, endTime: new Date('2031-03-30T01:30:00Z') }, new Date('2031-03-30T01:29:00Z'))).toBe(
      'Jízdu lze zaevidovat až po jejím skončení (30.3.2031 03:30).',
    );
    // 26 October 2031, clocks go 03:00 → 02:00: the second 02:30 (01:30 UTC) is after the first (00:30 UTC).
    expect(notEndedRefusal({ ...ride, endTime: new Date('2031-10-26T01:30:00Z') }, new Date('2031-10-26T00:45:00Z'))).toBe(
      'Jízdu lze zaevidovat až po jejím skončení (26.10.2031 02:30).',
    );
    expect(notEndedRefusal({ ...ride, endTime: new Date('2031-10-26T01:30:00Z') }, new Date('2031-10-26T01:30:00Z'))).toBeNull();
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

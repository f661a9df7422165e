import { describe, expect, it } from 'vitest';
import { PLAN_ITEMS, type PlanItem } from '../lesson-plan/law.ts';
import { legalMinimum } from '../lesson-plan/legal-minimum.ts';
import { ageDateOf, dayIndex, type ForecastInput, readinessForecast, READINESS_TEXTS, type TeacherCalendar } from './forecast.ts';

// The fixture calendar (worked out by hand below). Today is Monday 15 March 2027; Prague moves its clocks forward on
// Sunday 28 March 2027 (CET UTC+1 before, CEST UTC+2 after).
const TODAY = '2027-03-15';
const at = (iso: string) => new Date(iso);

/** A plan with only driving required (28 hours), 18 of them completed (18 × 45 = 810 minutes): 10 hours missing. */
function drivingMinimum(required = 28, completedMinutes = 810) {
  const plan = Object.fromEntries(PLAN_ITEMS.map((i) => [i, { hours: i === 'DRIVING' ? required : 0, verified: true, raised: false }])) as Record<
    PlanItem,
    { hours: number; verified: boolean; raised: boolean }
  >;
  return legalMinimum({ plan, attended: {}, completedMinutes: { DRIVING: completedMinutes } });
}

/** The teacher works Monday and Wednesday 8:00–12:00, has one car, and is absent 22–28 March. */
function teacher(over: Partial<TeacherCalendar> = {}): TeacherCalendar {
  return {
    id: 't1',
    availability: [
      { weekday: 1, startMinute: 8 * 60, endMinute: 12 * 60 },
      { weekday: 3, startMinute: 8 * 60, endMinute: 12 * 60 },
    ],
    absences: [{ fromDate: '2027-03-22', toDate: '2027-03-28' }],
    // Another student's ride with the teacher on Wednesday 31 March 8:00–9:30 CEST.
    busy: dayIndex([{ start: at('2027-03-31T06:00:00Z'), end: at('2027-03-31T07:30:00Z') }]),
    // The car is out with someone else on Monday 5 April 8:00–10:30 CEST.
    cars: [{ id: 'car1', busy: dayIndex([{ start: at('2027-04-05T06:00:00Z'), end: at('2027-04-05T08:30:00Z') }]) }],
    ...over,
  };
}

// Two rides already booked (planned, not done): Wednesday 17 March 8:00–9:30 CET and Monday 29 March 8:00–9:30 CEST.
const plannedRides = [
  { type: 'DRIVING' as const, start: at('2027-03-17T07:00:00Z'), end: at('2027-03-17T08:30:00Z'), length: 90 },
  { type: 'DRIVING' as const, start: at('2027-03-29T06:00:00Z'), end: at('2027-03-29T07:30:00Z'), length: 90 },
];

function input(over: Partial<ForecastInput> = {}): ForecastInput {
  return {
    today: TODAY,
    groups: ['B'],
    birthDate: '2008-05-10',
    trainingStart: '2026-09-01',
    minimum: drivingMinimum(),
    plannedRides,
    plannedLessons: [],
    teachers: [teacher()],
    studentBusy: dayIndex(plannedRides),
    examTerms: [
      // Before the end of training: too early.
      { id: 'e1', date: '2027-04-07', place: 'Praha', types: ['PPV', 'ZP'], capacity: null, signedUp: 0 },
      // After it, but full.
      { id: 'e2', date: '2027-04-12', place: 'Praha', types: ['PPV'], capacity: 2, signedUp: 2 },
      // After it, but without the test.
      { id: 'e3', date: '2027-04-13', place: 'Praha', types: ['OP'], capacity: null, signedUp: 0 },
      { id: 'e4', date: '2027-04-21', place: 'Magistrát', types: ['PPV', 'TZBJ', 'ZP', 'OP'], capacity: 10, signedUp: 3 },
    ],
    ...over,
  };
}

describe('readinessForecast on the fixture calendar', () => {
  it('gives the dates worked out by hand', () => {
    // Hand computation. Missing 10 hours = 450 minutes. Group B: daily limit 2 hours = 90 minutes (the booking rules'
    // dailyDrivingLimitHours). Rides of 90 minutes.
    //   Tue 16.3. (tomorrow): the teacher does not work.
    //   Wed 17.3.: the booked ride 8:00–9:30 counts as planned (450 → 360); the day's 90 minutes are used up.
    //   Mon 22.3., Wed 24.3.: the teacher is absent.
    //   Sun 28.3.: clocks go forward.
    //   Mon 29.3.: the booked ride 8:00–9:30 CEST (360 → 270); the day's limit is used up.
    //   Wed 31.3.: the teacher is busy 8:00–9:30 → placed 9:30–11:00 CEST = 07:30Z (270 → 180).
    //   Mon 5.4.: the car is out until 10:30 → placed 10:30–12:00 CEST = 08:30Z (180 → 90).
    //   Wed 7.4.: placed 8:00–9:30 CEST = 06:00Z (90 → 0). Training can end on 7.4.2027.
    // The student turned 17 on 10.5.2025: no age wait. Earliest exam: the day after, 8.4.2027; the application by
    // 7.4. + 15 = 22.4.2027. Terms: 7.4. is too early, 12.4. full, 13.4. without the test → 21.4.2027 (Magistrát).
    // 18 months from 1.9.2026 = 1.3.2028: far, no warning.
    const f = readinessForecast(input());
    expect(f.status).toBe('ESTIMATE');
    expect(f.placed.map((p) => [p.start.toISOString(), p.end.toISOString()])).toEqual([
      ['2027-03-31T07:30:00.000Z', '2027-03-31T09:00:00.000Z'],
      ['2027-04-05T08:30:00.000Z', '2027-04-05T10:00:00.000Z'],
      ['2027-04-07T06:00:00.000Z', '2027-04-07T07:30:00.000Z'],
    ]);
    expect(f.calendarEnd).toBe('2027-04-07');
    expect(f.trainingEnd).toBe('2027-04-07');
    expect(f.earliestExamDate).toBe('2027-04-08');
    expect(f.applicationDeadline).toBe('2027-04-22');
    expect(f.examTerm).toEqual({ id: 'e4', date: '2027-04-21', place: 'Magistrát' });
    const driving = f.sections.find((s) => s.item === 'DRIVING');
    expect(driving).toMatchObject({ required: 28, done: 18, missing: 10, planned: 4, placed: 6, metOn: '2027-04-07' });
    expect(f.warnings).toEqual([]);
    expect(f.assumptions[0]).toBe('Jízdy po 90 minutách, nejvýše 2 hodiny výcviku v řízení denně (zákonný denní limit).');
  });

  it('uses the 4-hour limit of group C: two rides a day', () => {
    // C: 4 hours = 180 minutes a day. Wed 17.3.: booked 90 → one more ride 9:30–11:00 CET (=08:30Z); 450 → 270.
    // Mon 29.3.: booked 90 (270 → 180) + 9:30–11:00 CEST (07:30Z) → 90. Wed 31.3.: teacher busy 8:00–9:30 → 9:30–11:00 → 0.
    const f = readinessForecast(input({ groups: ['C'], birthDate: '2000-01-01' }));
    expect(f.placed.map((p) => p.start.toISOString())).toEqual(['2027-03-17T08:30:00.000Z', '2027-03-29T07:30:00.000Z', '2027-03-31T07:30:00.000Z']);
    expect(f.trainingEnd).toBe('2027-03-31');
  });

  it('places a 45-minute ride for an odd missing hour', () => {
    // 1 hour missing, nothing booked: Wed 17.3. 8:00–8:45 CET (07:00Z–07:45Z).
    const f = readinessForecast(input({ minimum: drivingMinimum(28, 27 * 45), plannedRides: [], studentBusy: new Map() }));
    expect(f.placed.map((p) => [p.start.toISOString(), p.end.toISOString()])).toEqual([['2027-03-17T07:00:00.000Z', '2027-03-17T07:45:00.000Z']]);
    expect(f.trainingEnd).toBe('2027-03-17');
  });

  it('counts a planned ride beyond the need and places nothing', () => {
    // 2 hours missing, covered by the booked ride of 17.3.: training can end that day.
    const f = readinessForecast(input({ minimum: drivingMinimum(28, 26 * 45) }));
    expect(f.placed).toEqual([]);
    expect(f.trainingEnd).toBe('2027-03-17');
  });

  it('is READY when the minimum is met, with today as the earliest end', () => {
    const f = readinessForecast(input({ minimum: drivingMinimum(28, 28 * 45) }));
    expect(f.status).toBe('READY');
    expect(f.trainingEnd).toBe(TODAY);
    expect(f.earliestExamDate).toBe('2027-03-16');
    expect(f.examTerm?.id).toBe('e1');
  });

  it('takes theory only from planned group lessons', () => {
    // PPV 2 lessons missing, a group lesson of 2 units on Thu 25.3. covers them; driving is met.
    const plan = Object.fromEntries(PLAN_ITEMS.map((i) => [i, { hours: i === 'PPV' ? 18 : 0, verified: true, raised: false }])) as Parameters<
      typeof legalMinimum
    >[0]['plan'];
    const minimum = legalMinimum({ plan, attended: { PPV: 16 }, completedMinutes: {} });
    const lesson = { type: 'PPV' as const, start: at('2027-03-25T16:00:00Z'), end: at('2027-03-25T17:30:00Z'), units: 2 };
    const f = readinessForecast(input({ minimum, plannedRides: [], plannedLessons: [lesson] }));
    expect(f.trainingEnd).toBe('2027-03-25');
    expect(f.sections.find((s) => s.item === 'PPV')).toMatchObject({ missing: 2, planned: 2, metOn: '2027-03-25' });
    const none = readinessForecast(input({ minimum, plannedRides: [], plannedLessons: [] }));
    expect(none.status).toBe('UNKNOWN');
    expect(none.reasons).toEqual(['PPV: 2 lekce nejsou naplánovány']);
  });
});

describe('the age and the 18 months', () => {
  it('waits for the age of the group (B: 17, only with a mentor until 18)', () => {
    // Born 1.6.2010: 17 on 1.6.2027, after the calendar's end 7.4.2027.
    const f = readinessForecast(input({ birthDate: '2010-06-01' }));
    expect(f.calendarEnd).toBe('2027-04-07');
    expect(f.trainingEnd).toBe('2027-06-01');
    expect(f.earliestExamDate).toBe('2027-06-02');
    expect(f.examTerm).toBeNull();
    expect(f.warnings).toEqual(['Věk: žák dosáhne 17 let 1.6.2027, výcvik nemůže skončit dřív. Do 18 let smí řídit jen s mentorem.']);
  });

  it('takes the highest age of several groups', () => {
    expect(ageDateOf('2000-02-29', ['B', 'A'])).toEqual({ date: '2024-02-29', years: 24 });
    expect(ageDateOf('2001-02-28', ['AM'])).toEqual({ date: '2016-02-28', years: 15 });
  });

  it('warns when the 18 months come before the forecast end, and when they are near', () => {
    // Started 1.9.2025: 18 months end 1.3.2027, before the end 7.4.2027.
    expect(readinessForecast(input({ trainingStart: '2025-09-01' })).warnings).toEqual([
      'Výcvik podle odhadu skončí až 7.4.2027, 18 měsíců od zahájení výcviku uplyne 1.3.2027.',
    ]);
    // Started 20.10.2025: 18 months end 20.4.2027, after the end but within 60 days of today.
    expect(readinessForecast(input({ trainingStart: '2025-10-20' })).warnings).toEqual(['18 měsíců od zahájení výcviku uplyne 20.4.2027.']);
  });
});

describe('Nelze odhadnout', () => {
  it('without a training teacher', () => {
    const f = readinessForecast(input({ teachers: [] }));
    expect(f.status).toBe('UNKNOWN');
    expect(f.reasons).toEqual([READINESS_TEXTS.noTeacher]);
    expect(f.trainingEnd).toBeNull();
  });

  it('without the teacher’s working hours', () => {
    expect(readinessForecast(input({ teachers: [teacher({ availability: [] })] })).reasons).toEqual([READINESS_TEXTS.noAvailability]);
  });

  it('without a car for driving', () => {
    expect(readinessForecast(input({ teachers: [teacher({ cars: [] })] })).reasons).toEqual([READINESS_TEXTS.noCar]);
  });

  it('when the horizon has no room (absent all year)', () => {
    const f = readinessForecast(input({ teachers: [teacher({ absences: [{ fromDate: '2027-03-01', toDate: '2028-12-31' }] })] }));
    expect(f.reasons).toEqual([READINESS_TEXTS.noSlots]);
    expect(f.placed).toEqual([]);
  });

  it('without a plan (no group)', () => {
    const plan = Object.fromEntries(PLAN_ITEMS.map((i) => [i, { hours: 0, verified: true, raised: false }])) as Parameters<typeof legalMinimum>[0]['plan'];
    const f = readinessForecast(input({ groups: [], minimum: legalMinimum({ plan, attended: {}, completedMinutes: {} }) }));
    expect(f.reasons).toEqual([READINESS_TEXTS.noPlan]);
  });
});

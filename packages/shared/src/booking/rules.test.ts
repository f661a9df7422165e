import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  type BookingStudent,
  cancelTerms,
  DEFAULT_BOOKING_RULES,
  freeSlots,
  rideRefusal,
  schoolInstant,
  slotStep,
  type TeacherDay,
} from './rules.ts';

const on = { ...DEFAULT_BOOKING_RULES, enabled: true };
const student: BookingStudent = {
  state: 'IN_PROGRESS',
  medicalCertificateDate: '2026-01-01',
  groups: ['B'],
  hasOverdue: false,
  futureRides: 0,
  minutesThatDay: 0,
};
const hhmm = (d: Date) => d.toLocaleTimeString('cs-CZ', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const day = (over: Partial<TeacherDay> & { day: string }): TeacherDay => ({
  availability: [{ weekday: 1, startMinute: 8 * 60, endMinute: 12 * 60 }],
  absent: false,
  busy: [],
  cars: [],
  lengths: [90],
  notBefore: new Date('2000-01-01'),
  notAfter: new Date('2100-01-01'),
  ...over,
});

describe('refusal texts', () => {
  it('say the number with its Czech plural form', () => {
    expect(BOOKING_MESSAGES.tooLate(24)).toBe('Rezervace je možná nejpozději 24 hodin předem');
    expect(BOOKING_MESSAGES.tooLate(1)).toBe('Rezervace je možná nejpozději 1 hodinu předem');
    expect(BOOKING_MESSAGES.tooLate(2)).toBe('Rezervace je možná nejpozději 2 hodiny předem');
    expect(BOOKING_MESSAGES.tooFar(14)).toBe('Rezervovat lze nejvýše 14 dní dopředu');
    expect(BOOKING_MESSAGES.tooFar(1)).toBe('Rezervovat lze nejvýše 1 den dopředu');
    expect(BOOKING_MESSAGES.tooFar(3)).toBe('Rezervovat lze nejvýše 3 dny dopředu');
    expect(BOOKING_MESSAGES.maxFuture(3)).toBe('Máte už 3 naplánované jízdy');
    expect(BOOKING_MESSAGES.maxFuture(1)).toBe('Máte už 1 naplánovanou jízdu');
    expect(BOOKING_MESSAGES.maxFuture(5)).toBe('Máte už 5 naplánovaných jízd');
    expect(BOOKING_MESSAGES.dailyLimit(2)).toBe('Denní limit výcviku je 2 hodiny');
    expect(BOOKING_MESSAGES.dailyLimit(4)).toBe('Denní limit výcviku je 4 hodiny');
  });

  it('refuse in order: off, not in training, no medical, overdue (when the school says), then the ride', () => {
    const now = new Date('2026-06-01T08:00:00Z');
    const start = new Date('2026-06-05T08:00:00Z');
    expect(rideRefusal(DEFAULT_BOOKING_RULES, student, start, 90, now)).toBe(BOOKING_MESSAGES.disabled);
    expect(rideRefusal(on, { ...student, state: 'FINISHED' }, start, 90, now)).toBe(BOOKING_MESSAGES.notInTraining);
    expect(rideRefusal(on, { ...student, medicalCertificateDate: null }, start, 90, now)).toBe(BOOKING_MESSAGES.noMedical);
    expect(rideRefusal(on, { ...student, hasOverdue: true }, start, 90, now)).toBeNull();
    expect(rideRefusal({ ...on, requireNoOverdue: true }, { ...student, hasOverdue: true }, start, 90, now)).toBe(BOOKING_MESSAGES.overdue);
    expect(rideRefusal(on, student, start, 45, now)).toBe('Jízdu lze rezervovat jen v délce 90 minut');
    expect(rideRefusal(on, student, new Date('2026-06-02T07:00:00Z'), 90, now)).toBe('Rezervace je možná nejpozději 24 hodin předem');
    expect(rideRefusal(on, student, new Date('2026-06-15T21:59:00Z'), 90, now)).toBeNull();
    expect(rideRefusal(on, student, new Date('2026-06-15T22:00:00Z'), 90, now)).toBe('Rezervovat lze nejvýše 14 dní dopředu');
    expect(rideRefusal(on, { ...student, futureRides: 3 }, start, 90, now)).toBe('Máte už 3 naplánované jízdy');
    expect(rideRefusal(on, { ...student, minutesThatDay: 45 }, start, 90, now)).toBe('Denní limit výcviku je 2 hodiny');
    expect(rideRefusal(on, { ...student, groups: ['C'], minutesThatDay: 90 }, start, 90, now)).toBeNull();
    expect(rideRefusal(on, { ...student, groups: ['C'], minutesThatDay: 135 }, start, 90, now)).toBe('Denní limit výcviku je 4 hodiny');
  });
});

describe('free slots', () => {
  it('step on the half hour inside availability, minus busy times, and only with a free usual car', () => {
    // 2026-06-01 is a Monday (CEST, UTC+2).
    const busy = [{ start: new Date('2026-06-01T07:00:00Z'), end: new Date('2026-06-01T08:30:00Z') }]; // 9:00–10:30
    expect(freeSlots(day({ day: '2026-06-01', busy })).map((s) => hhmm(s.start))).toEqual(['10:30']);
    expect(freeSlots(day({ day: '2026-06-02' }))).toEqual([]);
    expect(freeSlots(day({ day: '2026-06-01', absent: true }))).toEqual([]);
    const cars = [
      { id: 'a', busy: [{ start: new Date('2026-06-01T06:00:00Z'), end: new Date('2026-06-01T07:00:00Z') }] },
      { id: 'b', busy: [] },
    ];
    const slots = freeSlots(day({ day: '2026-06-01', cars }));
    expect(slots[0]).toMatchObject({ carId: 'b' });
    expect(slots.find((s) => hhmm(s.start) === '09:00')).toMatchObject({ carId: 'a' });
    expect(freeSlots(day({ day: '2026-06-01', cars: [cars[0]] })).map((s) => hhmm(s.start))).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('steps every quarter for 45-minute rides and honours notBefore', () => {
    expect(slotStep([45, 90])).toBe(15);
    const slots = freeSlots(day({ day: '2026-06-01', lengths: [45], notBefore: new Date('2026-06-01T08:20:00Z') }));
    expect(slots.map((s) => hhmm(s.start))).toEqual(['10:30', '10:45', '11:00', '11:15']);
  });

  it('is DST-safe: the spring gap is never offered, lengths are real minutes, the autumn day has its extra hour', () => {
    expect(schoolInstant('2026-03-29', 120)).toBeNull();
    expect(schoolInstant('2026-03-29', 180)?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(schoolInstant('2026-10-25', 150)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    const spring = freeSlots(day({ day: '2026-03-29', availability: [{ weekday: 7, startMinute: 60, endMinute: 300 }] }));
    expect(spring.map((s) => `${hhmm(s.start)}-${hhmm(s.end)}`)).toEqual(['01:00-03:30', '01:30-04:00', '03:00-04:30', '03:30-05:00']);
    const autumn = freeSlots(day({ day: '2026-10-25', availability: [{ weekday: 7, startMinute: 60, endMinute: 240 }] }));
    // 01:00–04:00 on the wall is four real hours that day; a repeated wall time is offered once, in summer time.
    expect(autumn.map((s) => `${s.start.toISOString().slice(11, 16)}Z ${hhmm(s.start)}-${hhmm(s.end)}`)).toEqual([
      '23:00Z 01:00-02:30',
      '23:30Z 01:30-02:00',
      '00:00Z 02:00-02:30',
      '00:30Z 02:30-03:00',
    ]);
    for (const s of [...spring, ...autumn]) expect(s.end.getTime() - s.start.getTime()).toBe(90 * 60_000);
  });
});

describe('cancel terms', () => {
  it('are free until N hours before, late after, and closed once the ride started', () => {
    const ride = { state: 'SCHEDULED', startTime: new Date('2026-06-05T08:00:00Z') };
    expect(cancelTerms(on, ride, new Date('2026-06-04T07:59:00Z'), 30000)).toMatchObject({ cancellable: true, late: false, price: null });
    expect(cancelTerms(on, ride, new Date('2026-06-04T08:01:00Z'), 30000)).toMatchObject({ cancellable: true, late: true, price: 30000 });
    expect(cancelTerms(on, ride, new Date('2026-06-05T08:00:00Z'), 30000)).toMatchObject({ cancellable: false });
    expect(cancelTerms(on, { ...ride, state: 'COMPLETED' }, new Date('2026-06-01T08:00:00Z'), 30000)).toMatchObject({ cancellable: false });
  });
});

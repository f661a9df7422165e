import { describe, expect, it } from 'vitest';
import {
  CALENDAR_PALETTE,
  CANCELLED_COLOR,
  type CalendarRecord,
  colorOf,
  eventTitle,
  minutesBetween,
  movedTimes,
  nextHourSlot,
  slotInitial,
  slotRange,
  toCalendarEvent,
  UNASSIGNED_COLOR,
} from './calendar-events.ts';

const at = (iso: string) => new Date(iso);

function ride(over: Partial<CalendarRecord> = {}): CalendarRecord {
  return {
    id: 'r1',
    type: 'DRIVING',
    state: 'SCHEDULED',
    startTime: at('2026-11-23T08:00:00Z'),
    endTime: at('2026-11-23T09:30:00Z'),
    length: 90,
    allDay: false,
    studentId: 's1',
    student: { id: 's1', firstName: 'Jan', lastName: 'Novák' },
    userId: 't2',
    user: { id: 't2', firstName: 'Petr', lastName: 'Učitel' },
    schoolCarId: 'c1',
    schoolCar: { id: 'c1', carType: 'Škoda Fabia', regNumber: '1AB2345' },
    ...over,
  };
}

describe('eventTitle', () => {
  it("names a ride or a PV lesson by the student's last name and the type", () => {
    expect(eventTitle(ride())).toBe('Novák · Jízda');
    expect(eventTitle(ride({ type: 'PV_UV' }))).toBe('Novák · PV-ÚV');
  });

  it('names a car reservation by the plate', () => {
    expect(eventTitle(ride({ type: 'CAR_RESERVATION', student: null, studentId: null }))).toBe('1AB2345 · Blokace vozidla');
  });
});

describe('colorOf', () => {
  it("gives the school's teachers different colours in the list's order", () => {
    const ids = ['t1', 't2', 't3'];
    expect(ids.map((id) => colorOf(id, ids))).toEqual(CALENDAR_PALETTE.slice(0, 3));
  });

  it('greys what nobody is assigned to, and colours an unknown id stably', () => {
    expect(colorOf(null, ['t1'])).toBe(UNASSIGNED_COLOR);
    expect(colorOf('gone', [])).toBe(colorOf('gone', ['t1']));
    expect(CALENDAR_PALETTE).toContain(colorOf('gone', []));
  });
});

describe('toCalendarEvent', () => {
  it('colours by the teacher or by the car', () => {
    const teachers = ['t1', 't2'];
    const cars = ['c1'];
    expect(toCalendarEvent(ride(), 'TEACHER', teachers, cars).color).toBe(CALENDAR_PALETTE[1]);
    expect(toCalendarEvent(ride(), 'CAR', teachers, cars).color).toBe(CALENDAR_PALETTE[0]);
  });

  it('greys a cancelled item and does not let it move', () => {
    const e = toCalendarEvent(ride({ state: 'CANCELLED_BY_STUDENT' }), 'TEACHER', ['t2'], []);
    expect(e.color).toBe(CANCELLED_COLOR);
    expect(e.editable).toBe(false);
    expect(e.extendedProps.isCancelled).toBe(true);
  });

  it('lets only a planned item move: a completed ride is a signed record', () => {
    expect(toCalendarEvent(ride({ state: 'SCHEDULED' }), 'TEACHER', ['t2'], []).editable).toBe(true);
    expect(toCalendarEvent(ride({ state: 'COMPLETED' }), 'TEACHER', ['t2'], []).editable).toBe(false);
    expect(toCalendarEvent(ride({ state: 'CANCELLED_BY_TEACHER' }), 'TEACHER', ['t2'], []).editable).toBe(false);
    expect(toCalendarEvent(ride({ type: 'CAR_RESERVATION', state: 'COMPLETED' }), 'CAR', [], ['c1']).editable).toBe(true);
  });
});

describe('movedTimes', () => {
  it("sets a ride's length to its new minutes", () => {
    const r = ride();
    expect(movedTimes(r, at('2026-11-23T10:00:00Z'), at('2026-11-23T12:00:00Z'), false)).toEqual({
      startTime: at('2026-11-23T10:00:00Z'),
      endTime: at('2026-11-23T12:00:00Z'),
      length: 120,
      allDay: false,
    });
  });

  it('keeps the length of a PV lesson and the duration when the end is missing', () => {
    const pv = ride({ type: 'PV_ZP', length: 60, endTime: at('2026-11-23T09:00:00Z') });
    expect(movedTimes(pv, at('2026-11-24T08:00:00Z'), null, false)).toMatchObject({ endTime: at('2026-11-24T09:00:00Z'), length: 60 });
  });

  it('keeps the length within 1–1440 minutes', () => {
    expect(minutesBetween(at('2026-11-23T08:00:00Z'), at('2026-11-25T08:00:00Z'))).toBe(1440);
    expect(minutesBetween(at('2026-11-23T08:00:00Z'), at('2026-11-23T08:00:10Z'))).toBe(1);
  });
});

describe('slotRange', () => {
  it("shows 06:00–21:00 of the school's day when everything fits", () => {
    expect(slotRange([ride()])).toEqual({ slotMinTime: '06:00', slotMaxTime: '21:00' });
  });

  it('widens the grid for an early or late item (Prague time, winter and summer)', () => {
    // 04:30 UTC in November is 05:30 in Prague; 19:15 UTC in July is 21:15.
    const early = ride({ startTime: at('2026-11-23T04:30:00Z'), endTime: at('2026-11-23T06:00:00Z') });
    const late = ride({ startTime: at('2026-07-01T18:00:00Z'), endTime: at('2026-07-01T19:15:00Z') });
    expect(slotRange([early, late])).toEqual({ slotMinTime: '05:00', slotMaxTime: '22:00' });
  });

  it('shows the whole day for an item over midnight and ignores all-day reservations', () => {
    const night = ride({ startTime: at('2026-11-23T21:30:00Z'), endTime: at('2026-11-23T23:30:00Z') });
    expect(slotRange([night])).toEqual({ slotMinTime: '00:00', slotMaxTime: '24:00' });
    const allDay = ride({ allDay: true, startTime: at('2026-11-22T23:00:00Z'), endTime: at('2026-11-23T23:00:00Z') });
    expect(slotRange([allDay])).toEqual({ slotMinTime: '06:00', slotMaxTime: '21:00' });
  });
});

describe('slotInitial', () => {
  it("prefills the start on the school's wall clock, and the length of a dragged ride length", () => {
    // 07:00 UTC on 23 November is 08:00 in Prague.
    expect(slotInitial({ start: at('2026-11-23T07:00:00Z'), end: at('2026-11-23T07:15:00Z'), allDay: false })).toEqual({
      startDay: '2026-11-23',
      startTime: '08:00',
    });
    expect(slotInitial({ start: at('2026-11-23T07:00:00Z'), end: at('2026-11-23T08:00:00Z'), allDay: false })).toEqual({
      startDay: '2026-11-23',
      startTime: '08:00',
      length: 60,
    });
  });

  it('starts a day picked in the month view at 8:00', () => {
    expect(slotInitial({ start: at('2026-11-22T23:00:00Z'), end: at('2026-11-23T23:00:00Z'), allDay: true })).toEqual({
      startDay: '2026-11-23',
      startTime: '08:00',
    });
  });
});

describe('nextHourSlot', () => {
  it('starts at the next full hour (Prague is a whole number of hours from UTC) with the default length of 90 min', () => {
    const slot = nextHourSlot(at('2026-11-23T07:20:00Z'));
    expect(slot.start).toEqual(at('2026-11-23T08:00:00Z'));
    expect(slotInitial(slot)).toEqual({ startDay: '2026-11-23', startTime: '09:00', length: 90 });
  });
});

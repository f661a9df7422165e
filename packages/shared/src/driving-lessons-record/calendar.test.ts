// The calendar's answer: rows in, columns and lookups out, and back to one object per item as the screen reads it.
import { describe, expect, it } from 'vitest';
import { type CalendarSourceRow, calendarAnswer, calendarItems } from './calendar.ts';

const T = Date.UTC(2026, 2, 2, 8);
const row = (i: number, o: Partial<CalendarSourceRow> = {}): CalendarSourceRow => ({
  id: `item-${i}`,
  type: 'DRIVING',
  state: 'SCHEDULED',
  start: T + i * 5_400_000,
  end: T + (i + 1) * 5_400_000,
  length: 90,
  allDay: false,
  studentId: `student-${i % 2}`,
  studentFirstName: 'Jan',
  studentLastName: `Novák ${i % 2}`,
  teacherId: 'teacher-1',
  teacherFirstName: 'Eva',
  teacherLastName: 'Učitelka',
  carId: 'car-1',
  carType: 'Škoda Octavia',
  regNumber: '1AB2345',
  tachometerBefore: i === 0 ? 1000 : null,
  tachometerAfter: i === 0 ? 1030 : null,
  note: i === 3 ? 'Dálnice' : null,
  signed: i === 0,
  teacherSigned: false,
  ...o,
});

describe('the calendar answer', () => {
  const rows = [
    row(0),
    row(1),
    row(2),
    row(3, {
      type: 'CAR_RESERVATION',
      studentId: null,
      studentFirstName: null,
      studentLastName: null,
      teacherId: null,
      teacherFirstName: null,
      teacherLastName: null,
    }),
  ];

  it('sends each student, teacher and car once, items as indexes into them', () => {
    const answer = calendarAnswer(rows);
    expect(answer.students).toEqual([
      { id: 'student-0', firstName: 'Jan', lastName: 'Novák 0' },
      { id: 'student-1', firstName: 'Jan', lastName: 'Novák 1' },
    ]);
    expect(answer.teachers).toEqual([{ id: 'teacher-1', firstName: 'Eva', lastName: 'Učitelka' }]);
    expect(answer.cars).toEqual([{ id: 'car-1', carType: 'Škoda Octavia', regNumber: '1AB2345' }]);
    expect(answer.items.student).toEqual([0, 1, 0, null]);
    expect(answer.items.teacher).toEqual([0, 0, 0, null]);
    expect(answer.items.car).toEqual([0, 0, 0, 0]);
    expect(answer.items.start).toEqual(rows.map((r) => r.start));
  });

  it('reads back as one object per item, the lookups resolved and the times as Dates', () => {
    const items = calendarItems(calendarAnswer(rows));
    expect(items).toHaveLength(4);
    expect(items[1]).toEqual({
      id: 'item-1',
      type: 'DRIVING',
      state: 'SCHEDULED',
      startTime: new Date(T + 5_400_000),
      endTime: new Date(T + 2 * 5_400_000),
      length: 90,
      allDay: false,
      studentId: 'student-1',
      student: { id: 'student-1', firstName: 'Jan', lastName: 'Novák 1' },
      userId: 'teacher-1',
      user: { id: 'teacher-1', firstName: 'Eva', lastName: 'Učitelka' },
      schoolCarId: 'car-1',
      schoolCar: { id: 'car-1', carType: 'Škoda Octavia', regNumber: '1AB2345' },
      tachometerBefore: null,
      tachometerAfter: null,
      note: null,
      bookedByStudent: false,
      signed: false,
      teacherSigned: false,
    });
    expect(items[3]).toMatchObject({ studentId: null, student: null, userId: null, user: null, note: 'Dálnice' });
    expect(items[0]).toMatchObject({ tachometerBefore: 1000, tachometerAfter: 1030, signed: true });
  });
});

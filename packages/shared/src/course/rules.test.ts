import { describe, expect, it } from 'vitest';
import { createGroupLessonsInput } from './inputs.ts';
import { collisionReasons, lessonPeriod, mayMarkAttendance, rowsToFill, weeklyDates } from './rules.ts';

describe('weekly repetition (Opakovat každý týden do …)', () => {
  it('repeats on the same weekday up to and including the last day', () => {
    expect(weeklyDates('2026-03-03', null)).toEqual(['2026-03-03']);
    expect(weeklyDates('2026-03-03', '2026-03-24')).toEqual(['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24']);
    expect(weeklyDates('2026-03-03', '2026-03-23')).toEqual(['2026-03-03', '2026-03-10', '2026-03-17']);
    expect(weeklyDates('2026-03-03', '2026-03-09')).toEqual(['2026-03-03']);
  });
  it('stops at 52 occurrences', () => {
    expect(weeklyDates('2026-01-06', '2030-01-01')).toHaveLength(52);
  });
  it('keeps the wall time across the change to summer time', () => {
    const before = lessonPeriod('2026-03-24', '17:00', 2);
    const after = lessonPeriod('2026-03-31', '17:00', 2);
    expect(before?.start.toISOString()).toBe('2026-03-24T16:00:00.000Z');
    expect(after?.start.toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(after?.end.toISOString()).toBe('2026-03-31T16:30:00.000Z');
    expect(lessonPeriod('2026-03-29', '02:30', 1)).toBeNull();
    expect(lessonPeriod('2026-03-31', '9:05', 1)?.start.toISOString()).toBe('2026-03-31T07:05:00.000Z');
  });
  it('refuses an end before the first day, in Czech', () => {
    const r = createGroupLessonsInput.safeParse({
      courseId: '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b',
      date: '2026-03-10',
      startTime: '17:00',
      units: 2,
      teacherId: '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b',
      type: 'PPV',
      repeatUntil: '2026-03-01',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Konec opakování nesmí být před datem první hodiny.']);
  });
});

describe('the start time', () => {
  const base = {
    courseId: '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b',
    date: '2026-03-10',
    units: 1,
    teacherId: '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b',
    type: 'PPV',
  };
  it('takes H:MM and HH:MM, refuses anything else in Czech', () => {
    for (const ok of ['9:00', '09:00', '17:45', '23:59']) expect(createGroupLessonsInput.safeParse({ ...base, startTime: ok }).success).toBe(true);
    for (const bad of ['24:00', '9', '9:5', '17:60', 'abc']) {
      expect(createGroupLessonsInput.safeParse({ ...base, startTime: bad }).error?.issues[0].message).toBe('Zadejte čas začátku (HH:MM).');
    }
  });
});

describe('collisions', () => {
  const at = (h: number, m = 0) => new Date(Date.UTC(2026, 2, 10, h, m));
  const o = { start: at(16), end: at(17, 30), teacherId: 't1', classroomId: 'r1', participants: 12 };
  it('finds the teacher busy (a ride or another lesson) and the room taken, not what merely touches', () => {
    expect(collisionReasons(o, [{ start: at(17), end: at(18), label: 'jízda 18:00–19:00', teacherId: 't1', classroomId: null }], 20)).toEqual([
      'učitel má v tu dobu: jízda 18:00–19:00',
    ]);
    expect(collisionReasons(o, [{ start: at(15), end: at(16, 30), label: 'hodina výuky kurzu A', teacherId: 't2', classroomId: 'r1' }], 20)).toEqual([
      'učebna je obsazena: hodina výuky kurzu A',
    ]);
    expect(collisionReasons(o, [{ start: at(17, 30), end: at(18), label: 'x', teacherId: 't1', classroomId: 'r1' }], 20)).toEqual([]);
    expect(collisionReasons(o, [{ start: at(16), end: at(17), label: 'x', teacherId: 't2', classroomId: 'r2' }], 20)).toEqual([]);
  });
  it('refuses a room with fewer seats than students', () => {
    expect(collisionReasons(o, [], 10)).toEqual(['učebna má jen 10 míst, žáků je 12']);
    expect(collisionReasons(o, [], 12)).toEqual([]);
    expect(collisionReasons({ ...o, classroomId: null }, [], null)).toEqual([]);
  });
});

describe('attendance', () => {
  it('is marked from the lesson’s start, never before', () => {
    const start = new Date('2026-03-10T16:00:00Z');
    expect(mayMarkAttendance(start, new Date('2026-03-10T15:59:59Z'))).toBe(false);
    expect(mayMarkAttendance(start, start)).toBe(true);
    expect(mayMarkAttendance(start, new Date('2026-04-10T16:00:00Z'))).toBe(true);
  });
  it('fills the free rows of the section from the lowest position, and adds positions when too few', () => {
    const rows = [
      { id: 'a', position: 1, attended: true, groupLessonId: null },
      { id: 'b', position: 2, attended: false, groupLessonId: 'other' },
      { id: 'c', position: 3, attended: false, groupLessonId: null },
      { id: 'd', position: 4, attended: false, groupLessonId: null },
    ];
    expect(rowsToFill(rows, 2)).toEqual({ fill: ['c', 'd'], add: [] });
    expect(rowsToFill(rows, 3)).toEqual({ fill: ['c', 'd'], add: [5] });
    expect(rowsToFill([], 2)).toEqual({ fill: [], add: [1, 2] });
  });
});

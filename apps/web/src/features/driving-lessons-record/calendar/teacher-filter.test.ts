import { describe, expect, it } from 'vitest';
import { carFilterKey, parseStoredFilter, teacherFilter, teacherFilterKey } from './teacher-filter.ts';

describe('the calendar’s teacher filter', () => {
  const teacher = { role: 'TEACHER', memberId: 'm-1' };
  it('starts a teacher on their own rides and anyone else on all teachers', () => {
    expect(teacherFilter(null, teacher, null)).toEqual(['m-1']);
    expect(teacherFilter(null, { role: 'ADMIN', memberId: 'm-2' }, null)).toEqual([]);
    expect(teacherFilter(null, { role: 'ASSISTANT', memberId: 'm-3' }, ['m-1'])).toEqual([]);
    expect(teacherFilter(null, undefined, null)).toEqual([]);
  });
  it('keeps a stored choice over the default, all teachers ([]) included, without teachers the school no longer lists', () => {
    expect(teacherFilter([], teacher, null)).toEqual([]);
    expect(teacherFilter(['m-4', 'gone'], teacher, null)).toEqual(['m-4', 'gone']);
    expect(teacherFilter(['m-4', 'gone'], teacher, ['m-1', 'm-4'])).toEqual(['m-4']);
  });
  it('reads only an array of ids back, per user and school', () => {
    expect(parseStoredFilter(null)).toBeNull();
    expect(parseStoredFilter('["a","b"]')).toEqual(['a', 'b']);
    expect(parseStoredFilter('[]')).toEqual([]);
    expect(parseStoredFilter('{"a":1}')).toBeNull();
    expect(parseStoredFilter('[1]')).toBeNull();
    expect(parseStoredFilter('nope')).toBeNull();
    expect(teacherFilterKey('u', 's')).toBe('volant.calendar.teachers.u.s');
    expect(carFilterKey('u', 's')).toBe('volant.calendar.cars.u.s');
  });
});

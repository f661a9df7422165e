import { describe, expect, it } from 'vitest';
import { changedPaths, fromIsoDate, toIsoDate } from './form-fields.ts';

describe('changedPaths', () => {
  it('lists nested leaves and treats arrays as leaves', () => {
    expect(changedPaths({ studentInfo: { firstName: 'J' }, studentStudyInfo: { group: ['B'] } })).toEqual([
      ['studentInfo', 'firstName'],
      ['studentStudyInfo', 'group'],
    ]);
  });
});

describe('calendar dates', () => {
  it('round-trips a birth date without a zone shift', () => {
    expect(toIsoDate(fromIsoDate('2004-03-12'))).toBe('2004-03-12');
    expect(toIsoDate(null)).toBeUndefined();
  });
});

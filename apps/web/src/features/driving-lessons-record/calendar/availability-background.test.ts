import { describe, expect, it } from 'vitest';
import { AVAILABILITY_WARNINGS, availabilityBlocks, availabilityWarning, type TeacherAvailability } from './availability-background.ts';

// Monday 3 March 2031 (winter time: Prague is UTC+1).
const monday = (h: number, m = 0) => new Date(Date.UTC(2031, 2, 3, h - 1, m));
const jana: TeacherAvailability = { teacherId: 't1', week: [{ weekday: 1, startMinute: 480, endMinute: 960 }], absences: [] };

describe('availability background', () => {
  it('draws the working hours of each day of the window, and an absent day as a whole shaded day', () => {
    const from = new Date('2031-03-02T23:00:00Z');
    const to = new Date('2031-03-09T23:00:00Z');
    expect(availabilityBlocks([jana], from, to)).toEqual([{ teacherId: 't1', kind: 'WORK', start: monday(8), end: monday(16) }]);
    const away = { ...jana, absences: [{ fromDate: '2031-03-03', toDate: '2031-03-04' }] };
    const blocks = availabilityBlocks([away], from, to);
    expect(blocks.map((b) => b.kind)).toEqual(['ABSENT', 'ABSENT']);
    expect(blocks[0]).toMatchObject({ start: new Date('2031-03-02T23:00:00Z'), end: new Date('2031-03-03T23:00:00Z') });
  });

  it('warns for a ride outside the hours or on an absent day, not inside, nor for a teacher without hours', () => {
    expect(availabilityWarning(jana, monday(9), monday(10, 30))).toBeNull();
    expect(availabilityWarning(jana, monday(15), monday(16, 30))).toBe(AVAILABILITY_WARNINGS.outside('8:00–16:00'));
    expect(availabilityWarning({ ...jana, absences: [{ fromDate: '2031-03-03', toDate: '2031-03-03' }] }, monday(9), monday(10))).toBe(
      AVAILABILITY_WARNINGS.absent,
    );
    expect(availabilityWarning({ ...jana, week: [] }, monday(20), monday(21))).toBeNull();
    expect(availabilityWarning(undefined, monday(20), monday(21))).toBeNull();
    // Tuesday: no hours that day.
    expect(availabilityWarning(jana, new Date(Date.UTC(2031, 2, 4, 8)), new Date(Date.UTC(2031, 2, 4, 9)))).toBe(AVAILABILITY_WARNINGS.outside(''));
  });
});

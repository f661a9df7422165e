import { describe, expect, it } from 'vitest';
import { HOUR_PX, itemsByColumn, MIN_ITEM_PX, placeItems, resourceColumns } from './resource-layout.ts';
import { maxStackFor, moreLinkHint, moreLinkText } from './stacking.ts';

const dayStart = new Date('2031-03-03T05:00:00Z'); // 06:00 in Prague
const dayEnd = new Date('2031-03-03T20:00:00Z'); // 21:00
const at = (h: number, m = 0) => new Date(Date.UTC(2031, 2, 3, h - 1, m));
const item = (id: string, start: Date, minutes: number, o: { userId?: string | null; schoolCarId?: string | null; allDay?: boolean } = {}) => ({
  id,
  startTime: start,
  endTime: new Date(start.getTime() + minutes * 60_000),
  allDay: o.allDay ?? false,
  userId: o.userId ?? null,
  schoolCarId: o.schoolCarId ?? null,
});

describe('resource columns', () => {
  const teachers = [
    { value: 't1', label: 'Jan Adámek' },
    { value: 't2', label: 'Jan Bartoš' },
  ];
  const cars = [{ value: 'c1', label: '1B1234' }];

  it('lists the teachers, then the cars; a filter keeps only the chosen ones', () => {
    expect(resourceColumns(teachers, cars, { teacherIds: [], schoolCarIds: [] }).map((c) => c.key)).toEqual(['T:t1', 'T:t2', 'C:c1']);
    expect(resourceColumns(teachers, cars, { teacherIds: ['t2'], schoolCarIds: [] }).map((c) => c.key)).toEqual(['T:t2', 'C:c1']);
  });

  it('puts a ride in its teacher’s and its car’s column', () => {
    const columns = resourceColumns(teachers, cars, { teacherIds: [], schoolCarIds: [] });
    const map = itemsByColumn([item('a', at(8), 90, { userId: 't1', schoolCarId: 'c1' }), item('b', at(8), 90, { userId: 't2' })], columns);
    expect(map.get('T:t1')?.map((i) => i.id)).toEqual(['a']);
    expect(map.get('T:t2')?.map((i) => i.id)).toEqual(['b']);
    expect(map.get('C:c1')?.map((i) => i.id)).toEqual(['a']);
  });
});

describe('placing items in a column (stacking)', () => {
  it('sets top and height by the hour scale, with a least height for short items', () => {
    const [p] = placeItems([item('a', at(8), 90)], dayStart, dayEnd);
    expect(p).toMatchObject({ top: 2 * HOUR_PX, height: 1.5 * HOUR_PX, lane: 0, lanes: 1 });
    const [short] = placeItems([item('s', at(9), 10)], dayStart, dayEnd);
    expect(short.height).toBe(MIN_ITEM_PX);
  });

  it('puts overlapping items side by side and lets a later free item take the whole width', () => {
    const placed = placeItems([item('a', at(8), 90), item('b', at(8, 30), 90), item('c', at(12), 45)], dayStart, dayEnd);
    const by = Object.fromEntries(placed.map((p) => [p.item.id, p]));
    expect([by.a.lane, by.a.lanes]).toEqual([0, 2]);
    expect([by.b.lane, by.b.lanes]).toEqual([1, 2]);
    expect([by.c.lane, by.c.lanes]).toEqual([0, 1]);
  });

  it('reuses a lane once it is free within a cluster', () => {
    const placed = placeItems([item('a', at(8), 60), item('b', at(8, 30), 120), item('c', at(9), 60)], dayStart, dayEnd);
    const by = Object.fromEntries(placed.map((p) => [p.item.id, p]));
    expect(by.c.lane).toBe(0);
    expect(by.c.lanes).toBe(2);
  });

  it('leaves out all-day items and items outside the hours, and clips an item at the grid’s edge', () => {
    const placed = placeItems([item('all', at(8), 60, { allDay: true }), item('late', at(22), 60), item('edge', at(5), 120)], dayStart, dayEnd);
    expect(placed.map((p) => p.item.id)).toEqual(['edge']);
    expect(placed[0]).toMatchObject({ top: 0, height: HOUR_PX });
  });
});

describe('the week view’s overflow', () => {
  it('stacks as many items side by side as the column holds legibly, and says +n in Czech', () => {
    // 1440 px screen: the board is ~1100 px, a week's day column ~150 px: one item and '+n'.
    expect(maxStackFor(1100, 7)).toBe(1);
    // A wide screen's week (~2400 px board): two; the day view: several, at most six.
    expect(maxStackFor(2400, 7)).toBe(3);
    expect(maxStackFor(1100, 1)).toBe(6);
    expect(maxStackFor(300, 7)).toBe(1);
    expect(moreLinkText(18)).toBe('+18');
    expect(moreLinkHint(3)).toBe('Další výcviky: 3');
  });
});

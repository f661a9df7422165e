// The resource day view's pure part (issue 20 §4, docs/decisions/0020-busy-calendar.md): which column an item goes
// in (its teacher's and its car's), where it sits in the column (top and height in pixels of the day's hours) and, when
// items of one column overlap (a cancelled item beside its replacement), side-by-side lanes. Unit-tested.
import type { CalendarRecord } from './calendar-events.ts';

export interface ResourceColumn {
  /** 'T:<member id>' or 'C:<car id>'. */
  key: string;
  kind: 'TEACHER' | 'CAR';
  id: string;
  label: string;
}

export interface PlacedItem<T> {
  item: T;
  top: number;
  height: number;
  /** The item's lane and how many lanes its cluster of overlapping items has. */
  lane: number;
  lanes: number;
}

/** Pixels per hour of the resource view: a 45-minute ride is 48 px, two lines of text (surname, time). */
export const HOUR_PX = 64;
/** The least height of an item, so a short one still shows its surname. */
export const MIN_ITEM_PX = 32;

/** The columns: the teachers first, then the cars (each as listed, filtered when a filter is set). */
export function resourceColumns(
  teachers: readonly { value: string; label: string }[],
  cars: readonly { value: string; label: string }[],
  filter: { teacherIds: readonly string[]; schoolCarIds: readonly string[] },
): ResourceColumn[] {
  const pick = <O extends { value: string }>(list: readonly O[], ids: readonly string[]) => (ids.length ? list.filter((o) => ids.includes(o.value)) : list);
  return [
    ...pick(teachers, filter.teacherIds).map((t) => ({ key: `T:${t.value}`, kind: 'TEACHER' as const, id: t.value, label: t.label })),
    ...pick(cars, filter.schoolCarIds).map((c) => ({ key: `C:${c.value}`, kind: 'CAR' as const, id: c.value, label: c.label })),
  ];
}

/** The items of each column (a ride is in its teacher's and its car's column); all-day items are left to the header. */
export function itemsByColumn<T extends Pick<CalendarRecord, 'userId' | 'schoolCarId' | 'allDay'>>(items: readonly T[], columns: readonly ResourceColumn[]) {
  const map = new Map<string, T[]>(columns.map((c) => [c.key, []]));
  for (const item of items) {
    if (item.userId) map.get(`T:${item.userId}`)?.push(item);
    if (item.schoolCarId) map.get(`C:${item.schoolCarId}`)?.push(item);
  }
  return map;
}

/**
 * Places a column's items between dayStart and dayEnd (instants of the grid's first and last hour): top and height in
 * pixels, clipped to the grid; overlapping items share the width in lanes (greedy, by start).
 */
export function placeItems<T extends { startTime: Date; endTime: Date; allDay: boolean }>(items: readonly T[], dayStart: Date, dayEnd: Date): PlacedItem<T>[] {
  // Minutes times pixels per hour over 60: whole minutes give exact pixels.
  const px = (ms: number) => ((ms / 60_000) * HOUR_PX) / 60;
  const timed = items
    .filter((i) => !i.allDay && i.endTime.getTime() > dayStart.getTime() && i.startTime.getTime() < dayEnd.getTime())
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || b.endTime.getTime() - a.endTime.getTime());
  const placed: PlacedItem<T>[] = [];
  let cluster: PlacedItem<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const item of timed) {
    const s = Math.max(item.startTime.getTime(), dayStart.getTime());
    const e = Math.min(item.endTime.getTime(), dayEnd.getTime());
    if (s >= clusterEnd) {
      close();
      clusterEnd = -Infinity;
    }
    let lane = laneEnds.findIndex((end) => end <= s);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(e);
    } else laneEnds[lane] = e;
    clusterEnd = Math.max(clusterEnd, e);
    const p: PlacedItem<T> = {
      item,
      top: px(s - dayStart.getTime()),
      height: Math.max(MIN_ITEM_PX, px(e - s)),
      lane,
      lanes: 1,
    };
    cluster.push(p);
    placed.push(p);
  }
  close();
  return placed;
}

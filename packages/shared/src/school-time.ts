// The school's calendar: what day it is in Europe/Prague, and where its days, weeks and months begin and end as
// instants. The one place that knows the zone; every function takes the clock (`now`) or a day, none reads the
// machine's clock or zone, so the server (ctx.now), the browser and tests under any TZ agree.
//
// Days are calendar dates 'YYYY-MM-DD' (what a `date` column holds); instants are Dates (`timestamptz`). A period's
// `start` is the instant of its first midnight and `end` the instant of the midnight after it (exclusive), so a day
// is 23 h long on the last Sunday of March and 25 h on the last Sunday of October.

export const SCHOOL_TIME_ZONE = 'Europe/Prague';

/** A calendar date 'YYYY-MM-DD'. */
export type CalendarDate = string;

/** Days `first`…`last` of the school's calendar and the instants bounding them: `start` ≤ t < `end`. */
export interface SchoolPeriod {
  first: CalendarDate;
  last: CalendarDate;
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

// The wall clock in the school's zone; formatToParts, since an 'en-CA' date string is a locale detail.
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function intlWallAt(instant: Date): Wall {
  const wall: Record<string, number> = {};
  for (const p of wallClock.formatToParts(instant)) if (p.type !== 'literal') wall[p.type] = Number(p.value);
  return wall as unknown as Wall;
}

const HOUR_MS = 3_600_000;
// The zone's offset by UTC hour. Prague's offset only ever changes on a whole UTC hour (01:00 UTC since 1996, whole
// hours before), so one Intl lookup per hour serves every instant in it: formatToParts costs ~15 µs, and a year of
// rides (the inspection pack's 60,000, issue 22) asked for it over a second of one thread's time. Bounded: cleared when full.
const offsetByHour = new Map<number, number>();

/** How far the school's wall clock is ahead of UTC at an instant, in ms (3,600,000 in winter, 7,200,000 in summer). */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const at = hour * HOUR_MS;
    const w = intlWallAt(new Date(at));
    offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at;
    if (offsetByHour.size >= 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

function wallAt(instant: Date): Wall {
  const t = new Date(instant.getTime() + offsetAt(instant.getTime()));
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
    second: t.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toCalendarDate(year: number, month: number, day: number): CalendarDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function parts(day: CalendarDate): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new RangeError(`Not a calendar date 'YYYY-MM-DD': ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The school's wall clock at an instant (year, month 1–12, day, hour 0–23, minute, second). */
export function schoolWallClock(instant: Date): Readonly<Wall> {
  return wallAt(instant);
}

/** The school's calendar date at an instant. */
export function schoolDateOf(instant: Date): CalendarDate {
  const w = wallAt(instant);
  return toCalendarDate(w.year, w.month, w.day);
}

/** Today in the school's zone. */
export function schoolToday(now: Date): CalendarDate {
  return schoolDateOf(now);
}

/** Tomorrow in the school's zone (the next calendar day, not now + 24 h). */
export function schoolTomorrow(now: Date): CalendarDate {
  return addDays(schoolToday(now), 1);
}

/** A calendar date moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(day: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = parts(day);
  const t = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS);
  return toCalendarDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** ISO day of the week: 1 Monday … 7 Sunday. */
export function dayOfWeek(day: CalendarDate): number {
  const [y, m, d] = parts(day);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The instant the day begins at the school: its midnight (23:00 or 22:00 UTC of the day before). */
export function schoolMidnight(day: CalendarDate): Date {
  const [y, m, d] = parts(day);
  const wallAsUtc = Date.UTC(y, m - 1, d);
  // Prague changes its offset at 01:00 UTC, so 00:00 UTC of the day has the offset of the day's midnight (22:00 or
  // 23:00 UTC of the eve): one lookup is exact.
  return new Date(wallAsUtc - offsetAt(wallAsUtc));
}

function period(first: CalendarDate, last: CalendarDate): SchoolPeriod {
  return { first, last, start: schoolMidnight(first), end: schoolMidnight(addDays(last, 1)) };
}

/** The day as a period of instants: [its midnight, the next midnight). */
export function schoolDay(day: CalendarDate): SchoolPeriod {
  return period(day, day);
}

/** The week (Monday to Sunday) holding the day. */
export function schoolWeek(day: CalendarDate): SchoolPeriod {
  const monday = addDays(day, 1 - dayOfWeek(day));
  return period(monday, addDays(monday, 6));
}

/** The month holding the day. */
export function schoolMonth(day: CalendarDate): SchoolPeriod {
  const [y, m] = parts(day);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return period(toCalendarDate(y, m, 1), toCalendarDate(y, m, lastDay));
}

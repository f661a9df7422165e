import { afterEach, describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, schoolDateOf, schoolDay, schoolMidnight, schoolMonth, schoolToday, schoolTomorrow, schoolWeek } from './school-time.ts';

// 2026 in Europe/Prague: CET → CEST on Sunday 29 March at 02:00 (UTC 01:00), CEST → CET on Sunday 25 October at
// 03:00 (UTC 01:00).
const at = (iso: string) => new Date(iso);
const hours = (p: { start: Date; end: Date }) => (p.end.getTime() - p.start.getTime()) / 3_600_000;
const iso = (p: { first: string; last: string; start: Date; end: Date }) => ({
  first: p.first,
  last: p.last,
  start: p.start.toISOString(),
  end: p.end.toISOString(),
});

describe('today and tomorrow in the school zone', () => {
  it('knows today in Prague, not in UTC', () => {
    expect(schoolToday(at('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
  });

  it('turns the day at Prague midnight on both sides of each change', () => {
    expect(schoolToday(at('2026-03-28T22:59:59Z'))).toBe('2026-03-28'); // 23:59:59 CET
    expect(schoolToday(at('2026-03-28T23:00:00Z'))).toBe('2026-03-29'); // 00:00 CET, the 23-hour day begins
    expect(schoolToday(at('2026-03-29T21:59:59Z'))).toBe('2026-03-29'); // 23:59:59 CEST
    expect(schoolToday(at('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(schoolToday(at('2026-10-24T21:59:59Z'))).toBe('2026-10-24'); // 23:59:59 CEST
    expect(schoolToday(at('2026-10-24T22:00:00Z'))).toBe('2026-10-25'); // 00:00 CEST, the 25-hour day begins
    expect(schoolToday(at('2026-10-25T22:59:59Z'))).toBe('2026-10-25'); // 23:59:59 CET
    expect(schoolToday(at('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('takes tomorrow as the next calendar day, not the day 24 hours later', () => {
    // A minute before midnight on the eve of the short day: 24 h later it is already 00:59 on the 30th.
    expect(schoolTomorrow(at('2026-03-28T22:59:00Z'))).toBe('2026-03-29');
    // Half an hour into the long day: 24 h later it is still 23:30 on the 25th.
    expect(schoolTomorrow(at('2026-10-24T22:30:00Z'))).toBe('2026-10-26');
    expect(schoolTomorrow(at('2026-12-31T22:59:00Z'))).toBe('2027-01-01');
    expect(schoolTomorrow(at('2026-12-31T23:00:00Z'))).toBe('2027-01-02');
  });
});

describe('days as instants', () => {
  it('puts midnight at 23:00 UTC in winter and 22:00 UTC in summer', () => {
    expect(schoolMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(schoolMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(schoolMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(schoolMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('makes the day of the spring change 23 hours long and the day of the autumn change 25', () => {
    expect(iso(schoolDay('2026-03-29'))).toEqual({
      first: '2026-03-29',
      last: '2026-03-29',
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
    });
    expect(hours(schoolDay('2026-03-29'))).toBe(23);
    expect(iso(schoolDay('2026-10-25'))).toEqual({
      first: '2026-10-25',
      last: '2026-10-25',
      start: '2026-10-24T22:00:00.000Z',
      end: '2026-10-25T23:00:00.000Z',
    });
    expect(hours(schoolDay('2026-10-25'))).toBe(25);
    expect(hours(schoolDay('2026-03-28'))).toBe(24);
    expect(hours(schoolDay('2026-10-26'))).toBe(24);
  });

  it('maps every day of a year to its midnight and back, and the last millisecond before the next midnight too', () => {
    for (let day = '2025-12-31'; day <= '2027-01-01'; day = addDays(day, 1)) {
      const { start, end } = schoolDay(day);
      expect(schoolDateOf(start)).toBe(day);
      expect(schoolDateOf(new Date(end.getTime() - 1))).toBe(day);
      expect([23, 24, 25]).toContain(hours({ start, end }));
    }
  });

  it('refuses a value that is not a calendar date rather than guessing', () => {
    expect(() => schoolMidnight('29.3.2026')).toThrow(RangeError);
  });
});

describe('weeks and months', () => {
  it('starts the week on Monday and holds the short day in a 167-hour week', () => {
    expect(iso(schoolWeek('2026-03-29'))).toEqual({
      first: '2026-03-23',
      last: '2026-03-29',
      start: '2026-03-22T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
    });
    expect(hours(schoolWeek('2026-03-26'))).toBe(167);
    expect(schoolWeek('2026-03-30').first).toBe('2026-03-30');
  });

  it('holds the long day in a 169-hour week', () => {
    expect(iso(schoolWeek('2026-10-21'))).toEqual({
      first: '2026-10-19',
      last: '2026-10-25',
      start: '2026-10-18T22:00:00.000Z',
      end: '2026-10-25T23:00:00.000Z',
    });
    expect(hours(schoolWeek('2026-10-19'))).toBe(169);
  });

  it('gives a week across a year end', () => {
    expect(schoolWeek('2027-01-01')).toMatchObject({ first: '2026-12-28', last: '2027-01-03' });
  });

  it('starts the month at midnight in Prague: 23:00 UTC in winter, 22:00 UTC in summer', () => {
    expect(schoolMonth(schoolToday(at('2026-11-21T12:00:00Z'))).start.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(schoolMonth(schoolToday(at('2026-04-15T12:00:00Z'))).start.toISOString()).toBe('2026-03-31T22:00:00.000Z');
  });

  it('already counts the new month in its first Prague hour, while UTC is still in the old one', () => {
    expect(schoolMonth(schoolToday(at('2026-10-31T23:30:00Z'))).start.toISOString()).toBe('2026-10-31T23:00:00.000Z');
  });

  it('bounds the months of the changes by midnights of different offsets', () => {
    expect(iso(schoolMonth('2026-03-15'))).toEqual({
      first: '2026-03-01',
      last: '2026-03-31',
      start: '2026-02-28T23:00:00.000Z',
      end: '2026-03-31T22:00:00.000Z',
    });
    expect(iso(schoolMonth('2026-10-25'))).toEqual({
      first: '2026-10-01',
      last: '2026-10-31',
      start: '2026-09-30T22:00:00.000Z',
      end: '2026-10-31T23:00:00.000Z',
    });
    expect(schoolMonth('2028-02-10').last).toBe('2028-02-29');
  });
});

describe('calendar arithmetic', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 7)).toBe('2026-04-05');
  });

  it('numbers the days of the week from Monday 1 to Sunday 7', () => {
    expect(['2026-03-23', '2026-03-28', '2026-03-29'].map(dayOfWeek)).toEqual([1, 6, 7]);
  });
});

describe('independence of the process time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each(['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Prague'])('gives the same days and instants with TZ=%s', (zone) => {
    process.env.TZ = zone;
    expect(schoolToday(at('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    expect(schoolTomorrow(at('2026-03-28T22:59:00Z'))).toBe('2026-03-29');
    expect(schoolMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(hours(schoolDay('2026-03-29'))).toBe(23);
    expect(iso(schoolWeek('2026-10-25')).start).toBe('2026-10-18T22:00:00.000Z');
    expect(schoolMonth('2026-11-02').start.toISOString()).toBe('2026-10-31T23:00:00.000Z');
  });
});

describe('the wall clock from the cached offset per UTC hour', () => {
  const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit' });
  it('gives the same calendar date as Intl for every instant, across DST changes and decades', () => {
    // Every quarter hour around the four DST changes of 2025–2026, and 20,000 instants spread over 1975–2045.
    const instants: number[] = [];
    for (const change of ['2025-03-30T01:00:00Z', '2025-10-26T01:00:00Z', '2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']) {
      const at = Date.parse(change);
      for (let q = -16; q <= 16; q++) instants.push(at + q * 900_000 - 1, at + q * 900_000);
    }
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const from = Date.parse('1975-01-01T00:00:00Z');
    const to = Date.parse('2045-12-31T00:00:00Z');
    for (let i = 0; i < 20_000; i++) instants.push(Math.floor(from + random() * (to - from)));
    for (const ms of instants) expect(schoolDateOf(new Date(ms)), new Date(ms).toISOString()).toBe(intl.format(new Date(ms)));
  });
});

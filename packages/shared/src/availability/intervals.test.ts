import { describe, expect, it } from 'vitest';
import { availableIntervals, schoolInstant } from './intervals.ts';
import { firstOverlap, formatMinute, parseMinute, setWeekInput, weekIntervalsInput } from './inputs.ts';

// 2026 in Europe/Prague: CET → CEST on Sunday 29 March at 02:00 (UTC 01:00), CEST → CET on Sunday 25 October at 03:00.
const week = [
  { weekday: 1, startMinute: 13 * 60, endMinute: 17 * 60 },
  { weekday: 1, startMinute: 8 * 60, endMinute: 12 * 60 },
  { weekday: 7, startMinute: 0, endMinute: 6 * 60 },
  { weekday: 7, startMinute: 8 * 60, endMinute: 10 * 60 },
];
const iso = (xs: { start: Date; end: Date }[]) => xs.map((x) => [x.start.toISOString(), x.end.toISOString()]);

describe('availableIntervals', () => {
  it('gives the weekday’s intervals in order, as instants of the winter day', () => {
    // Monday 2 February 2026 (CET, UTC+1).
    expect(iso(availableIntervals(week, [], '2026-02-02'))).toEqual([
      ['2026-02-02T07:00:00.000Z', '2026-02-02T11:00:00.000Z'],
      ['2026-02-02T12:00:00.000Z', '2026-02-02T16:00:00.000Z'],
    ]);
    expect(availableIntervals(week, [], '2026-02-02').map((i) => [i.startMinute, i.endMinute])).toEqual([
      [480, 720],
      [780, 1020],
    ]);
  });

  it('uses the summer offset in summer', () => {
    expect(iso(availableIntervals(week, [], '2026-07-06'))[0]).toEqual(['2026-07-06T06:00:00.000Z', '2026-07-06T10:00:00.000Z']);
  });

  it('is exact on the spring change (23-hour Sunday): 0:00–6:00 lasts 5 hours, 8:00 is already summer time', () => {
    const [night, morning] = availableIntervals(week, [], '2026-03-29');
    expect(night.start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(night.end.toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(morning.start.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(morning.end.toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('is exact on the autumn change (25-hour Sunday): 0:00–6:00 lasts 7 hours, 8:00 is winter time', () => {
    const [night, morning] = availableIntervals(week, [], '2026-10-25');
    expect(night.start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(night.end.toISOString()).toBe('2026-10-25T05:00:00.000Z');
    expect(morning.start.toISOString()).toBe('2026-10-25T07:00:00.000Z');
  });

  it('ends an interval at 24:00 at the next midnight', () => {
    const [i] = availableIntervals([{ weekday: 6, startMinute: 1380, endMinute: 1440 }], [], '2026-10-24');
    expect([i.start.toISOString(), i.end.toISOString()]).toEqual(['2026-10-24T21:00:00.000Z', '2026-10-24T22:00:00.000Z']);
    expect(schoolInstant('2026-03-28', 1440).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('gives nothing on a day of absence (both ends inclusive) and nothing on a day without hours', () => {
    const absences = [{ fromDate: '2026-02-02', toDate: '2026-02-09' }];
    expect(availableIntervals(week, absences, '2026-02-02')).toEqual([]);
    expect(availableIntervals(week, absences, '2026-02-09')).toEqual([]);
    expect(availableIntervals(week, absences, '2026-02-16')).toHaveLength(2);
    expect(availableIntervals(week, [], '2026-02-03')).toEqual([]);
  });
});

describe('the week’s input', () => {
  const id = '5f0c3a3e-64a4-4b7e-9d86-1f2a3b4c5d6e';
  const parse = (intervals: unknown) => setWeekInput.safeParse({ teacherId: id, intervals });
  const message = (intervals: unknown) => {
    const r = parse(intervals);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('takes two intervals of a day and touching ones', () => {
    expect(parse(week).success).toBe(true);
    expect(
      parse([
        { weekday: 2, startMinute: 480, endMinute: 720 },
        { weekday: 2, startMinute: 720, endMinute: 780 },
      ]).success,
    ).toBe(true);
    expect(parse([]).success).toBe(true);
  });

  it('refuses, in Czech, a start not before the end, a time off the quarter hours and overlaps within a day', () => {
    expect(message([{ weekday: 1, startMinute: 600, endMinute: 600 }])).toBe('Začátek musí být před koncem.');
    expect(message([{ weekday: 1, startMinute: 605, endMinute: 700 }])).toBe('Čas musí být po 15 minutách (např. 8:00, 8:15, 8:30).');
    expect(
      message([
        { weekday: 1, startMinute: 480, endMinute: 720 },
        { weekday: 1, startMinute: 660, endMinute: 780 },
      ]),
    ).toBe('Časy se v jednom dni nesmí překrývat.');
    expect(message([{ weekday: 8, startMinute: 480, endMinute: 720 }])).toBe('Neplatný den v týdnu.');
  });

  it('lets the same hours be on two days', () => {
    expect(
      firstOverlap([
        { weekday: 1, startMinute: 480, endMinute: 720 },
        { weekday: 2, startMinute: 480, endMinute: 720 },
      ]),
    ).toBe(-1);
    expect(weekIntervalsInput.safeParse(Array.from({ length: 9 }, (_, i) => ({ weekday: 3, startMinute: i * 60, endMinute: i * 60 + 30 }))).success).toBe(
      false,
    );
  });

  it('reads and writes H:MM', () => {
    expect([formatMinute(480), formatMinute(1005), formatMinute(1440)]).toEqual(['8:00', '16:45', '24:00']);
    expect([parseMinute('8:00'), parseMinute('08.30'), parseMinute('24:00'), parseMinute('24:15'), parseMinute('8:60'), parseMinute('x')]).toEqual([
      480,
      510,
      1440,
      null,
      null,
      null,
    ]);
  });
});

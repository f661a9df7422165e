// The feed's text alone: wall-clock times in Prague on both sides of the clock change, whatever the machine's zone,
// DTSTAMP from the given clock, and RFC 5545's CRLF line ends and folding that a parser reads back.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildFeed } from './calendar-feed.ics.ts';
import type { FeedRide } from './calendar-feed.queries.ts';

const ride = (id: string, start: string, state: FeedRide['state'] = 'SCHEDULED'): FeedRide => ({
  id,
  type: 'DRIVING',
  state,
  startTime: new Date(start),
  endTime: new Date(new Date(start).getTime() + 90 * 60_000),
  length: 90,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
  teacherFirstName: 'Petr',
  teacherLastName: 'Učitelský',
  carType: 'Škoda Fabia',
  carRegNumber: '1E2 3456',
  studentFirstName: 'Eva',
  studentLastName: 'Nováková',
  studentGroups: [],
  studentAllGroups: ['B'],
});

describe('buildFeed', () => {
  it('writes Prague’s wall clock in winter and summer, and a parser reads the same instants back', () => {
    const text = buildFeed({
      kind: 'student',
      ownerId: 's1',
      ownerName: 'Eva Nováková',
      school: { name: 'Autoškola Test', street: 'Kounicova', streetCode: '1', city: 'Brno', postCode: '60200' },
      rides: [ride('a', '2026-01-15T08:00:00Z'), ride('b', '2026-07-15T08:00:00Z', 'CANCELLED_BY_STUDENT')],
      lessons: [],
      now: new Date('2026-01-10T12:00:00Z'),
    });
    expect(text).toContain('DTSTART;TZID=Europe/Prague:20260115T090000\r\n');
    expect(text).toContain('DTSTART;TZID=Europe/Prague:20260715T100000\r\n');
    expect(text).toContain('DTSTAMP:20260110T120000Z\r\n');
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(events.map((e) => new ICAL.Event(e).startDate.toJSDate().toISOString())).toEqual(['2026-01-15T08:00:00.000Z', '2026-07-15T08:00:00.000Z']);
    expect(events.map((e) => e.getFirstPropertyValue('status'))).toEqual(['CONFIRMED', 'CANCELLED']);
    expect(events[0].getFirstPropertyValue('description')).toBe('Učitel: Petr Učitelský\nVozidlo: Škoda Fabia (1E2 3456)\nDélka: 90 min');
  });
});

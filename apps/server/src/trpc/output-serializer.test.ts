// The answers' serializer writes exactly what superjson writes, and the client (plain superjson) reads back the same
// value; the answers of this app take the fast path, everything else goes through superjson.
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { serializeOutput } from './output-serializer.ts';

const day = new Date('2026-03-29T01:30:00.000Z');
const later = new Date('2026-03-29T03:00:00.000Z');

/** Answers shaped as the app's: pages with totals, nested joined objects, Dates at every depth, nulls. */
const PLAIN_ANSWERS: unknown[] = [
  {
    items: Array.from({ length: 30 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      type: 'DRIVING',
      startTime: new Date(day.getTime() + i * 3_600_000),
      endTime: new Date(later.getTime() + i * 3_600_000),
      length: 90,
      tachometerBefore: i % 3 ? 1200.5 + i : null,
      signed: i % 2 === 0,
      student: i % 4 ? { id: `s${i}`, firstName: 'Jana', lastName: 'Nováková', dateOfBirth: new Date('2001-02-03T00:00:00.000Z') } : null,
      odometerGap: -0.5,
      note: null,
    })),
    total: 3733,
  },
  { term: { id: 'e', date: day, signUps: [{ attempts: [day.toISOString(), later], groups: ['B', 'C'] }] } },
  { 'dotted.key': day, 'back\\slash': { 'a.b\\c': later }, 0: new Date(day), '': new Date(later) },
  [[day], [later, 'x', 1, true, null], []],
  Object.assign(Object.create(null) as object, { at: day, n: 1 }),
  { empty: {}, list: [], zero: 0, text: '' },
  'text',
  42,
  true,
  null,
];

/** Values only superjson can write: the serializer must hand them over whole. */
const SUPERJSON_ANSWERS: unknown[] = [
  undefined,
  day,
  { a: day, b: day },
  { shared: { x: 1 }, again: [] as unknown[] },
  { big: 12_345_678_901_234_567_890n },
  { nan: Number.NaN, inf: Number.POSITIVE_INFINITY },
  { note: undefined, list: [1, undefined] },
  { tags: new Set(['a']), byId: new Map([['k', day]]) },
  { invalid: new Date(Number.NaN) },
  { sparse: Object.assign(new Array<number>(3), { 0: 1, 2: 3 }) },
  { re: /x/g, error: new Error('e') },
];
(SUPERJSON_ANSWERS[3] as { shared: object; again: unknown[] }).again.push((SUPERJSON_ANSWERS[3] as { shared: object }).shared);

const wire = (result: unknown) => JSON.stringify(result);

describe('serializeOutput', () => {
  it('writes the bytes superjson writes for the app’s answers, without superjson’s copy', () => {
    for (const value of PLAIN_ANSWERS) {
      const fast = serializeOutput(value);
      expect(wire(fast)).toBe(wire(superjson.serialize(value)));
      // The fast path: the JSON part is the answer itself, not a copy.
      expect(fast.json).toBe(value);
      expect(superjson.deserialize(JSON.parse(wire(fast)))).toEqual(superjson.deserialize(JSON.parse(wire(superjson.serialize(value)))));
    }
  });

  it('reads back as the value it was (Dates as Dates)', () => {
    const value = PLAIN_ANSWERS[0] as { items: { startTime: Date; student: { dateOfBirth: Date } | null }[] };
    const back = superjson.deserialize<typeof value>(JSON.parse(wire(serializeOutput(value))));
    expect(back).toEqual(value);
    expect(back.items[1].startTime).toBeInstanceOf(Date);
    expect(back.items[1].student?.dateOfBirth).toBeInstanceOf(Date);
  });

  it('hands everything else to superjson whole', () => {
    for (const value of SUPERJSON_ANSWERS) expect(wire(serializeOutput(value))).toBe(wire(superjson.serialize(value)));
    expect(() => serializeOutput(JSON.parse('{"__proto__":{"x":1}}'))).toThrow(/prototype pollution/);
  });
});

// The transport's guard in front of superjson (issue 17 items 1 and 14): what superjson writes passes unchanged,
// every malformed shape is refused with the one Czech message, each with bounded work.
import { TRPCError } from '@trpc/server';
import { APP_ERRORS } from '@volant/shared/errors';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { MALFORMED_TRANSPORT_CASES } from '../testing/malformed-transport.ts';
import { checkSuperjsonPayload, deserializeInput, MalformedTransportError, parseAnnotationPath } from './transformer.ts';

/** Each input of a batch (tRPC calls the transformer once per call) or the whole body. */
function inputsOf(url: string, body: string): unknown[] {
  const parsed = JSON.parse(body) as unknown;
  if (!url.includes('batch=1')) return [parsed];
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.values(parsed) : [parsed];
}

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
}

describe('the superjson guard', () => {
  it('passes what superjson writes, and reads it as superjson does', () => {
    const day = new Date('2026-03-29T01:30:00.000Z');
    const values = [
      undefined,
      { schoolId: 'a', from: day, to: new Date('2026-03-30T00:00:00.000Z'), note: undefined, tags: ['x', 'y'] },
      // The same Date object twice: superjson writes a referential equality.
      { a: day, b: day, list: [{ at: day }, { at: undefined }] },
      { big: 12345678901234567890n, nan: Number.NaN, inf: Number.POSITIVE_INFINITY, nested: { 'dotted.key': day, 'back\\slash': 1 } },
      [day, undefined, 3],
      day,
      'text',
      null,
    ];
    for (const value of values) {
      const wire = JSON.parse(JSON.stringify(superjson.serialize(value)));
      expect(deserializeInput(wire)).toEqual(superjson.deserialize(JSON.parse(JSON.stringify(superjson.serialize(value)))));
      expect(deserializeInput(JSON.parse(JSON.stringify(superjson.serialize(value))))).toEqual(value);
    }
  });

  it.each(MALFORMED_TRANSPORT_CASES.filter((c) => c.body !== '{"json":'))('refuses "$name" with the Czech message, quickly', (c) => {
    const errors = inputsOf(c.url, c.body)
      .map((input) => refusal(() => deserializeInput(input)))
      .filter((e) => e !== null);
    // The batch of well-formed calls behind a public one holds one fine input; all others are refused.
    expect(errors.length).toBeGreaterThan(0);
    for (const err of errors) {
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe('BAD_REQUEST');
      expect((err as TRPCError).message).toBe(APP_ERRORS.MALFORMED_REQUEST);
      expect((err as TRPCError).cause).toBeInstanceOf(MalformedTransportError);
    }
    // Bounded work: CPU time (not wall time, which a busy machine stretches) per input, well under a millisecond.
    const inputs = inputsOf(c.url, c.body);
    const cpu0 = process.threadCpuUsage();
    for (let i = 0; i < 20; i++) for (const input of inputs) refusal(() => deserializeInput(input));
    const cpu = process.threadCpuUsage(cpu0);
    expect((cpu.user + cpu.system) / 1000 / 20 / inputs.length).toBeLessThan(2);
  });

  it('reads paths as superjson writes them and refuses malformed ones', () => {
    expect(parseAnnotationPath('a.b\\.c.\\\\d')).toEqual(['a', 'b.c', '\\d']);
    expect(parseAnnotationPath('a\\x')).toBeNull();
    expect(parseAnnotationPath(Array.from({ length: 100 }, () => 'a').join('.'))).toBeNull();
    expect(parseAnnotationPath('x'.repeat(2_000))).toBeNull();
  });

  it('refuses what superjson would take but our inputs never carry: classes, maps, sets, regexps, errors, cycles', () => {
    const shapes = [
      superjson.serialize({ m: new Map([['a', 1]]) }),
      superjson.serialize({ s: new Set([1]) }),
      superjson.serialize({ r: /x/ }),
      superjson.serialize({ e: new Error('x') }),
      { json: { o: { p: {} } }, meta: { referentialEqualities: { o: ['o.p'] }, v: 1 } },
      { json: { a: 1 }, meta: { values: { a: ['Date'] }, v: 1 } },
      { json: { a: '1' }, extra: true },
    ];
    for (const shape of shapes) expect(refusal(() => deserializeInput(JSON.parse(JSON.stringify(shape))))).toBeInstanceOf(TRPCError);
  });
});

describe('a body without meta.v', () => {
  it('is read as superjson reads it: Dates annotated by a client that leaves out the version are accepted', () => {
    expect(() => checkSuperjsonPayload({ json: { at: '2026-01-01T00:00:00.000Z', n: 1 }, meta: { values: { at: ['Date'] } } })).not.toThrow();
    expect(() => checkSuperjsonPayload({ json: { at: '2026-01-01T00:00:00.000Z' }, meta: { values: { at: ['Date'] }, v: 2 } })).toThrow();
  });
});

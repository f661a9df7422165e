// The answers' serializer: superjson's wire format without superjson's walk for the values this app answers with.
//
// superjson.serialize copies every value of an answer into a new tree, keeps a path array per value and a map of
// every object it met (for referential equalities); for a week of the calendar that was the largest piece of the
// answer's CPU. Our answers are plain objects and arrays of strings, finite numbers, booleans, nulls and Dates. For
// those this walk checks each value once and records only the Dates' paths; the JSON part is the answer itself, as
// JSON.stringify writes a valid Date exactly as superjson does (`toISOString()`). Anything else — undefined, a bigint,
// a non-finite number, a Map, a Set, a class instance, a function, an object met twice, an invalid Date, a key
// superjson refuses — hands the whole answer to superjson, so the wire bytes are superjson's in every case
// (output-serializer.test.ts compares the two).
import superjson from 'superjson';
import { CachedAnswer } from '../lib/read-cache.ts';

type SuperJSONResult = ReturnType<typeof superjson.serialize>;
type DateAnnotations = Record<string, ['Date']>;

/** superjson's escaping of one path segment (`.` and `\`). */
const escapeKey = (key: string) => (key.includes('.') || key.includes('\\') ? key.replace(/\\/g, '\\\\').replace(/\./g, '\\.') : key);

class NotPlain extends Error {}
const NOT_PLAIN = new NotPlain();

/**
 * Walks `value` at `path` (null: the root), adding each Date's path to `dates`; throws NOT_PLAIN at the first value
 * superjson must handle.
 */
function walk(value: unknown, path: string | null, dates: { values: DateAnnotations | null }, seen: Set<object>): void {
  if (value === null) return;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      return;
    case 'object':
      break;
    default:
      throw NOT_PLAIN;
  }
  const object = value as object;
  if (seen.has(object)) throw NOT_PLAIN;
  seen.add(object);
  if (Array.isArray(object)) {
    const prefix = path === null ? '' : `${path}.`;
    for (let i = 0; i < object.length; i++) {
      const item: unknown = object[i];
      // Primitives inline: the common case costs no call.
      if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
      walk(item, prefix + i, dates, seen);
    }
    return;
  }
  const proto = Object.getPrototypeOf(object);
  if (proto === Date.prototype) {
    if (path === null || Number.isNaN((object as Date).getTime())) throw NOT_PLAIN;
    dates.values ??= {};
    dates.values[path] = ['Date'];
    return;
  }
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const prefix = path === null ? '' : `${path}.`;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw NOT_PLAIN;
    const item = (object as Record<string, unknown>)[key];
    if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
    walk(item, prefix + escapeKey(key), dates, seen);
  }
}

/**
 * `superjson.serialize(value)` as JSON: the same `{ json, meta }` once stringified. `json` is `value` itself (Dates
 * still Dates, written by JSON.stringify), so the result is for the wire only, never to be read as superjson's tree.
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  // An answer from the cache (trpc/cached-read.ts) is this function's result already, as text: the direct GET path
  // (http.ts) writes the text as it is; tRPC's own handler gets it back as the object it was.
  if (value instanceof CachedAnswer) return JSON.parse(value.text) as SuperJSONResult;
  const dates: { values: DateAnnotations | null } = { values: null };
  try {
    walk(value, null, dates, new Set());
  } catch (err) {
    if (err === NOT_PLAIN) return superjson.serialize(value);
    throw err;
  }
  if (!dates.values) return { json: value as SuperJSONResult['json'] };
  return { json: value as SuperJSONResult['json'], meta: { values: dates.values, v: 1 } };
}

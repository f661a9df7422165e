// The tRPC transformer: superjson, with a guard in front of the input's deserializer (issue 17 item 1).
//
// superjson trusts its `meta`: `{"meta":{"values":"zzz"}}` makes its deserializer walk the characters of a string for
// ever (stack overflow, 50–100 ms of CPU per request), a path may lead through `__proto__` or to keys that do not
// exist, `referentialEqualities` can make cycles, and its errors carry library text. So the request's shape is checked
// first with bounded work (sizes, depth, counts; known type names only; every path into an existing key of the
// request's own JSON; no prototype keys) and anything else is refused as one Czech 400, the reason in the log only.
// What our client sends passes: superjson's own serializer writes the `{ json, meta: { values, referentialEqualities,
// v: 1 } }` checked here, and the inputs of this app carry Dates, undefined, bigints and non-finite numbers only.
import { TRPCError } from '@trpc/server';
import { APP_ERRORS } from '@volant/shared/errors';
import superjson from 'superjson';
import { serializeOutput } from './output-serializer.ts';

export const TRANSPORT_LIMITS = {
  /** Nesting of the request's JSON (the deepest input of the app is ~6). */
  maxDepth: 64,
  /** Annotated values plus referential-equality paths of one input. */
  maxAnnotations: 2_000,
  /** Segments of one annotation path, and characters of one. */
  maxPathSegments: 64,
  maxPathChars: 1_000,
  /** A bigint or date text. */
  maxScalarChars: 100,
} as const;

/** The annotations this app's inputs use (superjson's simple rules); classes, symbols, custom types, maps, sets, errors and regexps are refused. */
const LEAF_TYPES: Record<string, (value: unknown) => boolean> = {
  undefined: () => true,
  Date: (v) => typeof v === 'string' && v.length <= TRANSPORT_LIMITS.maxScalarChars,
  bigint: (v) => typeof v === 'string' && v.length <= TRANSPORT_LIMITS.maxScalarChars && /^-?\d+$/.test(v),
  number: (v) => v === 'NaN' || v === 'Infinity' || v === '-Infinity',
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** A refused request: the client sees the Czech message, the log the reason (server.ts onError). */
export class MalformedTransportError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MalformedTransportError';
  }
}

const refuse = (reason: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message: APP_ERRORS.MALFORMED_REQUEST, cause: new MalformedTransportError(reason) });
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** superjson's v1 path syntax (`a.b\.c` → ['a', 'b.c'], `\\` a backslash), bounded; null when malformed. */
export function parseAnnotationPath(path: string): string[] | null {
  if (path.length > TRANSPORT_LIMITS.maxPathChars) return null;
  const segments: string[] = [];
  let segment = '';
  for (let i = 0; i < path.length; i++) {
    const char = path[i];
    if (char === '\\') {
      const next = path[i + 1];
      if (next !== '\\' && next !== '.') return null;
      segment += next;
      i++;
    } else if (char === '.') {
      segments.push(segment);
      segment = '';
      if (segments.length >= TRANSPORT_LIMITS.maxPathSegments) return null;
    } else segment += char;
  }
  segments.push(segment);
  return segments;
}

/** Where a path leads in the JSON: the parent and the key, when every step is an own key of an object or an index of an array. */
function resolve(root: unknown, path: string[]): { parent: unknown; key: string; exists: boolean } | null {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (FORBIDDEN_KEYS.has(key)) return null;
    let exists: boolean;
    if (Array.isArray(node)) exists = /^(0|[1-9]\d{0,8})$/.test(key) && Number(key) < node.length;
    else if (isPlainObject(node)) exists = Object.hasOwn(node, key);
    else return null;
    if (i === path.length - 1) return { parent: node, key, exists };
    if (!exists) return null;
    node = Array.isArray(node) ? node[Number(key)] : (node as Record<string, unknown>)[key];
  }
  return null;
}

function valueAt(parent: unknown, key: string): unknown {
  return Array.isArray(parent) ? parent[Number(key)] : (parent as Record<string, unknown>)[key];
}

/** Depth of the JSON without recursion (a deep request must not overflow the stack here either). */
function checkDepth(json: unknown) {
  const stack: [unknown, number][] = [[json, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= TRANSPORT_LIMITS.maxDepth) refuse(`json nested deeper than ${TRANSPORT_LIMITS.maxDepth}`);
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
}

function leafType(tree: unknown): string {
  if (!Array.isArray(tree) || tree.length !== 1 || typeof tree[0] !== 'string' || !Object.hasOwn(LEAF_TYPES, tree[0])) {
    return refuse(`annotation not a known leaf type: ${JSON.stringify(tree)?.slice(0, 80)}`);
  }
  return tree[0];
}

function checkValues(json: unknown, values: unknown, budget: { left: number }) {
  // The whole input annotated (e.g. `undefined` as a mutation's input).
  if (Array.isArray(values)) {
    const type = leafType(values);
    if (!LEAF_TYPES[type](json)) refuse(`root value does not fit ${type}`);
    return;
  }
  if (!isPlainObject(values)) return refuse('meta.values neither an annotation nor an object');
  for (const [rawPath, tree] of Object.entries(values)) {
    if (--budget.left < 0) refuse('too many annotations');
    const type = leafType(tree);
    const path = parseAnnotationPath(rawPath);
    if (!path) return refuse('malformed annotation path');
    const at = resolve(json, path);
    if (!at) return refuse('annotation path outside the input');
    // superjson writes an undefined object property by leaving the key out; everything else must be there.
    if (!at.exists && !(type === 'undefined' && isPlainObject(at.parent))) refuse('annotation path to a missing key');
    if (at.exists && !LEAF_TYPES[type](valueAt(at.parent, at.key))) refuse(`value does not fit ${type}`);
  }
}

function checkReferentialEqualities(json: unknown, equalities: unknown, budget: { left: number }) {
  // The array form is for paths equal to the root itself: only a circular input makes it.
  if (!isPlainObject(equalities)) return refuse('meta.referentialEqualities not an object');
  const existing = (raw: unknown) => {
    if (--budget.left < 0) refuse('too many annotations');
    const path = typeof raw === 'string' ? parseAnnotationPath(raw) : null;
    const at = path && resolve(json, path);
    if (!path || !at?.exists) return refuse('referential equality to a missing key');
    return path;
  };
  for (const [representative, identical] of Object.entries(equalities)) {
    const target = existing(representative);
    if (!Array.isArray(identical) || identical.length === 0) return refuse('referential equality without paths');
    for (const raw of identical) {
      const path = existing(raw);
      // One path inside the other makes a cycle or drops the object it copies.
      const n = Math.min(path.length, target.length);
      if (path.slice(0, n).every((segment, i) => segment === target[i])) refuse('referential equality along one path');
    }
  }
}

/** Checks one call's `{ json, meta }` with bounded work; throws a Czech BAD_REQUEST when it is not what superjson writes. */
export function checkSuperjsonPayload(payload: unknown): asserts payload is { json?: unknown; meta?: Record<string, unknown> } {
  if (!isPlainObject(payload)) return refuse('input not an object');
  for (const key of Object.keys(payload)) if (key !== 'json' && key !== 'meta') refuse(`unknown key ${key.slice(0, 40)}`);
  checkDepth(payload.json);
  if (payload.meta === undefined) return;
  const meta = payload.meta;
  if (!isPlainObject(meta)) return refuse('meta not an object');
  for (const key of Object.keys(meta)) if (key !== 'values' && key !== 'referentialEqualities' && key !== 'v') refuse(`unknown meta key ${key.slice(0, 40)}`);
  // superjson 2 writes v: 1; a client of an older superjson (or a hand-made body with Dates) leaves it out.
  if (meta.v !== undefined && meta.v !== 1) refuse('meta.v not 1');
  const budget = { left: TRANSPORT_LIMITS.maxAnnotations };
  if (meta.values !== undefined) checkValues(payload.json, meta.values, budget);
  if (meta.referentialEqualities !== undefined) checkReferentialEqualities(payload.json, meta.referentialEqualities, budget);
}

/** Deserializes one call's input after the check; whatever superjson still throws is a malformed request too. */
export function deserializeInput(payload: unknown): unknown {
  checkSuperjsonPayload(payload);
  try {
    // In place: the request's JSON is ours alone, and the copy would walk it recursively once more.
    return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0], { inPlace: true });
  } catch (err) {
    return refuse(`superjson: ${err instanceof Error ? err.message : String(err)}`.slice(0, 200));
  }
}

/**
 * tRPC's combined transformer: requests through the guard; answers written by serializeOutput (superjson's wire
 * format, output-serializer.ts), read by plain superjson on the client.
 */
export const transformer = {
  input: { serialize: (value: unknown) => superjson.serialize(value), deserialize: deserializeInput },
  output: { serialize: serializeOutput, deserialize: (value: Parameters<typeof superjson.deserialize>[0]) => superjson.deserialize(value) },
};

// Inputs for the fuzz test, generated from a procedure's own zod schema: a plausible valid value first (so the
// malformed part reaches past the parser into services and SQL), then one to three attacks on it.
import type { z } from 'zod';

export type Rng = () => number;

/** A small seeded PRNG (mulberry32), so a failing case can be replayed with the same FUZZ_SEED. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

export interface FuzzContext {
  rng: Rng;
  /** Ids of real rows the caller may see (their own school, student, tag …), mixed with unknown ones. */
  knownIds: readonly string[];
}

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;
const defOf = (s: Schema) => s._zod.def as Def;
const accepts = (s: Schema, v: unknown) => {
  try {
    return (s as z.ZodType).safeParse(v).success;
  } catch {
    return false;
  }
};

const MB = 1024 * 1024;
const oneMb = 'a'.repeat(MB);

const plausibleStrings = [
  'Novák',
  'Jana Dvořáková',
  '2005-04-12',
  '2026-03-02',
  'fuzz@example.cz',
  '+420 777 123 456',
  '#a1b2c3',
  '60200',
  '12',
  'AB-1',
  'kod-0123456789abcdef',
  'Heslo123!',
  'Dobrý den, zkouším formulář.',
  'https://autoskola.example.cz',
  // A signature picture in the safe SVG subset (the rides' and the pass's signature inputs accept nothing else).
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M1 1L9 9" stroke="black"/></svg>',
];

// 60 and 480 are also whole quarters of an hour after midnight (working hours, availability.setWeek): without them no
// sample of a week passes its refinements, and the sampler's retries over nested arrays cost seconds per case.
const plausibleNumbers = [1, 2, 10, 0, 50, 100, 3, 60, 480];

const unknownIds = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];

function uuidLike(ctx: FuzzContext) {
  if (ctx.rng() < 0.7) return pick(ctx.rng, ctx.knownIds);
  if (ctx.rng() < 0.3) return pick(ctx.rng, unknownIds);
  return crypto.randomUUID();
}

/** A value the schema most likely accepts (best effort: a few tries, keeping the first one it accepts). */
export function sampleValid(schema: Schema, ctx: FuzzContext, depth = 0): unknown {
  let last: unknown;
  for (let i = 0; i < 12; i++) {
    last = sampleOnce(schema, ctx, depth);
    if (accepts(schema, last)) return last;
  }
  return last;
}

function sampleOnce(schema: Schema, ctx: FuzzContext, depth: number): unknown {
  const def = defOf(schema);
  const { rng } = ctx;
  if (depth > 8) return undefined;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(shape)) {
        const v = sampleValid(child, ctx, depth + 1);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array': {
      const n = 1 + Math.floor(rng() * 2);
      return Array.from({ length: n }, () => sampleValid(def.element as Schema, ctx, depth + 1));
    }
    case 'enum':
      return pick(rng, Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return pick(rng, def.values as unknown[]);
    case 'optional':
      return rng() < 0.3 ? undefined : sampleValid(def.innerType as Schema, ctx, depth + 1);
    case 'nullable':
      return rng() < 0.2 ? null : sampleValid(def.innerType as Schema, ctx, depth + 1);
    case 'default':
    case 'prefault':
      return rng() < 0.3 ? undefined : sampleValid(def.innerType as Schema, ctx, depth + 1);
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleValid(def.innerType as Schema, ctx, depth + 1);
    case 'pipe':
      return sampleValid(def.in as Schema, ctx, depth + 1);
    case 'union':
      return sampleValid(pick(rng, def.options as Schema[]), ctx, depth + 1);
    case 'boolean':
      return rng() < 0.5;
    case 'number':
      return pick(rng, plausibleNumbers.filter((n) => accepts(schema, n)).concat(1));
    case 'date':
      return new Date();
    case 'string': {
      if (def.format === 'uuid' || def.format === 'guid') return uuidLike(ctx);
      const fitting = plausibleStrings.filter((s) => accepts(schema, s));
      return fitting.length ? pick(rng, fitting) : pick(rng, plausibleStrings);
    }
    default:
      return undefined;
  }
}

// ——— attacks ———

function deepNesting(levels: number): unknown {
  let v: unknown = 'dno';
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

/** Values of the wrong type or at the edge of any type: used on any field. */
const genericAttacks: (() => unknown)[] = [
  () => null,
  () => undefined,
  () => true,
  () => 0,
  () => -1,
  () => '',
  () => ' ',
  () => [],
  () => {},
  () => ({ nested: { deeper: true } }),
  () => [null, 1, 'x'],
  () => deepNesting(200),
  () => Array.from({ length: 10_000 }, (_, i) => i),
  () => new Date(Number.NaN),
  () => new Date(8.64e15),
  () => 10n ** 30n,
  () => new Map([['a', 1]]),
  () => new Set([1]),
  () => oneMb,
];

const numberAttacks = [
  -1,
  -0,
  0.5,
  -1e308,
  1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
];

const badDates = ['2026-02-30', '0000-01-01', '2026-13-01', '2026-00-10', '2025-02-29', '9999-12-31', '1899-12-31', '2026-04-31', '+02026-01-01', '2026-1-1'];

const badUuids = [
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  'g0000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-00000000000\u0000',
  '{00000000-0000-0000-0000-000000000000}',
];

/** Text made to break things after validation: it keeps the valid value's length and shape where it can. */
function stringAttack(valid: unknown, rng: Rng): unknown {
  const base = typeof valid === 'string' && valid.length > 0 ? valid : 'Text';
  const attacks: (() => unknown)[] = [
    () => `${base}\u0000`,
    () => `\u0000${base}`,
    () => '\u0000',
    () => `${base}\uD800`,
    () => `${base.slice(0, 1)}\uDC00${base.slice(1)}`,
    () => '\uDBFF',
    () => `${base}😀`,
    () => '😀'.repeat(60),
    () => `\u202E${base}`,
    () => `${base}\u200B`,
    () => `${base}\uFEFF`,
    () => `${base}'); drop table users; --`,
    () => `${base}%s%n\\`,
    () => `${base}\n\r\t`,
    () => base.toUpperCase(),
    () => `  ${base}  `,
    () => base.repeat(300),
    () => oneMb,
    () => 'x'.repeat(10_001),
    () => pick(rng, badDates),
    () => pick(rng, badUuids),
    () => '1e400',
    () => 'NaN',
  ];
  return pick(rng, attacks)();
}

function attackValue(valid: unknown, rng: Rng): unknown {
  const r = rng();
  if (typeof valid === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(valid) && r < 0.4) return pick(rng, badDates);
    if (/^[0-9a-f]{8}-/.test(valid) && r < 0.3) return pick(rng, badUuids);
    return r < 0.85 ? stringAttack(valid, rng) : pick(rng, genericAttacks)();
  }
  if (typeof valid === 'number') return r < 0.7 ? pick(rng, numberAttacks) : pick(rng, genericAttacks)();
  if (typeof valid === 'boolean') return r < 0.5 ? pick(rng, ['true', 1, 0, null]) : pick(rng, genericAttacks)();
  return r < 0.5 ? stringAttack(undefined, rng) : pick(rng, genericAttacks)();
}

type Path = (string | number)[];

function paths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length) out.push(prefix);
  // Attack values (deep nesting, 10,000 items) are leaves: walking into them only slows the run.
  if (prefix.length > 6 || (Array.isArray(value) && value.length > 20)) return out;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) paths(v, [...prefix, i], out);
  } else if (value && typeof value === 'object' && !(value instanceof Date)) for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)]));
  return value;
}

function getAt(root: unknown, path: Path): unknown {
  let v = root as Record<string | number, unknown> | undefined;
  for (const p of path) v = v?.[p] as Record<string | number, unknown> | undefined;
  return v;
}

function parentOf(root: unknown, path: Path) {
  return getAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
}

/** One malformed or boundary input for a procedure whose valid input looks like `valid`. */
export function mutate(valid: unknown, rng: Rng, protectedKeys: readonly string[] = []): unknown {
  if (rng() < 0.05) return valid;
  if (rng() < 0.08) return pick(rng, genericAttacks)();
  const value = clone(valid);
  const rounds = 1 + Math.floor(rng() * rng() * 3);
  for (let round = 0; round < rounds; round++) {
    // The school id stays valid most of the time, or nearly every attack would stop at the gate.
    const all = paths(value).filter((p) => !(p.length === 1 && protectedKeys.includes(String(p[0])) && rng() < 0.9));
    const kind = rng();
    if (!all.length || (kind < 0.1 && value && typeof value === 'object')) {
      const target = (all.length && rng() < 0.5 ? parentOf(value, pick(rng, all)) : value) as Record<string, unknown> | null;
      if (target && typeof target === 'object' && !Array.isArray(target)) {
        const key = pick(rng, ['extra', 'constructor', 'toString', 'schoolId', 'id', 'isAdmin', 'role']);
        Object.defineProperty(target, key, { value: attackValue(undefined, rng), enumerable: true, configurable: true, writable: true });
      }
      continue;
    }
    const path = pick(rng, all);
    const parent = parentOf(value, path);
    const key = path[path.length - 1];
    if (kind < 0.25) {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else {
      parent[key] = attackValue(parent[key], rng);
    }
  }
  return value;
}

/** A short, printable description of an input, for failure reports (1 MB strings and NULs included). */
export function describeInput(value: unknown, max = 300): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v) => {
      if (typeof v === 'string' && v.length > 40) return `${v.slice(0, 20)}…(${v.length} chars)`;
      if (typeof v === 'bigint') return `${v}n`;
      if (v instanceof Map || v instanceof Set) return `${v.constructor.name}(${v.size})`;
      if (Array.isArray(v) && v.length > 10) return [...v.slice(0, 3), `…(${v.length} items)`];
      return v;
    });
  } catch {
    text = String(value);
  }
  text = text ?? 'undefined';
  // JSON.stringify escapes NULs and lone surrogates, so the report stays printable.
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

// PostgreSQL error codes reach us wrapped (Drizzle's DrizzleQueryError keeps the driver error as `cause`);
// node-postgres and PGlite both carry the SQLSTATE in `code` and the constraint name in `constraint`.
import type { AppErrorCode } from '@volant/shared/errors';

interface PgErrorFields {
  code?: string;
  constraint?: string;
}

const sqlState = /^[0-9A-Z]{5}$/;

/** The error and its causes, outermost first (bounded: a cause chain may be cyclic). */
function chain(err: unknown): object[] {
  const out: object[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8 && !out.includes(e); e = (e as { cause?: unknown }).cause, depth++) {
    out.push(e);
    // Node reports a refused dual-stack connection as an AggregateError of one error per address.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) out.push(...inner.filter((i): i is object => !!i && typeof i === 'object').slice(0, 4));
  }
  return out;
}

function pgFields(err: unknown): PgErrorFields | undefined {
  return chain(err).find((e) => typeof (e as PgErrorFields).code === 'string' && sqlState.test((e as PgErrorFields).code as string)) as
    | PgErrorFields
    | undefined;
}

/** A unique violation (23505), optionally of one named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const f = pgFields(err);
  return f?.code === '23505' && (!constraint || f.constraint === constraint);
}

/** An exclusion-constraint violation (23P01), optionally of one of the named constraints; the constraint's name, or undefined. */
export function exclusionViolation(err: unknown, constraints?: readonly string[]): string | undefined {
  const f = pgFields(err);
  if (f?.code !== '23P01') return undefined;
  if (constraints && !constraints.includes(f.constraint ?? '')) return undefined;
  return f.constraint ?? '';
}

/** A foreign-key violation (23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgFields(err)?.code === '23503';
}

/** Database errors that mean the input was bad, by SQLSTATE (their kinds: the catalogue's table). Anything else stays an internal error. */
const byInput: Record<string, AppErrorCode> = {
  '22P05': 'INVALID_TEXT', // untranslatable character (e.g. \u0000 into jsonb)
  '22021': 'INVALID_TEXT', // invalid byte sequence for the encoding (NUL in text)
  '22007': 'INVALID_DATE', // invalid datetime format
  '22008': 'INVALID_DATE', // datetime field out of range
  '22001': 'INVALID_INPUT', // string too long for the column
  '22003': 'INVALID_INPUT', // number out of the column's range
  '22P02': 'INVALID_INPUT', // invalid text representation (a malformed uuid)
  '23514': 'INVALID_INPUT', // check constraint
  '23503': 'NOT_FOUND', // the referenced row does not exist
  '23505': 'ALREADY_EXISTS', // unique violation
  '23P01': 'ALREADY_EXISTS', // exclusion constraint (an overlapping booking)
};

const unavailable: AppErrorCode = 'DB_UNAVAILABLE';

/** SQLSTATEs of a server that is going away or cannot take us: admin shutdown, crash shutdown, starting up, full. */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres reports a lost or unobtainable connection with plain messages and no code. */
const lostConnection =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * What a database error means for the caller, or undefined when it is not one we can explain (a bug: the caller
 * gets a generic internal error). Pure: looks at the error and its causes only.
 */
export function classifyDbError(err: unknown): AppErrorCode | undefined {
  for (const e of chain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (byInput[code]) return byInput[code];
      if (code.startsWith('08') && sqlState.test(code)) return unavailable;
      if (unavailableStates.has(code) || networkCodes.has(code)) return unavailable;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && lostConnection.test(message)) return unavailable;
  }
  return undefined;
}

/** Driver messages of data errors quote the offending value ('invalid input syntax for type uuid: "…"'). */
const quotedValue = /(:\s*)".*"\s*$/s;

function firstStackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  // The first lines repeat the message, which for Drizzle holds the parameters.
  const frames = stack.split('\n').filter((l) => /^\s+at /.test(l));
  return frames.slice(0, 12).join('\n') || undefined;
}

/**
 * An error as it may be logged: type, message, stack frames and the SQL text, never the SQL parameters nor the
 * driver's `detail` (which repeats values: 'Key (email)=(…) already exists'). A plain object, so the logger does
 * not walk the original causes itself.
 */
export function errorForLog(err: unknown): Record<string, unknown> {
  const all = chain(err);
  // A wrapper may repeat a query error's message (tRPC copies its cause's message): cut the parameters there too.
  const queryMessages = all
    .filter((e) => typeof (e as { query?: unknown }).query === 'string' && typeof (e as { message?: unknown }).message === 'string')
    .map((e) => [(e as Error).message, `Failed query: ${(e as { query: string }).query}`] as const);
  const links = all.map((e) => {
    const x = e as Record<string, unknown>;
    const type = (e as { constructor?: { name?: string } }).constructor?.name ?? 'Object';
    const isQuery = typeof x.query === 'string' && 'params' in x;
    const code = typeof x.code === 'string' ? x.code : undefined;
    let message = typeof x.message === 'string' ? x.message : String(e);
    for (const [raw, safe] of queryMessages) message = message.replaceAll(raw, safe);
    if (code?.startsWith('22')) message = message.replace(quotedValue, '$1"…"');
    const link: Record<string, unknown> = { type, message };
    if (code) link.code = code;
    for (const key of ['severity', 'constraint', 'table', 'column', 'routine'] as const) if (typeof x[key] === 'string') link[key] = x[key];
    if (isQuery) link.query = x.query;
    return { link, stack: firstStackFrames(x.stack) };
  });
  if (!links.length) return { type: typeof err, message: String(err) };
  const [outer, ...causes] = links;
  return { ...outer.link, stack: outer.stack, ...(causes.length ? { causes: causes.map((c) => c.link) } : {}) };
}

// What a request may cost before anyone knows who sent it (issue 17 item 12): small bodies for anonymous callers,
// refused with 413 before they are read; a per-address budget of anonymous calls, refused with 429 before the body is
// read; a cap on the calls of one tRPC batch. Wired into Fastify's onRequest/preParsing hooks in server.ts.
import { Transform, type TransformCallback } from 'node:stream';
import { APP_ERRORS } from '@volant/shared/errors';
import { SIGNATURE_MAX_LENGTH } from '@volant/shared/driving-lessons-record/signature';

/**
 * Body limits in bytes, from the sizes of the public calls as superjson sends them (transport-guard.test.ts prints them):
 * - a login 0.2 KB; a contact message of 1,000 Czech characters 1.4 KB → 8 KB for every anonymous call;
 * - the public application form filled in fully 1.2 KB, with every text beyond its schema's bound in two-byte Czech
 *   letters 6.5 KB → 32 KB;
 * - the student's signature on the pass: a long signature from the pad (1,000 Bézier segments) 165 KB; an SVG of the
 *   schema's maximum, SIGNATURE_MAX_LENGTH (300,000) characters, 319 KB with its quotes escaped → SIGNATURE_MAX_LENGTH
 *   × 1.25 + 8 KB (383 KB), so the schema's own Czech message, not a 413, answers an SVG that is too long;
 * - a logged-in caller (a live session): Fastify's 2 MB, as before.
 */
export const BODY_LIMITS = {
  anonymous: 8 * 1024,
  applicationForm: 32 * 1024,
  signature: Math.ceil(SIGNATURE_MAX_LENGTH * 1.25) + 8 * 1024,
  authenticated: 2 * 1024 * 1024,
} as const;

/** Calls in one tRPC batch (the web client splits its batches at 16 calls: maxItems in apps/web/src/lib/trpc.ts). */
export const MAX_BATCH_CALLS = 32;

/** Anonymous calls per client address and minute, all routes together, as a multiple of RATE_LIMIT_PUBLIC_PER_MIN. */
export const ANONYMOUS_CALLS_PER_PUBLIC_LIMIT = 5;

const TRPC_PREFIX = '/api/trpc/';
const PUBLIC_LARGE_PROCEDURES: Record<string, number> = {
  'studentPassSignature.createStudentPassSignature': BODY_LIMITS.signature,
  'applicationForm.submitApplication': BODY_LIMITS.applicationForm,
};
const PUBLIC_LARGE_ROUTES: Record<string, number> = {
  '/api/public/application-forms/:formId/submissions': BODY_LIMITS.applicationForm,
};

/** The tRPC procedure paths of a request URL ('a.b,c.d?batch=1' → ['a.b', 'c.d']), or null for another route. */
export function trpcPaths(url: string): string[] | null {
  if (!url.startsWith(TRPC_PREFIX)) return null;
  const path = url.slice(TRPC_PREFIX.length).split('?', 1)[0];
  return decodeURIComponent(path).split(',');
}

/** Whether a request is a tRPC batch (its answer is a list). */
export const isBatch = (url: string) => /[?&]batch=1(&|$)/.test(url);

/** The body a caller without a live session may send to this route: the small limit, or a public route's own. */
export function anonymousBodyLimit(routeUrl: string | undefined, url: string): number {
  const paths = trpcPaths(url);
  if (paths) {
    // A batch gets the route's limit only if every call in it has it.
    const limits = paths.map((p) => PUBLIC_LARGE_PROCEDURES[p] ?? BODY_LIMITS.anonymous);
    return Math.min(...limits);
  }
  return (routeUrl ? PUBLIC_LARGE_ROUTES[routeUrl] : undefined) ?? BODY_LIMITS.anonymous;
}

/** The announced length, or null when the body comes chunked (or the header is not a number). */
export function announcedLength(header: string | undefined): number | null {
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** An error that Fastify answers with its status (the error handler in server.ts writes the Czech body). */
export class TransportRefusal extends Error {
  readonly statusCode: 413 | 429;
  constructor(statusCode: 413 | 429) {
    super(statusCode === 413 ? 'body over its limit' : 'anonymous calls over their limit');
    this.statusCode = statusCode;
  }
}

const TRPC_CODES = {
  413: { key: 'PAYLOAD_TOO_LARGE', code: -32013, message: APP_ERRORS.PAYLOAD_TOO_LARGE },
  429: { key: 'TOO_MANY_REQUESTS', code: -32029, message: APP_ERRORS.RATE_LIMITED },
} as const;

/**
 * The answer to a refused request in the shape its client reads: tRPC's error (a list of them for a batch) with the
 * Czech message, so the web app shows it as it shows any error; other routes `{ error }` as they answer themselves.
 */
export function refusalBody(url: string, status: 413 | 429): string {
  const { key, code, message } = TRPC_CODES[status];
  const paths = trpcPaths(url);
  if (!paths) return JSON.stringify({ error: message });
  const one = (path: string) => ({ error: { json: { message, code, data: { code: key, httpStatus: status, path, appCode: null, zodError: null } } } });
  return JSON.stringify(isBatch(url) ? paths.slice(0, MAX_BATCH_CALLS).map(one) : one(paths[0]));
}

/**
 * Passes a body through until it exceeds `limit` bytes, then fails with a 413 and reads no further (for bodies that
 * come chunked or announce less than they send; Fastify's own check then knows only its 2 MB).
 */
export function capBody(limit: number): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      received += chunk.length;
      if (received > limit) callback(new TransportRefusal(413));
      else callback(null, chunk);
    },
  });
}

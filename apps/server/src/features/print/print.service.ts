// Print links (spec §2 print routes): a short-lived document token, signed with the key of the session that asked
// for it (HMAC-SHA256 keyed by the session token's hash, which only the server and that session's holder can
// compute). Opening it checks, at that moment, that the session is alive and its user still an active member of an
// unblocked school, then loads the document for that school: a logout, a removed membership or an expired link all
// answer 'Odkaz je neplatný nebo jeho platnost vypršela.' No secret to configure, any instance verifies any token, and
// a token names one document of one school, so forging one (its holder could) gains nothing the session cannot read.
import { createHmac } from 'node:crypto';
import type { PdfKind } from '@volant/shared/enums';
import type { DocumentVm } from '@volant/shared/pdf/view-models';
import { type CreatePrintTokenInput, PRINT_TOKEN_MINUTES, printPath } from '@volant/shared/pdf/print';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual, hashToken } from '../../lib/crypto.ts';
import { findMembership, proveSchoolId, type SchoolId } from '../../lib/tenant.ts';
import type { DocumentSubject } from '../../pdf/document.ts';
import { documentOf } from '../../pdf/documents.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findLiveSession } from './print.queries.ts';

interface Payload {
  /** session id, school id, kind, subject id, params, expiry (ms since epoch) */
  s: string;
  c: string;
  k: PdfKind;
  e: string | null;
  p: unknown;
  x: number;
}

const invalid = () => new AppError('INVALID_CODE', 'NOT_FOUND');
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const mac = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

function subjectOf(input: CreatePrintTokenInput): DocumentSubject {
  return input.kind === 'REGISTER_BOOK' ? { entityId: null, params: { from: input.range.from, to: input.range.to } } : { entityId: input.entityId, params: {} };
}

/** A link to print the school's document; the document is loaded once here, so another school's subject is NOT_FOUND. */
export async function createPrintToken(
  deps: AppDeps,
  ctx: { schoolId: SchoolId; sessionId: string; token: string | null },
  input: CreatePrintTokenInput,
): Promise<{ token: string; path: string; expiresAt: Date }> {
  if (!ctx.token) throw new AppError('UNAUTHORIZED', 'UNAUTHORIZED');
  const subject = subjectOf(input);
  const now = deps.now();
  await documentOf(input.kind).load(deps.db, ctx.schoolId, subject, now);
  const expiresAt = new Date(now.getTime() + PRINT_TOKEN_MINUTES * 60_000);
  const payload: Payload = { s: ctx.sessionId, c: ctx.schoolId, k: input.kind, e: subject.entityId, p: subject.params, x: expiresAt.getTime() };
  const body = b64(JSON.stringify(payload));
  const token = `${body}.${mac(hashToken(ctx.token), body)}`;
  return { token, path: printPath(input.kind, token), expiresAt };
}

function parse(token: string): { body: string; signature: string; payload: Payload } | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    const ok =
      typeof p === 'object' &&
      p !== null &&
      typeof p.s === 'string' &&
      typeof p.c === 'string' &&
      typeof p.k === 'string' &&
      (p.e === null || typeof p.e === 'string') &&
      typeof p.x === 'number';
    return ok ? { body, signature, payload: p } : null;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The document a print link names, as its view-model; any flaw in the link is the same 'invalid or expired'. */
export async function openPrintDocument(deps: AppDeps, token: string): Promise<{ kind: PdfKind; vm: DocumentVm }> {
  const parsed = parse(token);
  if (!parsed) throw invalid();
  const { payload } = parsed;
  const now = deps.now();
  if (payload.x <= now.getTime() || !UUID.test(payload.s) || !UUID.test(payload.c)) throw invalid();
  const session = await findLiveSession(deps.db, payload.s, now);
  if (!session || !constantTimeEqual(mac(session.tokenHash, parsed.body), parsed.signature)) throw invalid();
  const membership = await findMembership(deps.db, payload.c, session.userId);
  if (!membership || membership.isBlocked) throw invalid();
  let document: ReturnType<typeof documentOf>;
  try {
    document = documentOf(payload.k);
  } catch {
    throw invalid();
  }
  // The school is proven by the signed token and the live membership just read.
  const vm = (await document.load(deps.db, proveSchoolId(payload.c), { entityId: payload.e, params: payload.p }, now)) as DocumentVm;
  return { kind: payload.k, vm };
}

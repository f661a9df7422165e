// Print links (spec §2 print routes): a short-lived document link. Asking for one stores a row (print_tokens) naming
// the document, the school and the session, with an expiry the server sets (PRINT_TOKEN_MINUTES after now); the link
// carries a random token whose hash finds the row. Nothing the client sends can lengthen a link's life: the input
// names the document only, and the token is no signed claim a holder could rewrite (issue 17 item 19: a token signed
// with a key the session's holder can compute let them mint links with any expiry). Opening it checks, at that
// moment, that the link has not run out, that its session is alive and its user still an active member of an
// unblocked school, then loads the document for that school: a logout, a removed membership or an expired link all
// answer 'Odkaz je neplatný nebo jeho platnost vypršela.' Any instance opens any link (the row is in the database).
import type { PdfKind } from '@volant/shared/enums';
import { PDF_KINDS } from '@volant/shared/enums';
import type { DocumentVm } from '@volant/shared/pdf/view-models';
import { type CreatePrintTokenInput, PRINT_TOKEN_MINUTES, printPath } from '@volant/shared/pdf/print';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { proveMembership, type SchoolId } from '../../lib/tenant.ts';
import type { DocumentSubject } from '../../pdf/document.ts';
import { documentOf } from '../../pdf/documents.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findLivePrintToken, insertPrintToken } from './print.queries.ts';

const invalid = () => new AppError('INVALID_CODE');

function subjectOf(input: CreatePrintTokenInput): DocumentSubject {
  return input.kind === 'REGISTER_BOOK' ? { entityId: null, params: { from: input.range.from, to: input.range.to } } : { entityId: input.entityId, params: {} };
}

/** A link to print the school's document; the document is loaded once here, so another school's subject is NOT_FOUND. */
export async function createPrintToken(
  deps: AppDeps,
  ctx: { schoolId: SchoolId; sessionId: string },
  input: CreatePrintTokenInput,
): Promise<{ token: string; path: string; expiresAt: Date }> {
  const subject = subjectOf(input);
  const now = deps.now();
  await documentOf(input.kind).load(deps.db, ctx.schoolId, subject, now);
  const expiresAt = new Date(now.getTime() + PRINT_TOKEN_MINUTES * 60_000);
  const token = newToken();
  await insertPrintToken(
    deps.db,
    {
      tokenHash: hashToken(token),
      sessionId: ctx.sessionId,
      schoolId: ctx.schoolId,
      kind: input.kind,
      entityId: subject.entityId,
      params: subject.params,
      expiresAt,
    },
    now,
  );
  return { token, path: printPath(input.kind, token), expiresAt };
}

const isPdfKind = (kind: string): kind is PdfKind => (PDF_KINDS as readonly string[]).includes(kind);

/** The document a print link names, as its view-model; any flaw in the link is the same 'invalid or expired'. */
export async function openPrintDocument(deps: AppDeps, token: string): Promise<{ kind: PdfKind; vm: DocumentVm }> {
  const now = deps.now();
  const link = await findLivePrintToken(deps.db, hashToken(token), now);
  if (!link || !isPdfKind(link.kind)) throw invalid();
  // The school is proven by the stored link and its maker's live membership.
  const membership = await proveMembership(deps.db, link.schoolId, link.userId);
  if (!membership || membership.isBlocked) throw invalid();
  const vm = (await documentOf(link.kind).load(deps.db, membership.schoolId, { entityId: link.entityId, params: link.params }, now)) as DocumentVm;
  return { kind: link.kind, vm };
}

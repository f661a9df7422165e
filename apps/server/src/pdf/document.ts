// The documents (issue 10): one typed view-model per kind, built from the database and rendered twice — as a PDF
// (pdfmake, here on the server) and as printable A4 HTML on the print routes (apps/web, from the same view-model,
// whose types live in packages/shared/src/pdf/view-models.ts). The job pipeline (pdf/jobs.ts) and the print routes
// know only this interface and the registry (`documents.ts`), which imports each document from its feature
// (features/<feature>/<feature>.pdf.ts); a document does not register itself.
import type { DbOrTx } from '@volant/db/client';
import type { AppErrorCode } from '@volant/shared/errors';
import type { PdfKind } from '@volant/shared/enums';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { AppError } from '../lib/app-error.ts';
import type { SchoolId } from '../lib/tenant.ts';

/** What a job (or a print token) names: the subject and the kind's own parameters (validated by `load`). */
export interface DocumentSubject {
  entityId: string | null;
  params: unknown;
}

export interface PdfDocument<VM> {
  kind: PdfKind;
  /**
   * Builds the view-model from the school's data. A subject that is not the school's (or does not exist) throws an
   * AppError of a not-found code (STUDENT_NOT_FOUND, REPORT_NOT_FOUND, …), so a forged job or token can never read another school's rows. `now` is the request's clock.
   */
  load(db: DbOrTx, schoolId: SchoolId, subject: DocumentSubject, now: Date): Promise<VM>;
  /** The pdfmake definition (fonts: the embedded DejaVu set of pdf/render.ts). */
  render(vm: VM): TDocumentDefinitions;
  /**
   * The name the file is downloaded under, from what it is (an invoice's number); ASCII letters, digits, dashes and
   * '.pdf'. Without it: '<kind>-<job id>.pdf' (pdf/jobs.ts pdfFileName).
   */
  fileName?(vm: VM): string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subject's id, or NOT_FOUND (with the kind's code) when there is none or it is not a uuid: never a 500. */
export function subjectId(entityId: string | null, code: AppErrorCode = 'NOT_FOUND'): string {
  if (!entityId || !UUID.test(entityId)) throw new AppError(code);
  return entityId;
}

// The registry of documents by kind: one line per document module (pdf/documents/<kind>.ts). The job worker and the
// print routes look kinds up only through `documentOf`.
import type { PdfKind } from '@volant/shared/enums';
import { AppError } from '../lib/app-error.ts';
import type { PdfDocument } from './document.ts';
import { classBookDocument } from './documents/class-book.ts';
import { drivingRecordDocument } from './documents/driving-record.ts';
import { examApplicationDocument } from './documents/exam-application.ts';
import { invoiceDocument } from './documents/invoice.ts';
import { partialCompletionDocument } from './documents/partial-completion.ts';
import { registerBookDocument } from './documents/register-book.ts';
import { reportDocument } from './documents/report.ts';

// biome-ignore lint/suspicious/noExplicitAny: each entry has its own view-model; callers pass load's result to render.
const DOCUMENTS: Partial<Record<PdfKind, PdfDocument<any>>> = {
  REPORT: reportDocument,
  REPORT_VEHICLE_DRIVING_TRAINING: drivingRecordDocument,
  REPORT_CLASS_BOOK: classBookDocument,
  EXAM: examApplicationDocument,
  INVOICE: invoiceDocument,
  REGISTER_BOOK: registerBookDocument,
  PARTIAL_COMPLETION: partialCompletionDocument,
};

/** The document of a kind; a kind without one is a bad request (never a 500). */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export function documentOf(kind: PdfKind): PdfDocument<any> {
  const document = DOCUMENTS[kind];
  if (!document) throw new AppError('PDF_KIND_UNSUPPORTED');
  return document;
}

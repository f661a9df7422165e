// The registry of documents by kind: one line per document, each in its feature (features/<feature>/<feature>.pdf.ts,
// with its reads beside it). The job worker and the print routes look kinds up only through `documentOf`.
import type { PdfKind } from '@volant/shared/enums';
import { AppError } from '../lib/app-error.ts';
import type { PdfDocument } from './document.ts';
import { classBookDocument } from '../features/teaching-lesson-record/teaching-lesson-record.pdf.ts';
import { drivingRecordDocument } from '../features/driving-lessons-record/driving-lessons-record.pdf.ts';
import { examApplicationDocument } from '../features/exam/exam.pdf.ts';
import { invoiceDocument } from '../features/invoice/invoice.pdf.ts';
import { partialCompletionDocument } from '../features/student/partial-completion.pdf.ts';
import { registerBookDocument } from '../features/student/register-book.pdf.ts';
import { reportDocument } from '../features/report/report.pdf.ts';
import { courseClassBookDocument } from '../features/course/course.pdf.ts';

// biome-ignore lint/suspicious/noExplicitAny: each entry has its own view-model; callers pass load's result to render.
const DOCUMENTS: Partial<Record<PdfKind, PdfDocument<any>>> = {
  REPORT: reportDocument,
  REPORT_VEHICLE_DRIVING_TRAINING: drivingRecordDocument,
  REPORT_CLASS_BOOK: classBookDocument,
  EXAM: examApplicationDocument,
  INVOICE: invoiceDocument,
  REGISTER_BOOK: registerBookDocument,
  PARTIAL_COMPLETION: partialCompletionDocument,
  COURSE_CLASS_BOOK: courseClassBookDocument,
};

/** The document of a kind; a kind without one is a bad request (never a 500). */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export function documentOf(kind: PdfKind): PdfDocument<any> {
  const document = DOCUMENTS[kind];
  if (!document) throw new AppError('PDF_KIND_UNSUPPORTED');
  return document;
}

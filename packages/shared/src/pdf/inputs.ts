// Inputs of the PDF exports (spec §7: exportReportClassBook / exportReportVehicleDrivingTraining carry schoolId,
// studentId and the client's code; the result arrives later as OnPdfFileChanged with the same clientCode).
import { z } from 'zod';
import { PDF_KINDS, PDF_STATUSES, type PdfKind } from '../enums.ts';
import { dateInput, text, uuidInput } from '../validation.ts';

/** Chosen by the client per request (e.g. a random id); only its own notice listens for it. */
export const clientCodeInput = text('Chybí kód požadavku')
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Neplatný kód požadavku');

export const exportStudentDocumentInput = z.object({ studentId: uuidInput, clientCode: clientCodeInput });

/** The school's generated files, newest first (Nastavení → Historie PDF). */
export const pdfFilesInput = z.object({
  kind: z.enum(PDF_KINDS).nullish(),
  status: z.enum(PDF_STATUSES).nullish(),
  limit: z.int().min(1).max(200).default(50),
  cursor: uuidInput.nullish(),
});

export const pdfFileIdInput = z.object({ id: uuidInput });

/** The longest range of the Evidenční kniha: one year (366 days covers a leap year). */
export const REGISTER_BOOK_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** Days from `from` to `to` inclusive (calendar dates 'YYYY-MM-DD'). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The Evidenční kniha's date range (the job's params; the document validates them again when it loads). */
function checkRange(r: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (r.from > r.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Datum do nesmí být před datem od' });
  else if (daysInRange(r.from, r.to) > REGISTER_BOOK_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Rozsah může být nejvýše jeden rok' });
}

const rangeFields = { from: dateInput('Zadejte datum od'), to: dateInput('Zadejte datum do') };

export const registerBookRangeInput = z.object(rangeFields).superRefine(checkRange);
export type RegisterBookRange = z.output<typeof registerBookRangeInput>;

const forStudent = <K extends PdfKind>(kind: K) => z.object({ kind: z.literal(kind), studentId: uuidInput, clientCode: clientCodeInput });

/**
 * `pdfFile.requestPdf`: one shape per kind, each naming its own subject. The server checks the subject is the school's
 * (NOT_FOUND otherwise) before it stores the job.
 */
export const requestPdfInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('REPORT'), reportId: uuidInput, clientCode: clientCodeInput }),
  z.object({ kind: z.literal('EXAM'), examId: uuidInput, clientCode: clientCodeInput }),
  z.object({ kind: z.literal('INVOICE'), invoiceId: uuidInput, clientCode: clientCodeInput }),
  forStudent('REPORT_VEHICLE_DRIVING_TRAINING'),
  forStudent('REPORT_CLASS_BOOK'),
  forStudent('PARTIAL_COMPLETION'),
  // The class book of a course ('Kurzy', issue 20 §3): its students and group lessons with attendance.
  z.object({ kind: z.literal('COURSE_CLASS_BOOK'), courseId: uuidInput, clientCode: clientCodeInput }),
  z.object({ kind: z.literal('REGISTER_BOOK'), ...rangeFields, clientCode: clientCodeInput }).superRefine(checkRange),
]);
export type RequestPdfInput = z.output<typeof requestPdfInput>;

// PDF files (issue 10, spec §3 PDF file, §4 PDF generation): an export request checks its subject is the school's and
// stores a job (after.enqueue wakes the runner after commit); the runner (pdf/jobs.ts) makes the file and tells the
// requester with OnPdfFileChanged. The history lists the school's jobs; getPdfFile is the client's fallback when the
// live message was missed.
import type { DbOrTx } from '@volant/db/client';
import type { PdfKind } from '@volant/shared/enums';
import { formatDate, fullName } from '@volant/shared/format';
import type { pdfFilesInput, RequestPdfInput } from '@volant/shared/pdf/inputs';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { examApplicationDocument } from '../exam/exam.pdf.ts';
import { insertPdfJob, type NewPdfJob } from '../../pdf/jobs.queries.ts';
import { pdfFileUrl } from '../../pdf/jobs.ts';
import { PDF_JOB } from '../../pdf/pdf.jobs.ts';
import type { AppDeps } from '../../trpc/context.ts';
import {
  courseExists,
  examExists,
  findPdfHistoryRow,
  invoiceExists,
  listPdfHistory,
  type PdfHistoryRow,
  reportExists,
  studentExists,
} from './pdf-file.queries.ts';

const fileNotFound = () => new AppError('PDF_FILE_NOT_FOUND');

/**
 * The job a request stores, after its subject is proven to be the school's (NOT_FOUND otherwise). A document that
 * certifies completion (the exam application) is checked here too, by the same load the job runs, so the office sees
 * at once what is missing rather than a failed job (issue 17).
 */
async function jobOf(db: DbOrTx, schoolId: SchoolId, input: RequestPdfInput, now: Date): Promise<Omit<NewPdfJob, 'requestedBy' | 'clientCode'>> {
  const check = async (found: Promise<boolean>, code: ConstructorParameters<typeof AppError>[0], entityId: string) => {
    if (!(await found)) throw new AppError(code);
    return { kind: input.kind, entityId, params: {} };
  };
  switch (input.kind) {
    case 'REPORT':
      return check(reportExists(db, schoolId, input.reportId), 'REPORT_NOT_FOUND', input.reportId);
    case 'EXAM': {
      const job = await check(examExists(db, schoolId, input.examId), 'EXAM_NOT_FOUND', input.examId);
      await examApplicationDocument.load(db, schoolId, { entityId: input.examId, params: {} }, now);
      return job;
    }
    case 'INVOICE':
      return check(invoiceExists(db, schoolId, input.invoiceId), 'PDF_SUBJECT_NOT_FOUND', input.invoiceId);
    case 'REPORT_VEHICLE_DRIVING_TRAINING':
    case 'REPORT_CLASS_BOOK':
    case 'PARTIAL_COMPLETION':
      return check(studentExists(db, schoolId, input.studentId), 'STUDENT_NOT_FOUND', input.studentId);
    case 'REGISTER_BOOK':
      return { kind: input.kind, entityId: null, params: { from: input.from, to: input.to } };
    case 'COURSE_CLASS_BOOK':
      return check(courseExists(db, schoolId, input.courseId), 'COURSE_NOT_FOUND', input.courseId);
  }
}

export function requestPdf(deps: AppDeps, schoolId: SchoolId, userId: string, input: RequestPdfInput) {
  return inTransaction(deps, async (tx, after) => {
    const job = await jobOf(tx, schoolId, input, deps.now());
    const row = await after.enqueue(PDF_JOB, (t) => insertPdfJob(t, schoolId, { ...job, clientCode: input.clientCode, requestedBy: userId }, deps.now()));
    const data = { ...job, clientCode: input.clientCode };
    await recordEvent(deps, tx, after, { name: 'pdfFile.request', schoolId, userId, entityType: 'pdfFile', entityId: row.id, data });
    return { id: row.id, clientCode: row.clientCode };
  });
}

/** spec §7 student.exportReportClassBook / exportReportVehicleDrivingTraining: the result arrives as OnPdfFileChanged. */
export function exportStudentDocument(
  deps: AppDeps,
  schoolId: SchoolId,
  userId: string,
  kind: 'REPORT_CLASS_BOOK' | 'REPORT_VEHICLE_DRIVING_TRAINING',
  input: { studentId: string; clientCode: string },
) {
  return requestPdf(deps, schoolId, userId, { kind, studentId: input.studentId, clientCode: input.clientCode });
}

/** What the history names as the document's subject: the student, the hlášenka's day, the term, the invoice, the range. */
export function subjectLabel(row: PdfHistoryRow): string | null {
  switch (row.kind as PdfKind) {
    case 'REPORT_VEHICLE_DRIVING_TRAINING':
    case 'REPORT_CLASS_BOOK':
    case 'PARTIAL_COMPLETION':
      return row.studentLastName === null
        ? null
        : `${fullName({ firstName: row.studentFirstName ?? '', lastName: row.studentLastName, degree: row.studentDegree })} (${row.studentRegistrationNumber})`;
    case 'REPORT':
      return row.reportDate ? `Hlášenka ${formatDate(row.reportDate)}` : null;
    case 'EXAM':
      return row.examDate ? `Termín ${formatDate(row.examDate)}, ${row.examPlace}` : null;
    case 'INVOICE':
      return row.invoiceNumber ? `Doklad ${row.invoiceNumber}` : null;
    case 'COURSE_CLASS_BOOK':
      return row.courseName ? `Kurz ${row.courseName}` : null;
    case 'REGISTER_BOOK': {
      const { from, to } = (row.params ?? {}) as { from?: string; to?: string };
      return from && to ? `${formatDate(from)} – ${formatDate(to)}` : null;
    }
  }
}

const toPdfFile = (row: PdfHistoryRow) => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  clientCode: row.clientCode,
  subject: subjectLabel(row),
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
  requestedBy: row.requesterLastName === null ? null : `${row.requesterFirstName} ${row.requesterLastName}`,
  fileName: row.status === 'DONE' ? row.fileName : null,
  fileSize: row.status === 'DONE' ? row.fileSize : null,
  fileUrl: row.status === 'DONE' ? pdfFileUrl(row.id) : null,
});
export type PdfFileDto = ReturnType<typeof toPdfFile>;

export async function getPdfFiles(deps: AppDeps, schoolId: SchoolId, input: z.output<typeof pdfFilesInput>) {
  const rows = await listPdfHistory(deps.db, schoolId, input);
  const page = rows.slice(0, input.limit);
  return { items: page.map(toPdfFile), nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null };
}

export async function getPdfFile(deps: AppDeps, schoolId: SchoolId, id: string) {
  const row = await findPdfHistoryRow(deps.db, schoolId, id);
  if (!row) throw fileNotFound();
  return toPdfFile(row);
}

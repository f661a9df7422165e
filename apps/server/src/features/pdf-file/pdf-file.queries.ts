// The statements of the PDF files feature: the request's subject check per kind, and the school's history. Every
// join carries the school, so an entity id can only ever name the school's own rows.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { PdfKind, PdfStatus } from '@volant/shared/enums';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { pdfFiles, students, reports, exams, invoices, schoolMembers, courses } = schema;

async function exists(query: Promise<unknown[]>) {
  return (await query).length > 0;
}

export function studentExists(db: DbOrTx, schoolId: SchoolId, id: string) {
  return exists(
    db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.id, id), isNull(students.removedAt)))
      .limit(1),
  );
}

export function reportExists(db: DbOrTx, schoolId: SchoolId, id: string) {
  return exists(
    db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.schoolId, schoolId), eq(reports.id, id)))
      .limit(1),
  );
}

export function examExists(db: DbOrTx, schoolId: SchoolId, id: string) {
  return exists(
    db
      .select({ id: exams.id })
      .from(exams)
      .where(and(eq(exams.schoolId, schoolId), eq(exams.id, id)))
      .limit(1),
  );
}

export function invoiceExists(db: DbOrTx, schoolId: SchoolId, id: string) {
  return exists(
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.schoolId, schoolId), eq(invoices.id, id)))
      .limit(1),
  );
}

export function courseExists(db: DbOrTx, schoolId: SchoolId, id: string) {
  return exists(
    db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.schoolId, schoolId), eq(courses.id, id)))
      .limit(1),
  );
}

const isStudentKind = sql`${pdfFiles.kind} in ('REPORT_VEHICLE_DRIVING_TRAINING', 'REPORT_CLASS_BOOK', 'PARTIAL_COMPLETION')`;

/** One job with what its history line shows: the subject's parts and the requester's name. */
const historyColumns = {
  id: pdfFiles.id,
  kind: pdfFiles.kind,
  status: pdfFiles.status,
  clientCode: pdfFiles.clientCode,
  entityId: pdfFiles.entityId,
  params: pdfFiles.params,
  createdAt: pdfFiles.createdAt,
  finishedAt: pdfFiles.finishedAt,
  fileName: pdfFiles.fileName,
  fileSize: pdfFiles.fileSize,
  requestedBy: pdfFiles.requestedBy,
  requesterFirstName: schoolMembers.firstName,
  requesterLastName: schoolMembers.lastName,
  studentFirstName: students.firstName,
  studentLastName: students.lastName,
  studentDegree: students.degree,
  studentRegistrationNumber: students.registrationNumber,
  reportDate: reports.date,
  examDate: exams.date,
  examPlace: exams.place,
  invoiceNumber: invoices.number,
  courseName: courses.name,
};
function history(db: DbOrTx, schoolId: SchoolId, where: SQL | undefined) {
  return db
    .select(historyColumns)
    .from(pdfFiles)
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, pdfFiles.schoolId), eq(schoolMembers.userId, pdfFiles.requestedBy)))
    .leftJoin(students, and(isStudentKind, eq(students.schoolId, pdfFiles.schoolId), eq(students.id, pdfFiles.entityId)))
    .leftJoin(reports, and(eq(pdfFiles.kind, 'REPORT'), eq(reports.schoolId, pdfFiles.schoolId), eq(reports.id, pdfFiles.entityId)))
    .leftJoin(exams, and(eq(pdfFiles.kind, 'EXAM'), eq(exams.schoolId, pdfFiles.schoolId), eq(exams.id, pdfFiles.entityId)))
    .leftJoin(invoices, and(eq(pdfFiles.kind, 'INVOICE'), eq(invoices.schoolId, pdfFiles.schoolId), eq(invoices.id, pdfFiles.entityId)))
    .leftJoin(courses, and(eq(pdfFiles.kind, 'COURSE_CLASS_BOOK'), eq(courses.schoolId, pdfFiles.schoolId), eq(courses.id, pdfFiles.entityId)))
    .where(and(eq(pdfFiles.schoolId, schoolId), where));
}

export interface HistoryFilter {
  kind?: PdfKind | null;
  status?: PdfStatus | null;
  limit: number;
  /** The last id of the previous page. */
  cursor?: string | null;
}

/** The school's jobs, newest first, `limit + 1` rows (the extra one says there is a next page). */
export function listPdfHistory(db: DbOrTx, schoolId: SchoolId, filter: HistoryFilter) {
  const after = filter.cursor
    ? sql`(${pdfFiles.createdAt}, ${pdfFiles.id}) < (select c.created_at, c.id from ${pdfFiles} c where c.school_id = ${schoolId} and c.id = ${filter.cursor})`
    : undefined;
  return history(
    db,
    schoolId,
    and(filter.kind ? eq(pdfFiles.kind, filter.kind) : undefined, filter.status ? inArray(pdfFiles.status, [filter.status]) : undefined, after),
  )
    .orderBy(desc(pdfFiles.createdAt), desc(pdfFiles.id))
    .limit(filter.limit + 1);
}
export type PdfHistoryRow = Awaited<ReturnType<typeof listPdfHistory>>[number];

export async function findPdfHistoryRow(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await history(db, schoolId, eq(pdfFiles.id, id)).limit(1);
  return row;
}

/** The file of a DONE job of the school (the download route). */
export async function findDoneFile(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ filePath: pdfFiles.filePath, fileName: pdfFiles.fileName, fileSize: pdfFiles.fileSize })
    .from(pdfFiles)
    .where(and(eq(pdfFiles.schoolId, schoolId), eq(pdfFiles.id, id), eq(pdfFiles.status, 'DONE')))
    .limit(1);
  return row;
}

/** Which school a file belongs to (before the gate proves the caller's membership of it). */
export async function findFileSchool(db: DbOrTx, id: string) {
  const [row] = await db.select({ schoolId: pdfFiles.schoolId }).from(pdfFiles).where(eq(pdfFiles.id, id)).limit(1);
  return row?.schoolId;
}

// Hlášenky (legal-cz §7.1): the list of students whose training starts on a day, sent to the municipal office.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';

const { reports, reportStudents, students } = schema;

/** That day's unsent report, created when there is none. One atomic statement (partial unique on school and date). */
export async function openReportFor(tx: DbOrTx, schoolId: SchoolId, date: string): Promise<string> {
  const [row] = await tx
    .insert(reports)
    .values({ schoolId, date })
    .onConflictDoUpdate({ target: [reports.schoolId, reports.date], targetWhere: sql`sent_at is null`, set: { date } })
    .returning({ id: reports.id });
  return row.id;
}

export async function addStudentsToReport(tx: DbOrTx, schoolId: SchoolId, reportId: string, studentIds: string[]) {
  if (studentIds.length === 0) return;
  await tx
    .insert(reportStudents)
    .values(studentIds.map((studentId) => ({ schoolId, reportId, studentId })))
    .onConflictDoNothing();
}

/** Takes students off the reports not yet sent (their start was undone, or they were removed); returns those reports. */
export async function removeFromUnsentReports(tx: DbOrTx, schoolId: SchoolId, studentIds: string[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const rows = await tx
    .delete(reportStudents)
    .where(
      and(
        eq(reportStudents.schoolId, schoolId),
        inArray(reportStudents.studentId, studentIds),
        inArray(
          reportStudents.reportId,
          tx
            .select({ id: reports.id })
            .from(reports)
            .where(and(eq(reports.schoolId, schoolId), isNull(reports.sentAt))),
        ),
      ),
    )
    .returning({ reportId: reportStudents.reportId });
  return [...new Set(rows.map((r) => r.reportId))];
}

/**
 * The school's hlášenky, without the unsent ones that have no student (every start on that day was undone or its
 * student removed): there is nothing in them to send, and the office never sees them. A sent one stays, empty or not,
 * as the record of what was sent. An empty one still opens by its address, and a new start on its day fills it again.
 */
export function listReports(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({
      id: reports.id,
      date: reports.date,
      sentAt: reports.sentAt,
      createdAt: reports.createdAt,
      studentCount: count(reportStudents.studentId),
    })
    .from(reports)
    .leftJoin(reportStudents, and(eq(reportStudents.schoolId, reports.schoolId), eq(reportStudents.reportId, reports.id)))
    .where(eq(reports.schoolId, schoolId))
    .groupBy(reports.id)
    .having(or(isNotNull(reports.sentAt), gt(count(reportStudents.studentId), 0)))
    .orderBy(desc(reports.date), desc(reports.createdAt));
}

export async function findReport(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ id: reports.id, date: reports.date, sentAt: reports.sentAt, createdAt: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.schoolId, schoolId), eq(reports.id, id)))
    .limit(1);
  return row;
}

/** The students on a report with the fields the office needs. */
export function listReportStudents(db: DbOrTx, schoolId: SchoolId, reportId: string) {
  return db
    .select({
      id: students.id,
      registrationNumber: students.registrationNumber,
      firstName: students.firstName,
      lastName: students.lastName,
      degree: students.degree,
      birthDate: students.birthDate,
      street: students.street,
      streetCode: students.streetCode,
      city: students.city,
      postCode: students.postCode,
      groups: students.groups,
      trainingKind: students.trainingKind,
      dateOfInProgress: students.dateOfInProgress,
    })
    .from(reportStudents)
    .innerJoin(students, and(eq(students.schoolId, reportStudents.schoolId), eq(students.id, reportStudents.studentId)))
    .where(and(eq(reportStudents.schoolId, schoolId), eq(reportStudents.reportId, reportId)))
    .orderBy(asc(czechSortKey(students.lastName)), asc(czechSortKey(students.firstName)), asc(students.id));
}

export async function lockReport(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .select({ id: reports.id, date: reports.date, sentAt: reports.sentAt })
    .from(reports)
    .where(and(eq(reports.schoolId, schoolId), eq(reports.id, id)))
    .for('update');
  return row;
}

/** Deletes the school's unsent hlášenka of `date` if no student is on it (nothing is lost); returns its id. */
export async function deleteEmptyOpenReport(tx: DbOrTx, schoolId: SchoolId, date: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(reports)
    .where(
      and(
        eq(reports.schoolId, schoolId),
        eq(reports.date, date),
        isNull(reports.sentAt),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(reportStudents)
            .where(and(eq(reportStudents.schoolId, reports.schoolId), eq(reportStudents.reportId, reports.id))),
        ),
      ),
    )
    .returning({ id: reports.id });
  return row?.id;
}

export async function hasReportStudents(db: DbOrTx, schoolId: SchoolId, reportId: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(reportStudents)
    .where(and(eq(reportStudents.schoolId, schoolId), eq(reportStudents.reportId, reportId)))
    .limit(1);
  return row !== undefined;
}

/** Puts a visible student of the school on the report; the school filter is inside the statement. */
export async function insertReportStudent(tx: DbOrTx, schoolId: SchoolId, reportId: string, studentId: string) {
  const rows = await tx
    .insert(reportStudents)
    .select(
      tx
        .select({
          schoolId: students.schoolId,
          reportId: sql<string>`${reportId}::uuid`.as('report_id'),
          studentId: students.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt))),
    )
    .onConflictDoNothing()
    .returning({ studentId: reportStudents.studentId });
  return rows.length > 0;
}

export async function deleteReportStudent(tx: DbOrTx, schoolId: SchoolId, reportId: string, studentId: string) {
  const rows = await tx
    .delete(reportStudents)
    .where(and(eq(reportStudents.schoolId, schoolId), eq(reportStudents.reportId, reportId), eq(reportStudents.studentId, studentId)))
    .returning({ studentId: reportStudents.studentId });
  return rows.length > 0;
}

export async function setReportSentAt(tx: DbOrTx, schoolId: SchoolId, id: string, sentAt: Date | null) {
  const [row] = await tx
    .update(reports)
    .set({ sentAt })
    .where(and(eq(reports.schoolId, schoolId), eq(reports.id, id)))
    .returning({ id: reports.id, sentAt: reports.sentAt });
  return row;
}

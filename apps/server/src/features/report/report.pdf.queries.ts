// Reads of the hlášenka document, with the school filter inside each statement.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { studentColumns } from '../student/student.pdf.queries.ts';

const { reports, reportStudents, students } = schema;

export async function findReportHead(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ id: reports.id, date: reports.date, sentAt: reports.sentAt })
    .from(reports)
    .where(and(eq(reports.schoolId, schoolId), eq(reports.id, id)))
    .limit(1);
  return row;
}

/** The students on the hlášenka by surname (Czech order). */
export function listReportStudentRows(db: DbOrTx, schoolId: SchoolId, reportId: string) {
  return db
    .select(studentColumns)
    .from(reportStudents)
    .innerJoin(students, and(eq(students.schoolId, reportStudents.schoolId), eq(students.id, reportStudents.studentId)))
    .where(and(eq(reportStudents.schoolId, schoolId), eq(reportStudents.reportId, reportId)))
    .orderBy(asc(czechSortKey(students.lastName)), asc(czechSortKey(students.firstName)), asc(students.id));
}

// Hlášenky: created when training starts (student.setDateOfInProgress); staff adjust the list until it is
// sent to the office, after which it is a record and changes are refused.
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import type { DbOrTx } from '@volant/db/client';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import { studentExists } from '../student/student.queries.ts';
import {
  deleteEmptyOpenReport,
  deleteReportStudent,
  findReport,
  hasReportStudents,
  insertReportStudent,
  listReportStudents,
  lockReport,
  setReportSentAt,
} from './report.queries.ts';

const reportNotFound = () => new AppError('REPORT_NOT_FOUND');

/** Tells the school's open screens that a hlášenka changed (report.events.ts, report.hooks.ts). */
export const reportMessage = (live: Live, schoolId: SchoolId, reportId: string) => live.toSchool(schoolId, { ReportMessage: { schoolId, reportId } });

export async function getReport(db: DbOrTx, schoolId: SchoolId, id: string) {
  const report = await findReport(db, schoolId, id);
  if (!report) throw reportNotFound();
  return { ...report, students: await listReportStudents(db, schoolId, id) };
}

/** Locks an unsent report of the school, or refuses. */
async function lockOpenReport(tx: DbOrTx, schoolId: SchoolId, reportId: string) {
  const report = await lockReport(tx, schoolId, reportId);
  if (!report) throw reportNotFound();
  if (report.sentAt) throw new AppError('REPORT_SENT');
}

export async function addStudentToReport(deps: AppDeps, schoolId: SchoolId, userId: string, input: { reportId: string; studentId: string }) {
  await inTransaction(deps, async (tx, after) => {
    await lockOpenReport(tx, schoolId, input.reportId);
    if (await insertReportStudent(tx, schoolId, input.reportId, input.studentId)) {
      const data = { studentId: input.studentId };
      await recordEvent(deps, tx, after, { name: 'report.addStudent', schoolId, userId, entityType: 'report', entityId: input.reportId, data });
    } else if (!(await studentExists(tx, schoolId, input.studentId))) {
      throw new AppError('STUDENT_NOT_FOUND');
    }
  });
  return getReport(deps.db, schoolId, input.reportId);
}

export async function removeStudentFromReport(deps: AppDeps, schoolId: SchoolId, userId: string, input: { reportId: string; studentId: string }) {
  await inTransaction(deps, async (tx, after) => {
    await lockOpenReport(tx, schoolId, input.reportId);
    if (!(await deleteReportStudent(tx, schoolId, input.reportId, input.studentId))) throw new AppError('STUDENT_NOT_FOUND');
    const data = { studentId: input.studentId };
    await recordEvent(deps, tx, after, { name: 'report.removeStudent', schoolId, userId, entityType: 'report', entityId: input.reportId, data });
  });
  return getReport(deps.db, schoolId, input.reportId);
}

export async function markReportSent(deps: AppDeps, schoolId: SchoolId, userId: string, id: string) {
  await inTransaction(deps, async (tx, after) => {
    const report = await lockReport(tx, schoolId, id);
    if (!report) throw reportNotFound();
    if (report.sentAt) return;
    // Nothing to report: a hlášenka whose students all went (their start undone, or removed) is not sent. Checked
    // under the report's lock, which staff's changes of its list take too.
    if (!(await hasReportStudents(tx, schoolId, id))) throw new AppError('REPORT_EMPTY');
    await setReportSentAt(tx, schoolId, id, deps.now());
    await recordEvent(deps, tx, after, { name: 'report.markSent', schoolId, userId, entityType: 'report', entityId: id });
  });
  return getReport(deps.db, schoolId, id);
}

/**
 * Back to open (a mistaken 'sent'); refused when the day already has another open report with students. An empty
 * one (left out of the list, so the user cannot see it) gives way: it holds nothing.
 */
export async function markReportUnsent(deps: AppDeps, schoolId: SchoolId, userId: string, id: string) {
  await inTransaction(deps, async (tx, after) => {
    const report = await lockReport(tx, schoolId, id);
    if (!report) throw reportNotFound();
    if (!report.sentAt) return;
    const deletedEmptyReportId = await deleteEmptyOpenReport(tx, schoolId, report.date);
    await setReportSentAt(tx, schoolId, id, null).catch((err: unknown) => {
      if (isUniqueViolation(err, 'reports_open_date_key')) throw new AppError('REPORT_OPEN_EXISTS');
      throw err;
    });
    await recordEvent(deps, tx, after, {
      name: 'report.markUnsent',
      schoolId,
      userId,
      entityType: 'report',
      entityId: id,
      data: { sentAt: report.sentAt, deletedEmptyReportId },
    });
  });
  return getReport(deps.db, schoolId, id);
}

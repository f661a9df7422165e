// Hlášenky: created when training starts (student.setDateOfInProgress); staff adjust the list until it is
// sent to the office, after which it is a record and changes are refused.
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import type { DbOrTx } from '@volant/db/client';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
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
import { formatDate } from '@volant/shared/format';
import { notifySchoolStaff } from '../notification/notify.ts';

const reportNotFound = () => new AppError('REPORT_NOT_FOUND');

/** Tells the school's open screens that a hlášenka changed: `after.live((live) => reportMessage(live, …))`. */
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
      await audit(tx, { schoolId, userId, action: 'report.addStudent', entityType: 'report', entityId: input.reportId, data: { studentId: input.studentId } });
      const report = await getReport(tx, schoolId, input.reportId);
      const student = report.students.find((s) => s.id === input.studentId);
      await notifySchoolStaff(deps, tx, after, {
        schoolId,
        event: 'REPORT_STUDENT_ADDED',
        title: 'Žák přidán do hlášenky',
        message: `${student ? `${student.firstName} ${student.lastName}` : 'Žák'} byl(a) přidán(a) do hlášenky z ${formatDate(report.date)}.`,
        link: `/app/reporting/detail/${input.reportId}`,
        actorUserId: userId,
      });
      after.live((live) => reportMessage(live, schoolId, input.reportId));
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
    await audit(tx, { schoolId, userId, action: 'report.removeStudent', entityType: 'report', entityId: input.reportId, data: { studentId: input.studentId } });
    after.live((live) => reportMessage(live, schoolId, input.reportId));
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
    await audit(tx, { schoolId, userId, action: 'report.markSent', entityType: 'report', entityId: id });
    after.live((live) => reportMessage(live, schoolId, id));
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
    await audit(tx, {
      schoolId,
      userId,
      action: 'report.markUnsent',
      entityType: 'report',
      entityId: id,
      data: { sentAt: report.sentAt, deletedEmptyReportId },
    });
    after.live((live) => {
      if (deletedEmptyReportId) reportMessage(live, schoolId, deletedEmptyReportId);
      reportMessage(live, schoolId, id);
    });
  });
  return getReport(deps.db, schoolId, id);
}

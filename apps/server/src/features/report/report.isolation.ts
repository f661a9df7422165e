import { entity, type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { createTestStudent } from '../student/student.testing.ts';

/** An open hlášenka of the victim with one started student (`onReport`), and another student not on it (`other`). */
async function aReport(_app: unknown, v: Victim) {
  const onReport = await createTestStudent(v.caller, v.schoolId);
  const other = await createTestStudent(v.caller, v.schoolId);
  const { reportId } = await v.caller.student.setDateOfInProgress({ schoolId: v.schoolId, studentsIds: [onReport] });
  return { reportId: reportId!, onReport, other };
}

async function aSentReport(app: unknown, v: Victim) {
  const ids = await aReport(app, v);
  await v.caller.report.markReportSent({ schoolId: v.schoolId, id: ids.reportId });
  return ids;
}

export const reportIsolation: IsolationTable = {
  'report.getReports': school(aReport, (c, schoolId) => c.report.getReports({ schoolId })),
  'report.getReport': entity(aReport, (c, schoolId, { reportId }) => c.report.getReport({ schoolId, id: reportId })),
  'report.addStudentToReport': entity(aReport, (c, schoolId, { reportId, other }) => c.report.addStudentToReport({ schoolId, reportId, studentId: other })),
  'report.removeStudentFromReport': entity(aReport, (c, schoolId, { reportId, onReport }) =>
    c.report.removeStudentFromReport({ schoolId, reportId, studentId: onReport }),
  ),
  'report.markReportSent': entity(aReport, (c, schoolId, { reportId }) => c.report.markReportSent({ schoolId, id: reportId })),
  'report.markReportUnsent': entity(aSentReport, (c, schoolId, { reportId }) => c.report.markReportUnsent({ schoolId, id: reportId })),
};

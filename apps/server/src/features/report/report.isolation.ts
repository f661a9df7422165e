import type { IsolationTable, Victim } from '../../testing/isolation.ts';
import { createTestStudent, crossTenant } from '../student/student.testing.ts';

/** An open hlášenka of the victim with one started student, and another student not on it. */
async function seedReport(v: Victim) {
  const onReport = await createTestStudent(v.caller, v.schoolId);
  const other = await createTestStudent(v.caller, v.schoolId);
  const { reportId } = await v.caller.student.setDateOfInProgress({ schoolId: v.schoolId, studentsIds: [onReport] });
  return { reportId: reportId!, onReport, other };
}

export const reportIsolation: IsolationTable = {
  'report.getReports': { kind: 'attack', run: (a, v) => a.report.getReports({ schoolId: v.schoolId }) },
  'report.getReport': {
    kind: 'attack',
    run: async (a, v) => {
      const { reportId } = await seedReport(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.report.getReport({ schoolId, id: reportId }));
    },
  },
  'report.addStudentToReport': {
    kind: 'attack',
    run: async (a, v) => {
      const { reportId, other } = await seedReport(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.report.addStudentToReport({ schoolId, reportId, studentId: other }));
    },
  },
  'report.removeStudentFromReport': {
    kind: 'attack',
    run: async (a, v) => {
      const { reportId, onReport } = await seedReport(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.report.removeStudentFromReport({ schoolId, reportId, studentId: onReport }));
    },
  },
  'report.markReportSent': {
    kind: 'attack',
    run: async (a, v) => {
      const { reportId } = await seedReport(v);
      return crossTenant(a, v.schoolId, (schoolId) => a.report.markReportSent({ schoolId, id: reportId }));
    },
  },
  'report.markReportUnsent': {
    kind: 'attack',
    run: async (a, v) => {
      const { reportId } = await seedReport(v);
      await v.caller.report.markReportSent({ schoolId: v.schoolId, id: reportId });
      return crossTenant(a, v.schoolId, (schoolId) => a.report.markReportUnsent({ schoolId, id: reportId }));
    },
  },
};

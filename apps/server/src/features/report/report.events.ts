// What the hlášenka's events mean after commit (events/processors.ts): its open screens refresh it; a student added
// by hand rings the staff's bell.
import { formatDate } from '@volant/shared/format';
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { getReport, reportMessage } from './report.service.ts';

const refreshReport: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) reportMessage(live, schoolId, entityId);
  },
};

export const reportEvents: EventDefinitions<{
  'report.addStudent': { studentId: string };
  'report.removeStudent': { studentId: string };
  'report.markSent': undefined;
  'report.markUnsent': { sentAt: Date; deletedEmptyReportId: string | null };
}> = {
  'report.addStudent': {
    ...refreshReport,
    async notification(db, { schoolId, userId, entityId, data }) {
      if (!schoolId || !entityId || !data) return null;
      const report = await getReport(db, schoolId, entityId);
      const student = report.students.find((s) => s.id === data.studentId);
      return {
        schoolId,
        event: 'REPORT_STUDENT_ADDED',
        title: 'Žák přidán do hlášenky',
        message: `${student ? `${student.firstName} ${student.lastName}` : 'Žák'} byl(a) přidán(a) do hlášenky z ${formatDate(report.date)}.`,
        link: `/app/reporting/detail/${entityId}`,
        actorUserId: userId,
      };
    },
  },
  'report.removeStudent': refreshReport,
  'report.markSent': refreshReport,
  'report.markUnsent': {
    live(live, { schoolId, entityId, data }) {
      if (!schoolId || !entityId) return;
      if (data?.deletedEmptyReportId) reportMessage(live, schoolId, data.deletedEmptyReportId);
      reportMessage(live, schoolId, entityId);
    },
  },
};

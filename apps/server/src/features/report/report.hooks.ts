// The hlášenka's part in student writes, run inside their transaction through the student hooks: a started student
// goes on that day's open hlášenka, one whose start is undone (or who is removed) leaves every unsent one.
import type { StudentHooks } from '../student/student.hooks.ts';
import { addStudentsToReport, openReportFor, removeFromUnsentReports } from './report.queries.ts';
import { reportMessage } from './report.service.ts';

export const reportStudentHooks: StudentHooks = {
  async onTrainingStarted(tx, { schoolId, studentIds, day }, after) {
    const reportId = await openReportFor(tx, schoolId, day);
    await addStudentsToReport(tx, schoolId, reportId, studentIds);
    after.live((live) => reportMessage(live, schoolId, reportId));
    return { reportId };
  },
  async onStudentsLeftTraining(tx, { schoolId, studentIds }, after) {
    const reportIds = await removeFromUnsentReports(tx, schoolId, studentIds);
    after.live((live) => {
      for (const reportId of reportIds) reportMessage(live, schoolId, reportId);
    });
  },
};

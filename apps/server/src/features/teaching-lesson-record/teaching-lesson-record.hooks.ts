// Výuka's part in student writes (student.hooks.ts), inside their transaction: a started student gets the plan's
// lessons; a change of groups, training kind or type re-plans a student who has them. The student's own
// StudentInfoMessage refreshes the card after a start; a re-plan that changed rows says so too.
import type { StudentHooks } from '../student/student.hooks.ts';
import { planOnStart, replanOnStudyInfo } from './teaching-lesson-record.service.ts';

export const teachingLessonRecordStudentHooks: StudentHooks = {
  async onTrainingStarted(tx, { schoolId, studentIds, day }) {
    await planOnStart(tx, schoolId, studentIds, day);
    return {};
  },
  async onStudyInfoChanged(tx, { schoolId, studentId, today }, after) {
    await replanOnStudyInfo(tx, schoolId, studentId, today, after);
  },
};

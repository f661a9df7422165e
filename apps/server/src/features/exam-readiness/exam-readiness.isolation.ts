import { addDays, schoolToday } from '@volant/shared/school-time';
import type { TestApp } from '../../testing/harness.ts';
import { entity, type IsolationTable, school, type StudentIsolationTable, type Victim } from '../../testing/isolation.ts';
import { meetLegalMinimum } from '../lesson-plan/legal-minimum.testing.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student of the victim's school in training who meets the legal minimum (so the list holds them as ready). */
async function started(app: TestApp, v: Victim) {
  const { studentId } = await aStudent(app, v);
  const start = addDays(schoolToday(new Date()), -30);
  await v.caller.student.setDateOfInProgress({ schoolId: v.schoolId, studentsIds: [studentId], date: start });
  await meetLegalMinimum(app.handle.db, v.schoolId, studentId, start);
  return { studentId };
}

export const examReadinessIsolation: IsolationTable = {
  'examReadiness.getStudentForecast': entity(started, (c, schoolId, { studentId }) => c.examReadiness.getStudentForecast({ schoolId, studentId })),
  'examReadiness.listReadiness': school(started, (c, schoolId) => c.examReadiness.listReadiness({ schoolId, soonDays: 365 })),
  'examReadiness.getMyForecast': { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' },
};

/** The student half: no input, the session alone says whose forecast it is. */
export const examReadinessStudentIsolation: StudentIsolationTable = {
  'examReadiness.getMyForecast': (me) => me.as().examReadiness.getMyForecast(),
};

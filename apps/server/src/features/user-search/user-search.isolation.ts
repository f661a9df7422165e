import { type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student the victim's admin has opened from the search. */
async function aSearch(app: unknown, v: Victim) {
  const ids = await aStudent(app, v);
  await v.caller.student.reportUserSearch({ schoolId: v.schoolId, studentId: ids.studentId });
  return ids;
}

export const userSearchIsolation: IsolationTable = {
  'userSearch.getUserLastSearch': school(aSearch, (c, schoolId) => c.userSearch.getUserLastSearch({ schoolId })),
};

import { entity, type IsolationTable, type Victim } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student of the victim school with its admin (a teaching member) as the Výuka default teacher. */
async function withDefaultTeacher(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  await v.caller.studentDefaultTeacher.setDefaultTeacher({ schoolId: v.schoolId, studentId, userId: v.member.id, type: 'TEACHING' });
  return { studentId, memberId: v.member.id };
}

export const studentDefaultTeacherIsolation: IsolationTable = {
  'studentDefaultTeacher.getDefaultTeacher': entity(withDefaultTeacher, (c, schoolId, { studentId }) =>
    c.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId, type: 'TEACHING' }),
  ),
  'studentDefaultTeacher.setDefaultTeacher': entity(withDefaultTeacher, (c, schoolId, { studentId, memberId }) =>
    c.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId, userId: memberId, type: 'TRAINING' }),
  ),
};

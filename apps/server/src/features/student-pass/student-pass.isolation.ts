import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { entity, type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student with an e-mail of its own (the outbox allows a few pass mails an hour per address). */
async function aStudentWithEmail(app: TestApp, v: Victim) {
  const { studentId } = await aStudent(app, v);
  await app.handle.db
    .update(schema.students)
    .set({ email: uniqueEmail('zak') })
    .where(eq(schema.students.id, studentId));
  return { studentId };
}

export const studentPassIsolation: IsolationTable = {
  // type 'app' through the session; type 'web' opens by the code (student-pass.int.test.ts: wrong, foreign and locked).
  'student.getStudentPass': entity(aStudent, (c, schoolId, { studentId }) => c.student.getStudentPass({ type: 'app', schoolId, studentId })),
  'student.getStudentPassShareInfo': entity(aStudent, (c, schoolId, { studentId }) => c.student.getStudentPassShareInfo({ schoolId, studentId })),
  'student.sendStudentPassInfo': entity(aStudentWithEmail, (c, schoolId, { studentId }) =>
    c.student.sendStudentPassInfo({ schoolId, studentId, generateNew: true }),
  ),
  'studentPass.getSchoolPassCode': school(
    async (app, v) => ({ schoolCode: (await v.caller.studentPass.getSchoolPassCode({ schoolId: v.schoolId })).schoolCode, ...(await theSchool(app, v)) }),
    (c, schoolId) => c.studentPass.getSchoolPassCode({ schoolId }),
    (result, ids) => JSON.stringify(result).includes(ids.schoolCode),
  ),
  'studentPass.regenerateSchoolPassCode': school(theSchool, (c, schoolId) => c.studentPass.regenerateSchoolPassCode({ schoolId })),
  'studentPassSignature.getStudentPassSignature': {
    kind: 'public',
    why: 'opened by the student’s code, not a session; student-pass.int.test.ts shows another school’s id, a wrong code and a foreign student refused alike',
  },
  'studentPassSignature.createStudentPassSignature': {
    kind: 'public',
    why: 'opened by the student’s code, not a session; student-pass.int.test.ts shows another school’s id, a wrong code and a foreign student refused alike',
  },
};

import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { entity, type IsolationTable, type StudentIsolationTable, type StudentValues, school, theSchool, type Victim } from '../../testing/isolation.ts';
import { freshAddress, type StudentActor } from '../student-portal/student-portal.testing.ts';
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
  'studentPassSignature.getStudentPassSignature': { kind: 'student', why: 'opened by the student’s code (the pass rung); the student half tries it' },
  'studentPassSignature.createStudentPassSignature': { kind: 'student', why: 'opened by the student’s code (the pass rung); the student half tries it' },
  'ownPass.getPass': { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' },
  'ownPass.getSignature': { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' },
  'ownPass.createSignature': { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' },
};

/** The pass procedures with the code of `me` and the rest of `key`, each from an address of its own (no waits). */
const visitor = (me: StudentActor) => me.as(freshAddress());
const credentials = (me: StudentActor, key: StudentValues) => ({
  schoolId: key.schoolId,
  studentId: key.studentId,
  registrationNumber: key.registrationNumber,
  secretCode: me.secretCode,
});

export const studentPassStudentIsolation: StudentIsolationTable = {
  'student.getStudentPass': (me, key) =>
    visitor(me).student.getStudentPass({ type: 'web', schoolCode: key.schoolCode, registrationNumber: key.registrationNumber, secretCode: me.secretCode }),
  'drivingLessonsRecord.getDrivingLessonsRecords': (me, key) => visitor(me).drivingLessonsRecord.getDrivingLessonsRecords(credentials(me, key)),
  'studentPassSignature.getStudentPassSignature': (me, key) => visitor(me).studentPassSignature.getStudentPassSignature(credentials(me, key)),
  'studentPassSignature.createStudentPassSignature': (me, key) =>
    visitor(me).studentPassSignature.createStudentPassSignature({ ...credentials(me, key), signature: me.signature }),
};

/** The pass tab of 'Můj výcvik': no input names a student, so A's session answers A's pass whatever `key` says. */
export const ownPassStudentIsolation: StudentIsolationTable = {
  'ownPass.getPass': (me) => me.as().ownPass.getPass(),
  'ownPass.getSignature': (me) => me.as().ownPass.getSignature(),
  // The input is the picture alone: no mix can name B. A mix signs nothing (a write would change A's pass, which the
  // runner forbids for a mix) and reads A's signature back, which shows nothing of B; A's own key signs A's pass.
  'ownPass.createSignature': async (me, key) =>
    key.studentId === me.studentId && key.schoolId === me.schoolId
      ? me.as().ownPass.createSignature({ signature: me.signature })
      : me.as().ownPass.getSignature(),
};

import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { entity, type IsolationTable, type Victim } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student with an e-mail of its own, invited (so revoking has something to end). */
async function anInvitedStudent(app: TestApp, v: Victim) {
  const { studentId } = await aStudent(app, v);
  await app.handle.db
    .update(schema.students)
    .set({ email: uniqueEmail('zak'), portalInvitedAt: new Date() })
    .where(eq(schema.students.id, studentId));
  return { studentId };
}

export const studentAccessIsolation: IsolationTable = {
  'studentAccess.getAccess': entity(anInvitedStudent, (c, schoolId, { studentId }) => c.studentAccess.getAccess({ schoolId, studentId })),
  'studentAccess.invite': entity(anInvitedStudent, (c, schoolId, { studentId }) => c.studentAccess.invite({ schoolId, studentId })),
  'studentAccess.revoke': entity(anInvitedStudent, (c, schoolId, { studentId }) => c.studentAccess.revoke({ schoolId, studentId })),
};

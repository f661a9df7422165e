// Students as callers, for tests: a student of a school with a registration number, a known pass code and a session
// of their own (gate/student-session.queries.ts), as the next issue's e-mail login will make it.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { createStudentSession } from '../../gate/student-session.queries.ts';
import type { Caller, TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

const RIDE_START = new Date('2026-03-02T08:00:00Z');
let seq = 0;
let addressSeq = 0;
/** A client address no other call of the run uses (the pass rung counts wrong codes per address). */
export const freshAddress = () => `10.${200 + (addressSeq % 50)}.${Math.floor(addressSeq++ / 50) % 250}.${1 + Math.floor(Math.random() * 250)}`;

/** Everything that names one student to the app: ids, the pass's values and the student's own session. */
export interface StudentActor {
  schoolId: string;
  studentId: string;
  lastName: string;
  registrationNumber: string;
  secretCode: string;
  /** One ride of the student's (the pass and its records list it). */
  rideId: string;
  /** The student's signature on their pass, a picture of its own. */
  signature: string;
  schoolCode: string;
  /** The student's own session token; `as()` is a caller carrying it. */
  token: string;
  as(ip?: string): Caller;
  /** A caller with another new session of the student's own (logging it out leaves `token` live). */
  session(ip?: string): Promise<Caller>;
}

/** A new student of the school (made by its admin `staff`), with a pass code and a live session of their own. */
export async function aStudentActor(app: TestApp, school: { caller: Caller; schoolId: string }, days = 1): Promise<StudentActor> {
  const n = seq++;
  const registrationNumber = `Z-${Date.now().toString(36)}-${n}/2026`;
  const lastName = `Žákovská${Date.now().toString(36)}${n}`;
  const studentId = await createTestStudent(school.caller, school.schoolId, { lastName, registrationNumber });
  const secretCode = `K${n.toString(36).toUpperCase().padStart(7, '7')}`;
  await app.handle.db.update(schema.students).set({ secretCode }).where(eq(schema.students.id, studentId));
  const { schoolCode } = await school.caller.student.getStudentPassShareInfo({ schoolId: school.schoolId, studentId });
  const [ride] = await app.handle.db
    .insert(schema.drivingLessonRecords)
    .values({ schoolId: school.schoolId, studentId, type: 'DRIVING', startTime: RIDE_START, endTime: new Date(RIDE_START.getTime() + 90 * 60_000), length: 90 })
    .returning({ id: schema.drivingLessonRecords.id });
  const signature = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><circle r="1.5" cx="${10 + (n % 280)}" cy="50" fill="black"></circle></svg>`;
  await app.handle.db.insert(schema.studentPassSignatures).values({ schoolId: school.schoolId, studentId, signature });
  const token = await createStudentSession(app.handle.db, school.schoolId, studentId, new Date(), days);
  return {
    schoolId: school.schoolId,
    studentId,
    lastName,
    registrationNumber,
    secretCode,
    rideId: ride.id,
    signature,
    schoolCode,
    token,
    as: (ip = freshAddress()) => app.callerWithToken(token, ip),
    session: async (ip = freshAddress()) => app.callerWithToken(await createStudentSession(app.handle.db, school.schoolId, studentId, new Date(), days), ip),
  };
}

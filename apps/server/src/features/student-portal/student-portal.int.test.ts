// The student rung end to end through studentPortal.getMe: a live session of a student who is not removed opens it
// and answers that student; a revoked or expired session, a removed student and no token are refused alike.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { revokeStudentSession } from '../../gate/student-session.queries.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { aStudentActor } from './student-portal.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string }) => e.code ?? String(e),
  );

describe('studentPortal.getMe (the student rung)', () => {
  it('answers the student’s own name, registration number and school', async () => {
    const school = await setupSchool(app);
    const a = await aStudentActor(app, school);
    expect(await a.as().studentPortal.getMe()).toEqual({
      firstName: expect.any(String),
      lastName: a.lastName,
      registrationNumber: a.registrationNumber,
      schoolName: school.school.name,
      schoolContact: expect.objectContaining({ city: expect.any(String) }),
    });
  });

  it('refuses a revoked session, an expired one and a removed student, as it refuses no token', async () => {
    const school = await setupSchool(app);
    const [revoked, expired, removed] = [await aStudentActor(app, school), await aStudentActor(app, school), await aStudentActor(app, school)];
    const { studentSessions, students } = schema;
    const [session] = await app.handle.db.select({ id: studentSessions.id }).from(studentSessions).where(eq(studentSessions.studentId, revoked.studentId));
    await revokeStudentSession(app.handle.db, session.id, new Date());
    await app.handle.db
      .update(studentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(studentSessions.studentId, expired.studentId));
    await app.handle.db.update(students).set({ removedAt: new Date() }).where(eq(students.id, removed.studentId));
    expect({
      revoked: await refusal(revoked.as().studentPortal.getMe()),
      expired: await refusal(expired.as().studentPortal.getMe()),
      removed: await refusal(removed.as().studentPortal.getMe()),
      none: await refusal(app.callerWithToken(null).studentPortal.getMe()),
      unknown: await refusal(app.callerWithToken('not-a-token').studentPortal.getMe()),
    }).toEqual({ revoked: 'UNAUTHORIZED', expired: 'UNAUTHORIZED', removed: 'UNAUTHORIZED', none: 'UNAUTHORIZED', unknown: 'UNAUTHORIZED' });
  });

  it('cannot name a student of another school: the session’s school and student are one foreign key', async () => {
    const [home, other] = [await setupSchool(app), await setupSchool(app)];
    const a = await aStudentActor(app, home);
    const insert = app.handle.db
      .insert(schema.studentSessions)
      .values({ schoolId: other.schoolId, studentId: a.studentId, tokenHash: `x-${a.studentId}`, expiresAt: new Date(Date.now() + 60_000) });
    await expect(insert).rejects.toThrow();
  });
});

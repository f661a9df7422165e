import { schema } from '@volant/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('a student’s default teacher', () => {
  it('is set, read, replaced and cleared per type, audited, and the Výuka one tells the school', async () => {
    const { caller, schoolId, member } = await setupSchool(app);
    const teacher = await addMember(app, schoolId, (await createUser(app)).id, 'TEACHER');
    const studentId = await createTestStudent(caller, schoolId);
    expect(await caller.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId, type: 'TEACHING' })).toBeNull();

    const sent = app.deps.live.sent.length;
    expect(await caller.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId, userId: teacher.id, type: 'TEACHING' })).toEqual({ userId: teacher.id });
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toEqual([{ TeachingLessonRecordMessage: { schoolId, studentId } }]);
    await caller.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId, userId: member.id, type: 'TRAINING' });
    expect(await caller.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId, type: 'TEACHING' })).toEqual({ userId: teacher.id });
    expect(await caller.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId, type: 'TRAINING' })).toEqual({ userId: member.id });

    await caller.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId, userId: member.id, type: 'TEACHING' });
    expect(await caller.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId, type: 'TEACHING' })).toEqual({ userId: member.id });
    // 'Nevybráno' (the empty select) or null clears it.
    expect(await caller.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId, userId: '__empty', type: 'TEACHING' })).toBeNull();
    expect(await caller.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId, type: 'TEACHING' })).toBeNull();
    await caller.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId, userId: null, type: 'TRAINING' });
    expect(await caller.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId, type: 'TRAINING' })).toBeNull();

    const entries = await app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, studentId), eq(schema.auditLog.action, 'studentDefaultTeacher.set')))
      .orderBy(asc(schema.auditLog.createdAt));
    expect(entries.map((e) => e.data)).toEqual([
      { type: 'TEACHING', before: null, after: teacher.id },
      { type: 'TRAINING', before: null, after: member.id },
      { type: 'TEACHING', before: teacher.id, after: member.id },
      { type: 'TEACHING', before: member.id, after: null },
      { type: 'TRAINING', before: member.id, after: null },
    ]);
  });

  it('refuses a member who does not teach, a former member, another school’s teacher and an unknown id', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const other = await setupSchool(app);
    const assistant = await addMember(app, schoolId, (await createUser(app)).id, 'ASSISTANT');
    const gone = await addMember(app, schoolId, (await createUser(app)).id, 'TEACHER');
    await app.handle.db.update(schema.schoolMembers).set({ isActive: false }).where(eq(schema.schoolMembers.id, gone.id));
    const studentId = await createTestStudent(caller, schoolId);
    for (const userId of [assistant.id, gone.id, other.member.id, crypto.randomUUID()]) {
      await expect(caller.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId, userId, type: 'TEACHING' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Učitel nebyl nalezen.',
      });
    }
    expect(await caller.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId, type: 'TEACHING' })).toBeNull();
  });

  it('answers NOT_FOUND for another school’s student', async () => {
    const { caller, schoolId, member } = await setupSchool(app);
    const other = await setupSchool(app);
    const theirs = await createTestStudent(other.caller, other.schoolId);
    await expect(caller.studentDefaultTeacher.getDefaultTeacher({ schoolId, studentId: theirs, type: 'TEACHING' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Student nebyl nalezen',
    });
    await expect(caller.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId: theirs, userId: member.id, type: 'TEACHING' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('tags', () => {
  it('creates, lists (by name), updates and removes tags', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const zaplaceno = await caller.tag.createTag({ schoolId, name: 'Zaplaceno', color: '#00aa00' });
    const dluh = await caller.tag.createTag({ schoolId, name: 'dluh', color: '#aa0000' });
    expect(await caller.tag.getTagsBySchoolId({ schoolId })).toEqual([
      { id: dluh.id, name: 'dluh', color: '#aa0000' },
      { id: zaplaceno.id, name: 'Zaplaceno', color: '#00aa00' },
    ]);
    expect(await caller.tag.updateTag({ schoolId, tagId: dluh.id, name: 'Dluží', color: '#bb0000' })).toEqual({ id: dluh.id, name: 'Dluží', color: '#bb0000' });
    await caller.tag.removeTag({ schoolId, tagId: dluh.id });
    expect((await caller.tag.getTagsBySchoolId({ schoolId })).map((t) => t.id)).toEqual([zaplaceno.id]);
    await expect(caller.tag.removeTag({ schoolId, tagId: dluh.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Štítek nebyl nalezen.' });
  });

  it('tells the school about its tags on create, update and removal', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const sent = app.deps.live.sent.length;
    const { id: tagId } = await caller.tag.createTag({ schoolId, name: 'Nový', color: '#000001' });
    await caller.tag.updateTag({ schoolId, tagId, name: 'Starý', color: '#000002' });
    await caller.tag.removeTag({ schoolId, tagId });
    const message = { room: `school:${schoolId}`, message: { TagMessage: { schoolId, tagId } } };
    expect(app.deps.live.sent.slice(sent)).toEqual([message, message, message]);
  });

  it('refuses a name the school already uses, in any case, with a Czech message', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const first = await caller.tag.createTag({ schoolId, name: 'VIP', color: '#000000' });
    const second = await caller.tag.createTag({ schoolId, name: 'Ostatní', color: '#000000' });
    await expect(caller.tag.createTag({ schoolId, name: 'vip', color: '#111111' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Štítek s tímto názvem již existuje.',
    });
    await expect(caller.tag.updateTag({ schoolId, tagId: second.id, name: 'VIP', color: '#000000' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await caller.tag.updateTag({ schoolId, tagId: first.id, name: 'VIP', color: '#ffffff' });
    // Another school may use the same name.
    const other = await setupSchool(app);
    await other.caller.tag.createTag({ schoolId: other.schoolId, name: 'VIP', color: '#000000' });
    expect(await inputIssues(caller.tag.createTag({ schoolId, name: '', color: 'red' }))).toEqual([
      'name: Prosím zadejte název štítku!',
      'color: Prosím vyberte barvu!',
    ]);
  });

  it('attaches tags to a student and detaches them, telling the school about the student', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    const a = await caller.tag.createTag({ schoolId, name: 'A tag', color: '#000001' });
    const b = await caller.tag.createTag({ schoolId, name: 'B tag', color: '#000002' });
    const ref = { schoolId, entityId: studentId, entityType: 'STUDENT' as const };

    const sent = app.deps.live.sent.length;
    await caller.tag.addTagToEntity({ ...ref, tagId: b.id });
    await caller.tag.addTagToEntity({ ...ref, tagId: a.id });
    await caller.tag.addTagToEntity({ ...ref, tagId: a.id });
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toEqual([
      { StudentInfoMessage: { schoolId, studentId } },
      { StudentInfoMessage: { schoolId, studentId } },
    ]);
    expect(await caller.tag.getEntityTags(ref)).toEqual([
      { id: a.id, name: 'A tag', color: '#000001' },
      { id: b.id, name: 'B tag', color: '#000002' },
    ]);
    await caller.tag.removeTagFromEntity({ ...ref, tagId: a.id });
    expect((await caller.tag.getEntityTags(ref)).map((t) => t.id)).toEqual([b.id]);
    await expect(caller.tag.removeTagFromEntity({ ...ref, tagId: a.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Removing a tag unlinks it from its students and tells the school about the tag and each student.
    const before = app.deps.live.sent.length;
    await caller.tag.removeTag({ schoolId, tagId: b.id });
    expect(await caller.tag.getEntityTags(ref)).toEqual([]);
    expect(app.deps.live.sent.slice(before).map((m) => m.message)).toEqual([
      { TagMessage: { schoolId, tagId: b.id } },
      { StudentInfoMessage: { schoolId, studentId } },
    ]);
  });

  it('refuses a missing tag or a removed student', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    const tag = await caller.tag.createTag({ schoolId, name: 'X', color: '#000001' });
    await expect(caller.tag.addTagToEntity({ schoolId, entityId: studentId, entityType: 'STUDENT', tagId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Štítek nebyl nalezen.',
    });
    await caller.student.removeStudent({ schoolId, studentId });
    await expect(caller.tag.addTagToEntity({ schoolId, entityId: studentId, entityType: 'STUDENT', tagId: tag.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Student nebyl nalezen',
    });
    await expect(caller.tag.getEntityTags({ schoolId, entityId: studentId, entityType: 'STUDENT' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

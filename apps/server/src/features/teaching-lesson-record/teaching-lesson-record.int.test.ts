import { schema } from '@volant/db/schema';
import type { TEACHING_SECTIONS } from '@volant/shared/enums';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Caller, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { studentInput } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

type Records = Awaited<ReturnType<Caller['teachingLessonRecord']['getTeachingLessonRecords']>>;
const counts = (r: Records) => Object.fromEntries(r.sections.map((s) => [s.type, s.lessons.length]));
const section = (r: Records, type: (typeof TEACHING_SECTIONS)[number]) => r.sections.find((s) => s.type === type)!;

async function newStudent(caller: Caller, schoolId: string, study: Partial<ReturnType<typeof studentInput>['studentStudyInfo']> = {}) {
  const input = studentInput();
  const { id } = await caller.student.createStudent({ schoolId, ...input, studentStudyInfo: { ...input.studentStudyInfo, ...study } });
  return id;
}

async function startedStudent(caller: Caller, schoolId: string, study: Parameters<typeof newStudent>[2] = {}) {
  const studentId = await newStudent(caller, schoolId, study);
  await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: '2026-03-02' });
  return studentId;
}

const auditOf = async (studentId: string, action: string) =>
  (
    await app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, studentId), eq(schema.auditLog.action, action)))
  ).map((e) => e.data);

describe('planning the Výuka when training starts', () => {
  it('gives a B course student the law’s 36 theory lessons and the PV rows, in the spec’s section order, positions from 1', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await newStudent(caller, schoolId);
    // Nothing before the start: the plan shows what is required, no row is written by reading.
    const before = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    expect(before.planned).toBe(false);
    expect(before.progress).toEqual({ done: 0, total: 42 });

    const { reportId } = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: '2026-03-02' });
    expect(reportId).toEqual(expect.any(String));
    const records = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    expect(records.sections.map((s) => s.type)).toEqual(['TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'PV_UV', 'PV_ZP']);
    expect(counts(records)).toEqual({ TZBJ: 10, PPV: 18, OUV: 2, ZP: 2, OP: 4, PV_UV: 2, PV_ZP: 4 });
    expect(records.sections.map((s) => [s.required, s.verified, s.done, s.total])).toEqual([10, 18, 2, 2, 4, 2, 4].map((n) => [n, true, 0, n]));
    expect(section(records, 'TZBJ').lessons.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(section(records, 'OUV').lessons).toEqual([
      { id: expect.any(String), position: 1, userId: null, user: null, date: null, topic: null, attended: false, fromGroupLesson: false },
      { id: expect.any(String), position: 2, userId: null, user: null, date: null, topic: null, attended: false, fromGroupLesson: false },
    ]);
    expect(records).toMatchObject({ planned: true, progress: { done: 0, total: 42 } });
  });

  it('gives an ISP student the 11 consultations and the full PV', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await startedStudent(caller, schoolId, { trainingType: 'ISP' });
    const records = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    expect(counts(records)).toEqual({ TZBJ: 3, PPV: 5, OUV: 1, ZP: 1, OP: 1, PV_UV: 2, PV_ZP: 4 });
  });

  it('plans the school’s raise of a section above the law', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await caller.lessonPlan.setLessonPlanRaise({ schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', item: 'TZBJ', hours: 12 });
    const studentId = await startedStudent(caller, schoolId);
    const records = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    expect(section(records, 'TZBJ')).toMatchObject({ required: 12, verified: true, total: 12 });
    expect(section(records, 'TZBJ').lessons).toHaveLength(12);
  });

  it('plans every student started at once, and setStudentState IN_PROGRESS plans too', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const [a, b, c] = [await newStudent(caller, schoolId), await newStudent(caller, schoolId), await newStudent(caller, schoolId)];
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a, b] });
    await caller.student.setStudentState({ schoolId, studentsIds: [c], state: 'IN_PROGRESS', date: '2026-02-03' });
    for (const studentId of [a, b, c]) {
      expect((await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId })).progress.total).toBe(42);
    }
    const rows = await app.handle.db.select().from(schema.teachingLessonRecords).where(eq(schema.teachingLessonRecords.schoolId, schoolId));
    expect(rows).toHaveLength(126);
  });

  it('prefills the Výuka default teacher into the planned rows', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const teacher = await addMember(app, schoolId, (await createUser(app)).id, 'TEACHER');
    const studentId = await newStudent(caller, schoolId);
    await caller.studentDefaultTeacher.setDefaultTeacher({ schoolId, studentId, userId: teacher.id, type: 'TEACHING' });
    await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId] });
    const lessons = (await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId })).sections.flatMap((s) => s.lessons);
    expect(lessons).toHaveLength(42);
    expect(new Set(lessons.map((l) => l.userId))).toEqual(new Set([teacher.id]));
  });

  it('re-plans when the groups change: dated lessons stay, undated surplus goes, missing rows come back; idempotent', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await startedStudent(caller, schoolId, { group: ['B', 'T'] });
    const first = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    // B + T: OUV is T's 10, PV-ÚV is 2 + 8.
    expect(counts(first)).toMatchObject({ OUV: 10, PV_UV: 10 });
    const ouv = section(first, 'OUV').lessons;
    await caller.teachingLessonRecord.updateTeachingLessonRecord({
      schoolId,
      studentId,
      data: [0, 1, 2].map((i) => ({ id: ouv[i].id, date: `2026-03-0${i + 3}`, userId: null, topic: null, attended: true })),
    });

    const study = (group: ('B' | 'T')[]) => ({ ...studentInput().studentStudyInfo, group });
    const sent = app.deps.live.sent.length;
    await caller.student.updateStudent({ schoolId, studentId, studentStudyInfo: study(['B']) });
    const second = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    // B alone plans 2 OUV, but the 3 dated stay; the undated 7 went.
    expect(counts(second)).toEqual({ TZBJ: 10, PPV: 18, OUV: 3, ZP: 2, OP: 4, PV_UV: 2, PV_ZP: 4 });
    expect(section(second, 'OUV').lessons.map((l) => l.id)).toEqual(ouv.slice(0, 3).map((l) => l.id));
    expect(section(second, 'OUV')).toMatchObject({ required: 2, done: 3, total: 3 });
    expect(section(second, 'TZBJ').lessons.map((l) => l.id)).toEqual(section(first, 'TZBJ').lessons.map((l) => l.id));
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toContainEqual({ TeachingLessonRecordMessage: { schoolId, studentId } });

    await caller.student.updateStudent({ schoolId, studentId, studentStudyInfo: study(['B', 'T']) });
    const third = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    expect(counts(third)).toMatchObject({ OUV: 10, PV_UV: 10 });
    const thirdOuv = section(third, 'OUV').lessons;
    expect(thirdOuv.slice(0, 3).map((l) => [l.id, l.date])).toEqual(ouv.slice(0, 3).map((l, i) => [l.id, `2026-03-0${i + 3}`]));
    expect(thirdOuv.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // Planning again on request changes nothing and records nothing.
    const again = await caller.teachingLessonRecord.planTeachingLessons({ schoolId, studentId });
    expect(again).toEqual(third);
    expect(await auditOf(studentId, 'teachingLessonRecord.plan')).toEqual([]);
  });

  it('leaves a student who was never planned alone on a study change, and plans one started before Výuka on request', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await startedStudent(caller, schoolId);
    // As if started before the feature: no rows.
    await app.handle.db.delete(schema.teachingLessonRecords).where(eq(schema.teachingLessonRecords.studentId, studentId));
    await caller.student.updateStudent({ schoolId, studentId, studentStudyInfo: { ...studentInput().studentStudyInfo, trainingType: 'ISP' } });
    const read = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    expect(read).toMatchObject({ planned: false, progress: { done: 0, total: 17 } });
    expect(counts(read)).toEqual({ TZBJ: 0, PPV: 0, OUV: 0, ZP: 0, OP: 0, PV_UV: 0, PV_ZP: 0 });

    const sent = app.deps.live.sent.length;
    const planned = await caller.teachingLessonRecord.planTeachingLessons({ schoolId, studentId });
    expect(counts(planned)).toEqual({ TZBJ: 3, PPV: 5, OUV: 1, ZP: 1, OP: 1, PV_UV: 2, PV_ZP: 4 });
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toEqual([{ TeachingLessonRecordMessage: { schoolId, studentId } }]);
    expect(await auditOf(studentId, 'teachingLessonRecord.plan')).toEqual([{ added: 17, removed: 0, hadLessons: false }]);
  });

  it('answers NOT_FOUND for another school’s or a removed student', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const other = await setupSchool(app);
    const theirs = await startedStudent(other.caller, other.schoolId);
    await expect(caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId: theirs })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Student nebyl nalezen',
    });
    const removed = await startedStudent(caller, schoolId);
    await caller.student.removeStudent({ schoolId, studentId: removed });
    await expect(caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId: removed })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.teachingLessonRecord.planTeachingLessons({ schoolId, studentId: removed })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('saving Výuka lessons', () => {
  it('writes only the given lessons in one go, audits them and tells the school', async () => {
    const { caller, schoolId, member } = await setupSchool(app);
    const studentId = await startedStudent(caller, schoolId);
    const before = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    const [l1, l2, l3] = section(before, 'TZBJ').lessons;
    const rowsBefore = await app.handle.db.select().from(schema.teachingLessonRecords).where(eq(schema.teachingLessonRecords.studentId, studentId));

    const sent = app.deps.live.sent.length;
    const after = await caller.teachingLessonRecord.updateTeachingLessonRecord({
      schoolId,
      studentId,
      data: [
        { id: l1.id, date: '2026-03-03', userId: member.id, topic: 'Pravidla provozu', attended: true },
        { id: l2.id, date: '2026-03-04', userId: '__empty', topic: '', attended: true },
      ],
    });
    expect(section(after, 'TZBJ').lessons.slice(0, 3)).toEqual([
      {
        id: l1.id,
        position: 1,
        userId: member.id,
        user: { id: member.id, firstName: member.firstName, lastName: member.lastName },
        date: '2026-03-03',
        topic: 'Pravidla provozu',
        attended: true,
        fromGroupLesson: false,
      },
      { id: l2.id, position: 2, userId: null, user: null, date: '2026-03-04', topic: null, attended: true, fromGroupLesson: false },
      l3,
    ]);
    expect(section(after, 'TZBJ')).toMatchObject({ done: 2, total: 10 });
    expect(after.progress).toEqual({ done: 2, total: 42 });
    // The other 40 rows are untouched.
    const rowsAfter = await app.handle.db.select().from(schema.teachingLessonRecords).where(eq(schema.teachingLessonRecords.studentId, studentId));
    const untouched = (rows: typeof rowsBefore) => rows.filter((r) => r.id !== l1.id && r.id !== l2.id).sort((a, b) => a.id.localeCompare(b.id));
    expect(untouched(rowsAfter)).toEqual(untouched(rowsBefore));
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toEqual([{ TeachingLessonRecordMessage: { schoolId, studentId } }]);
    expect(await auditOf(studentId, 'teachingLessonRecord.update')).toEqual([
      {
        before: [
          { id: l1.id, userId: null, date: null, topic: null, attended: false },
          { id: l2.id, userId: null, date: null, topic: null, attended: false },
        ],
        after: [
          { id: l1.id, userId: member.id, date: '2026-03-03', topic: 'Pravidla provozu', attended: true },
          { id: l2.id, userId: null, date: '2026-03-04', topic: null, attended: true },
        ],
      },
    ]);

    // A date can be cleared again (an attended hour taken back: a correction with its reason, issue 22 §1).
    const cleared = await caller.teachingLessonRecord.updateTeachingLessonRecord({
      schoolId,
      studentId,
      data: [{ id: l2.id, date: null, userId: null, topic: null }],
      correctionReason: 'Zapsáno omylem',
    });
    expect(section(cleared, 'TZBJ').done).toBe(1);
  });

  it('keeps a planned lesson apart from an attended one: only attended counts, and never with a date after today', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await startedStudent(caller, schoolId);
    const [l1, l2, l3] = section(await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId }), 'PPV').lessons;
    const today = schoolToday(app.deps.now());
    const future = addDays(today, 7);
    const save = (data: { id: string; date: string | null; attended?: boolean }[], correctionReason?: string) =>
      caller.teachingLessonRecord.updateTeachingLessonRecord({
        schoolId,
        studentId,
        data: data.map((d) => ({ ...d, userId: null, topic: null })),
        correctionReason,
      });

    // Dated lessons are planned until marked: a date alone (today or next week) is not 'Dokončeno'.
    const planned = await save([
      { id: l1.id, date: today },
      { id: l2.id, date: future },
    ]);
    expect(section(planned, 'PPV')).toMatchObject({ done: 0 });
    expect(planned.progress.done).toBe(0);
    expect(
      section(planned, 'PPV')
        .lessons.slice(0, 2)
        .map((l) => l.attended),
    ).toEqual([false, false]);

    // A lesson of next week cannot be attended yet, nor an undated one; today's can.
    await expect(save([{ id: l2.id, date: future, attended: true }])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Lekci lze označit jako absolvovanou až v den, kdy proběhla.',
    });
    await expect(save([{ id: l3.id, date: null, attended: true }])).rejects.toMatchObject({ message: 'Absolvovaná lekce musí mít datum.' });
    const attended = await save([{ id: l1.id, date: today, attended: true }]);
    expect(section(attended, 'PPV')).toMatchObject({ done: 1 });
    expect(attended.progress.done).toBe(1);

    // Moving an attended lesson into the future is refused; clearing its date makes it planned again.
    await expect(save([{ id: l1.id, date: future }])).rejects.toMatchObject({ message: 'Lekci lze označit jako absolvovanou až v den, kdy proběhla.' });
    expect(section(await save([{ id: l1.id, date: future, attended: false }], 'Lekce se přesouvá'), 'PPV').done).toBe(0);
    expect(section(await save([{ id: l1.id, date: null }]), 'PPV').lessons[0]).toMatchObject({ date: null, attended: false });
  });

  it('refuses a lesson of another student, nothing written', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await startedStudent(caller, schoolId);
    const b = await startedStudent(caller, schoolId);
    const aLesson = section(await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId: a }), 'TZBJ').lessons[0];
    const bBefore = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId: b });
    const bLesson = section(bBefore, 'TZBJ').lessons[0];
    const sent = app.deps.live.sent.length;
    await expect(
      caller.teachingLessonRecord.updateTeachingLessonRecord({
        schoolId,
        studentId: b,
        data: [
          { id: bLesson.id, date: '2026-03-03', userId: null, topic: null },
          { id: aLesson.id, date: '2026-03-03', userId: null, topic: null },
        ],
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      caller.teachingLessonRecord.updateTeachingLessonRecord({
        schoolId,
        studentId: b,
        data: [{ id: crypto.randomUUID(), date: null, userId: null, topic: null }],
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId: b })).toEqual(bBefore);
    expect(section(await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId: a }), 'TZBJ').lessons[0]).toEqual(aLesson);
    expect(app.deps.live.sent.length).toBe(sent);
  });

  it('refuses a teacher who is not an active teaching member of the school', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const other = await setupSchool(app);
    const assistant = await addMember(app, schoolId, (await createUser(app)).id, 'ASSISTANT');
    const gone = await addMember(app, schoolId, (await createUser(app)).id, 'TEACHER');
    await app.handle.db.update(schema.schoolMembers).set({ isActive: false }).where(eq(schema.schoolMembers.id, gone.id));
    const paramedic = await addMember(app, schoolId, (await createUser(app)).id, 'PARAMEDIC');
    const studentId = await startedStudent(caller, schoolId);
    const lesson = section(await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId }), 'ZP').lessons[0];
    for (const teacherId of [assistant.id, gone.id, other.member.id, crypto.randomUUID()]) {
      await expect(
        caller.teachingLessonRecord.updateTeachingLessonRecord({
          schoolId,
          studentId,
          data: [{ id: lesson.id, date: '2026-03-03', userId: teacherId, topic: null }],
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Učitel nebyl nalezen.' });
    }
    expect(section(await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId }), 'ZP').lessons[0]).toEqual(lesson);
    const saved = await caller.teachingLessonRecord.updateTeachingLessonRecord({
      schoolId,
      studentId,
      data: [{ id: lesson.id, date: '2026-03-03', userId: paramedic.id, topic: null }],
    });
    expect(section(saved, 'ZP').lessons[0].userId).toBe(paramedic.id);
  });

  it('keeps a teacher who has left on the lessons they taught: those lessons can still be edited', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const teacher = await addMember(app, schoolId, (await createUser(app)).id, 'TEACHER');
    const studentId = await startedStudent(caller, schoolId);
    const lesson = section(await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId }), 'ZP').lessons[0];
    await caller.teachingLessonRecord.updateTeachingLessonRecord({
      schoolId,
      studentId,
      data: [{ id: lesson.id, date: '2026-03-03', userId: teacher.id, topic: null }],
    });
    await app.handle.db.update(schema.schoolMembers).set({ isActive: false }).where(eq(schema.schoolMembers.id, teacher.id));
    const saved = await caller.teachingLessonRecord.updateTeachingLessonRecord({
      schoolId,
      studentId,
      data: [{ id: lesson.id, date: '2026-03-04', userId: teacher.id, topic: 'První pomoc' }],
    });
    expect(section(saved, 'ZP').lessons[0]).toMatchObject({ userId: teacher.id, user: { id: teacher.id }, date: '2026-03-04', topic: 'První pomoc' });
    // Given to another lesson, the former teacher is refused.
    const other = section(saved, 'ZP').lessons[1];
    await expect(
      caller.teachingLessonRecord.updateTeachingLessonRecord({
        schoolId,
        studentId,
        data: [{ id: other.id, date: '2026-03-04', userId: teacher.id, topic: null }],
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Učitel nebyl nalezen.' });
  });

  it('has nothing to plan for doplňovací training, and says it is planned', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await startedStudent(caller, schoolId, { trainingKind: 'COMPLEMENTARY' });
    const records = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
    expect(records).toMatchObject({ planned: true, progress: { done: 0, total: 0 } });
    expect(records.sections.every((s) => s.lessons.length === 0 && s.required === 0)).toBe(true);
  });

  it('refuses an empty save and a bad date with the form’s messages', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await startedStudent(caller, schoolId);
    expect(await inputIssues(caller.teachingLessonRecord.updateTeachingLessonRecord({ schoolId, studentId, data: [] }))).toEqual([
      'data: Nebyly provedeny žádné změny!',
    ]);
    const lesson = section(await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId }), 'OP').lessons[0];
    expect(
      (await inputIssues(caller.teachingLessonRecord.updateTeachingLessonRecord({ schoolId, studentId, data: [{ id: lesson.id, date: '2026-02-30' }] })))
        .length,
    ).toBe(1);
  });
});

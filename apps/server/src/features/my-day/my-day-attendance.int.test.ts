// 'Docházka' from 'Můj den' through the real router (issue 20 §3 with §2): the teacher's group lessons of the day come
// with the day (and their students, for the device), the marks go through the same outbox action (myDay.act,
// ATTENDANCE) exactly once by key, the course's rules hold (only the lesson's teacher, never before its start), and a
// lesson the office changed since the device read it answers CONFLICT without writing.
import { schema } from '@volant/db/schema';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { callerAt } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { aCourseWithLesson } from '../course/course.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

async function world() {
  const school = await setupSchool(app);
  const teacherA = await createUser(app);
  const memberA = await addMember(app, school.schoolId, teacherA.id, 'TEACHER');
  const teacherB = await createUser(app);
  await addMember(app, school.schoolId, teacherB.id, 'TEACHER');
  const c = await aCourseWithLesson(school.caller, school.schoolId, memberA.id, 3);
  const a = await callerAt(app, teacherA.id, new Date());
  const b = await callerAt(app, teacherB.id, new Date());
  return { school, schoolId: school.schoolId, memberA, c, a, b };
}

async function ppvDone(w: Awaited<ReturnType<typeof world>>, studentId: string) {
  const records = await w.school.caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId: w.schoolId, studentId });
  return records.sections.find((s) => s.type === 'PPV')?.done;
}

const attendanceEvents = async (lessonId: string) =>
  (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, lessonId))).filter((r) =>
    JSON.stringify(r).includes('groupLesson.attendance'),
  ).length;

describe('myDay: Docházka of a group lesson', () => {
  it('comes with the teacher’s day; marks sent through myDay.act are written once however often the key is replayed', async () => {
    const w = await world();
    const day = await w.a.myDay.getDay({ schoolId: w.schoolId, date: w.c.date });
    expect(day.groupLessons).toHaveLength(1);
    const [lesson] = day.groupLessons;
    expect(lesson).toMatchObject({ id: w.c.lessonId, section: 'PPV', topic: 'Pravidla provozu', courseName: 'Kurz B jaro', classroom: { name: 'Učebna 1' } });
    expect(lesson.students.map((s) => s.present)).toEqual([null, null, null]);
    expect(JSON.stringify(lesson)).not.toContain('email');

    const [s1, s2, s3] = w.c.studentIds;
    const action = {
      schoolId: w.schoolId,
      key: crypto.randomUUID(),
      recordId: w.c.lessonId,
      baseUpdatedAt: lesson.updatedAt,
      action: {
        kind: 'ATTENDANCE' as const,
        marks: [
          { studentId: s1, present: true },
          { studentId: s2, present: true },
          { studentId: s3, present: false },
        ],
      },
    };
    const first = await w.a.myDay.act(action);
    expect(first.status).toBe('DONE');
    expect(first.ride).toBeNull();
    expect(new Map(first.lesson!.students.map((s) => [s.id, s.present]))).toEqual(
      new Map([
        [s1, true],
        [s2, true],
        [s3, false],
      ]),
    );
    // The connection dropped after the commit: the device sends the same key again, twice.
    expect(await w.a.myDay.act(action)).toEqual(first);
    expect(await w.a.myDay.act(action)).toEqual(first);
    expect(await attendanceEvents(w.c.lessonId)).toBe(1);
    // Výuka follows attendance: 2 × 45 min for the present, nothing for the absent.
    expect([await ppvDone(w, s1), await ppvDone(w, s2), await ppvDone(w, s3)]).toEqual([2, 2, 0]);
    const keys = await app.handle.db
      .select()
      .from(schema.dayActionKeys)
      .where(and(eq(schema.dayActionKeys.schoolId, w.schoolId), eq(schema.dayActionKeys.recordId, w.c.lessonId)));
    expect(keys).toHaveLength(1);
    // The day read again shows the marks.
    const again = await w.a.myDay.getDay({ schoolId: w.schoolId, date: w.c.date });
    expect(again.groupLessons[0].students.filter((s) => s.present === true)).toHaveLength(2);
    // The Výuka rows the marks filled are the group lesson's, not listed again as individual lessons.
    expect(again.lessons).toEqual([]);
  });

  it('another teacher neither sees the lesson nor marks it (FORBIDDEN, as the course says) nor replays its key', async () => {
    const w = await world();
    const [lesson] = (await w.a.myDay.getDay({ schoolId: w.schoolId, date: w.c.date })).groupLessons;
    expect((await w.b.myDay.getDay({ schoolId: w.schoolId, date: w.c.date })).groupLessons).toEqual([]);
    const action = { kind: 'ATTENDANCE' as const, marks: [{ studentId: w.c.studentId, present: true }] };
    const base = { schoolId: w.schoolId, recordId: w.c.lessonId, baseUpdatedAt: lesson.updatedAt, action };
    await expect(w.b.myDay.act({ ...base, key: crypto.randomUUID() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // With a stale base too: the ownership comes first, so the lesson's office version is not revealed.
    await expect(w.b.myDay.act({ ...base, baseUpdatedAt: new Date('2020-01-01T00:00:00Z'), key: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const key = crypto.randomUUID();
    await w.a.myDay.act({ ...base, key });
    await expect(w.b.myDay.act({ ...base, key })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A ride's id under ATTENDANCE, or another school's caller: not found.
    const other = await setupSchool(app);
    await expect(other.caller.myDay.act({ ...base, schoolId: other.schoolId, key: crypto.randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ppvDone(w, w.c.studentId)).toBe(2);
  });

  it('a lesson the office changed since the device read it answers CONFLICT and writes nothing; not before the start', async () => {
    const w = await world();
    const [lesson] = (await w.a.myDay.getDay({ schoolId: w.schoolId, date: w.c.date })).groupLessons;
    await w.school.caller.course.updateGroupLesson({
      schoolId: w.schoolId,
      lessonId: w.c.lessonId,
      date: w.c.date,
      startTime: '16:00',
      units: 2,
      teacherId: w.memberA.id,
      type: 'PPV',
      topic: 'Pravidla provozu',
      classroomId: w.c.classroomId,
      extraStudentIds: [],
    });
    const action = { kind: 'ATTENDANCE' as const, marks: [{ studentId: w.c.studentId, present: true }] };
    const conflict = await w.a.myDay.act({ schoolId: w.schoolId, key: crypto.randomUUID(), recordId: w.c.lessonId, baseUpdatedAt: lesson.updatedAt, action });
    expect(conflict.status).toBe('CONFLICT');
    expect(conflict.lesson?.startTime.getTime()).toBeLessThan(lesson.startTime.getTime());
    expect(await ppvDone(w, w.c.studentId)).toBe(0);
    // The teacher keeps the marks over the office's version: sent anew on the new base.
    const kept = await w.a.myDay.act({
      schoolId: w.schoolId,
      key: crypto.randomUUID(),
      recordId: w.c.lessonId,
      baseUpdatedAt: conflict.lesson!.updatedAt,
      action,
    });
    expect(kept.status).toBe('DONE');
    expect(await ppvDone(w, w.c.studentId)).toBe(2);

    // Tomorrow's lesson: the device does not offer it, and the server refuses (the key is not kept).
    const { created } = await w.school.caller.course.createGroupLessons({
      schoolId: w.schoolId,
      courseId: w.c.courseId,
      date: addDays(schoolToday(new Date()), 1),
      startTime: '17:00',
      units: 1,
      teacherId: w.memberA.id,
      type: 'PPV',
      topic: null,
      classroomId: null,
      extraStudentIds: [],
      repeatUntil: null,
    });
    const [future] = (await w.a.myDay.getDay({ schoolId: w.schoolId, date: addDays(schoolToday(new Date()), 1) })).groupLessons;
    expect(future.id).toBe(created[0].id);
    const key = crypto.randomUUID();
    await expect(
      w.a.myDay.act({ schoolId: w.schoolId, key, recordId: future.id, baseUpdatedAt: future.updatedAt, action: { ...action } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Docházku lze zapsat až od začátku hodiny.' });
    expect(await app.handle.db.select().from(schema.dayActionKeys).where(eq(schema.dayActionKeys.key, key))).toEqual([]);
  });
});

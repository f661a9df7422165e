import { schema } from '@volant/db/schema';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { lessonPeriod } from '@volant/shared/course/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { aCourseWithLesson, aStartedStudentId } from './course.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`,
  );

const today = () => schoolToday(new Date());

async function ppvDone(caller: TestApp['anonymous'], schoolId: string, studentId: string) {
  const records = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId });
  const ppv = records.sections.find((s) => s.type === 'PPV');
  const minimum = await caller.student.getLegalMinimum({ schoolId, studentId });
  return {
    done: ppv?.done,
    attended: ppv?.lessons.filter((l) => l.attended).map((l) => ({ position: l.position, date: l.date, topic: l.topic })),
    minimum: minimum.sections.find((s) => s.item === 'PPV')?.done,
  };
}

describe('Kurzy', () => {
  it('creates a course and a room, adds only the school’s own students, one active course each', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const other = await setupSchool(app);
    const { id: courseId } = await caller.course.createCourse({ schoolId, name: 'Kurz B jaro', startDate: '2026-03-02' });
    const { id: secondId } = await caller.course.createCourse({ schoolId, name: 'Kurz B léto', startDate: '2026-06-01' });
    const { id: classroomId } = await caller.course.createClassroom({ schoolId, name: 'Učebna 1', capacity: 12 });
    await caller.course.updateClassroom({ schoolId, classroomId, name: 'Velká učebna', capacity: 14 });
    expect(await caller.course.getClassrooms({ schoolId })).toEqual([{ id: classroomId, name: 'Velká učebna', capacity: 14 }]);
    const a = await aStartedStudentId(caller, schoolId, { lastName: 'Adámek' });
    const b = await aStartedStudentId(caller, schoolId, { lastName: 'Bárta' });
    const foreign = await aStartedStudentId(other.caller, other.schoolId);
    expect(await refusal(caller.course.addCourseStudents({ schoolId, courseId, studentIds: [a, foreign] }))).toMatch(/^NOT_FOUND/);
    const course = await caller.course.addCourseStudents({ schoolId, courseId, studentIds: [b, a] });
    expect(course.students.map((s) => s.lastName)).toEqual(['Adámek', 'Bárta']);
    expect(await refusal(caller.course.addCourseStudents({ schoolId, courseId: secondId, studentIds: [a] }))).toBe(
      'CONFLICT: Žák je už v probíhajícím kurzu „Kurz B jaro“.',
    );
    await caller.course.setCourseEnded({ schoolId, courseId, ended: true });
    expect((await caller.course.addCourseStudents({ schoolId, courseId: secondId, studentIds: [a] })).students).toHaveLength(1);
    expect(await refusal(caller.course.setCourseEnded({ schoolId, courseId, ended: false }))).toMatch(/^CONFLICT/);
    await caller.course.removeCourseStudent({ schoolId, courseId: secondId, studentId: a });
    const list = await caller.course.getCourses({ schoolId });
    expect(list.map((c) => [c.name, c.students, c.ended])).toEqual([
      ['Kurz B léto', 0, false],
      ['Kurz B jaro', 2, true],
    ]);
    // Another school's course, room and lesson ids are not found.
    expect(await refusal(other.caller.course.getCourse({ schoolId: other.schoolId, courseId }))).toMatch(/^NOT_FOUND/);
    expect(await refusal(other.caller.course.updateClassroom({ schoolId: other.schoolId, classroomId, name: 'X', capacity: 1 }))).toMatch(/^NOT_FOUND/);
  });
});

describe('Hodiny výuky: Opakovat každý týden do …', () => {
  it('creates the free weeks at once and lists the refused ones in Czech (teacher’s ride, room taken, capacity)', async () => {
    const { caller, schoolId, member } = await setupSchool(app);
    const teacherId = member.id;
    const { id: courseId } = await caller.course.createCourse({ schoolId, name: 'Kurz A', startDate: '2026-03-02' });
    const { id: otherCourseId } = await caller.course.createCourse({ schoolId, name: 'Kurz C', startDate: '2026-03-02' });
    const { id: room } = await caller.course.createClassroom({ schoolId, name: 'Učebna', capacity: 3 });
    const { id: small } = await caller.course.createClassroom({ schoolId, name: 'Malá', capacity: 1 });
    const students = [await aStartedStudentId(caller, schoolId), await aStartedStudentId(caller, schoolId)];
    await caller.course.addCourseStudents({ schoolId, courseId, studentIds: students });
    const first = addDays(today(), 14 - ((new Date().getUTCDay() + 6) % 7)); // a Monday two weeks on
    // Week 2: the teacher drives 18:00–19:00 (overlaps 17:00–18:30).
    const week2 = lessonPeriod(addDays(first, 7), '18:00', 1) as { start: Date };
    const studentId = students[0];
    await app.handle.db.insert(schema.drivingLessonRecords).values({
      schoolId,
      type: 'DRIVING',
      studentId,
      teacherId,
      startTime: week2.start,
      endTime: new Date(week2.start.getTime() + 3_600_000),
      length: 60,
    });
    // Week 3: another course's lesson of another teacher in the same room.
    const other = (await addMember(app, schoolId, (await createUser(app)).id, 'TEACHER')).id;
    const taken = await caller.course.createGroupLessons({
      schoolId,
      courseId: otherCourseId,
      date: addDays(first, 14),
      startTime: '16:30',
      units: 1,
      teacherId: other,
      type: 'TZBJ',
      topic: null,
      classroomId: room,
      extraStudentIds: [],
      repeatUntil: null,
    });
    expect(taken.refused).toEqual([]);
    const result = await caller.course.createGroupLessons({
      schoolId,
      courseId,
      date: first,
      startTime: '17:00',
      units: 2,
      teacherId,
      type: 'PPV',
      topic: 'Pravidla',
      classroomId: room,
      extraStudentIds: [],
      repeatUntil: addDays(first, 28),
    });
    expect(result.created.map((c) => c.date)).toEqual([first, addDays(first, 21), addDays(first, 28)]);
    expect(result.refused).toEqual([
      { date: addDays(first, 7), reasons: [expect.stringMatching(/^učitel má v tu dobu: jízda 18:00–19:00$/)] },
      { date: addDays(first, 14), reasons: ['učebna je obsazena: hodina výuky kurzu Kurz C 16:30–17:15'] },
    ]);
    // The teacher's own lessons now collide too; a room too small refuses every week.
    const again = await caller.course.createGroupLessons({
      schoolId,
      courseId,
      date: first,
      startTime: '18:00',
      units: 1,
      teacherId,
      type: 'PPV',
      topic: null,
      classroomId: small,
      extraStudentIds: [],
      repeatUntil: null,
    });
    expect(again.created).toEqual([]);
    expect(again.refused[0].reasons).toEqual(['učitel má v tu dobu: hodina výuky kurzu Kurz A 17:00–18:30', 'učebna má jen 1 míst, žáků je 2']);
    const course = await caller.course.getCourse({ schoolId, courseId });
    expect(course.lessons).toHaveLength(3);
    // Moving a lesson is checked the same way; cancelling one without attendance works.
    const [one, two] = course.lessons;
    expect(
      await refusal(
        caller.course.updateGroupLesson({
          schoolId,
          lessonId: one.id,
          date: addDays(first, 7),
          startTime: '17:30',
          units: 1,
          teacherId,
          type: 'PPV',
          topic: null,
          classroomId: room,
          extraStudentIds: [],
        }),
      ),
    ).toMatch(/^CONFLICT: Hodinu nelze naplánovat: učitel má v tu dobu: jízda/);
    await caller.course.removeGroupLesson({ schoolId, lessonId: two.id });
    expect((await caller.course.getCourse({ schoolId, courseId })).lessons).toHaveLength(2);
  });
});

describe('Docházka', () => {
  it('follows attendance, not planning: present fills the Výuka rows, absent and unmarked free them', async () => {
    const { caller, schoolId, member } = await setupSchool(app);
    const { courseId, studentIds, lessonId, date, classroomId } = await aCourseWithLesson(caller, schoolId, member.id, 2);
    const [a, b] = studentIds;
    const before = await ppvDone(caller, schoolId, a);
    expect(before).toMatchObject({ done: 0, attended: [], minimum: 0 });
    // A planned future lesson cannot be marked.
    const { created } = await caller.course.createGroupLessons({
      schoolId,
      courseId,
      date: addDays(today(), 3),
      startTime: '17:00',
      units: 1,
      teacherId: member.id,
      type: 'PPV',
      topic: null,
      classroomId,
      extraStudentIds: [],
      repeatUntil: null,
    });
    expect(await refusal(caller.course.markAttendance({ schoolId, lessonId: created[0].id, marks: [{ studentId: a, present: true }] }))).toBe(
      'BAD_REQUEST: Docházku lze zapsat až od začátku hodiny.',
    );
    expect((await caller.course.getGroupLesson({ schoolId, lessonId: created[0].id })).mayMark).toBe(false);

    const marked = await caller.course.markAttendance({
      schoolId,
      lessonId,
      marks: [
        { studentId: a, present: true },
        { studentId: b, present: false },
      ],
    });
    expect(marked.students.map((s) => s.present)).toEqual([true, false]);
    expect(await ppvDone(caller, schoolId, a)).toEqual({
      done: 2,
      attended: [
        { position: 1, date, topic: 'Pravidla provozu' },
        { position: 2, date, topic: 'Pravidla provozu' },
      ],
      minimum: 2,
    });
    expect(await ppvDone(caller, schoolId, b)).toMatchObject({ done: 0, minimum: 0 });
    // The Výuka tab shows the filled rows as the course's and does not change them (attendance is the truth).
    const records = await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId: a });
    const filled = records.sections.find((s) => s.type === 'PPV')?.lessons.filter((l) => l.fromGroupLesson) ?? [];
    expect(filled.map((l) => l.position)).toEqual([1, 2]);
    expect(
      await refusal(
        caller.teachingLessonRecord.updateTeachingLessonRecord({ schoolId, studentId: a, data: [{ id: filled[0].id, date: null, userId: null, topic: null }] }),
      ),
    ).toBe('CONFLICT: Lekce je zapsaná z docházky skupinové hodiny; změňte docházku v kurzu.');
    // Marking again changes nothing; the course shows the counts.
    await caller.course.markAttendance({ schoolId, lessonId, marks: [{ studentId: a, present: true }] });
    expect((await ppvDone(caller, schoolId, a)).done).toBe(2);
    expect((await caller.course.getCourse({ schoolId, courseId })).lessons[0]).toMatchObject({ present: 1, marked: 2 });
    // A lesson with attendance keeps its time.
    expect(await refusal(caller.course.removeGroupLesson({ schoolId, lessonId }))).toMatch(/^CONFLICT/);
    // Absent and then unmarked: the rows are free again.
    // Taking back a present mark corrects attended hours: 'Důvod opravy' (issue 22 §1).
    await caller.course.markAttendance({ schoolId, lessonId, marks: [{ studentId: a, present: false }], correctionReason: 'Omylem přítomen' });
    expect(await ppvDone(caller, schoolId, a)).toMatchObject({ done: 0, attended: [], minimum: 0 });
    await caller.course.markAttendance({ schoolId, lessonId, marks: [{ studentId: a, present: true }] });
    await caller.course.markAttendance({ schoolId, lessonId, marks: [{ studentId: a, present: null }], correctionReason: 'Omylem přítomen' });
    expect(await ppvDone(caller, schoolId, a)).toMatchObject({ done: 0, minimum: 0 });
    expect((await caller.course.getGroupLesson({ schoolId, lessonId })).students.map((s) => s.present)).toEqual([null, false]);
    // A student not on the lesson is refused.
    const stranger = await aStartedStudentId(caller, schoolId);
    expect(await refusal(caller.course.markAttendance({ schoolId, lessonId, marks: [{ studentId: stranger, present: true }] }))).toMatch(/^BAD_REQUEST/);
  });

  it('a teacher marks their own lessons only; the office any', async () => {
    const { caller, schoolId, member } = await setupSchool(app);
    const teacherUser = await createUser(app);
    const teacher = await addMember(app, schoolId, teacherUser.id, 'TEACHER');
    const asTeacher = await app.callerFor(teacherUser.id);
    const adminsLesson = await aCourseWithLesson(caller, schoolId, member.id);
    expect(
      await refusal(
        asTeacher.course.markAttendance({ schoolId, lessonId: adminsLesson.lessonId, marks: [{ studentId: adminsLesson.studentId, present: true }] }),
      ),
    ).toBe('FORBIDDEN: Docházku může zapsat jen učitel hodiny nebo kancelář autoškoly.');
    expect((await asTeacher.course.getGroupLesson({ schoolId, lessonId: adminsLesson.lessonId })).mayMark).toBe(false);
    // The teacher's own lesson (planned by the office): theirs to mark, and listed in their day.
    const { created } = await caller.course.createGroupLessons({
      schoolId,
      courseId: adminsLesson.courseId,
      date: adminsLesson.date,
      startTime: '08:00',
      units: 1,
      teacherId: teacher.id,
      type: 'OUV',
      topic: null,
      classroomId: null,
      extraStudentIds: [],
      repeatUntil: null,
    });
    const mine = await asTeacher.course.getMyGroupLessons({ schoolId, day: adminsLesson.date });
    expect(mine.map((l) => l.id)).toEqual([created[0].id]);
    const done = await asTeacher.course.markAttendance({ schoolId, lessonId: created[0].id, marks: [{ studentId: adminsLesson.studentId, present: true }] });
    expect(done.students[0].present).toBe(true);
    // The office (the admin) may mark the teacher's lesson too.
    await caller.course.markAttendance({
      schoolId,
      lessonId: created[0].id,
      marks: [{ studentId: adminsLesson.studentId, present: false }],
      correctionReason: 'Žák odešel',
    });
    // A teacher plans no course and adds no student (permission table).
    expect(await refusal(asTeacher.course.createCourse({ schoolId, name: 'X', startDate: '2026-03-02' }))).toMatch(/^FORBIDDEN/);
  });
});

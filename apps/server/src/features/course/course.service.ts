// Group theory (issue 20 §3, docs/decisions/0019-courses-and-attendance.md): 'Kurzy' (a named group of a school's
// students), 'Učebny', 'Hodina výuky' (a group lesson for the course's students and extra ones) and 'Docházka'.
// Attendance is the truth of theory: marking a student present fills the next free Výuka rows of the lesson's
// section (teaching_lesson_records, linked by group_lesson_id) with the date, teacher, topic and attendedAt, so the
// Výuka tab, the legal minimum, the pass and the class book follow attendance; unmarking frees those rows again.
import type { DbOrTx } from '@volant/db/client';
import type { createGroupLessonsInput, markAttendanceInput, updateGroupLessonInput } from '@volant/shared/course/inputs';
import { type BusyItem, collisionReasons, lessonPeriod, mayMarkAttendance, rowsToFill, weeklyDates } from '@volant/shared/course/rules';
import { CALENDAR_EVENT_TYPE_LABELS, type CalendarEventType, type StaffRole, TEACHING_SECTION_LABELS } from '@volant/shared/enums';
import { formatTime } from '@volant/shared/format';
import { type CalendarDate, schoolDateOf, schoolDay } from '@volant/shared/school-time';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { type After, inTransaction } from '../../lib/unit-of-work.ts';
import { chainRecords, openChain } from '../record-chain/record-chain.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { assertTeachers } from '../student-default-teacher/student-default-teacher.service.ts';
import { teachingLessonRecordMessage } from '../teaching-lesson-record/teaching-lesson-record.service.ts';
import {
  countAttendance,
  deleteAttendance,
  deleteCourseStudent,
  deleteGroupLessonRow,
  fillRows,
  findClassroom,
  findCourse,
  findInOtherActiveCourse,
  findLessonView,
  findSchoolStudentIds,
  insertAttendedRows,
  insertClassroom,
  insertCourse,
  insertCourseStudents,
  insertExtraStudents,
  insertGroupLessons,
  listAttendance,
  listBusyLessons,
  listBusyRides,
  listClassrooms,
  listCourseLessons,
  listCourseRows,
  listCourseStudents,
  listLessonStudents,
  listSectionRows,
  listTeacherLessons,
  lockCourse,
  lockLesson,
  releaseRows,
  replaceExtraStudents,
  syncFilledRows,
  updateClassroomRow,
  updateCourseRow,
  updateGroupLessonRow,
  upsertAttendance,
} from './course.queries.ts';

/** Who calls: the proven school, the caller's role and member id there, and the user for the audit. */
export interface CourseCaller {
  schoolId: SchoolId;
  role: StaffRole;
  memberId: string;
  userId: string;
}

const OFFICE_ROLES: readonly StaffRole[] = ['ADMIN', 'ASSISTANT'];
const courseNotFound = () => new AppError('COURSE_NOT_FOUND');
const lessonNotFound = () => new AppError('GROUP_LESSON_NOT_FOUND');

// ——— Učebny ———

export const getClassrooms = (deps: AppDeps, schoolId: SchoolId) => listClassrooms(deps.db, schoolId);

export async function createClassroom(deps: AppDeps, c: CourseCaller, input: { name: string; capacity: number }) {
  const row = await inTransaction(deps, async (tx, after) => {
    const created = await insertClassroom(tx, c.schoolId, input);
    await recordEvent(deps, tx, after, {
      name: 'course.classroom',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'classroom',
      entityId: created.id,
      data: input,
    });
    return created;
  });
  return { id: row.id };
}

export async function updateClassroom(deps: AppDeps, c: CourseCaller, input: { classroomId: string; name: string; capacity: number }) {
  await inTransaction(deps, async (tx, after) => {
    const { classroomId, ...values } = input;
    if (!(await updateClassroomRow(tx, c.schoolId, classroomId, values))) throw new AppError('CLASSROOM_NOT_FOUND');
    await recordEvent(deps, tx, after, {
      name: 'course.classroom',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'classroom',
      entityId: classroomId,
      data: values,
    });
  });
  return { id: input.classroomId };
}

// ——— Kurzy ———

export async function getCourses(deps: AppDeps, schoolId: SchoolId) {
  const rows = await listCourseRows(deps.db, schoolId);
  return rows.map((r) => ({ ...r, ended: r.endedAt !== null }));
}

/** The course, its students and its lessons, each with the count of students marked present and marked at all. */
export async function getCourse(deps: AppDeps, schoolId: SchoolId, courseId: string) {
  const course = await findCourse(deps.db, schoolId, courseId);
  if (!course) throw courseNotFound();
  const [students, lessons] = await Promise.all([listCourseStudents(deps.db, schoolId, courseId), listCourseLessons(deps.db, schoolId, courseId)]);
  const marks = await listAttendance(
    deps.db,
    schoolId,
    lessons.map((l) => l.id),
  );
  return {
    ...course,
    ended: course.endedAt !== null,
    students: students.map(({ email: _email, ...s }) => s),
    lessons: lessons.map((l) => {
      const mine = marks.filter((m) => m.lessonId === l.id);
      return { ...lessonDto(l), present: mine.filter((m) => m.present).length, marked: mine.length };
    }),
  };
}

function lessonDto(l: NonNullable<Awaited<ReturnType<typeof findLessonView>>>) {
  return {
    id: l.id,
    courseId: l.courseId,
    courseName: l.courseName,
    startTime: l.startTime,
    endTime: l.endTime,
    units: l.units,
    type: l.type,
    topic: l.topic,
    teacher: { id: l.teacherId, firstName: l.teacherFirstName, lastName: l.teacherLastName },
    classroom: l.classroomId ? { id: l.classroomId, name: l.classroomName ?? '', capacity: l.classroomCapacity ?? 0 } : null,
  };
}

export async function createCourse(deps: AppDeps, c: CourseCaller, input: { name: string; startDate: string }) {
  const row = await inTransaction(deps, async (tx, after) => {
    const created = await insertCourse(tx, c.schoolId, input);
    await recordEvent(deps, tx, after, {
      name: 'course.create',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'course',
      entityId: created.id,
      data: input,
    });
    return created;
  });
  return { id: row.id };
}

export async function updateCourse(deps: AppDeps, c: CourseCaller, input: { courseId: string; name: string; startDate: string }) {
  await inTransaction(deps, async (tx, after) => {
    const { courseId, ...values } = input;
    if (!(await updateCourseRow(tx, c.schoolId, courseId, values))) throw courseNotFound();
    await recordEvent(deps, tx, after, {
      name: 'course.update',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'course',
      entityId: courseId,
      data: values,
    });
  });
  return getCourse(deps, c.schoolId, input.courseId);
}

/** 'Ukončit kurz' (or with `ended` false reopen it): an ended course frees its students for another course. */
export async function setCourseEnded(deps: AppDeps, c: CourseCaller, input: { courseId: string; ended: boolean }) {
  await inTransaction(deps, async (tx, after) => {
    const course = await lockCourse(tx, c.schoolId, input.courseId);
    if (!course) throw courseNotFound();
    if (!input.ended) {
      const students = await listCourseStudents(tx, c.schoolId, input.courseId);
      await assertNotInOtherCourse(
        tx,
        c.schoolId,
        students.map((s) => s.id),
        input.courseId,
      );
    }
    await updateCourseRow(tx, c.schoolId, input.courseId, { endedAt: input.ended ? (course.endedAt ?? deps.now()) : null });
    await recordEvent(deps, tx, after, {
      name: 'course.update',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'course',
      entityId: input.courseId,
      data: { ended: input.ended },
    });
  });
  return getCourse(deps, c.schoolId, input.courseId);
}

async function assertSchoolStudents(db: DbOrTx, schoolId: SchoolId, ids: readonly string[]) {
  const found = await findSchoolStudentIds(db, schoolId, ids);
  if (ids.some((id) => !found.has(id))) throw new AppError('STUDENT_NOT_FOUND');
}

async function assertNotInOtherCourse(db: DbOrTx, schoolId: SchoolId, ids: readonly string[], courseId: string) {
  const taken = await findInOtherActiveCourse(db, schoolId, ids, courseId);
  if (taken.length > 0) throw new AppError('COURSE_STUDENT_IN_OTHER_COURSE', `Žák je už v probíhajícím kurzu „${taken[0].courseName}“.`);
}

/** Adds the school's own students; a student in another course that is not ended is refused (one active course). */
export async function addCourseStudents(deps: AppDeps, c: CourseCaller, input: { courseId: string; studentIds: string[] }) {
  const ids = [...new Set(input.studentIds)];
  await inTransaction(deps, async (tx, after) => {
    const course = await lockCourse(tx, c.schoolId, input.courseId);
    if (!course) throw courseNotFound();
    if (course.endedAt) throw new AppError('COURSE_ENDED');
    await assertSchoolStudents(tx, c.schoolId, ids);
    await assertNotInOtherCourse(tx, c.schoolId, ids, input.courseId);
    await insertCourseStudents(tx, c.schoolId, input.courseId, ids);
    await recordEvent(deps, tx, after, {
      name: 'course.students',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'course',
      entityId: input.courseId,
      data: { added: ids },
    });
  });
  return getCourse(deps, c.schoolId, input.courseId);
}

/** Takes a student off the course; attendance already marked stays (it happened). */
export async function removeCourseStudent(deps: AppDeps, c: CourseCaller, input: { courseId: string; studentId: string }) {
  await inTransaction(deps, async (tx, after) => {
    if (!(await lockCourse(tx, c.schoolId, input.courseId))) throw courseNotFound();
    if (!(await deleteCourseStudent(tx, c.schoolId, input.courseId, input.studentId))) throw new AppError('STUDENT_NOT_FOUND');
    await recordEvent(deps, tx, after, {
      name: 'course.students',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'course',
      entityId: input.courseId,
      data: { removed: [input.studentId] },
    });
  });
  return getCourse(deps, c.schoolId, input.courseId);
}

// ——— Hodiny výuky ———

const rideWord = (type: string) => (type === 'DRIVING' ? 'jízda' : `lekce ${CALENDAR_EVENT_TYPE_LABELS[type as CalendarEventType] ?? ''}`.trim());

/** What keeps the teachers and the rooms busy in [from, to): group lessons (but `except`) and the teachers' rides. */
async function busyItems(
  db: DbOrTx,
  schoolId: SchoolId,
  teacherIds: string[],
  classroomIds: string[],
  from: Date,
  to: Date,
  except: string[],
): Promise<BusyItem[]> {
  const [lessons, rides] = await Promise.all([
    listBusyLessons(db, schoolId, teacherIds, classroomIds, from, to, except),
    listBusyRides(db, schoolId, teacherIds, from, to),
  ]);
  return [
    ...lessons.map((l) => ({
      start: l.startTime,
      end: l.endTime,
      label: `hodina výuky kurzu ${l.courseName} ${formatTime(l.startTime)}–${formatTime(l.endTime)}`,
      teacherId: l.teacherId,
      classroomId: l.classroomId,
    })),
    ...rides.map((r) => ({
      start: r.startTime,
      end: r.endTime,
      label: `${rideWord(r.type)} ${formatTime(r.startTime)}–${formatTime(r.endTime)}`,
      teacherId: r.teacherId,
      classroomId: null,
    })),
  ];
}

type CreateLessonsInput = z.output<typeof createGroupLessonsInput>;

/**
 * 'Přidat hodinu' with or without 'Opakovat každý týden do …': each occurrence is checked for the teacher (group
 * lessons and rides), the room and its capacity; the free ones are created at once, the refused ones listed in Czech.
 */
export async function createGroupLessons(deps: AppDeps, c: CourseCaller, input: CreateLessonsInput) {
  const days = weeklyDates(input.date, input.repeatUntil);
  const created: { id: string; date: CalendarDate }[] = [];
  const refused: { date: CalendarDate; reasons: string[] }[] = [];
  await inTransaction(deps, async (tx, after) => {
    const course = await lockCourse(tx, c.schoolId, input.courseId);
    if (!course) throw courseNotFound();
    if (course.endedAt) throw new AppError('COURSE_ENDED');
    await assertTeachers(tx, c.schoolId, [input.teacherId]);
    const classroom = input.classroomId ? await findClassroom(tx, c.schoolId, input.classroomId) : null;
    if (input.classroomId && !classroom) throw new AppError('CLASSROOM_NOT_FOUND');
    const extra = [...new Set(input.extraStudentIds)];
    await assertSchoolStudents(tx, c.schoolId, extra);
    const courseStudents = await listCourseStudents(tx, c.schoolId, input.courseId);
    const participants = new Set([...courseStudents.map((s) => s.id), ...extra]).size;
    const periods = days.map((date) => ({ date, period: lessonPeriod(date, input.startTime, input.units) }));
    const valid = periods.flatMap((p) => (p.period ? [p.period] : []));
    const busy = valid.length
      ? await busyItems(
          tx,
          c.schoolId,
          [input.teacherId],
          classroom ? [classroom.id] : [],
          new Date(Math.min(...valid.map((p) => p.start.getTime()))),
          new Date(Math.max(...valid.map((p) => p.end.getTime()))),
          [],
        )
      : [];
    const toCreate: { date: CalendarDate; start: Date; end: Date }[] = [];
    for (const { date, period } of periods) {
      if (!period) {
        refused.push({ date, reasons: ['tento čas v tento den neexistuje (změna času)'] });
        continue;
      }
      const reasons = collisionReasons(
        { ...period, teacherId: input.teacherId, classroomId: classroom?.id ?? null, participants },
        busy,
        classroom?.capacity ?? null,
      );
      if (reasons.length) refused.push({ date, reasons });
      else toCreate.push({ date, ...period });
    }
    const ids = await insertGroupLessons(
      tx,
      c.schoolId,
      toCreate.map((o) => ({
        courseId: input.courseId,
        startTime: o.start,
        endTime: o.end,
        units: input.units,
        teacherId: input.teacherId,
        type: input.type,
        topic: input.topic,
        classroomId: classroom?.id ?? null,
        createdBy: c.memberId,
      })),
    );
    await insertExtraStudents(
      tx,
      c.schoolId,
      ids.map((r) => r.id),
      extra,
    );
    for (const [i, row] of ids.entries()) {
      created.push({ id: row.id, date: toCreate[i].date });
      await recordEvent(deps, tx, after, {
        name: 'groupLesson.create',
        schoolId: c.schoolId,
        userId: c.userId,
        entityType: 'groupLesson',
        entityId: row.id,
        data: { courseId: input.courseId, start: toCreate[i].start.toISOString() },
      });
    }
  });
  return { created, refused };
}

export const canTouch = (c: CourseCaller, teacherId: string) => OFFICE_ROLES.includes(c.role) || c.memberId === teacherId;

type UpdateLessonInput = z.output<typeof updateGroupLessonInput>;

/** Moves or changes one lesson (checked like a new one). A lesson with attendance keeps its time, length and section. */
export async function updateGroupLesson(deps: AppDeps, c: CourseCaller, input: UpdateLessonInput) {
  await inTransaction(deps, async (tx, after) => {
    await openChain(tx, c.schoolId, deps.now());
    const lesson = await lockLesson(tx, c.schoolId, input.lessonId);
    if (!lesson) throw lessonNotFound();
    if (!canTouch(c, lesson.teacherId)) throw new AppError('GROUP_LESSON_NOT_OWN');
    const period = lessonPeriod(input.date, input.startTime, input.units);
    if (!period) throw new AppError('GROUP_LESSON_COLLISION', 'Tento čas v tento den neexistuje (změna času).');
    const marked = (await countAttendance(tx, c.schoolId, lesson.id)) > 0;
    const moved = period.start.getTime() !== lesson.startTime.getTime() || input.units !== lesson.units || input.type !== lesson.type;
    if (marked && moved) throw new AppError('GROUP_LESSON_HAS_ATTENDANCE');
    await assertTeachers(tx, c.schoolId, input.teacherId === lesson.teacherId ? [] : [input.teacherId]);
    const classroom = input.classroomId ? await findClassroom(tx, c.schoolId, input.classroomId) : null;
    if (input.classroomId && !classroom) throw new AppError('CLASSROOM_NOT_FOUND');
    const extra = [...new Set(input.extraStudentIds)];
    await assertSchoolStudents(tx, c.schoolId, extra);
    const courseStudents = await listCourseStudents(tx, c.schoolId, lesson.courseId);
    const participants = new Set([...courseStudents.map((s) => s.id), ...extra]).size;
    const busy = await busyItems(tx, c.schoolId, [input.teacherId], classroom ? [classroom.id] : [], period.start, period.end, [lesson.id]);
    const reasons = collisionReasons(
      { ...period, teacherId: input.teacherId, classroomId: classroom?.id ?? null, participants },
      busy,
      classroom?.capacity ?? null,
    );
    if (reasons.length) throw new AppError('GROUP_LESSON_COLLISION', `Hodinu nelze naplánovat: ${reasons.join('; ')}.`);
    const now = deps.now();
    await updateGroupLessonRow(tx, c.schoolId, lesson.id, {
      startTime: period.start,
      endTime: period.end,
      units: input.units,
      teacherId: input.teacherId,
      type: input.type,
      topic: input.topic,
      classroomId: classroom?.id ?? null,
      updatedAt: now,
    });
    await replaceExtraStudents(tx, c.schoolId, lesson.id, extra);
    await syncFilledRows(tx, c.schoolId, lesson.id, { date: input.date, teacherId: input.teacherId, topic: input.topic, updatedAt: now });
    // The attended hours' date, teacher or topic changed: corrections in the record chain (issue 22 §1).
    if (marked) {
      const present = (await listAttendance(tx, c.schoolId, [lesson.id])).filter((m) => m.present).map((m) => m.studentId);
      await chainRecords(tx, c.schoolId, { studentIds: present }, { userId: c.userId }, { now, reason: input.correctionReason });
    }
    await recordEvent(deps, tx, after, {
      name: 'groupLesson.update',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'groupLesson',
      entityId: lesson.id,
      data: { before: { start: lesson.startTime.toISOString() }, after: { start: period.start.toISOString() } },
    });
  });
  return getGroupLesson(deps, c, input.lessonId);
}

/** Cancels (deletes) a lesson that has no attendance yet. */
export async function removeGroupLesson(deps: AppDeps, c: CourseCaller, lessonId: string) {
  await inTransaction(deps, async (tx, after) => {
    const lesson = await lockLesson(tx, c.schoolId, lessonId);
    if (!lesson) throw lessonNotFound();
    if (!canTouch(c, lesson.teacherId)) throw new AppError('GROUP_LESSON_NOT_OWN');
    if ((await countAttendance(tx, c.schoolId, lesson.id)) > 0) throw new AppError('GROUP_LESSON_HAS_ATTENDANCE');
    await deleteGroupLessonRow(tx, c.schoolId, lesson.id);
    await recordEvent(deps, tx, after, {
      name: 'groupLesson.delete',
      schoolId: c.schoolId,
      userId: c.userId,
      entityType: 'groupLesson',
      entityId: lesson.id,
      data: { courseId: lesson.courseId, start: lesson.startTime.toISOString() },
    });
  });
  return { id: lessonId };
}

/** One lesson with its students and their attendance ('Docházka'); whether the caller may mark it now. */
export async function getGroupLesson(deps: AppDeps, c: CourseCaller, lessonId: string) {
  const lesson = await findLessonView(deps.db, c.schoolId, lessonId);
  if (!lesson) throw lessonNotFound();
  const [students, marks] = await Promise.all([
    listLessonStudents(deps.db, c.schoolId, lesson.id, lesson.courseId),
    listAttendance(deps.db, c.schoolId, [lesson.id]),
  ]);
  const byStudent = new Map(marks.map((m) => [m.studentId, m.present]));
  // A student marked who has left the course since still shows (the mark happened).
  const listed = new Set(students.map((s) => s.id));
  const gone = marks.filter((m) => !listed.has(m.studentId)).map((m) => m.studentId);
  const now = deps.now();
  return {
    ...lessonDto(lesson),
    sectionLabel: TEACHING_SECTION_LABELS[lesson.type],
    students: students.map(({ email: _email, ...s }) => ({ ...s, present: byStudent.get(s.id) ?? null })),
    formerStudentIds: gone,
    started: mayMarkAttendance(lesson.startTime, now),
    mayMark: mayMarkAttendance(lesson.startTime, now) && canTouch(c, lesson.teacherId),
    mayEdit: canTouch(c, lesson.teacherId),
  };
}

type MarkInput = z.output<typeof markAttendanceInput>;

/**
 * 'Docházka': the lesson's teacher (or the office) marks each student present, absent or not marked, from the
 * lesson's start on (never before: planned is not attended). Present fills the student's next free Výuka rows of the
 * section (units of them, new positions when the plan has too few); absent or not marked frees them again.
 */
export async function markAttendance(deps: AppDeps, c: CourseCaller, input: MarkInput) {
  await inTransaction(deps, (tx, after) => markAttendanceIn(deps, tx, after, c, input));
  return getGroupLesson(deps, c, input.lessonId);
}

/** markAttendance inside the caller's transaction ('Můj den' sends it from the device's outbox: myDay.act). */
export async function markAttendanceIn(deps: AppDeps, tx: DbOrTx, after: After, c: CourseCaller, input: MarkInput) {
  const touched: string[] = [];
  // The record chain's head first (issue 22 §1): attendance fills or frees Výuka rows, which the chain records.
  await openChain(tx, c.schoolId, deps.now());
  const lesson = await lockLesson(tx, c.schoolId, input.lessonId);
  if (!lesson) throw lessonNotFound();
  if (!canTouch(c, lesson.teacherId)) throw new AppError('GROUP_LESSON_NOT_OWN');
  const now = deps.now();
  if (!mayMarkAttendance(lesson.startTime, now)) throw new AppError('GROUP_LESSON_NOT_STARTED');
  const students = new Set((await listLessonStudents(tx, c.schoolId, lesson.id, lesson.courseId)).map((s) => s.id));
  const current = new Map((await listAttendance(tx, c.schoolId, [lesson.id])).map((m) => [m.studentId, m.present]));
  const marks = [...new Map(input.marks.map((m) => [m.studentId, m.present])).entries()];
  // A student no longer on the lesson may still be unmarked (their mark is shown), never marked anew.
  if (marks.some(([id, present]) => !students.has(id) && !(present === null && current.has(id)))) throw new AppError('GROUP_LESSON_NOT_PARTICIPANT');
  const date = schoolDateOf(lesson.startTime);
  for (const [studentId, present] of marks) {
    const was = current.get(studentId) ?? null;
    if (was === present) continue;
    touched.push(studentId);
    if (was === true) await releaseRows(tx, c.schoolId, studentId, lesson.id, now);
    if (present === null) {
      await deleteAttendance(tx, c.schoolId, lesson.id, studentId);
      continue;
    }
    await upsertAttendance(tx, c.schoolId, lesson.id, studentId, present, c.memberId, now);
    if (!present) continue;
    const rows = await listSectionRows(tx, c.schoolId, studentId, lesson.type);
    const { fill, add } = rowsToFill(
      rows.map((r) => ({ id: r.id, position: r.position, attended: r.attendedAt !== null, groupLessonId: r.groupLessonId })),
      lesson.units,
    );
    const values = { groupLessonId: lesson.id, teacherId: lesson.teacherId, date, topic: lesson.topic, attendedAt: now };
    await fillRows(tx, c.schoolId, studentId, fill, values);
    await insertAttendedRows(tx, c.schoolId, studentId, lesson.type, add, values);
  }
  if (touched.length === 0) return;
  // A student marked present and now not (unmarked or absent) is a correction: refused without 'Důvod opravy'.
  await chainRecords(tx, c.schoolId, { studentIds: touched }, { userId: c.userId }, { now, reason: input.correctionReason });
  await recordEvent(deps, tx, after, {
    name: 'groupLesson.attendance',
    schoolId: c.schoolId,
    userId: c.userId,
    entityType: 'groupLesson',
    entityId: lesson.id,
    data: { marks: input.marks.filter((m) => touched.includes(m.studentId)) },
  });
  after.live((live) => {
    for (const studentId of touched) teachingLessonRecordMessage(live, c.schoolId, studentId);
  });
}

/** The caller's own group lessons of a day (a teacher's 'Můj den'), each with its attendance counts. */
export async function getMyGroupLessons(deps: AppDeps, c: CourseCaller, day: CalendarDate) {
  const { start, end } = schoolDay(day);
  const lessons = await listTeacherLessons(deps.db, c.schoolId, c.memberId, start, end);
  const marks = await listAttendance(
    deps.db,
    c.schoolId,
    lessons.map((l) => l.id),
  );
  return lessons.map((l) => {
    const mine = marks.filter((m) => m.lessonId === l.id);
    return { ...lessonDto(l), present: mine.filter((m) => m.present).length, marked: mine.length };
  });
}

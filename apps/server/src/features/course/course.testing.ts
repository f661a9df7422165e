// Test factories for group theory (API tests and isolation rows).
import { addDays, schoolToday } from '@volant/shared/school-time';
import type { Caller } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

/** A student whose training has started (so the plan's Výuka rows exist). */
export async function aStartedStudentId(caller: Caller, schoolId: string, o: Parameters<typeof createTestStudent>[2] = {}) {
  const studentId = await createTestStudent(caller, schoolId, o);
  await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: '2026-03-02' });
  return studentId;
}

/** A course with a room, `n` started students and one PPV lesson of 2 units a week ago at 17:00 taught by `teacherId`. */
export async function aCourseWithLesson(caller: Caller, schoolId: string, teacherId: string, n = 1) {
  const { id: classroomId } = await caller.course.createClassroom({ schoolId, name: 'Učebna 1', capacity: 20 });
  const { id: courseId } = await caller.course.createCourse({ schoolId, name: 'Kurz B jaro', startDate: '2026-03-02' });
  const studentIds: string[] = [];
  for (let i = 0; i < n; i++) studentIds.push(await aStartedStudentId(caller, schoolId, { lastName: `Žák${String.fromCharCode(65 + i)}` }));
  await caller.course.addCourseStudents({ schoolId, courseId, studentIds });
  const date = addDays(schoolToday(new Date()), -7);
  const { created } = await caller.course.createGroupLessons({
    schoolId,
    courseId,
    date,
    startTime: '17:00',
    units: 2,
    teacherId,
    type: 'PPV',
    topic: 'Pravidla provozu',
    classroomId,
    extraStudentIds: [],
    repeatUntil: null,
  });
  return { classroomId, courseId, studentId: studentIds[0], studentIds, lessonId: created[0].id, date };
}

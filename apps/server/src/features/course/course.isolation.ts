import { addDays, schoolToday } from '@volant/shared/school-time';
import { entity, type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { aCourseWithLesson, aStartedStudentId } from './course.testing.ts';

/** The victim's room, course (with a started student) and a past lesson of the admin's. */
const seed = async (_app: unknown, v: Victim) => {
  const { studentIds: _all, ...ids } = await aCourseWithLesson(v.caller, v.schoolId, v.member.id);
  return { ...ids, teacherId: v.member.id, otherStudentId: await aStartedStudentId(v.caller, v.schoolId) };
};

const lessonInput = (o: { teacherId: string; classroomId: string }) => ({
  date: addDays(schoolToday(new Date()), 30),
  startTime: '08:00',
  units: 1,
  teacherId: o.teacherId,
  type: 'TZBJ' as const,
  topic: 'Úvod',
  classroomId: o.classroomId,
  extraStudentIds: [],
});

export const courseIsolation: IsolationTable = {
  'course.getClassrooms': school(seed, (c, schoolId) => c.course.getClassrooms({ schoolId })),
  'course.createClassroom': school(seed, (c, schoolId) => c.course.createClassroom({ schoolId, name: 'Učebna 2', capacity: 10 })),
  'course.updateClassroom': entity(seed, (c, schoolId, { classroomId }) => c.course.updateClassroom({ schoolId, classroomId, name: 'Velká', capacity: 30 })),
  'course.getCourses': school(seed, (c, schoolId) => c.course.getCourses({ schoolId })),
  'course.getCourse': entity(seed, (c, schoolId, { courseId }) => c.course.getCourse({ schoolId, courseId })),
  'course.createCourse': school(seed, (c, schoolId) => c.course.createCourse({ schoolId, name: 'Kurz léto', startDate: '2026-06-01' })),
  'course.updateCourse': entity(seed, (c, schoolId, { courseId }) =>
    c.course.updateCourse({ schoolId, courseId, name: 'Kurz B podzim', startDate: '2026-09-01' }),
  ),
  'course.setCourseEnded': entity(seed, (c, schoolId, { courseId }) => c.course.setCourseEnded({ schoolId, courseId, ended: true })),
  'course.addCourseStudents': entity(seed, (c, schoolId, { courseId, otherStudentId }) =>
    c.course.addCourseStudents({ schoolId, courseId, studentIds: [otherStudentId] }),
  ),
  'course.removeCourseStudent': entity(seed, (c, schoolId, { courseId, studentId }) => c.course.removeCourseStudent({ schoolId, courseId, studentId })),
  'course.createGroupLessons': entity(seed, (c, schoolId, { courseId, teacherId, classroomId, otherStudentId }) =>
    c.course.createGroupLessons({ schoolId, courseId, ...lessonInput({ teacherId, classroomId }), extraStudentIds: [otherStudentId], repeatUntil: null }),
  ),
  'course.updateGroupLesson': entity(seed, (c, schoolId, { lessonId, teacherId, classroomId }) =>
    c.course.updateGroupLesson({ schoolId, lessonId, ...lessonInput({ teacherId, classroomId }) }),
  ),
  'course.removeGroupLesson': entity(seed, (c, schoolId, { lessonId }) => c.course.removeGroupLesson({ schoolId, lessonId })),
  'course.getGroupLesson': entity(seed, (c, schoolId, { lessonId }) => c.course.getGroupLesson({ schoolId, lessonId })),
  'course.markAttendance': entity(seed, (c, schoolId, { lessonId, studentId }) =>
    c.course.markAttendance({ schoolId, lessonId, marks: [{ studentId, present: true }] }),
  ),
  'course.getMyGroupLessons': school(seed, (c, schoolId) => c.course.getMyGroupLessons({ schoolId, day: addDays(schoolToday(new Date()), -7) })),
};

import {
  courseIdInput,
  courseStudentInput,
  courseStudentsInput,
  createClassroomInput,
  createCourseInput,
  createGroupLessonsInput,
  groupLessonIdInput,
  markAttendanceInput,
  updateClassroomInput,
  updateCourseInput,
  updateGroupLessonInput,
} from '@volant/shared/course/inputs';
import { dateInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import {
  addCourseStudents,
  type CourseCaller,
  createClassroom,
  createCourse,
  createGroupLessons,
  getClassrooms,
  getCourse,
  getCourses,
  getGroupLesson,
  getMyGroupLessons,
  markAttendance,
  removeCourseStudent,
  removeGroupLesson,
  setCourseEnded,
  updateClassroom,
  updateCourse,
  updateGroupLesson,
} from './course.service.ts';

type Ctx = { school: { id: CourseCaller['schoolId']; role: CourseCaller['role']; memberId: string }; user: { id: string } };
const caller = (ctx: Ctx): CourseCaller => ({ schoolId: ctx.school.id, role: ctx.school.role, memberId: ctx.school.memberId, userId: ctx.user.id });

/**
 * Group theory (issue 20 §3): Kurzy, Učebny, Hodiny výuky and Docházka. The office keeps courses and rooms; a teacher
 * (or paramedic) plans lessons and marks attendance, of a lesson only their own (the service refuses the rest).
 */
export const courseRouter = router({
  getClassrooms: schoolProcedure.query(({ ctx }) => getClassrooms(ctx, ctx.school.id)),
  createClassroom: schoolProcedure.input(createClassroomInput).mutation(({ ctx, input }) => createClassroom(ctx, caller(ctx), input)),
  updateClassroom: schoolProcedure.input(updateClassroomInput).mutation(({ ctx, input }) => updateClassroom(ctx, caller(ctx), input)),
  getCourses: schoolProcedure.query(({ ctx }) => getCourses(ctx, ctx.school.id)),
  getCourse: schoolProcedure.input(courseIdInput).query(({ ctx, input }) => getCourse(ctx, ctx.school.id, input.courseId)),
  createCourse: schoolProcedure.input(createCourseInput).mutation(({ ctx, input }) => createCourse(ctx, caller(ctx), input)),
  updateCourse: schoolProcedure.input(updateCourseInput).mutation(({ ctx, input }) => updateCourse(ctx, caller(ctx), input)),
  setCourseEnded: schoolProcedure.input(courseIdInput.extend({ ended: z.boolean() })).mutation(({ ctx, input }) => setCourseEnded(ctx, caller(ctx), input)),
  addCourseStudents: schoolProcedure.input(courseStudentsInput).mutation(({ ctx, input }) => addCourseStudents(ctx, caller(ctx), input)),
  removeCourseStudent: schoolProcedure.input(courseStudentInput).mutation(({ ctx, input }) => removeCourseStudent(ctx, caller(ctx), input)),
  createGroupLessons: schoolProcedure.input(createGroupLessonsInput).mutation(({ ctx, input }) => createGroupLessons(ctx, caller(ctx), input)),
  updateGroupLesson: schoolProcedure.input(updateGroupLessonInput).mutation(({ ctx, input }) => updateGroupLesson(ctx, caller(ctx), input)),
  removeGroupLesson: schoolProcedure.input(groupLessonIdInput).mutation(({ ctx, input }) => removeGroupLesson(ctx, caller(ctx), input.lessonId)),
  getGroupLesson: schoolProcedure.input(groupLessonIdInput).query(({ ctx, input }) => getGroupLesson(ctx, caller(ctx), input.lessonId)),
  markAttendance: schoolProcedure.input(markAttendanceInput).mutation(({ ctx, input }) => markAttendance(ctx, caller(ctx), input)),
  getMyGroupLessons: schoolProcedure
    .input(z.object({ day: dateInput('Prosím zadejte datum!') }))
    .query(({ ctx, input }) => getMyGroupLessons(ctx, caller(ctx), input.day)),
});

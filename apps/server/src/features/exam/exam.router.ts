import {
  addStudentToExamInput,
  createExamInput,
  examIdInput,
  examsInput,
  setExamResultInput,
  studentExamsInput,
  updateExamInput,
} from '@volant/shared/exam/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { addStudentToExam, createExam, getExam, getExams, getStudentExams, removeExam, setExamResult, updateExam } from './exam.service.ts';

export const examRouter = router({
  /** spec §7: the school's terms from dateGte on, ascending by date. */
  exams: schoolProcedure.input(examsInput).query(({ ctx, input }) => getExams(ctx, ctx.school.id, input.dateGte)),
  getExam: schoolProcedure.input(examIdInput).query(({ ctx, input }) => getExam(ctx, ctx.school.id, input.id)),
  createExam: schoolProcedure.input(createExamInput).mutation(({ ctx, input }) => createExam(ctx, ctx.school.id, ctx.user.id, input)),
  updateExam: schoolProcedure.input(updateExamInput).mutation(({ ctx, input }) => updateExam(ctx, ctx.school.id, ctx.user.id, input)),
  removeExam: schoolProcedure.input(examIdInput).mutation(({ ctx, input }) => removeExam(ctx, ctx.school.id, ctx.user.id, input.id)),
  /** spec §7: newType signs up, toRemoveType signs off; answers the student's exams. */
  addStudentToExam: schoolProcedure.input(addStudentToExamInput).mutation(({ ctx, input }) => addStudentToExam(ctx, ctx.school.id, ctx.user.id, input)),
  setExamResult: schoolProcedure.input(setExamResultInput).mutation(({ ctx, input }) => setExamResult(ctx, ctx.school.id, ctx.user.id, input)),
  getStudentExams: schoolProcedure.input(studentExamsInput).query(({ ctx, input }) => getStudentExams(ctx, ctx.school.id, input.studentId)),
});

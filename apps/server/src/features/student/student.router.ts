import { cachedRead } from '../../trpc/cached-read.ts';
import {
  createStudentInput,
  finishTrainingInput,
  setStudentStateInput,
  studentStateDateInput,
  studentsListInput,
  updateStudentInput,
  updateStudentLogInput,
} from '@volant/shared/student/inputs';
import { schoolToday } from '@volant/shared/school-time';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { clockedInput, schoolProcedure } from '../../trpc/procedures.ts';
import { studentLegalMinimum } from '../lesson-plan/legal-minimum.ts';
import { listStudents } from './student.queries.ts';
import {
  createStudent,
  getNextRegistrationNumber,
  getStudentCardHeaderInfo,
  getStudentDate,
  getStudentDetail,
  removeStudent,
  setDateOfFinished,
  setDateOfInProgress,
  setStudentState,
  updateStudent,
  updateStudentLog,
} from './student.service.ts';

const byId = z.object({ id: uuidInput });
const byStudentId = z.object({ studentId: uuidInput });

export const studentRouter = router({
  students: schoolProcedure
    .input(studentsListInput)
    .use(cachedRead())
    .query(({ ctx, input }) => listStudents(ctx.db, ctx.school.id, input)),
  student: schoolProcedure.input(byId).query(({ ctx, input }) => getStudentDetail(ctx.db, ctx.school.id, input.id)),
  getStudentCardHeaderInfo: schoolProcedure.input(byId).query(({ ctx, input }) => getStudentCardHeaderInfo(ctx.db, ctx.school.id, input.id)),
  getStudentDateOfInProgress: schoolProcedure
    .input(byStudentId)
    .query(({ ctx, input }) => getStudentDate(ctx.db, ctx.school.id, input.studentId, 'dateOfInProgress')),
  getStudentDateOfFinished: schoolProcedure
    .input(byStudentId)
    .query(({ ctx, input }) => getStudentDate(ctx.db, ctx.school.id, input.studentId, 'dateOfFinished')),
  getNextRegistrationNumber: schoolProcedure.query(({ ctx }) => getNextRegistrationNumber(ctx, ctx.school.id)),
  createStudent: schoolProcedure.concat(clockedInput(createStudentInput)).mutation(({ ctx, input }) => createStudent(ctx, ctx.school.id, ctx.user.id, input)),
  updateStudent: schoolProcedure.concat(clockedInput(updateStudentInput)).mutation(({ ctx, input }) => updateStudent(ctx, ctx.school.id, ctx.user.id, input)),
  updateStudentLog: schoolProcedure.input(updateStudentLogInput).mutation(({ ctx, input }) => updateStudentLog(ctx, ctx.school.id, ctx.user.id, input)),
  setStudentState: schoolProcedure.input(setStudentStateInput).mutation(({ ctx, input }) => setStudentState(ctx, ctx.school.id, ctx.user.id, input)),
  setDateOfInProgress: schoolProcedure.input(studentStateDateInput).mutation(({ ctx, input }) => setDateOfInProgress(ctx, ctx.school.id, ctx.user.id, input)),
  setDateOfFinished: schoolProcedure.input(finishTrainingInput).mutation(({ ctx, input }) => setDateOfFinished(ctx, ctx.school.id, ctx.user.id, input)),
  /** The card's view of the legal minimum today (issue 17): per section required / done / missing, and the list. */
  getLegalMinimum: schoolProcedure
    .input(byStudentId)
    .query(({ ctx, input }) => studentLegalMinimum(ctx.db, ctx.school.id, input.studentId, schoolToday(ctx.now()), ctx.now())),
  removeStudent: schoolProcedure.input(byStudentId).mutation(({ ctx, input }) => removeStudent(ctx, ctx.school.id, ctx.user.id, input.studentId)),
});

import { defaultTeacherTypeInput, setDefaultTeacherInput } from '@volant/shared/teaching-lesson-record/inputs';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { getDefaultTeacher, setDefaultTeacher } from './student-default-teacher.service.ts';

const defaultTeacherOf = z.object({ studentId: uuidInput, type: defaultTeacherTypeInput });

export const studentDefaultTeacherRouter = router({
  getDefaultTeacher: schoolProcedure.input(defaultTeacherOf).query(({ ctx, input }) => getDefaultTeacher(ctx, ctx.school.id, input)),
  setDefaultTeacher: schoolProcedure.input(setDefaultTeacherInput).mutation(({ ctx, input }) => setDefaultTeacher(ctx, ctx.school.id, ctx.user.id, input)),
});

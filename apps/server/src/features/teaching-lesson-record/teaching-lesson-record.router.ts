import { updateTeachingLessonsInput } from '@volant/shared/teaching-lesson-record/inputs';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { getTeachingLessonRecords, planTeachingLessons, updateTeachingLessonRecords } from './teaching-lesson-record.service.ts';

const byStudentId = z.object({ studentId: uuidInput });

export const teachingLessonRecordRouter = router({
  getTeachingLessonRecords: schoolProcedure.input(byStudentId).query(({ ctx, input }) => getTeachingLessonRecords(ctx, ctx.school.id, input.studentId)),
  updateTeachingLessonRecord: schoolProcedure
    .input(updateTeachingLessonsInput)
    .mutation(({ ctx, input }) => updateTeachingLessonRecords(ctx, ctx.school.id, ctx.user.id, input)),
  planTeachingLessons: schoolProcedure.input(byStudentId).mutation(({ ctx, input }) => planTeachingLessons(ctx, ctx.school.id, ctx.user.id, input.studentId)),
});

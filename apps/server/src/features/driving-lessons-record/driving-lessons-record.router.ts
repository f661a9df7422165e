import { cachedRead } from '../../trpc/cached-read.ts';
import {
  calendarRangeInput,
  createTrainingInput,
  deleteTrainingInput,
  hasCollisionInput,
  trainingsListInput,
  trainingWarningsInput,
  updateTrainingInput,
} from '@volant/shared/driving-lessons-record/inputs';
import { createRecurringTrainingInput } from '@volant/shared/driving-lessons-record/recurrence';
import { passCredentialsInput } from '@volant/shared/student-pass/inputs';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { schoolOrPassProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import { getPassRecords } from '../student-pass/student-pass.service.ts';
import {
  createRecurringTrainings,
  createTraining,
  deleteTraining,
  getCalendarEvents,
  getDrivingLessonsRecord,
  getDrivingLessonsRecords,
  getTrainings,
  getTrainingWarnings,
  hasCollision,
  updateTraining,
} from './driving-lessons-record.service.ts';

const byId = z.object({ id: uuidInput });

export const drivingLessonsRecordRouter = router({
  /**
   * A student's rides and PV lessons, each with whether it is signed (not the pictures). Staff through the school
   * gate; with the pass's code (spec §7: secretCode, registrationNumber) also the student's pass, without login.
   */
  getDrivingLessonsRecords: schoolOrPassProcedure(z.union([passCredentialsInput, z.object({ schoolId: uuidInput, studentId: uuidInput })]))
    .use(cachedRead())
    .query(({ ctx, input }) =>
      ctx.reader.student ? getPassRecords(ctx, ctx.reader.student) : getDrivingLessonsRecords(ctx, ctx.reader.school.id, input.studentId),
    ),
  /** One item with its signature pictures (the edit drawer, from the Výcvik tab, the calendar or the trainings page). */
  getDrivingLessonsRecord: schoolProcedure.input(byId).query(({ ctx, input }) => getDrivingLessonsRecord(ctx, ctx.school.id, input.id)),
  hasCollision: schoolProcedure.input(hasCollisionInput).query(({ ctx, input }) => hasCollision(ctx, ctx.school.id, input)),
  getTrainingWarnings: schoolProcedure.input(trainingWarningsInput).query(({ ctx, input }) => getTrainingWarnings(ctx, ctx.school.id, input)),
  createPlanDrivingLessonsRecordPlanV2: schoolProcedure
    .input(createTrainingInput)
    .mutation(({ ctx, input }) => createTraining(ctx, ctx.school.id, ctx.user.id, input)),
  /** 'Opakovat': weekly occurrences, each checked for collisions; answers the created and the refused ones with the reason. */
  createRecurring: schoolProcedure
    .input(createRecurringTrainingInput)
    .mutation(({ ctx, input }) => createRecurringTrainings(ctx, ctx.school.id, ctx.user.id, input)),
  updatePlanDrivingLessonsRecordV2: schoolProcedure
    .input(updateTrainingInput)
    .mutation(({ ctx, input }) => updateTraining(ctx, ctx.school.id, ctx.user.id, input)),
  deleteDrivingLessonsRecord: schoolProcedure
    .input(deleteTrainingInput)
    .mutation(({ ctx, input }) => deleteTraining(ctx, ctx.school.id, ctx.user.id, input.id, input.correctionReason)),
  getCalendarEvents: schoolProcedure
    .input(calendarRangeInput)
    .use(cachedRead())
    .query(({ ctx, input }) => getCalendarEvents(ctx, ctx.school.id, input)),
  getTrainings: schoolProcedure
    .input(trainingsListInput)
    // 'Nezaevidované' compares with the time of day: not cached.
    .use(cachedRead<{ notRegistered?: boolean }>({ skip: (input) => input.notRegistered === true }))
    .query(({ ctx, input }) => getTrainings(ctx, ctx.school.id, input)),
});

import { dayActionInput, myDayInput } from '@volant/shared/my-day/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { applyDayAction, getMyDay } from './my-day.service.ts';

/** 'Můj den' (issue 20): the caller's own day as the teacher (their member id, proven by the school rung). */
export const myDayRouter = router({
  /** The caller's rides and lessons of one school day, with what the device needs to work without signal. */
  getDay: schoolProcedure.input(myDayInput).query(({ ctx, input }) => getMyDay(ctx, ctx.school.id, ctx.school.memberId, input)),
  /** One action from the device's outbox (start, end, register, note; a group lesson's attendance): exactly once by its key. */
  act: schoolProcedure
    .input(dayActionInput)
    .mutation(({ ctx, input }) => applyDayAction(ctx, ctx.school.id, ctx.school.memberId, ctx.user.id, input, ctx.school.role)),
});

// 'Upozornění na lhůty' (issue 22 §3): the school's lead times of the nightly deadline sweep.
import { deadlineSettingsInput } from '@volant/shared/deadline/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { getDeadlineSettings, setDeadlineSettings } from './deadline.service.ts';

export const deadlineRouter = router({
  getSettings: schoolProcedure.query(({ ctx }) => getDeadlineSettings(ctx, ctx.school.id)),
  setSettings: schoolProcedure.input(deadlineSettingsInput).mutation(({ ctx, input }) => setDeadlineSettings(ctx, ctx.school.id, ctx.user.id, input)),
});

import { loginInput, morningAgendaInput, registerInput, resetPasswordConfirmInput, resetPasswordInput } from '@volant/shared/user/inputs';
import { codeInput, uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { router } from '../../trpc/init.ts';
import { authedProcedure, memberProcedure, publicProcedure } from '../../trpc/procedures.ts';
import { getSchool, listUserSchools } from '../school/school.queries.ts';
import { toGroupSettings } from '../school/school.dto.ts';
import { confirmEmail, login, logout, readNotification, register, requestPasswordReset, resetPassword } from './user.service.ts';
import { listUnreadModalNotifications } from '../notification/notification.queries.ts';
import { getMe, listFeatureFlags, setActiveSchool } from './user.queries.ts';
import { findMorningAgenda, setOwnMorningAgenda } from '../reminders/reminders.settings.ts';

export const userRouter = router({
  loginUser: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    if (!ctx.limits.login.hit(`${ctx.ip}|${input.email}`)) throw new AppError('RATE_LIMITED');
    const result = await login(ctx, input);
    if (result.state === 'OK') ctx.limits.login.reset(`${ctx.ip}|${input.email}`);
    return result;
  }),
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => register(ctx, input)),
  confirmEmail: publicProcedure.input(codeInput).mutation(({ ctx, input }) => confirmEmail(ctx, input.code)),
  requestPasswordReset: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email)),
  resetPasswordConfirm: publicProcedure.input(resetPasswordConfirmInput).mutation(({ ctx, input }) => resetPassword(ctx, input.code, input.password)),
  logout: authedProcedure.mutation(({ ctx }) => logout(ctx, ctx.session.id)),
  meV2: authedProcedure.query(async ({ ctx }) => {
    const me = await getMe(ctx.db, ctx.user.id);
    if (!me) throw new AppError('UNAUTHORIZED');
    return me;
  }),
  getUserFeatureFlags: authedProcedure.query(({ ctx }) => listFeatureFlags(ctx.db, ctx.user.id)),
  // The shell's modal (spec §2): the operator's unread messages; event notifications are the bell's (notification router).
  getNotifications: authedProcedure.query(({ ctx }) => listUnreadModalNotifications(ctx.db, ctx.user.id)),
  readNotification: authedProcedure.input(z.object({ id: uuidInput })).mutation(({ ctx, input }) => readNotification(ctx, ctx.user.id, input.id)),
  getUserSchools: authedProcedure.query(({ ctx }) => listUserSchools(ctx.db, ctx.user.id)),
  getGroupUserSettings: memberProcedure.query(async ({ ctx }) => ({
    schoolId: ctx.school.id,
    memberId: ctx.school.memberId,
    role: ctx.school.role,
    /** 'Ranní přehled dne e-mailem' (issue 19 §4). */
    morningAgenda: await findMorningAgenda(ctx.db, ctx.school.id, ctx.school.memberId),
  })),
  setMorningAgenda: memberProcedure
    .input(morningAgendaInput)
    .mutation(({ ctx, input }) => setOwnMorningAgenda(ctx, ctx.school.id, ctx.user.id, ctx.school.memberId, input.enabled)),
  getGroupSettings: memberProcedure.query(async ({ ctx }) => toGroupSettings(await getSchool(ctx.db, ctx.school.id))),
  getIsGroupBlocked: memberProcedure.query(({ ctx }) => ctx.school.isBlocked),
  setActiveSchool: memberProcedure.mutation(async ({ ctx }) => {
    await setActiveSchool(ctx.db, ctx.user.id, ctx.school.id);
    return { activeSchoolId: ctx.school.id };
  }),
});

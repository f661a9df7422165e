// Uživatelské Nastavení (issue 11): own profile, password, other devices, preferences; merged into `user`.
import { calendarFilterInput, changePasswordInput, updateProfileInput, userPreferencesInput } from '@volant/shared/user/inputs';
import { router } from '../../trpc/init.ts';
import { authedProcedure, memberProcedure } from '../../trpc/procedures.ts';
import {
  changePassword,
  getCalendarFilters,
  getSessions,
  getUserSettings,
  setPreferences,
  setCalendarFilter,
  signOutOtherSessions,
  updateProfile,
} from './user-settings.service.ts';

export const userSettingsRouter = router({
  getUserSettings: authedProcedure.query(({ ctx }) => getUserSettings(ctx, ctx.user.id)),
  updateProfile: authedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx, ctx.user.id, input)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, { id: ctx.user.id, sessionId: ctx.session.id, ip: ctx.ip }, input)),
  getSessions: authedProcedure.query(({ ctx }) => getSessions(ctx, ctx.user.id, ctx.session.id)),
  signOutOtherSessions: authedProcedure.mutation(({ ctx }) => signOutOtherSessions(ctx, ctx.user.id, ctx.session.id)),
  setPreferences: authedProcedure.input(userPreferencesInput).mutation(({ ctx, input }) => setPreferences(ctx, ctx.user.id, input)),
  // Kalendář's remembered filters (issue 20 §4): per membership, the caller's own only (the school rung proves it).
  getCalendarFilters: memberProcedure.query(({ ctx }) => getCalendarFilters(ctx, ctx.school.id, ctx.school.memberId)),
  setCalendarFilter: memberProcedure.input(calendarFilterInput).mutation(({ ctx, input }) => setCalendarFilter(ctx, ctx.school.id, ctx.school.memberId, input)),
});

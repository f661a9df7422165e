// Uživatelské Nastavení (issue 11): own profile, password, other devices, preferences; merged into `user`.
import { changePasswordInput, updateProfileInput, userPreferencesInput } from '@volant/shared/user/inputs';
import { router } from '../../trpc/init.ts';
import { authedProcedure } from '../../trpc/procedures.ts';
import { changePassword, getSessions, getUserSettings, setPreferences, signOutOtherSessions, updateProfile } from './user-settings.service.ts';

export const userSettingsRouter = router({
  getUserSettings: authedProcedure.query(({ ctx }) => getUserSettings(ctx, ctx.user.id)),
  updateProfile: authedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx, ctx.user.id, input)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, { id: ctx.user.id, sessionId: ctx.session.id, ip: ctx.ip }, input)),
  getSessions: authedProcedure.query(({ ctx }) => getSessions(ctx, ctx.user.id, ctx.session.id)),
  signOutOtherSessions: authedProcedure.mutation(({ ctx }) => signOutOtherSessions(ctx, ctx.user.id, ctx.session.id)),
  setPreferences: authedProcedure.input(userPreferencesInput).mutation(({ ctx, input }) => setPreferences(ctx, ctx.user.id, input)),
});

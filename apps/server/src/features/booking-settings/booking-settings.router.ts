import { bookingSettingsInput } from '@volant/shared/booking/settings';
import { router } from '../../trpc/init.ts';
import { adminProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import { readBookingSettings, updateBookingSettings } from './booking-settings.service.ts';

export const bookingSettingsRouter = router({
  /** The school's rules, or the defaults (booking off) when it saved none. */
  get: schoolProcedure.query(({ ctx }) => readBookingSettings(ctx, ctx.school.id)),
  /** Saves the rules whole (insert or replace). */
  update: adminProcedure.input(bookingSettingsInput).mutation(({ ctx, input }) => updateBookingSettings(ctx, ctx.school.id, ctx.user.id, input)),
});

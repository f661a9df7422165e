import { bookRideInput, cancelRideInput, freeSlotsInput, rideIdInput, waitlistDayInput } from '@volant/shared/booking/inputs';
import { router } from '../../trpc/init.ts';
import { studentProcedure } from '../../trpc/procedures.ts';
import { bookRide, cancelRide, getBookingOptions, getCancelTerms, getFreeSlots, getMyBookings } from './booking.service.ts';
import { getMyWaitlist, joinWaitlist, leaveWaitlist } from './waitlist.service.ts';

/** The student's own booking (issue 19 §3): the student rung only; the session says whose booking it is. */
export const bookingRouter = router({
  getBookingOptions: studentProcedure.query(({ ctx }) => getBookingOptions(ctx, ctx.student)),
  getFreeSlots: studentProcedure.input(freeSlotsInput).query(({ ctx, input }) => getFreeSlots(ctx, ctx.student, input)),
  bookRide: studentProcedure.input(bookRideInput).mutation(({ ctx, input }) => bookRide(ctx, ctx.student, input)),
  getMyBookings: studentProcedure.query(({ ctx }) => getMyBookings(ctx, ctx.student)),
  getCancelTerms: studentProcedure.input(rideIdInput).query(({ ctx, input }) => getCancelTerms(ctx, ctx.student, input.rideId)),
  cancelRide: studentProcedure.input(cancelRideInput).mutation(({ ctx, input }) => cancelRide(ctx, ctx.student, input)),
  /** 'Čekací listina': the days the student waits for a freed slot on. */
  getMyWaitlist: studentProcedure.query(({ ctx }) => getMyWaitlist(ctx, ctx.student)),
  joinWaitlist: studentProcedure.input(waitlistDayInput).mutation(({ ctx, input }) => joinWaitlist(ctx, ctx.student, input.date)),
  leaveWaitlist: studentProcedure.input(waitlistDayInput).mutation(({ ctx, input }) => leaveWaitlist(ctx, ctx.student, input.date)),
});

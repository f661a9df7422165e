import type { IsolationTable, StudentIsolationTable, StudentValues } from '../../testing/isolation.ts';
import type { StudentActor } from '../student-portal/student-portal.testing.ts';
import { makeOwnRideUpcoming } from './booking.testing.ts';

const why = 'the student’s own session names no student or school; the student half tries it student against student';

export const bookingIsolation: IsolationTable = {
  'booking.getBookingOptions': { kind: 'student', why },
  'booking.getFreeSlots': { kind: 'student', why },
  'booking.bookRide': { kind: 'student', why },
  'booking.getMyBookings': { kind: 'student', why },
  'booking.getCancelTerms': { kind: 'student', why },
  'booking.cancelRide': { kind: 'student', why },
  'booking.getMyWaitlist': { kind: 'student', why },
  'booking.joinWaitlist': { kind: 'student', why },
  'booking.leaveWaitlist': { kind: 'student', why },
};

/** A's own values (the runner's control call, made after it compared what the mixes left). */
const own = (me: StudentActor, key: StudentValues) => key.studentId === me.studentId && key.schoolId === me.schoolId && key.rideId === me.rideId;

export const bookingStudentIsolation: StudentIsolationTable = {
  'booking.getBookingOptions': (me) => me.as().booking.getBookingOptions(),
  // The day of the key's ride: A's own ride of that day is in `mine`; B's never is.
  'booking.getFreeSlots': (me) => me.as().booking.getFreeSlots({ date: '2026-03-02' }),
  // The input names no student or school, only a teacher: a mix names an id of B's or another school's instead. These
  // schools have booking off, so A's own call is refused as well (the refusal is its answer); booking.int.test.ts books.
  'booking.bookRide': (me, key) =>
    me
      .as()
      .booking.bookRide({ teacherId: key.studentId, start: new Date('2031-01-01T08:00:00Z'), length: 90 })
      .catch((e: { message?: string }) => {
        if (own(me, key)) return { refused: e.message };
        throw e;
      }),
  'booking.getMyBookings': async (me, key) => {
    if (own(me, key)) await makeOwnRideUpcoming(me);
    return me.as().booking.getMyBookings();
  },
  'booking.getCancelTerms': (me, key) => me.as().booking.getCancelTerms({ rideId: key.rideId }),
  'booking.cancelRide': async (me, key) => {
    if (own(me, key)) await makeOwnRideUpcoming(me);
    return me.as().booking.cancelRide({ rideId: key.rideId });
  },
  // 'Čekací listina': the input names a day only; the session says whose list. These schools have booking off, so
  // joining is refused to A as well (the refusal is its answer); booking.int.test.ts joins and is told.
  'booking.getMyWaitlist': (me) => me.as().booking.getMyWaitlist(),
  'booking.joinWaitlist': (me, key) =>
    me
      .as()
      .booking.joinWaitlist({ date: '2031-01-02' })
      .catch((e: { message?: string }) => {
        if (own(me, key)) return { refused: e.message };
        throw e;
      }),
  'booking.leaveWaitlist': (me) => me.as().booking.leaveWaitlist({ date: '2031-01-02' }),
};

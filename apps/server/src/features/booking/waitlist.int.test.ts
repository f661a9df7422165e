// 'Čekací listina' (issue 19 §3) through the student rung at the booking tests' fixed clock: who may put which day on
// the list, the processor queueing one job for a cancelled planned ride of a waited-for day, the job mailing each
// waiting student once (a rerun mails nobody again) with a link to 'Rezervace', and the first to book getting the slot.
import { WAITLIST_MESSAGES } from '@volant/shared/booking/waitlist';
import { BOOKING_MESSAGES } from '@volant/shared/booking/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitlistProcessor } from '../../events/processors.ts';
import type { AppEvent, EventDefinition } from '../../events/event.ts';
import { getTestApp, type TestApp } from '../../testing/harness.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { aBooker, BOOKING_NOW, bookingSchool } from './booking.testing.ts';
import { sendWaitlistNotices, type WaitlistPayload } from './waitlist.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** Monday 24 March 2031, 08:00 in Prague (winter time, UTC+1). */
const MONDAY_8 = new Date('2031-03-24T07:00:00Z');
const MONDAY = '2031-03-24';
const message = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (e: { message?: string }) => e.message ?? String(e),
  );

/** The app's deps at the booking clock with a job runner that only records what is sent. */
function withJobs() {
  const sent: { kind: string; payload: WaitlistPayload; key?: string }[] = [];
  const jobs = {
    send: async (kind: string, payload: WaitlistPayload, o: { key?: string } = {}) => {
      sent.push({ kind, payload, key: o.key });
      return 'job';
    },
  };
  return { deps: { ...app.deps, now: () => BOOKING_NOW, jobs } as unknown as AppDeps, sent };
}

/** The deps a job runs with: the app's, at the booking clock (no job runner: its mails are written at once). */
const worker = () => ({ ...app.deps, now: () => BOOKING_NOW }) as unknown as AppDeps;

const rideEvent = (schoolId: string, rideId: string, name = 'drivingLessonsRecord.update') =>
  ({ name, schoolId, entityId: rideId, userId: null, entityType: 'drivingLessonsRecord', data: {} }) as unknown as AppEvent;

/**
 * The mails written for `email` (the outbox table: written at the booking clock of 2031, they are not due for the
 * test's drainer yet, so they are read where the write put them).
 */
async function mailsTo(email: string) {
  const { schema } = await import('@volant/db/schema');
  const { eq } = await import('drizzle-orm');
  const rows = await app.handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.recipient, email));
  return rows.map((row) => `${row.subject}\n${row.text}`);
}

describe('booking: Čekací listina', () => {
  it('takes only bookable days, at most 7, and a day can be taken off again', async () => {
    const school = await bookingSchool(app);
    const w = await aBooker(app, school);
    expect(await w.at().booking.joinWaitlist({ date: MONDAY })).toEqual({ studentId: w.studentId, days: [MONDAY] });
    // Twice the same day: still once.
    expect(await w.at().booking.joinWaitlist({ date: MONDAY })).toEqual({ studentId: w.studentId, days: [MONDAY] });
    // Before the first bookable day (24 h ahead) and past the 14-day horizon.
    expect(await message(w.at().booking.joinWaitlist({ date: '2031-03-20' }))).toBe(WAITLIST_MESSAGES.outside);
    expect(await message(w.at().booking.joinWaitlist({ date: '2031-04-04' }))).toBe(WAITLIST_MESSAGES.outside);
    for (const day of ['2031-03-25', '2031-03-26', '2031-03-27', '2031-03-28', '2031-03-29', '2031-03-30']) await w.at().booking.joinWaitlist({ date: day });
    expect(await message(w.at().booking.joinWaitlist({ date: '2031-03-31' }))).toBe(WAITLIST_MESSAGES.tooMany);
    expect((await w.at().booking.leaveWaitlist({ date: '2031-03-25' })).days).toHaveLength(6);
    expect((await w.at().booking.getMyWaitlist()).days).toEqual([MONDAY, '2031-03-26', '2031-03-27', '2031-03-28', '2031-03-29', '2031-03-30']);

    // The same rules as booking: a school with booking off refuses with its words.
    const off = await bookingSchool(app, { enabled: false });
    const o = await aBooker(app, off);
    expect(await message(o.at().booking.joinWaitlist({ date: MONDAY }))).toBe(BOOKING_MESSAGES.disabled);
  });

  it('a cancelled ride of a waited-for day mails each waiting student once, with a link; the first to book gets it', async () => {
    const school = await bookingSchool(app);
    const stamp = Date.now();
    const a = await aBooker(app, school, { email: `zrusil.${stamp}@example.cz` });
    const w = await aBooker(app, school, { email: `ceka.${stamp}@example.cz` });
    const v = await aBooker(app, school, { email: `taky.ceka.${stamp}@example.cz` });
    await w.at().booking.joinWaitlist({ date: MONDAY });
    await v.at().booking.joinWaitlist({ date: MONDAY });
    await a.at().booking.joinWaitlist({ date: MONDAY });
    const ride = await a.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 });

    // Still planned: nothing is freed, nobody is told.
    const planned = withJobs();
    await waitlistProcessor(planned.deps, rideEvent(school.schoolId, ride.id), {} as EventDefinition);
    expect(planned.sent).toEqual([]);

    await a.at().booking.cancelRide({ rideId: ride.id });
    const { deps, sent } = withJobs();
    await waitlistProcessor(deps, rideEvent(school.schoolId, ride.id), {} as EventDefinition);
    expect(sent).toEqual([
      {
        kind: 'booking.waitlist',
        key: `waitlist:${ride.id}:${MONDAY_8.toISOString()}`,
        payload: expect.objectContaining({ day: MONDAY, teacherId: school.teacher.id, studentId: a.studentId, startTime: MONDAY_8.toISOString() }),
      },
    ]);
    // The job runs on a worker: the app's own deps (its mails go straight to the outbox in tests), run twice.
    await sendWaitlistNotices(worker(), sent[0].payload);
    await sendWaitlistNotices(worker(), sent[0].payload);

    for (const email of [`ceka.${stamp}@example.cz`, `taky.ceka.${stamp}@example.cz`]) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('24.3.2031 08:00–09:30');
      expect(mails[0]).toContain('/zak/rezervace?den=');
      expect(mails[0]).toContain('jako první');
    }
    // The student who cancelled is not told of their own cancellation.
    expect(await mailsTo(`zrusil.${stamp}@example.cz`)).toEqual([]);

    // Both rush to book: one gets the slot, the other hears it is taken.
    const results = await Promise.all([w, v].map((s) => message(s.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 }))));
    expect(results.sort()).toEqual([BOOKING_MESSAGES.taken, 'ok'].sort());
  });

  it('with the school’s "own teacher only" rule, tells only that teacher’s students; a past ride tells nobody', async () => {
    const school = await bookingSchool(app);
    const stamp = Date.now();
    const a = await aBooker(app, school);
    const w = await aBooker(app, school, { email: `jiny.ucitel.${stamp}@example.cz` });
    await w.at().booking.joinWaitlist({ date: MONDAY });
    // W's training teacher is another one: the freed slot of this teacher is not W's to book.
    const { insertTeacher } = await import('../driving-lessons-record/driving-lessons-record.testing.ts');
    const other = await insertTeacher(app, school.schoolId, { lastName: 'Jiný' });
    const { schema } = await import('@volant/db/schema');
    const { and, eq } = await import('drizzle-orm');
    await app.handle.db
      .update(schema.studentDefaultTeachers)
      .set({ teacherId: other.id })
      .where(and(eq(schema.studentDefaultTeachers.studentId, w.studentId), eq(schema.studentDefaultTeachers.type, 'TRAINING')));
    const ride = await a.at().booking.bookRide({ teacherId: school.teacher.id, start: MONDAY_8, length: 90 });
    await a.at().booking.cancelRide({ rideId: ride.id });
    const { deps, sent } = withJobs();
    await waitlistProcessor(deps, rideEvent(school.schoolId, ride.id), {} as EventDefinition);
    expect(sent).toHaveLength(1);
    await sendWaitlistNotices(worker(), sent[0].payload);
    expect(await mailsTo(`jiny.ucitel.${stamp}@example.cz`)).toEqual([]);

    // After the ride's time: nothing is freed any more.
    const later = { ...deps, now: () => new Date(MONDAY_8.getTime() + 3_600_000) } as AppDeps;
    const lateSent = withJobs();
    await waitlistProcessor({ ...later, jobs: (lateSent.deps as AppDeps).jobs } as AppDeps, rideEvent(school.schoolId, ride.id), {} as EventDefinition);
    expect(lateSent.sent).toEqual([]);
  });
});

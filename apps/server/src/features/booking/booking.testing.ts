// Test factories for student booking: a school with booking on, a teacher with working hours and a usual car, and
// students in training who may book with that teacher, each with a caller at a fixed clock.
import { schema } from '@volant/db/schema';
import type { BookingRules } from '@volant/shared/booking/rules';
import { and, eq } from 'drizzle-orm';
import { appRouter } from '../../app-router.ts';
import { type Caller, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { insertCar, insertTeacher } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { aStudentActor, freshAddress, type StudentActor } from '../student-portal/student-portal.testing.ts';

const createCaller = createCallerFactory(appRouter);

/** A Thursday in winter time; its horizon of 14 days holds the spring change (Sunday 30 March 2031). */
export const BOOKING_NOW = new Date('2031-03-20T08:00:00Z');

export type BookingSchool = Awaited<ReturnType<typeof bookingSchool>>;

/** A school with booking on (`rules` over the defaults) and a teacher working 08:00–16:00 every day with one usual car. */
export async function bookingSchool(app: TestApp, rules: Partial<BookingRules> = {}) {
  const school = await setupSchool(app);
  await app.handle.db.insert(schema.bookingSettings).values({ schoolId: school.schoolId, enabled: true, ...rules });
  const teacher = await insertTeacher(app, school.schoolId, { lastName: 'Jezdecký' });
  await workingHours(app, school.schoolId, teacher.id, 8 * 60, 16 * 60);
  const car = await insertCar(app, school.schoolId);
  await app.handle.db.insert(schema.teacherCars).values({ schoolId: school.schoolId, teacherId: teacher.id, schoolCarId: car.id });
  return { ...school, teacher, car };
}

export async function workingHours(
  app: TestApp,
  schoolId: string,
  teacherId: string,
  startMinute: number,
  endMinute: number,
  weekdays = [1, 2, 3, 4, 5, 6, 7],
) {
  await app.handle.db.insert(schema.teacherAvailability).values(weekdays.map((weekday) => ({ schoolId, teacherId, weekday, startMinute, endMinute })));
}

export interface Booker extends StudentActor {
  /** The student's caller at `now` (BOOKING_NOW unless given). */
  at(now?: Date): Caller;
}

/** A student of the school in training, with a medical certificate, group B and the school's teacher as their training teacher. */
export async function aBooker(app: TestApp, school: BookingSchool, o: { groups?: string[]; email?: string } = {}): Promise<Booker> {
  // A session long enough for the fixed clock of 2031.
  const actor = await aStudentActor(app, school, 3000);
  await app.handle.db
    .update(schema.students)
    .set({ state: 'IN_PROGRESS', medicalCertificateDate: '2031-01-10', groups: (o.groups ?? ['B']) as never, email: o.email ?? null })
    .where(eq(schema.students.id, actor.studentId));
  await app.handle.db
    .insert(schema.studentDefaultTeachers)
    .values({ schoolId: school.schoolId, studentId: actor.studentId, type: 'TRAINING', teacherId: school.teacher.id });
  return {
    ...actor,
    at: (now = BOOKING_NOW) => createCaller({ ...app.deps, now: () => now, ip: freshAddress(), token: actor.token, session: null }),
  };
}

/**
 * For the student half of the isolation table: makes the actor's one ride a student-booked ride three days from now
 * (the real clock those rows run at), so A's own call has a ride to list or cancel. Called only for A's own values,
 * after the runner compared the data the refused mixes left.
 */
export async function makeOwnRideUpcoming(me: StudentActor) {
  const app = await getTestApp();
  const start = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000);
  await app.handle.db
    .update(schema.drivingLessonRecords)
    .set({ startTime: start, endTime: new Date(start.getTime() + 90 * 60_000), state: 'SCHEDULED', bookedByStudentAt: new Date() })
    .where(and(eq(schema.drivingLessonRecords.schoolId, me.schoolId), eq(schema.drivingLessonRecords.id, me.rideId)));
}

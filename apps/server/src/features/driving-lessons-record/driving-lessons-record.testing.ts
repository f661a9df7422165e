// Test factories for rides (API tests and isolation rows). Cars and teachers are inserted as rows, so these tests do
// not wait for the car and teacher screens' procedures.
import { schema } from '@volant/db/schema';
import type { CreateTrainingInput } from '@volant/shared/driving-lessons-record/inputs';
import type { LicenceGroup } from '@volant/shared/enums';
import type { Caller, TestApp } from '../../testing/harness.ts';
import type { Victim } from '../../testing/isolation.ts';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { createSession, findSessionUser } from '../../gate/session.queries.ts';

const createCaller = createCallerFactory(appRouter);

/**
 * The user's caller whose requests run at `now` (the injected clock, as trpc/clock.int.test.ts does): a ride is
 * registered only once it has ended by the request's clock, so tests that register rides of 2031 run later than that.
 */
export async function callerAt(app: TestApp, userId: string, now: Date): Promise<Caller> {
  const token = await createSession(app.handle.db, userId, new Date(), 1);
  const session = await findSessionUser(app.handle.db, token, new Date());
  return createCaller({ ...app.deps, now: () => now, ip: '127.0.0.1', token, session });
}

/** A clock after every ride the tests of this feature register (they are in 2031). */
export const AFTER_THE_RIDES = new Date('2032-01-01T00:00:00Z');

/** A small picture in the shape signature_pad's toSVG() writes. */
export const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 400" width="300" height="400">' +
  '<path d="M 10.000,20.000 C 11.500,21.250 13.000,22.500 15.000,24.000" stroke-width="3.375" stroke="black" fill="none" stroke-linecap="round"></path>' +
  '<circle r="1.5" cx="40" cy="50" fill="black"></circle></svg>';

export async function insertCar(
  app: TestApp,
  schoolId: string,
  o: { regNumber?: string; stkValidUntil?: string | null; retired?: boolean; targetGroup?: LicenceGroup[] } = {},
) {
  const [car] = await app.handle.db
    .insert(schema.schoolCars)
    .values({
      schoolId,
      carType: 'Škoda Fabia',
      regNumber: o.regNumber ?? `T${crypto.randomUUID().replaceAll('-', '').slice(0, 7).toUpperCase()}`,
      targetGroup: o.targetGroup ?? ['B'],
      stkValidUntil: o.stkValidUntil === undefined ? '2099-12-31' : o.stkValidUntil,
      retiredAt: o.retired ? new Date() : null,
    })
    .returning();
  return car;
}

/** A teacher member (no login). */
export async function insertTeacher(
  app: TestApp,
  schoolId: string,
  o: { lastName?: string; groups?: LicenceGroup[]; licence?: string | null; isActive?: boolean; role?: 'TEACHER' | 'ASSISTANT' } = {},
) {
  const [member] = await app.handle.db
    .insert(schema.schoolMembers)
    .values({
      schoolId,
      role: o.role ?? 'TEACHER',
      firstName: 'Karel',
      lastName: o.lastName ?? 'Učitel',
      groups: o.groups ?? [],
      teacherLicenceValidUntil: o.licence ?? null,
      isActive: o.isActive ?? true,
    })
    .returning();
  return member;
}

/** When the isolation seed's ride starts: a past Monday (winter time). */
export const ISOLATION_RIDE_START = new Date('2025-03-03T08:00:00Z');

/** A planned 90-minute ride at `start`. */
export function rideInput(o: { studentId: string; userId?: string | null; schoolCarId?: string | null; start: Date; length?: number }): CreateTrainingInput {
  const length = o.length ?? 90;
  return {
    mode: 'PLAN',
    type: 'DRIVING',
    studentId: o.studentId,
    userId: o.userId ?? null,
    schoolCarId: o.schoolCarId ?? null,
    startTime: o.start,
    endTime: new Date(o.start.getTime() + length * 60_000),
    length,
  };
}

/**
 * Isolation seed: a student, a teacher, a car and one planned ride of the victim school. The ride is in the past (its
 * row's own call registers it as COMPLETED, which only a ride that has ended may be).
 */
export async function aRide(app: TestApp, v: Victim) {
  const studentId = await createTestStudent(v.caller, v.schoolId);
  const teacher = await insertTeacher(app, v.schoolId);
  const car = await insertCar(app, v.schoolId);
  const ride = await v.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
    schoolId: v.schoolId,
    ...rideInput({ studentId, userId: teacher.id, schoolCarId: car.id, start: ISOLATION_RIDE_START }),
  });
  return { studentId, teacherId: teacher.id, schoolCarId: car.id, recordId: ride.id };
}

// Test factories for 'Můj den': a ride whose teacher is the victim's own admin (a member who teaches), so the
// caller's own day holds it.
import type { TestApp } from '../../testing/harness.ts';
import type { Victim } from '../../testing/isolation.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { insertCar, ISOLATION_RIDE_START, rideInput } from '../driving-lessons-record/driving-lessons-record.testing.ts';

/** The isolation seed's day (the school's calendar day of ISOLATION_RIDE_START). */
export const ISOLATION_DAY = '2025-03-03';

export async function ownRide(app: TestApp, v: Victim) {
  const studentId = await createTestStudent(v.caller, v.schoolId);
  const car = await insertCar(app, v.schoolId);
  const ride = await v.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
    schoolId: v.schoolId,
    ...rideInput({ studentId, userId: v.member.id, schoolCarId: car.id, start: ISOLATION_RIDE_START }),
  });
  const [row] = await v.caller.myDay.getDay({ schoolId: v.schoolId, date: ISOLATION_DAY }).then((d) => d.rides);
  return { studentId, schoolCarId: car.id, recordId: ride.id, updatedAt: row.updatedAt.toISOString() };
}

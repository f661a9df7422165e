// Test helpers of the record chain: a school with a registered, signed ride, corrected with a reason.
import type { Caller, TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { insertCar, insertTeacher, rideInput, SIGNATURE_SVG } from '../driving-lessons-record/driving-lessons-record.testing.ts';

/** A past ride (winter time, a Tuesday) the tests register: 'Jízda 3.3.2026 09:00'. */
export const CHAIN_RIDE_START = new Date('2026-03-03T08:00:00Z');

/** Registers (signed by both) a 90-minute ride of a new student — or of `studentId` — at `start`. */
export async function aRegisteredRide(app: TestApp, v: { caller: Caller; schoolId: string }, o: { studentId?: string; start?: Date; lastName?: string } = {}) {
  const studentId = o.studentId ?? (await createTestStudent(v.caller, v.schoolId, o.lastName ? { lastName: o.lastName } : {}));
  const teacher = await insertTeacher(app, v.schoolId);
  const car = await insertCar(app, v.schoolId);
  const input = {
    schoolId: v.schoolId,
    ...rideInput({ studentId, userId: teacher.id, schoolCarId: car.id, start: o.start ?? CHAIN_RIDE_START }),
    mode: 'REGISTER' as const,
    tachometerBefore: 1000,
    tachometerAfter: 1042,
    signature: SIGNATURE_SVG,
    teacherSignature: SIGNATURE_SVG,
  };
  const ride = await v.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2(input);
  const { mode: _mode, ...rest } = input;
  return { studentId, teacherId: teacher.id, schoolCarId: car.id, rideId: ride.id, update: { ...rest, id: ride.id, state: 'COMPLETED' as const } };
}

/** The same ride corrected after signing (tachometer after 1050) with a reason. */
export async function aCorrectedRide(app: TestApp, v: { caller: Caller; schoolId: string }) {
  const r = await aRegisteredRide(app, v);
  await v.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...r.update, tachometerAfter: 1050, correctionReason: 'Překlep ve stavu tachometru' });
  return r;
}

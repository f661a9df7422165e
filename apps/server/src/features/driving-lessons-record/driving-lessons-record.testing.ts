// Test factories for rides (API tests and isolation rows). Cars and teachers are inserted as rows, so these tests do
// not wait for the car and teacher screens' procedures.
import { schema } from '@volant/db/schema';
import type { CreateTrainingInput } from '@volant/shared/driving-lessons-record/inputs';
import type { LicenceGroup } from '@volant/shared/enums';
import type { TestApp } from '../../testing/harness.ts';
import type { Victim } from '../../testing/isolation.ts';
import { createTestStudent } from '../student/student.testing.ts';

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

/** Isolation seed: a student, a teacher, a car and one planned ride of the victim school. */
export async function aRide(app: TestApp, v: Victim) {
  const studentId = await createTestStudent(v.caller, v.schoolId);
  const teacher = await insertTeacher(app, v.schoolId);
  const car = await insertCar(app, v.schoolId);
  const ride = await v.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
    schoolId: v.schoolId,
    ...rideInput({ studentId, userId: teacher.id, schoolCarId: car.id, start: new Date('2031-03-03T08:00:00Z') }),
  });
  return { studentId, teacherId: teacher.id, schoolCarId: car.id, recordId: ride.id };
}

import { entity, type IsolationTable, school } from '../../testing/isolation.ts';
import { aRide, ISOLATION_RIDE_START, rideInput, SIGNATURE_SVG } from './driving-lessons-record.testing.ts';

/** The seeded ride's time (aRide, in the past: the update row registers it) and a free slot on another day. */
const seeded = ISOLATION_RIDE_START;
const free = new Date('2025-04-07T08:00:00Z');
const march = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-03-31T00:00:00Z') };

export const drivingLessonsRecordIsolation: IsolationTable = {
  'drivingLessonsRecord.getDrivingLessonsRecords': entity(aRide, (c, schoolId, { studentId }) =>
    c.drivingLessonsRecord.getDrivingLessonsRecords({ schoolId, studentId }),
  ),
  'drivingLessonsRecord.getDrivingLessonsRecord': entity(aRide, (c, schoolId, { recordId }) =>
    c.drivingLessonsRecord.getDrivingLessonsRecord({ schoolId, id: recordId }),
  ),
  'drivingLessonsRecord.hasCollision': entity(aRide, (c, schoolId, { teacherId, schoolCarId, studentId }) =>
    c.drivingLessonsRecord.hasCollision({ schoolId, startTime: seeded, endTime: new Date(seeded.getTime() + 3_600_000), teacherId, schoolCarId, studentId }),
  ),
  'drivingLessonsRecord.getTrainingWarnings': entity(aRide, (c, schoolId, { studentId, teacherId, schoolCarId }) =>
    c.drivingLessonsRecord.getTrainingWarnings({
      schoolId,
      type: 'DRIVING',
      studentId,
      teacherId,
      schoolCarId,
      startTime: free,
      endTime: new Date(free.getTime() + 90 * 60_000),
      length: 90,
    }),
  ),
  'drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2': entity(aRide, (c, schoolId, { studentId, teacherId, schoolCarId }) =>
    c.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({ schoolId, ...rideInput({ studentId, userId: teacherId, schoolCarId, start: free }) }),
  ),
  'drivingLessonsRecord.createRecurring': entity(aRide, (c, schoolId, { studentId, teacherId, schoolCarId }) =>
    c.drivingLessonsRecord.createRecurring({
      schoolId,
      training: rideInput({ studentId, userId: teacherId, schoolCarId, start: free }),
      repeat: { count: 2 },
    }),
  ),
  'drivingLessonsRecord.updatePlanDrivingLessonsRecordV2': entity(aRide, (c, schoolId, { recordId, studentId, teacherId, schoolCarId }) =>
    c.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      schoolId,
      ...rideInput({ studentId, userId: teacherId, schoolCarId, start: seeded }),
      id: recordId,
      state: 'COMPLETED',
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    }),
  ),
  'drivingLessonsRecord.deleteDrivingLessonsRecord': entity(aRide, (c, schoolId, { recordId }) =>
    c.drivingLessonsRecord.deleteDrivingLessonsRecord({ schoolId, id: recordId }),
  ),
  'drivingLessonsRecord.getCalendarEvents': school(aRide, (c, schoolId) => c.drivingLessonsRecord.getCalendarEvents({ schoolId, ...march })),
  'drivingLessonsRecord.getTrainings': school(aRide, (c, schoolId) => c.drivingLessonsRecord.getTrainings({ schoolId })),
};

// What a ride's events mean after commit (events/processors.ts): each student whose rides it touched (before and after
// a change of student) gets `DrivingLessonRecordMessage`. An update's data names the student only when it changed,
// so an unchanged one is read from the ride.
import type { EventDefinitions } from '../../events/event.ts';
import { recordMessage } from './driving-lessons-record.service.ts';
import { findRecordRow } from './driving-lessons-record.queries.ts';

type Ride = { studentId?: string | null };

export const drivingLessonsRecordEvents: EventDefinitions<{
  'drivingLessonsRecord.create': Ride;
  'drivingLessonsRecord.update': { before: Ride; after: Ride };
  'drivingLessonsRecord.delete': Ride;
}> = {
  'drivingLessonsRecord.create': {
    live(live, { schoolId, entityId, data }) {
      if (schoolId && entityId) recordMessage(live, schoolId, [data?.studentId ?? null], entityId);
    },
  },
  'drivingLessonsRecord.update': {
    async live(live, { schoolId, entityId, data }, db) {
      if (!schoolId || !entityId || !data) return;
      if ('studentId' in data.before) return recordMessage(live, schoolId, [data.before.studentId ?? null, data.after.studentId ?? null], entityId);
      const ride = await findRecordRow(db, schoolId, entityId);
      if (ride) recordMessage(live, schoolId, [ride.studentId], entityId);
    },
  },
  'drivingLessonsRecord.delete': {
    live(live, { schoolId, entityId, data }) {
      if (schoolId && entityId) recordMessage(live, schoolId, [data?.studentId ?? null], entityId);
    },
  },
};

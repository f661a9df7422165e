import { entity, type IsolationTable, school } from '../../testing/isolation.ts';
import { ISOLATION_RIDE_START } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { ISOLATION_DAY, ownRide } from './my-day.testing.ts';

// Another teacher of the same school asking for this teacher's ride: my-day.int.test.ts ('isolation between teachers').
export const myDayIsolation: IsolationTable = {
  // The caller's own member id names the day; the input names only the school and the date.
  'myDay.getDay': school(ownRide, (c, schoolId) => c.myDay.getDay({ schoolId, date: ISOLATION_DAY })),
  'myDay.act': entity(ownRide, (c, schoolId, { recordId, updatedAt }) =>
    c.myDay.act({
      schoolId,
      key: crypto.randomUUID(),
      recordId,
      baseUpdatedAt: new Date(updatedAt),
      action: { kind: 'START', at: ISOLATION_RIDE_START, tachometerBefore: null },
    }),
  ),
};

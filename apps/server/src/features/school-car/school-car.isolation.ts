import type { SchoolCarInput } from '@volant/shared/school-car/inputs';
import { entity, type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';

/** A car input with a plate of its own (plates are unique among a school's active cars). */
export const schoolCarInputExample = (overrides: Partial<SchoolCarInput> = {}): SchoolCarInput => ({
  carType: 'Škoda Octavia',
  regNumber: `T${crypto.randomUUID().replaceAll('-', '').slice(0, 7).toUpperCase()}`,
  targetGroup: ['B'],
  stkValidUntil: '2030-01-31',
  ...overrides,
});

export async function aSchoolCar(_app: unknown, v: Victim) {
  return { schoolCarId: (await v.caller.schoolCar.createSchoolCar({ schoolId: v.schoolId, ...schoolCarInputExample() })).id };
}

export const schoolCarIsolation: IsolationTable = {
  'schoolCar.getSchoolCar': school(aSchoolCar, (c, schoolId) => c.schoolCar.getSchoolCar({ schoolId })),
  'schoolCar.createSchoolCar': school(theSchool, (c, schoolId) => c.schoolCar.createSchoolCar({ schoolId, ...schoolCarInputExample() })),
  'schoolCar.updateSchoolCar': entity(aSchoolCar, (c, schoolId, { schoolCarId }) =>
    c.schoolCar.updateSchoolCar({ schoolId, schoolCarId, ...schoolCarInputExample({ carType: 'Kia Ceed' }) }),
  ),
  'schoolCar.retireSchoolCar': entity(aSchoolCar, (c, schoolId, { schoolCarId }) => c.schoolCar.retireSchoolCar({ schoolId, schoolCarId })),
  'schoolCar.restoreSchoolCar': entity(
    async (app, v) => {
      const ids = await aSchoolCar(app, v);
      await v.caller.schoolCar.retireSchoolCar({ schoolId: v.schoolId, ...ids });
      return ids;
    },
    (c, schoolId, { schoolCarId }) => c.schoolCar.restoreSchoolCar({ schoolId, schoolCarId }),
  ),
  'schoolCar.removeSchoolCar': entity(aSchoolCar, (c, schoolId, { schoolCarId }) => c.schoolCar.removeSchoolCar({ schoolId, schoolCarId })),
};

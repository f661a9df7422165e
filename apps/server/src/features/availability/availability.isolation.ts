import type { TestApp } from '../../testing/harness.ts';
import { entity, type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { aSchoolCar } from '../school-car/school-car.isolation.ts';
import { teacherProfileExample } from '../school/school.isolation.ts';

export const weekExample = [
  { weekday: 1, startMinute: 8 * 60, endMinute: 12 * 60 },
  { weekday: 1, startMinute: 13 * 60, endMinute: 17 * 60 },
  { weekday: 3, startMinute: 9 * 60, endMinute: 15 * 60 },
];

/** A teacher of the victim's school (without a login) with a week, an absence and a usual car. */
export async function aTeacherWithAvailability(app: TestApp, v: Victim) {
  const teacherId = (await v.caller.school.createTeacher({ schoolId: v.schoolId, ...teacherProfileExample })).id;
  await v.caller.availability.setWeek({ schoolId: v.schoolId, teacherId, intervals: weekExample });
  const { schoolCarId } = await aSchoolCar(app, v);
  await v.caller.availability.setCars({ schoolId: v.schoolId, teacherId, schoolCarIds: [schoolCarId] });
  const { absences } = await v.caller.availability.addAbsence({
    schoolId: v.schoolId,
    teacherId,
    absence: { fromDate: '2026-08-03', toDate: '2026-08-14', note: 'Dovolená' },
  });
  return { teacherId, schoolCarId, absenceId: absences[0].id };
}

export const availabilityIsolation: IsolationTable = {
  'availability.get': entity(aTeacherWithAvailability, (c, schoolId, { teacherId }) => c.availability.get({ schoolId, teacherId })),
  'availability.getSchool': school(aTeacherWithAvailability, (c, schoolId) =>
    c.availability.getSchool({ schoolId, fromDate: '2026-08-01', toDate: '2026-08-31' }),
  ),
  'availability.setWeek': entity(aTeacherWithAvailability, (c, schoolId, { teacherId }) =>
    c.availability.setWeek({ schoolId, teacherId, intervals: [{ weekday: 2, startMinute: 420, endMinute: 600 }] }),
  ),
  'availability.addAbsence': entity(aTeacherWithAvailability, (c, schoolId, { teacherId }) =>
    c.availability.addAbsence({ schoolId, teacherId, absence: { fromDate: '2026-09-01', toDate: '2026-09-02', note: null } }),
  ),
  'availability.removeAbsence': entity(aTeacherWithAvailability, (c, schoolId, { teacherId, absenceId }) =>
    c.availability.removeAbsence({ schoolId, teacherId, absenceId }),
  ),
  'availability.setCars': entity(aTeacherWithAvailability, (c, schoolId, { teacherId, schoolCarId }) =>
    c.availability.setCars({ schoolId, teacherId, schoolCarIds: [schoolCarId] }),
  ),
};

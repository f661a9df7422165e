import { addDays, schoolToday } from '@volant/shared/school-time';
import { type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { aSchoolCar } from '../school-car/school-car.isolation.ts';
import { createTestStudent } from '../student/student.testing.ts';

/** Days around today: the victim's new student and car fall inside. */
const around = () => {
  const today = schoolToday(new Date());
  return { from: addDays(today, -1), to: addDays(today, 1) };
};

/** A car (the overview lists the school's cars' utilisation) and a student admitted today (the drill lists them). */
async function aSchoolFigure(app: unknown, v: Victim) {
  const { schoolCarId } = await aSchoolCar(app, v);
  const studentId = await createTestStudent(v.caller, v.schoolId);
  return { schoolCarId, studentId };
}

export const dashboardIsolation: IsolationTable = {
  'dashboard.getOverview': school(
    aSchoolFigure,
    (c, schoolId) => c.dashboard.getOverview({ schoolId, ...around() }),
    (result, ids) => JSON.stringify(result).includes(ids.schoolCarId),
  ),
  'dashboard.getDrill': school(
    aSchoolFigure,
    (c, schoolId) => c.dashboard.getDrill({ schoolId, ...around(), drill: 'NEW_STUDENTS' }),
    (result, ids) => JSON.stringify(result).includes(ids.studentId),
  ),
};

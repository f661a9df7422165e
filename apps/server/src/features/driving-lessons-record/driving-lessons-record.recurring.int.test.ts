// 'Opakovat' (issue 20 §4): drivingLessonsRecord.createRecurring creates every weekly occurrence with the ordinary
// collision checks (teacher, car, student) and answers the refused ones with a Czech reason each. Semantics: partial —
// the free occurrences are created, the colliding ones skipped and listed; an unknown participant refuses all.
import { RECURRENCE_MESSAGES } from '@volant/shared/driving-lessons-record/recurrence';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { callerAt, insertCar, insertTeacher, rideInput } from './driving-lessons-record.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

// Monday 3 March 2031, 09:00 in Prague (winter time); 31 March is summer time (08:00 hours UTC +2).
const T0 = new Date('2031-03-03T08:00:00Z');
const WEEK = 7 * 86_400_000;

async function arrange() {
  const school = await setupSchool(app);
  const caller = await callerAt(app, school.user.id, new Date('2031-01-01T00:00:00Z'));
  const studentId = await createTestStudent(caller, school.schoolId);
  const otherStudentId = await createTestStudent(caller, school.schoolId);
  const teacher = await insertTeacher(app, school.schoolId);
  const car = await insertCar(app, school.schoolId);
  const otherCar = await insertCar(app, school.schoolId);
  return { schoolId: school.schoolId, caller, studentId, otherStudentId, teacher, car, otherCar, api: caller.drivingLessonsRecord };
}

describe('recurring rides (Opakovat)', () => {
  it('creates n weekly occurrences on the same wall-clock time, also across the change to summer time', async () => {
    const a = await arrange();
    const answer = await a.api.createRecurring({
      schoolId: a.schoolId,
      training: rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
      repeat: { count: 5 },
    });
    expect(answer.refused).toEqual([]);
    expect(answer.created.map((c) => c.startTime.toISOString())).toEqual([
      '2031-03-03T08:00:00.000Z',
      '2031-03-10T08:00:00.000Z',
      '2031-03-17T08:00:00.000Z',
      '2031-03-24T08:00:00.000Z',
      // 31 March 2031 is summer time: 09:00 in Prague is 07:00 UTC.
      '2031-03-31T07:00:00.000Z',
    ]);
    const listed = await a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: a.studentId });
    expect(listed).toHaveLength(5);
    expect(listed.every((r) => r.state === 'SCHEDULED' && r.length === 90)).toBe(true);
  });

  it('skips the occurrences whose teacher, car or student is taken, and lists each with the Czech reason', async () => {
    const a = await arrange();
    // Week 2: the teacher is taken (another student, another car); week 3: the car; week 4: the student.
    const plan = (start: Date, o: { studentId: string; userId: string | null; schoolCarId: string | null }) =>
      a.api.createPlanDrivingLessonsRecordPlanV2({ schoolId: a.schoolId, ...rideInput({ ...o, start }) });
    await plan(new Date(T0.getTime() + WEEK), { studentId: a.otherStudentId, userId: a.teacher.id, schoolCarId: a.otherCar.id });
    await plan(new Date(T0.getTime() + 2 * WEEK), { studentId: a.otherStudentId, userId: null, schoolCarId: a.car.id });
    await plan(new Date(T0.getTime() + 3 * WEEK), { studentId: a.studentId, userId: null, schoolCarId: null });
    const answer = await a.api.createRecurring({
      schoolId: a.schoolId,
      training: rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
      repeat: { until: '2031-04-01' },
    });
    expect(answer.created.map((c) => c.startTime.toISOString())).toEqual(['2031-03-03T08:00:00.000Z', '2031-03-31T07:00:00.000Z']);
    expect(answer.refused.map((r) => r.day)).toEqual(['2031-03-10', '2031-03-17', '2031-03-24']);
    const reasons = answer.refused.map((r) => r.reason);
    expect(reasons[0]).toMatch(/učitel/i);
    expect(reasons[1]).toMatch(/^Automobil není dostupný/);
    expect(reasons[2]).toMatch(/žák/i);
    // Nothing of a refused week was written: the student has their own week-4 ride and the two created.
    const listed = await a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: a.studentId });
    expect(listed).toHaveLength(3);
  });

  it('refuses the whole series for a participant of another school, and a repeat without an end', async () => {
    const a = await arrange();
    const b = await arrange();
    await expect(
      a.api.createRecurring({
        schoolId: a.schoolId,
        training: rideInput({ studentId: a.studentId, userId: b.teacher.id, schoolCarId: a.car.id, start: T0 }),
        repeat: { count: 3 },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: a.studentId })).toHaveLength(0);
    const issues = await inputIssues(
      a.api.createRecurring({
        schoolId: a.schoolId,
        training: rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
        repeat: {},
      }),
    );
    expect(JSON.stringify(issues)).toContain(RECURRENCE_MESSAGES.repeatRequired);
  });
});

// 'Cesta ke zkoušce' through the router on a real database (issue 22 §3): the card's forecast on a hand-worked
// calendar, the student's own forecast, the list 'Připraveni ke zkoušce / Brzy připraveni' and 'Nelze odhadnout'.
import { schema } from '@volant/db/schema';
import { READINESS_TEXTS } from '@volant/shared/exam-readiness/forecast';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.ts';
import { getTestApp, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { bookingSchool, type BookingSchool } from '../booking/booking.testing.ts';
import { callerAt } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { meetLegalMinimum } from '../lesson-plan/legal-minimum.testing.ts';
import { aStudentActor, freshAddress } from '../student-portal/student-portal.testing.ts';
import { listReadiness } from './exam-readiness.service.ts';

const createCaller = createCallerFactory(appRouter);

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** Thursday 20 March 2031, 9:00 in Prague; the clocks go forward on Sunday 30 March 2031. */
const NOW = new Date('2031-03-20T08:00:00Z');
const at = (iso: string) => new Date(iso);

/** A school whose teacher works Monday and Wednesday 8:00–12:00 with one car, and an office caller at NOW. */
async function school() {
  const s = await bookingSchool(app);
  await app.handle.db.delete(schema.teacherAvailability).where(eq(schema.teacherAvailability.schoolId, s.schoolId));
  await app.handle.db
    .insert(schema.teacherAvailability)
    .values([1, 3].map((weekday) => ({ schoolId: s.schoolId, teacherId: s.teacher.id, weekday, startMinute: 8 * 60, endMinute: 12 * 60 })));
  const office = await callerAt(app, s.user.id, NOW);
  return { ...s, office };
}

/**
 * A B student started on 10 January 2031 with every theory lesson attended and `drivingDone` of the 28 hours completed
 * (90-minute rides in January), the school's teacher as their training teacher. Training start moved to 1 Nov 2029
 * afterwards, so the 18 months end on 1 May 2031.
 */
async function student(s: BookingSchool & { office: Awaited<ReturnType<typeof callerAt>> }, drivingDone: number, o: { teacher?: boolean } = {}) {
  const actor = await aStudentActor(app, s, 3000);
  await s.office.student.setDateOfInProgress({ schoolId: s.schoolId, studentsIds: [actor.studentId], date: '2031-01-10' });
  await meetLegalMinimum(app.handle.db, s.schoolId, actor.studentId, '2031-01-10');
  const rides = await app.handle.db
    .select({ id: schema.drivingLessonRecords.id })
    .from(schema.drivingLessonRecords)
    .where(and(eq(schema.drivingLessonRecords.studentId, actor.studentId), eq(schema.drivingLessonRecords.state, 'COMPLETED')));
  // 14 rides of 2 hours make the 28: drop the ones above `drivingDone` hours.
  const drop = rides.slice(0, 14 - drivingDone / 2).map((r) => r.id);
  if (drop.length) await app.handle.db.delete(schema.drivingLessonRecords).where(inArray(schema.drivingLessonRecords.id, drop));
  await app.handle.db.update(schema.students).set({ dateOfInProgress: '2029-11-01' }).where(eq(schema.students.id, actor.studentId));
  if (o.teacher !== false)
    await app.handle.db
      .insert(schema.studentDefaultTeachers)
      .values({ schoolId: s.schoolId, studentId: actor.studentId, type: 'TRAINING', teacherId: s.teacher.id });
  const me = createCaller({ ...app.deps, now: () => NOW, ip: freshAddress(), token: actor.token, session: null });
  return { ...actor, me };
}

function ride(schoolId: string, studentId: string, teacherId: string, carId: string, start: string, state: 'SCHEDULED' | 'COMPLETED' = 'SCHEDULED') {
  const startTime = at(start);
  return {
    schoolId,
    studentId,
    teacherId,
    schoolCarId: carId,
    type: 'DRIVING' as const,
    state,
    startTime,
    endTime: new Date(startTime.getTime() + 90 * 60_000),
    length: 90,
  };
}

/** The hand-worked calendar of the card's test: two booked rides, an absence, another student's ride, two terms. */
async function handWorked() {
  const s = await school();
  const a = await student(s, 18);
  const other = await aStudentActor(app, s, 1);
  await app.handle.db.insert(schema.drivingLessonRecords).values([
    // Booked rides (planned, not done): Monday 24.3. 8:00 CET and Wednesday 2.4. 8:00 CEST.
    ride(s.schoolId, a.studentId, s.teacher.id, s.car.id, '2031-03-24T07:00:00Z'),
    ride(s.schoolId, a.studentId, s.teacher.id, s.car.id, '2031-04-02T06:00:00Z'),
    // Another student's ride with the teacher on Monday 7.4. 8:00–9:30 CEST.
    ride(s.schoolId, other.studentId, s.teacher.id, s.car.id, '2031-04-07T06:00:00Z'),
  ]);
  await app.handle.db.insert(schema.teacherAbsences).values({ schoolId: s.schoolId, teacherId: s.teacher.id, fromDate: '2031-03-26', toDate: '2031-03-31' });
  await s.office.exam.createExam({ schoolId: s.schoolId, date: '2031-04-14', place: 'Brno, Kounicova', types: ['PPV', 'ZP'] });
  const { id: termId } = await s.office.exam.createExam({
    schoolId: s.schoolId,
    date: '2031-04-16',
    place: 'Brno, Magistrát',
    types: ['PPV', 'TZBJ', 'ZP', 'OP'],
  });
  return { s, a, termId };
}

describe('examReadiness.getStudentForecast', () => {
  it('forecasts the dates worked out by hand', async () => {
    // 28 − 18 = 10 driving hours missing = 450 minutes; group B: at most 2 hours (90 minutes) a day.
    //   Fri 21.3.–Sun 23.3.: the teacher does not work.
    //   Mon 24.3.: the booked ride counts as planned (450 → 360); the day's limit is used.
    //   Wed 26.3., Mon 31.3.: the teacher is absent (26.–31.3.; the clocks go forward on 30.3.).
    //   Wed 2.4.: the booked ride (360 → 270).
    //   Mon 7.4.: the teacher rides with another student 8:00–9:30 → a ride 9:30–11:00 (270 → 180).
    //   Wed 9.4.: 8:00–9:30 (180 → 90).  Mon 14.4.: 8:00–9:30 (90 → 0): training can end on 14.4.2031.
    // The exam: the day after, 15.4.; the term of 14.4. is too early, so 16.4.2031; the application by 29.4.2031.
    // 18 months from 1.11.2029 end on 1.5.2031, within 60 days: a warning.
    const { s, a, termId } = await handWorked();
    const f = await s.office.examReadiness.getStudentForecast({ schoolId: s.schoolId, studentId: a.studentId });
    expect(f).toMatchObject({ studentId: a.studentId, inTraining: true, teachers: ['Karel Jezdecký'] });
    expect(f.forecast).toMatchObject({
      status: 'ESTIMATE',
      calendarEnd: '2031-04-14',
      trainingEnd: '2031-04-14',
      earliestExamDate: '2031-04-15',
      applicationDeadline: '2031-04-29',
      examTerm: { id: termId, date: '2031-04-16', place: 'Brno, Magistrát' },
      placedRides: 3,
      reasons: [],
      warnings: ['18 měsíců od zahájení výcviku uplyne 1.5.2031.'],
    });
    expect(f.forecast?.sections.find((x) => x.item === 'DRIVING')).toMatchObject({
      required: 28,
      done: 18,
      missing: 10,
      planned: 4,
      placed: 6,
      metOn: '2031-04-14',
    });
    expect(f.forecast?.sections.filter((x) => x.missing > 0).map((x) => x.item)).toEqual(['DRIVING']);
  });

  it('shares the teacher’s free hours: the student who started earlier gets them first', async () => {
    // Three students of the one teacher (Mon and Wed 8:00–12:00), 10 hours (450 minutes) missing each, nothing booked.
    // The earliest start goes first: 8:00–9:30 on Mon 24.3., Wed 26.3., Mon 31.3. (after the clock change), Wed 2.4.,
    // Mon 7.4. = 5 rides → ends 7.4. The second: 9:30–11:00 on the same days → also 7.4. The third finds only
    // 11:00–12:00 free on those days: a 45-minute ride each (5 × 45 = 225 minutes, 225 left); from Wed 9.4. the teacher is
    // free again: 8:00–9:30 on 9.4. (135 left), 14.4. (45 left), 8:00–8:45 on Wed 16.4. → ends 16.4.
    const s = await school();
    const first = await student(s, 18);
    const second = await student(s, 18);
    const third = await student(s, 18);
    await app.handle.db.update(schema.students).set({ dateOfInProgress: '2029-10-01' }).where(eq(schema.students.id, first.studentId));
    await app.handle.db.update(schema.students).set({ dateOfInProgress: '2029-10-02' }).where(eq(schema.students.id, second.studentId));
    await app.handle.db.update(schema.students).set({ dateOfInProgress: '2029-10-03' }).where(eq(schema.students.id, third.studentId));
    const end = async (id: string) => (await s.office.examReadiness.getStudentForecast({ schoolId: s.schoolId, studentId: id })).forecast?.trainingEnd;
    expect(await end(first.studentId)).toBe('2031-04-07');
    expect(await end(second.studentId)).toBe('2031-04-07');
    expect(await end(third.studentId)).toBe('2031-04-16');
  });

  it('gives the student the same forecast in their own place, from the session alone', async () => {
    const { s, a } = await handWorked();
    const staff = await s.office.examReadiness.getStudentForecast({ schoolId: s.schoolId, studentId: a.studentId });
    expect(await a.me.examReadiness.getMyForecast()).toEqual(staff);
  });

  it('says “Nelze odhadnout” without a training teacher, and without working hours', async () => {
    const s = await school();
    const a = await student(s, 18, { teacher: false });
    const f = await s.office.examReadiness.getStudentForecast({ schoolId: s.schoolId, studentId: a.studentId });
    expect(f.forecast).toMatchObject({ status: 'UNKNOWN', trainingEnd: null, reasons: [READINESS_TEXTS.noTeacher] });
    const b = await student(s, 18);
    await app.handle.db.delete(schema.teacherAvailability).where(eq(schema.teacherAvailability.schoolId, s.schoolId));
    const g = await s.office.examReadiness.getStudentForecast({ schoolId: s.schoolId, studentId: b.studentId });
    expect(g.forecast?.reasons).toEqual([READINESS_TEXTS.noAvailability]);
  });

  it('answers a student not in training without a forecast, and another school’s student NOT_FOUND', async () => {
    const s = await school();
    const fresh = await aStudentActor(app, s, 1);
    expect(await s.office.examReadiness.getStudentForecast({ schoolId: s.schoolId, studentId: fresh.studentId })).toMatchObject({
      inTraining: false,
      forecast: null,
    });
    const other = await school();
    await expect(other.office.examReadiness.getStudentForecast({ schoolId: other.schoolId, studentId: fresh.studentId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('examReadiness.listReadiness', () => {
  it('lists the ready first, then the soon ready within the window, leaving out the rest', async () => {
    const { s, a } = await handWorked();
    const ready = await student(s, 28);
    // A student far from it: 2 hours done, 26 missing, nothing booked — beyond 30 days.
    const far = await student(s, 2);
    // He started later, so the shared teacher's hours go to the others first (the order is not left to names).
    await app.handle.db.update(schema.students).set({ dateOfInProgress: '2029-12-01' }).where(eq(schema.students.id, far.studentId));
    const list = await s.office.examReadiness.listReadiness({ schoolId: s.schoolId, soonDays: 30 });
    expect(list).toMatchObject({ today: '2031-03-20', soonDays: 30, inTraining: 3, unknown: 0 });
    expect(list.rows.map((r) => [r.studentId, r.readiness, r.trainingEnd, r.daysToEnd])).toEqual([
      [ready.studentId, 'READY', '2031-03-20', 0],
      [a.studentId, 'SOON', '2031-04-14', 25],
    ]);
    expect(list.rows[1]).toMatchObject({ missing: ['Jízdy: 10'], examTerm: { date: '2031-04-16' }, earliestExamDate: '2031-04-15' });
    expect(list.rows.some((r) => r.studentId === far.studentId)).toBe(false);
    // A narrower window leaves the soon one out.
    const narrow = await s.office.examReadiness.listReadiness({ schoolId: s.schoolId, soonDays: 14 });
    expect(narrow.rows.map((r) => r.studentId)).toEqual([ready.studentId]);
  });

  it('reads the whole school in the same number of statements for 1 student as for 4 (no statement per student)', async () => {
    const s = await school();
    let statements = 0;
    const db = new Proxy(app.handle.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'select' && typeof value === 'function')
          return (...args: unknown[]) => {
            statements++;
            return value.apply(target, args);
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const count = async () => {
      statements = 0;
      await listReadiness({ ...app.deps, db, now: () => NOW } as never, testSchoolId(s.schoolId), 30);
      return statements;
    };
    await student(s, 18);
    const one = await count();
    for (let i = 0; i < 3; i++) await student(s, 10 + 2 * i);
    expect(await count()).toBe(one);
    // 17: the two reads of prior hours from transfer records (issue 22 §4) joined the legal minimum's gathering.
    expect(one).toBe(17);
  });

  it('refuses a window outside 1–365 days with a Czech message', async () => {
    const s = await school();
    await expect(s.office.examReadiness.listReadiness({ schoolId: s.schoolId, soonDays: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

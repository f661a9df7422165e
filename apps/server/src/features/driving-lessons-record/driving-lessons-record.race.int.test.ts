// The last line of defence against a double booking: when the service's own check misses a competitor (two staff
// saving at the same moment: each checks before the other's row exists), the database's exclusion constraint refuses
// the second write, and the caller gets the same CONFLICT with the spec's text, never a 500. Here the check is made
// to miss on purpose, so the constraint's path runs on PGlite and PostgreSQL alike.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import type * as queries from './driving-lessons-record.queries.ts';
import { insertCar, insertTeacher, rideInput } from './driving-lessons-record.testing.ts';

const blind = vi.hoisted(() => ({ checks: 0 }));

vi.mock('./driving-lessons-record.queries.ts', async (importOriginal) => {
  const original = await importOriginal<typeof queries>();
  return {
    ...original,
    // While `blind.checks` > 0, the service's collision checks see nothing.
    findCollision: (...args: Parameters<typeof original.findCollision>) => {
      if (blind.checks > 0) {
        blind.checks--;
        return Promise.resolve(undefined);
      }
      return original.findCollision(...args);
    },
  };
});

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const T0 = new Date('2031-03-03T08:00:00Z');
const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

describe('the exclusion constraints behind the check', () => {
  it.each([
    ['car', 'Automobil není dostupný v 3.3.2031 09:00–10:30. Již je rezervován pro jízdu s žákem Dvořák'],
    ['teacher', 'Učitel není dostupný v čase 3.3.2031 09:00–10:30. Již má výcvik s žákem Dvořák'],
    ['student', 'Žák není dostupný v čase 3.3.2031 09:00–10:30. Již má výcvik s učitelem Učitel'],
  ] as const)('answers a %s booked in the meantime with CONFLICT and the collision text, writing nothing', async (held, message) => {
    const s = await setupSchool(app);
    const [first, second] = [await createTestStudent(s.caller, s.schoolId), await createTestStudent(s.caller, s.schoolId, { lastName: 'Malá' })];
    const [teacher, otherTeacher] = [await insertTeacher(app, s.schoolId), await insertTeacher(app, s.schoolId, { lastName: 'Jiný' })];
    const [car, otherCar] = [await insertCar(app, s.schoolId), await insertCar(app, s.schoolId)];
    const api = s.caller.drivingLessonsRecord;
    await api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: s.schoolId,
      ...rideInput({ studentId: first, userId: teacher.id, schoolCarId: car.id, start: T0 }),
    });

    const sent = app.deps.live.sent.length;
    blind.checks = 1;
    const clash = rideInput({
      studentId: held === 'student' ? first : second,
      userId: held === 'teacher' ? teacher.id : held === 'student' ? otherTeacher.id : null,
      schoolCarId: held === 'car' ? car.id : otherCar.id,
      start: minutes(T0, 30),
    });
    await expect(api.createPlanDrivingLessonsRecordPlanV2({ schoolId: s.schoolId, ...clash })).rejects.toMatchObject({ code: 'CONFLICT', message });
    expect(blind.checks).toBe(0);

    // An edit that moves a ride onto the taken slot: the same answer.
    blind.checks = 0;
    const later = await api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: s.schoolId,
      ...clash,
      startTime: minutes(T0, 24 * 60),
      endTime: minutes(T0, 24 * 60 + 90),
    });
    blind.checks = 1;
    await expect(api.updatePlanDrivingLessonsRecordV2({ schoolId: s.schoolId, ...clash, id: later.id, state: 'SCHEDULED' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message,
    });

    const rows = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, s.schoolId));
    expect(rows.map((r) => r.startTime.getTime()).sort()).toEqual([T0.getTime(), minutes(T0, 24 * 60).getTime()]);
    const actions = (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.schoolId, s.schoolId))).map((e) => e.action);
    expect(actions.filter((a) => a.startsWith('drivingLessonsRecord.'))).toEqual(['drivingLessonsRecord.create', 'drivingLessonsRecord.create']);
    // Only the later ride's creation was announced: a refused write tells nobody anything.
    expect(app.deps.live.sent.slice(sent)).toHaveLength(1);
  });
});

describe('two staff booking one student at the same moment', () => {
  it('lets exactly one of two parallel creates win, with different teachers and cars; the other gets CONFLICT naming the winner’s teacher', async () => {
    const s = await setupSchool(app);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const teachers = [await insertTeacher(app, s.schoolId, { lastName: 'Prvý' }), await insertTeacher(app, s.schoolId, { lastName: 'Druhý' })];
    const cars = [await insertCar(app, s.schoolId), await insertCar(app, s.schoolId)];
    for (let round = 0; round < 4; round++) {
      const start = minutes(T0, round * 24 * 60);
      // Both checks run before either row exists (as two requests at the same moment can): only the constraint decides.
      blind.checks = 2;
      const results = await Promise.allSettled(
        [0, 1].map((i) =>
          s.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
            schoolId: s.schoolId,
            ...rideInput({ studentId, userId: teachers[i].id, schoolCarId: cars[i].id, start: minutes(start, i * 30) }),
          }),
        ),
      );
      blind.checks = 0;
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.map((r) => r.reason.code)).toEqual(['CONFLICT']);
      expect(lost[0].reason.message).toMatch(/^Žák není dostupný v čase \d+\.3\.2031 \d\d:\d\d–\d\d:\d\d\. Již má výcvik s učitelem (Prvý|Druhý)$/);
    }
    const rows = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, s.schoolId));
    expect(rows).toHaveLength(4);
  });
});

// The ride's server times (issue 19 §2): recorded when it becomes COMPLETED, each signature's time when it is saved,
// and 'Upraveno po podpisu' when its content changes after a signature, all by the request's clock through the real
// router (create and update are the only write paths of a ride).
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { callerAt, insertCar, insertTeacher, rideInput, SIGNATURE_SVG } from './driving-lessons-record.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const at = (iso: string) => new Date(iso);
const OTHER_SIGNATURE = SIGNATURE_SVG.replace('cx="40"', 'cx="41"');

async function timesOf(id: string) {
  const r = schema.drivingLessonRecords;
  const [row] = await app.handle.db
    .select({ recordedAt: r.recordedAt, signedAt: r.signedAt, teacherSignedAt: r.teacherSignedAt, changedAfterSigningAt: r.changedAfterSigningAt })
    .from(r)
    .where(eq(r.id, id));
  return row;
}

async function world() {
  const school = await setupSchool(app);
  const studentId = await createTestStudent(school.caller, school.schoolId);
  const teacher = await insertTeacher(app, school.schoolId);
  const car = await insertCar(app, school.schoolId);
  const as = (now: Date) => callerAt(app, school.user.id, now);
  const ride = (start: Date) => ({ schoolId: school.schoolId, ...rideInput({ studentId, userId: teacher.id, schoolCarId: car.id, start }) });
  return { school, studentId, teacher, car, as, ride };
}

describe('a ride’s recorded, signed and changed-after-signing times', () => {
  it('are kept through planning, registering, re-saving, editing after signing, re-signing and cancelling', async () => {
    const w = await world();
    const start = at('2031-03-03T08:00:00Z');
    const planned = await (await w.as(at('2031-03-01T10:00:00Z'))).drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2(w.ride(start));
    expect(await timesOf(planned.id)).toEqual({ recordedAt: null, signedAt: null, teacherSignedAt: null, changedAfterSigningAt: null });

    // Moved before anyone signed: no 'Upraveno po podpisu'.
    const moved = at('2031-03-02T09:00:00Z');
    await (await w.as(moved)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...w.ride(start), id: planned.id, state: 'SCHEDULED', note: 'posunuto' });
    expect((await timesOf(planned.id)).changedAfterSigningAt).toBeNull();

    const registered = at('2031-03-03T10:00:00Z');
    const done = {
      ...w.ride(start),
      id: planned.id,
      state: 'COMPLETED' as const,
      tachometerBefore: 1000,
      tachometerAfter: 1042,
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    };
    await (await w.as(registered)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2(done);
    expect(await timesOf(planned.id)).toEqual({ recordedAt: registered, signedAt: registered, teacherSignedAt: registered, changedAfterSigningAt: null });

    // The same form saved again: nothing moves.
    await (await w.as(at('2031-03-03T11:00:00Z'))).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2(done);
    expect(await timesOf(planned.id)).toEqual({ recordedAt: registered, signedAt: registered, teacherSignedAt: registered, changedAfterSigningAt: null });

    // The tachometer changed after signing.
    const edited = at('2031-03-04T07:30:00Z');
    await (await w.as(edited)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      ...done,
      tachometerAfter: 1050,
      correctionReason: 'Překlep v tachometru',
    });
    expect(await timesOf(planned.id)).toEqual({ recordedAt: registered, signedAt: registered, teacherSignedAt: registered, changedAfterSigningAt: edited });

    // The student signs again (a new picture): only the student's time moves.
    const resigned = at('2031-03-05T12:00:00Z');
    await (await w.as(resigned)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...done, tachometerAfter: 1050, signature: OTHER_SIGNATURE });
    expect(await timesOf(planned.id)).toEqual({ recordedAt: registered, signedAt: resigned, teacherSignedAt: registered, changedAfterSigningAt: edited });

    // Each content field counts: teacher, car, length, note, state.
    const teacher2 = await insertTeacher(app, w.school.schoolId, { lastName: 'Druhý' });
    const car2 = await insertCar(app, w.school.schoolId);
    const signed = { ...done, tachometerAfter: 1050, signature: OTHER_SIGNATURE };
    const variants = [
      { userId: teacher2.id },
      { schoolCarId: car2.id },
      { length: 45, endTime: new Date(start.getTime() + 45 * 60_000) },
      { note: 'opraveno' },
      { startTime: new Date(start.getTime() - 15 * 60_000), endTime: new Date(start.getTime() + 75 * 60_000) },
    ];
    let clock = at('2031-03-06T08:00:00Z');
    for (const v of variants) {
      clock = new Date(clock.getTime() + 3_600_000);
      await (await w.as(clock)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...signed, ...v, correctionReason: 'Oprava' });
      expect((await timesOf(planned.id)).changedAfterSigningAt, JSON.stringify(Object.keys(v))).toEqual(clock);
    }

    // Cancelled: no longer recorded as done; the change after signing is marked.
    const cancelled = at('2031-03-08T08:00:00Z');
    await (await w.as(cancelled)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      ...signed,
      state: 'CANCELLED_BY_STUDENT',
      correctionReason: 'Jízda se nekonala',
    });
    expect(await timesOf(planned.id)).toMatchObject({ recordedAt: null, changedAfterSigningAt: cancelled, signedAt: resigned });
  });

  it('registering a ride that took place stamps recorded and both signatures at once', async () => {
    const w = await world();
    const now = at('2031-04-01T18:00:00Z');
    const ride = await (await w.as(now)).drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
      ...w.ride(at('2031-04-01T08:00:00Z')),
      mode: 'REGISTER',
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    });
    expect(await timesOf(ride.id)).toEqual({ recordedAt: now, signedAt: now, teacherSignedAt: now, changedAfterSigningAt: null });
  });

  it('an old row’s unknown times stay unknown: a later edit invents no recorded or signed time', async () => {
    const w = await world();
    const start = at('2031-05-01T08:00:00Z');
    const ride = await (await w.as(at('2031-05-01T18:00:00Z'))).drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
      ...w.ride(start),
      mode: 'REGISTER',
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    });
    // As a row written before migration 0021.
    await app.handle.db
      .update(schema.drivingLessonRecords)
      .set({ recordedAt: null, signedAt: null, teacherSignedAt: null })
      .where(eq(schema.drivingLessonRecords.id, ride.id));
    const edited = at('2031-05-02T08:00:00Z');
    await (await w.as(edited)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      ...w.ride(start),
      id: ride.id,
      state: 'COMPLETED',
      note: 'doplněno',
      correctionReason: 'Doplněna poznámka',
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    });
    expect(await timesOf(ride.id)).toEqual({ recordedAt: null, signedAt: null, teacherSignedAt: null, changedAfterSigningAt: edited });
  });
});

// 'Můj den' through the real router (issue 20): the teacher's own day, the ride's flow (start, end, register) from the
// device's outbox, exactly once by the action's key, a conflict when the office changed the ride meanwhile, and
// nothing of another teacher reached.
import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { callerAt, insertCar, rideInput, SIGNATURE_SVG } from '../driving-lessons-record/driving-lessons-record.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const at = (iso: string) => new Date(iso);
const DAY = '2031-03-03';

async function world() {
  const school = await setupSchool(app);
  const teacherA = await createUser(app);
  const memberA = await addMember(app, school.schoolId, teacherA.id, 'TEACHER');
  const teacherB = await createUser(app);
  const memberB = await addMember(app, school.schoolId, teacherB.id, 'TEACHER');
  const studentId = await createTestStudent(school.caller, school.schoolId);
  const otherStudentId = await createTestStudent(school.caller, school.schoolId);
  const car = await insertCar(app, school.schoolId);
  const office = await callerAt(app, school.user.id, at('2031-03-01T10:00:00Z'));
  const plan = (memberId: string, start: Date, student = studentId) =>
    office.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
      schoolId: school.schoolId,
      ...rideInput({ studentId: student, userId: memberId, schoolCarId: car.id, start }),
    });
  const asA = (now: Date) => callerAt(app, teacherA.id, now);
  const asB = (now: Date) => callerAt(app, teacherB.id, now);
  return { school, memberA, memberB, studentId, otherStudentId, car, office, plan, asA, asB };
}

async function auditCount(entityId: string) {
  const rows = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId));
  return rows.length;
}

describe('myDay.getDay', () => {
  it('lists only the caller’s own rides of the day in time order, with the student, car, warnings and progress', async () => {
    const w = await world();
    const late = await w.plan(w.memberA.id, at('2031-03-03T12:00:00Z'), w.otherStudentId);
    const early = await w.plan(w.memberA.id, at('2031-03-03T08:00:00Z'));
    const others = await w.plan(w.memberB.id, at('2031-03-03T10:00:00Z'));
    await w.plan(w.memberA.id, at('2031-03-04T08:00:00Z'));
    const day = await (await w.asA(at('2031-03-03T06:00:00Z'))).myDay.getDay({ schoolId: w.school.schoolId, date: DAY });
    expect(day.rides.map((r) => r.id)).toEqual([early.id, late.id]);
    expect(JSON.stringify(day)).not.toContain(others.id);
    const first = day.rides[0];
    expect(first.student?.id).toBe(w.studentId);
    expect(first.car?.regNumber).toBe(w.car.regNumber);
    // The test student has no medical certificate date: the teacher is told before driving.
    expect(first.warnings).toContain('Žák nemá zadaný lékařský posudek.');
    expect(first.progress).not.toBeUndefined();
  });

  it('warns of an overdue balance only for the students who have one, when the school wants it shown', async () => {
    const w = await world();
    await app.handle.db.insert(schema.bookingSettings).values({ schoolId: w.school.schoolId, enabled: true, requireNoOverdue: true });
    await app.handle.db.insert(schema.invoices).values({
      schoolId: w.school.schoolId,
      kind: 'INVOICE',
      year: 2031,
      seq: 1,
      number: `D${Date.now()}`,
      studentId: w.studentId,
      supplierName: 'Autoškola',
      supplierCompanyNumber: '12345678',
      supplierAddress: 'Brno',
      customerName: 'Žák',
      vatMode: 'NON_PAYER',
      issuedOn: '2031-02-01',
      dueOn: '2031-02-15',
      variableSymbol: '1',
      paymentMethod: 'TRANSFER',
      total: 100000 as never,
    });
    await w.plan(w.memberA.id, at('2031-03-03T08:00:00Z'));
    await w.plan(w.memberA.id, at('2031-03-03T12:00:00Z'), w.otherStudentId);
    const day = await (await w.asA(at('2031-03-03T06:00:00Z'))).myDay.getDay({ schoolId: w.school.schoolId, date: DAY });
    const overdue = (studentId: string) => day.rides.find((r) => r.student?.id === studentId)?.warnings.some((x) => x.includes('po splatnosti'));
    expect([overdue(w.studentId), overdue(w.otherStudentId)]).toEqual([true, false]);
  });
});

describe('myDay.act: one ride’s flow, exactly once', () => {
  it('starts, ends and registers; a replayed key answers the first answer and writes nothing again', async () => {
    const w = await world();
    const ride = await w.plan(w.memberA.id, at('2031-03-03T08:00:00Z'));
    const device = await w.asA(at('2031-03-03T09:35:00Z'));
    const schoolId = w.school.schoolId;
    const [read] = (await device.myDay.getDay({ schoolId, date: DAY })).rides;
    const start = {
      schoolId,
      key: crypto.randomUUID(),
      recordId: ride.id,
      baseUpdatedAt: read.updatedAt,
      action: { kind: 'START' as const, at: at('2031-03-03T08:02:00Z'), tachometerBefore: 1000 },
    };
    const started = await device.myDay.act(start);
    expect(started.status).toBe('DONE');
    expect(started.ride!.startedAt).toEqual(at('2031-03-03T08:02:00Z'));
    const replay = await device.myDay.act(start);
    expect(replay).toEqual(started);
    expect(await auditCount(ride.id)).toBe(2); // create + start

    const ended = await device.myDay.act({
      schoolId,
      key: crypto.randomUUID(),
      recordId: ride.id,
      baseUpdatedAt: started.ride!.updatedAt,
      action: { kind: 'END', at: at('2031-03-03T09:30:00Z'), tachometerAfter: 1042 },
    });
    expect(ended.status).toBe('DONE');
    const register = {
      schoolId,
      key: crypto.randomUUID(),
      recordId: ride.id,
      baseUpdatedAt: ended.ride!.updatedAt,
      action: { kind: 'REGISTER' as const, signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG },
    };
    const done = await device.myDay.act(register);
    expect(done.status).toBe('DONE');
    expect(done.ride!).toMatchObject({ state: 'COMPLETED', signed: true, teacherSigned: true, tachometerBefore: 1000, tachometerAfter: 1042, length: 88 });
    expect(done.ride!.startTime).toEqual(at('2031-03-03T08:02:00Z'));
    expect(done.ride!.recordedAt).toEqual(at('2031-03-03T09:35:00Z'));
    // Sent again (the answer was lost on the way): the same answer, one registration.
    expect(await (await w.asA(at('2031-03-03T11:00:00Z'))).myDay.act(register)).toEqual(done);
    expect(await auditCount(ride.id)).toBe(4);
    // Registered: the device changes it no more (a new key is a new action, refused; the office edits it).
    await expect(
      device.myDay.act({ schoolId, key: crypto.randomUUID(), recordId: ride.id, baseUpdatedAt: done.ride!.updatedAt, action: { kind: 'NOTE', note: 'pozdě' } }),
    ).rejects.toThrow('Jízda už je zaevidována.');
    const keys = await app.handle.db.select().from(schema.dayActionKeys).where(eq(schema.dayActionKeys.recordId, ride.id));
    expect(keys).toHaveLength(3);
    // The office's calendar shows it registered at its actual times.
    const events = await w.office.drivingLessonsRecord.getDrivingLessonsRecord({ schoolId, id: ride.id });
    expect(events).toMatchObject({ state: 'COMPLETED', signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG });
  });

  it('refuses to end before starting, a time in the future and registering before the ride has ended', async () => {
    const w = await world();
    const ride = await w.plan(w.memberA.id, at('2031-03-03T08:00:00Z'));
    const schoolId = w.school.schoolId;
    const device = await w.asA(at('2031-03-03T08:30:00Z'));
    const [read] = (await device.myDay.getDay({ schoolId, date: DAY })).rides;
    const act = (action: Parameters<typeof device.myDay.act>[0]['action'], base = read.updatedAt) =>
      device.myDay.act({ schoolId, key: crypto.randomUUID(), recordId: ride.id, baseUpdatedAt: base, action });
    await expect(act({ kind: 'END', at: at('2031-03-03T08:20:00Z'), tachometerAfter: null })).rejects.toThrow('Jízda ještě nebyla zahájena.');
    await expect(act({ kind: 'START', at: at('2031-03-03T09:00:00Z'), tachometerBefore: null })).rejects.toThrow('v budoucnosti');
    const started = await act({ kind: 'START', at: at('2031-03-03T08:01:00Z'), tachometerBefore: null });
    // Ended by the device a few minutes ahead of the server's clock: registering now would complete it before its end.
    const ended = await act({ kind: 'END', at: at('2031-03-03T08:33:00Z'), tachometerAfter: null }, started.ride!.updatedAt);
    await expect(act({ kind: 'REGISTER', signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG }, ended.ride!.updatedAt)).rejects.toThrow(
      'Jízdu lze zaevidovat až po jejím skončení',
    );
    // Nothing of the refused calls was kept under their keys.
    const keys = await app.handle.db.select().from(schema.dayActionKeys).where(eq(schema.dayActionKeys.recordId, ride.id));
    expect(keys).toHaveLength(2);
  });
});

describe('myDay.act: a conflict', () => {
  it('answers CONFLICT with the office’s version when the ride changed after the device read it, writes nothing; the teacher’s decision goes through', async () => {
    const w = await world();
    const schoolId = w.school.schoolId;
    const ride = await w.plan(w.memberA.id, at('2031-03-03T08:00:00Z'));
    const device = await w.asA(at('2031-03-03T09:35:00Z'));
    const [read] = (await device.myDay.getDay({ schoolId, date: DAY })).rides;
    // The office moves the ride's note meanwhile.
    await w.office.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      schoolId,
      ...rideInput({ studentId: w.studentId, userId: w.memberA.id, schoolCarId: w.car.id, start: at('2031-03-03T08:00:00Z') }),
      id: ride.id,
      state: 'SCHEDULED',
      note: 'Vyzvednout u nádraží',
    });
    const action = { kind: 'START' as const, at: at('2031-03-03T08:05:00Z'), tachometerBefore: 500 };
    const answer = await device.myDay.act({ schoolId, key: crypto.randomUUID(), recordId: ride.id, baseUpdatedAt: read.updatedAt, action });
    expect(answer.status).toBe('CONFLICT');
    expect(answer.ride!.note).toBe('Vyzvednout u nádraží');
    expect(answer.ride!.startedAt).toBeNull();
    const [row] = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.id, ride.id));
    expect(row.startedAt).toBeNull();
    expect(row.tachometerBefore).toBeNull();
    // 'Ponechat moje': sent anew over the office's version.
    const kept = await device.myDay.act({ schoolId, key: crypto.randomUUID(), recordId: ride.id, baseUpdatedAt: answer.ride!.updatedAt, action });
    expect(kept.status).toBe('DONE');
    expect(kept.ride!).toMatchObject({ note: 'Vyzvednout u nádraží', tachometerBefore: 500 });
  });
});

describe('myDay: isolation between teachers of one school', () => {
  it('teacher A neither reads nor acts on teacher B’s ride, nor replays B’s key', async () => {
    const w = await world();
    const schoolId = w.school.schoolId;
    const ridesOfB = await w.plan(w.memberB.id, at('2031-03-03T10:00:00Z'));
    const b = await w.asB(at('2031-03-03T12:00:00Z'));
    const [readB] = (await b.myDay.getDay({ schoolId, date: DAY })).rides;
    const a = await w.asA(at('2031-03-03T12:00:00Z'));
    const dayA = await a.myDay.getDay({ schoolId, date: DAY });
    expect(dayA.rides).toEqual([]);
    const action = { kind: 'START' as const, at: at('2031-03-03T10:00:00Z'), tachometerBefore: null };
    await expect(a.myDay.act({ schoolId, key: crypto.randomUUID(), recordId: ridesOfB.id, baseUpdatedAt: readB.updatedAt, action })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const keyOfB = crypto.randomUUID();
    await b.myDay.act({ schoolId, key: keyOfB, recordId: ridesOfB.id, baseUpdatedAt: readB.updatedAt, action });
    await expect(a.myDay.act({ schoolId, key: keyOfB, recordId: ridesOfB.id, baseUpdatedAt: readB.updatedAt, action })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const keys = await app.handle.db
      .select()
      .from(schema.dayActionKeys)
      .where(and(eq(schema.dayActionKeys.schoolId, schoolId), eq(schema.dayActionKeys.memberId, w.memberA.id)));
    expect(keys).toEqual([]);
  });
});

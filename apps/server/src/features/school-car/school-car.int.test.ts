import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestStudent } from '../student/student.testing.ts';
import { createSession, findSessionUser } from '../../gate/session.queries.ts';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { schoolCarInputExample as input } from './school-car.isolation.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** A ride of the school with the car, written straight to the table (the ride procedures are another domain's). */
async function aRide(schoolId: string, studentId: string, schoolCarId: string) {
  await app.handle.db.insert(schema.drivingLessonRecords).values({
    schoolId,
    type: 'DRIVING',
    studentId,
    schoolCarId,
    startTime: new Date('2026-05-04T08:00:00Z'),
    endTime: new Date('2026-05-04T09:30:00Z'),
    length: 90,
  });
}

describe('school cars', () => {
  it('creates, lists, updates and audits a car, upper-casing the plate', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.schoolCar.getSchoolCar({ schoolId })).toEqual([]);
    const created = await caller.schoolCar.createSchoolCar({
      schoolId,
      ...input({ regNumber: ' 1b2 3456 ', stkValidUntil: '2099-06-30', targetGroup: ['B', 'BpE'] }),
    });
    expect(created).toEqual({
      id: created.id,
      carType: 'Škoda Octavia',
      regNumber: '1B2 3456',
      targetGroup: ['B', 'BpE'],
      stkValidUntil: '2099-06-30',
      retiredAt: null,
      stkState: 'OK',
    });
    expect(await caller.schoolCar.getSchoolCar({ schoolId })).toEqual([created]);
    const updated = await caller.schoolCar.updateSchoolCar({
      schoolId,
      schoolCarId: created.id,
      ...input({ carType: 'Kia Ceed', regNumber: 'abc1234', stkValidUntil: null }),
    });
    expect(updated).toMatchObject({ carType: 'Kia Ceed', regNumber: 'ABC1234', stkValidUntil: null, stkState: null });
    await expect(caller.schoolCar.updateSchoolCar({ schoolId, schoolCarId: crypto.randomUUID(), ...input() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Vozidlo nebylo nalezeno.',
    });
    const actions = (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, created.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['schoolCar.create', 'schoolCar.update']);
  });

  it('refuses invalid fields with the spec messages', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(
      await inputIssues(caller.schoolCar.createSchoolCar({ schoolId, carType: '', regNumber: '1b234567x', targetGroup: [], stkValidUntil: null })),
    ).toEqual(
      expect.arrayContaining(['carType: Prosím zadejte značku vozidla!', 'regNumber: Maximální délka SPZ je 8 znaků!', 'targetGroup: Prosím zadajte skupiny!']),
    );
    expect(await inputIssues(caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: '   ' }) }))).toEqual(['regNumber: Prosím zadejte SPZ!']);
    // Eight characters are fine.
    await expect(caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: '1b234567' }) })).resolves.toMatchObject({ regNumber: '1B234567' });
  });

  it('refuses a second active car with the same plate, but not next to a retired one', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const first = await caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: '2B1 0001' }) });
    await expect(caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: '2b1 0001' }) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Vozidlo s touto SPZ již existuje!',
    });
    const other = await caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: '2B1 0002' }) });
    await expect(caller.schoolCar.updateSchoolCar({ schoolId, schoolCarId: other.id, ...input({ regNumber: '2B1 0001' }) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Vozidlo s touto SPZ již existuje!',
    });
    await caller.schoolCar.retireSchoolCar({ schoolId, schoolCarId: first.id });
    const again = await caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: '2B1 0001' }) });
    // The retired one cannot come back while the new one has its plate.
    await expect(caller.schoolCar.restoreSchoolCar({ schoolId, schoolCarId: first.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Vozidlo s touto SPZ již existuje!',
    });
    // Another school may have the same plate.
    const b = await setupSchool(app);
    await expect(b.caller.schoolCar.createSchoolCar({ schoolId: b.schoolId, ...input({ regNumber: '2B1 0001' }) })).resolves.toBeTruthy();
    expect(again.regNumber).toBe('2B1 0001');
  });

  it('retires and restores a car, listing active cars first, then by plate', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const c = await caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: 'CCC' }) });
    const a = await caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: 'AAA' }) });
    const b = await caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: 'BBB' }) });
    const retired = await caller.schoolCar.retireSchoolCar({ schoolId, schoolCarId: a.id });
    expect(retired.retiredAt).toBeInstanceOf(Date);
    // Retiring again keeps the first date.
    expect((await caller.schoolCar.retireSchoolCar({ schoolId, schoolCarId: a.id })).retiredAt).toEqual(retired.retiredAt);
    expect((await caller.schoolCar.getSchoolCar({ schoolId })).map((x) => x.regNumber)).toEqual(['BBB', 'CCC', 'AAA']);
    expect((await caller.schoolCar.restoreSchoolCar({ schoolId, schoolCarId: a.id })).retiredAt).toBeNull();
    expect((await caller.schoolCar.getSchoolCar({ schoolId })).map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    const actions = (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, a.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['schoolCar.create', 'schoolCar.restore', 'schoolCar.retire', 'schoolCar.retire']);
  });

  it('removes a car without rides; a car with rides must be retired and keeps its rides', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const unused = await caller.schoolCar.createSchoolCar({ schoolId, ...input() });
    await caller.schoolCar.removeSchoolCar({ schoolId, schoolCarId: unused.id });
    expect(await caller.schoolCar.getSchoolCar({ schoolId })).toEqual([]);
    await expect(caller.schoolCar.removeSchoolCar({ schoolId, schoolCarId: unused.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const used = await caller.schoolCar.createSchoolCar({ schoolId, ...input() });
    await aRide(schoolId, await createTestStudent(caller, schoolId), used.id);
    await expect(caller.schoolCar.removeSchoolCar({ schoolId, schoolCarId: used.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Vozidlo má jízdy, nelze ho odstranit. Vyřaďte ho.',
    });
    await caller.schoolCar.retireSchoolCar({ schoolId, schoolCarId: used.id });
    const rides = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolCarId, used.id));
    expect(rides).toHaveLength(1);
    expect((await caller.schoolCar.getSchoolCar({ schoolId })).map((x) => x.id)).toEqual([used.id]);
    const actions = (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, unused.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['schoolCar.create', 'schoolCar.remove']);
  });

  it('tells the school about every change of a car', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const sent = app.deps.live.sent.length;
    const { id: schoolCarId } = await caller.schoolCar.createSchoolCar({ schoolId, ...input() });
    await caller.schoolCar.updateSchoolCar({ schoolId, schoolCarId, ...input() });
    await caller.schoolCar.retireSchoolCar({ schoolId, schoolCarId });
    await caller.schoolCar.restoreSchoolCar({ schoolId, schoolCarId });
    await caller.schoolCar.removeSchoolCar({ schoolId, schoolCarId });
    await expect(caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: '' }) })).rejects.toBeTruthy();
    const message = { room: `school:${schoolId}`, message: { SchoolCarMessage: { schoolId, schoolCarId } } };
    expect(app.deps.live.sent.slice(sent)).toEqual([message, message, message, message, message]);
  });

  it('lets members read the cars and only admins change them', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const car = await caller.schoolCar.createSchoolCar({ schoolId, ...input() });
    for (const role of ['TEACHER', 'ASSISTANT', 'PARAMEDIC'] as const) {
      const user = await createUser(app);
      await addMember(app, schoolId, user.id, role);
      const member = await app.callerFor(user.id);
      expect(await member.schoolCar.getSchoolCar({ schoolId })).toEqual([car]);
      const forbidden = { code: 'FORBIDDEN' };
      await expect(member.schoolCar.createSchoolCar({ schoolId, ...input() })).rejects.toMatchObject(forbidden);
      await expect(member.schoolCar.updateSchoolCar({ schoolId, schoolCarId: car.id, ...input() })).rejects.toMatchObject(forbidden);
      await expect(member.schoolCar.retireSchoolCar({ schoolId, schoolCarId: car.id })).rejects.toMatchObject(forbidden);
      await expect(member.schoolCar.restoreSchoolCar({ schoolId, schoolCarId: car.id })).rejects.toMatchObject(forbidden);
      await expect(member.schoolCar.removeSchoolCar({ schoolId, schoolCarId: car.id })).rejects.toMatchObject(forbidden);
    }
    expect(await caller.schoolCar.getSchoolCar({ schoolId })).toEqual([car]);
  });

  it('warns of the STK from the school’s today: SOON within 30 days, EXPIRED after the last valid day', async () => {
    const school = await setupSchool(app);
    // 00:30 on 11 March 2026 in Prague (23:30 UTC on the 10th): today is the 11th there.
    const now = new Date('2026-03-10T23:30:00Z');
    const token = await createSession(app.handle.db, school.user.id, new Date(), 1);
    const session = await findSessionUser(app.handle.db, token, new Date());
    const caller = createCallerFactory(appRouter)({ ...app.deps, now: () => now, ip: '127.0.0.1', token, session });
    const { schoolId } = school;
    const states: Record<string, string | null> = {};
    for (const [plate, stk] of [
      ['E1', '2026-03-10'],
      ['S1', '2026-03-11'],
      ['S2', '2026-04-10'],
      ['K1', '2026-04-11'],
      ['N1', null],
    ] as const)
      states[(await caller.schoolCar.createSchoolCar({ schoolId, ...input({ regNumber: plate, stkValidUntil: stk }) })).regNumber] = null;
    for (const car of await caller.schoolCar.getSchoolCar({ schoolId })) states[car.regNumber] = car.stkState;
    expect(states).toEqual({ E1: 'EXPIRED', S1: 'SOON', S2: 'SOON', K1: 'OK', N1: null });
  });
});

import { schema } from '@volant/db/schema';
import type { CreateTrainingInput } from '@volant/shared/driving-lessons-record/inputs';
import { odometerGaps } from '@volant/shared/driving-lessons-record/rules';
import { calendarItems } from '@volant/shared/driving-lessons-record/calendar';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { AFTER_THE_RIDES, callerAt, insertCar, insertTeacher, rideInput, SIGNATURE_SVG } from './driving-lessons-record.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

// 3 March 2031 is winter time: 08:00 UTC is 09:00 in Prague.
const at = (iso: string) => new Date(iso);
const T0 = at('2031-03-03T08:00:00Z');
const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

/**
 * A school with an admin, a student (Dvořák, group B), a teacher and a car. The admin's requests run at `now` (by
 * default after every ride of these tests, so registering one is allowed).
 */
async function arrange(o: { teacherGroups?: ('B' | 'C')[]; licence?: string | null; stk?: string | null; carGroups?: ('A' | 'A2' | 'B')[]; now?: Date } = {}) {
  const school = await setupSchool(app);
  const s = { ...school, caller: await callerAt(app, school.user.id, o.now ?? AFTER_THE_RIDES) };
  const studentId = await createTestStudent(s.caller, s.schoolId);
  const teacher = await insertTeacher(app, s.schoolId, { groups: o.teacherGroups, licence: o.licence });
  const car = await insertCar(app, s.schoolId, { stkValidUntil: o.stk, targetGroup: o.carGroups });
  const api = s.caller.drivingLessonsRecord;
  const plan = (start: Date, more: Partial<CreateTrainingInput> = {}) =>
    api.createPlanDrivingLessonsRecordPlanV2({ schoolId: s.schoolId, ...rideInput({ studentId, userId: teacher.id, schoolCarId: car.id, start }), ...more });
  return { ...s, studentId, teacher, car, api, plan };
}

async function refusal(call: Promise<unknown>) {
  return call.then(
    () => 'answered',
    (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`,
  );
}

describe('planning, registering and the student card list', () => {
  it('plans a ride (SCHEDULED, end from the length) and lists it with student, teacher and car', async () => {
    const a = await arrange();
    const sent = app.deps.live.sent.length;
    const created = await a.plan(T0, { endTime: minutes(T0, 30), tachometerBefore: 100 });
    expect(created).toEqual({
      id: expect.any(String),
      type: 'DRIVING',
      state: 'SCHEDULED',
      studentId: a.studentId,
      student: { id: a.studentId, firstName: 'Jan', lastName: 'Dvořák', registrationNumber: expect.any(String) },
      startTime: T0,
      endTime: minutes(T0, 90),
      length: 90,
      userId: a.teacher.id,
      user: { id: a.teacher.id, firstName: 'Karel', lastName: 'Učitel' },
      schoolCarId: a.car.id,
      schoolCar: { id: a.car.id, carType: 'Škoda Fabia', regNumber: a.car.regNumber },
      tachometerBefore: 100,
      tachometerAfter: null,
      signature: null,
      teacherSignature: null,
      signed: false,
      teacherSigned: false,
      allDay: false,
      note: null,
      lessonHours: 2,
      createdAt: expect.any(Date),
      bookedByStudentAt: null,
    });
    const { signature: _s, teacherSignature: _t, ...listed } = created;
    expect(await a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: a.studentId })).toEqual([listed]);
    expect(await a.api.getDrivingLessonsRecord({ schoolId: a.schoolId, id: created.id })).toEqual(created);
    expect(app.deps.live.sent.slice(sent)).toEqual([
      { room: `school:${a.schoolId}`, message: { DrivingLessonRecordMessage: { schoolId: a.schoolId, studentId: a.studentId, recordId: created.id } } },
    ]);
    const [entry] = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, created.id));
    expect(entry).toMatchObject({ action: 'drivingLessonsRecord.create', schoolId: a.schoolId, userId: a.user.id });
  });

  it('lists a student’s rides and PV lessons by start time; a student without any gets []; another or a removed one NOT_FOUND', async () => {
    const a = await arrange();
    expect(await a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: a.studentId })).toEqual([]);
    const later = await a.plan(minutes(T0, 24 * 60));
    const pv = await a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'PV_UV',
      studentId: a.studentId,
      userId: a.teacher.id,
      schoolCarId: null,
      startTime: T0,
      endTime: minutes(T0, 60),
      length: 90,
    });
    expect(pv).toMatchObject({ type: 'PV_UV', endTime: minutes(T0, 60), length: 60, lessonHours: 1.3 });
    const list = await a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: a.studentId });
    expect(list.map((r) => r.id)).toEqual([pv.id, later.id]);
    await expect(a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Student nebyl nalezen',
    });
    await a.caller.student.removeStudent({ schoolId: a.schoolId, studentId: a.studentId });
    await expect(a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: a.studentId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('registers a ride: both signatures required, COMPLETED unless a state is given', async () => {
    const a = await arrange();
    const register = (start: Date, more: Record<string, unknown>) =>
      a.api.createPlanDrivingLessonsRecordPlanV2({
        schoolId: a.schoolId,
        ...rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start }),
        mode: 'REGISTER',
        ...more,
      });
    expect(await inputIssues(register(T0, {}))).toEqual(['signature: Prosím podepište výcvik (žák)!', 'teacherSignature: Prosím podepište výcvik (učitel)!']);
    const done = await register(T0, { signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG, tachometerBefore: 10, tachometerAfter: 50 });
    expect(done).toMatchObject({ state: 'COMPLETED', signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG, signed: true, tachometerAfter: 50 });
    const cancelled = await register(minutes(T0, 180), { signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG, state: 'CANCELLED_BY_STUDENT' });
    expect(cancelled.state).toBe('CANCELLED_BY_STUDENT');
    // The Výcvik tab's list says whether each is signed; the pictures come with the one record.
    const list = await a.api.getDrivingLessonsRecords({ schoolId: a.schoolId, studentId: a.studentId });
    expect(list.map((r) => [r.id, r.signed, r.teacherSigned])).toEqual([
      [done.id, true, true],
      [cancelled.id, true, true],
    ]);
    expect(list[0]).not.toHaveProperty('signature');
    expect(JSON.stringify(list)).not.toContain('<svg');
    expect(await a.api.getDrivingLessonsRecord({ schoolId: a.schoolId, id: done.id })).toMatchObject({
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    });
  });

  it('refuses a signature that is not the safe picture subset, field by field', async () => {
    const a = await arrange();
    const evil = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
    ];
    for (const svg of evil) {
      const issues = await inputIssues(
        a.api.createPlanDrivingLessonsRecordPlanV2({
          schoolId: a.schoolId,
          ...rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
          mode: 'REGISTER',
          signature: SIGNATURE_SVG,
          teacherSignature: svg,
        }),
      );
      expect(issues).toEqual(['teacherSignature: Podpis není platný obrázek']);
    }
    const ride = await a.plan(T0);
    const issues = await inputIssues(
      a.api.updatePlanDrivingLessonsRecordV2({
        schoolId: a.schoolId,
        ...rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
        id: ride.id,
        state: 'COMPLETED',
        signature: evil[1],
        teacherSignature: SIGNATURE_SVG,
      }),
    );
    expect(issues).toEqual(['signature: Podpis není platný obrázek']);
    expect(await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, a.schoolId))).toHaveLength(1);
  });

  it('sets an all-day car reservation to the school day’s bounds, with no student', async () => {
    const a = await arrange();
    const reservation = await a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'CAR_RESERVATION',
      studentId: a.studentId,
      schoolCarId: a.car.id,
      startTime: at('2031-03-03T10:00:00Z'),
      endTime: at('2031-03-03T11:00:00Z'),
      length: 60,
      allDay: true,
      note: 'Servis',
    });
    expect(reservation).toMatchObject({
      type: 'CAR_RESERVATION',
      studentId: null,
      student: null,
      startTime: at('2031-03-02T23:00:00Z'),
      endTime: at('2031-03-03T23:00:00Z'),
      length: 1440,
      allDay: true,
      note: 'Servis',
    });
    expect(
      await inputIssues(
        a.api.createPlanDrivingLessonsRecordPlanV2({ schoolId: a.schoolId, type: 'CAR_RESERVATION', startTime: T0, endTime: minutes(T0, 60), length: 60 }),
      ),
    ).toEqual(['schoolCarId: Prosím vyberte vozidlo!']);
    const reserve = (days: number) =>
      a.api.createPlanDrivingLessonsRecordPlanV2({
        schoolId: a.schoolId,
        type: 'CAR_RESERVATION',
        schoolCarId: a.car.id,
        startTime: at('2031-05-01T06:00:00Z'),
        endTime: minutes(at('2031-05-01T06:00:00Z'), days * 24 * 60),
        length: 60,
      });
    expect(await inputIssues(reserve(15))).toEqual(['endTime: Blokace vozidla může trvat nejvýše 14 dní.']);
    expect(await reserve(14)).toMatchObject({ length: 1440, endTime: at('2031-05-15T06:00:00Z') });
    const longPv = a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'PV_ZP',
      studentId: a.studentId,
      startTime: T0,
      endTime: minutes(T0, 1441),
      length: 60,
    });
    expect(await inputIssues(longPv)).toEqual(['endTime: Délka musí být 1 až 1440 minut']);
  });
});

describe('collisions', () => {
  it('answers hasCollision for the car first, then the teacher, with the spec texts on save; [start, end) ranges touch freely', async () => {
    const a = await arrange();
    const ride = await a.plan(T0);
    const q = (o: { teacherId?: string | null; schoolCarId?: string | null; start?: Date; end?: Date; currentId?: string }) =>
      a.api.hasCollision({
        schoolId: a.schoolId,
        startTime: o.start ?? minutes(T0, 30),
        endTime: o.end ?? minutes(T0, 60),
        teacherId: o.teacherId ?? null,
        schoolCarId: o.schoolCarId ?? null,
        currentId: o.currentId,
      });
    const hit = { startTime: T0, endTime: minutes(T0, 90), studentLastName: 'Dvořák', teacherLastName: 'Učitel', isStudentCollision: false };
    expect(await q({ teacherId: a.teacher.id, schoolCarId: a.car.id })).toEqual({ ...hit, isCarCollision: true });
    expect(await q({ teacherId: a.teacher.id })).toEqual({ ...hit, isCarCollision: false });
    expect(await q({ teacherId: a.teacher.id, currentId: ride.id })).toBeNull();
    expect(await q({ schoolCarId: a.car.id, start: minutes(T0, 90), end: minutes(T0, 180) })).toBeNull();
    expect(await q({ schoolCarId: a.car.id, start: minutes(T0, -60), end: T0 })).toBeNull();
    expect(await q({})).toBeNull();

    const other = await createTestStudent(a.caller, a.schoolId, { lastName: 'Malá' });
    const otherCar = await insertCar(app, a.schoolId);
    const otherTeacher = await insertTeacher(app, a.schoolId);
    expect(await refusal(a.plan(minutes(T0, 45), { studentId: other, userId: otherTeacher.id }))).toBe(
      'CONFLICT: Automobil není dostupný v 3.3.2031 09:00–10:30. Již je rezervován pro jízdu s žákem Dvořák',
    );
    expect(await refusal(a.plan(minutes(T0, 45), { studentId: other, schoolCarId: otherCar.id }))).toBe(
      'CONFLICT: Učitel není dostupný v čase 3.3.2031 09:00–10:30. Již má výcvik s žákem Dvořák',
    );
    const next = await a.plan(minutes(T0, 90), { studentId: other });
    expect(next.startTime).toEqual(minutes(T0, 90));
  });

  it('frees the slot when a ride is cancelled, and keeps it when edited in place', async () => {
    const a = await arrange();
    const ride = await a.plan(T0);
    const edit = (state: 'SCHEDULED' | 'CANCELLED_BY_TEACHER', note?: string) =>
      a.api.updatePlanDrivingLessonsRecordV2({
        schoolId: a.schoolId,
        ...rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
        id: ride.id,
        state,
        note,
      });
    expect((await edit('SCHEDULED', 'Pozor na dálnici')).note).toBe('Pozor na dálnici');
    await edit('CANCELLED_BY_TEACHER');
    expect(
      await a.api.hasCollision({ schoolId: a.schoolId, startTime: T0, endTime: minutes(T0, 90), teacherId: a.teacher.id, schoolCarId: a.car.id }),
    ).toBeNull();
    const again = await a.plan(T0);
    expect(again.state).toBe('SCHEDULED');
    // Back to SCHEDULED would double-book: refused.
    expect(await refusal(edit('SCHEDULED'))).toMatch(/^CONFLICT: Automobil není dostupný v 3\.3\.2031 09:00–10:30/);
  });

  it('blocks the car with a reservation (no student name in the answer)', async () => {
    const a = await arrange();
    await a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'CAR_RESERVATION',
      schoolCarId: a.car.id,
      startTime: T0,
      endTime: minutes(T0, 240),
      length: 240,
    });
    expect(await a.api.hasCollision({ schoolId: a.schoolId, startTime: minutes(T0, 60), endTime: minutes(T0, 120), schoolCarId: a.car.id })).toEqual({
      startTime: T0,
      endTime: minutes(T0, 240),
      isCarCollision: true,
      isStudentCollision: false,
      studentLastName: null,
      teacherLastName: null,
    });
    expect(await refusal(a.plan(minutes(T0, 60)))).toBe('CONFLICT: Automobil není dostupný v 3.3.2031 09:00–13:00. Vozidlo je v tu dobu blokováno.');
  });

  it('lets exactly one of two staff saving the same car at the same moment win; the other gets CONFLICT, never a 500', async () => {
    const a = await arrange();
    const colleague = await createUser(app);
    await addMember(app, a.schoolId, colleague.id, 'ADMIN');
    const callers = [a.caller, await app.callerFor(colleague.id)];
    const [s1, s2] = [
      await createTestStudent(a.caller, a.schoolId, { lastName: 'První' }),
      await createTestStudent(a.caller, a.schoolId, { lastName: 'Druhý' }),
    ];
    for (let round = 0; round < 6; round++) {
      const start = minutes(T0, round * 24 * 60);
      const results = await Promise.allSettled(
        [s1, s2].map((studentId, i) =>
          callers[i].drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
            schoolId: a.schoolId,
            ...rideInput({ studentId, schoolCarId: a.car.id, start: minutes(start, i * 15) }),
          }),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.map((r) => r.reason.code)).toEqual(['CONFLICT']);
      expect(lost[0].reason.message).toMatch(
        /^Automobil není dostupný v \d+\.3\.2031 \d\d:\d\d–\d\d:\d\d\. Již je rezervován pro jízdu s žákem (První|Druhý)$/,
      );
    }
    const rows = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, a.schoolId));
    expect(rows).toHaveLength(6);
  });
});

describe('who and what a ride may name', () => {
  it('refuses another school’s car, teacher or student next to the caller’s own ones (NOT_FOUND, nothing written)', async () => {
    const a = await arrange();
    const b = await arrange();
    const mine = { studentId: b.studentId, userId: b.teacher.id, schoolCarId: b.car.id, start: T0 };
    const create = (o: Partial<typeof mine>) => refusal(b.api.createPlanDrivingLessonsRecordPlanV2({ schoolId: b.schoolId, ...rideInput({ ...mine, ...o }) }));
    expect(await create({ schoolCarId: a.car.id })).toBe('NOT_FOUND: Vozidlo nebylo nalezeno.');
    expect(await create({ userId: a.teacher.id })).toBe('NOT_FOUND: Učitel nebyl nalezen.');
    expect(await create({ studentId: a.studentId })).toBe('NOT_FOUND: Student nebyl nalezen');
    const ride = await b.plan(T0);
    const update = (o: Partial<typeof mine>) =>
      refusal(b.api.updatePlanDrivingLessonsRecordV2({ schoolId: b.schoolId, ...rideInput({ ...mine, ...o }), id: ride.id, state: 'SCHEDULED' }));
    expect(await update({ schoolCarId: a.car.id })).toBe('NOT_FOUND: Vozidlo nebylo nalezeno.');
    expect(await update({ userId: a.teacher.id })).toBe('NOT_FOUND: Učitel nebyl nalezen.');
    expect(
      await refusal(b.api.hasCollision({ schoolId: b.schoolId, startTime: T0, endTime: minutes(T0, 60), schoolCarId: b.car.id, teacherId: a.teacher.id })),
    ).toBe('NOT_FOUND: Učitel nebyl nalezen.');
    const aRows = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, a.schoolId));
    expect(aRows).toEqual([]);
  });

  it('refuses a retired car, an inactive member and a member who does not teach, unless the ride already names them', async () => {
    const a = await arrange();
    const ride = await a.plan(T0);
    const retired = await insertCar(app, a.schoolId, { retired: true });
    const inactive = await insertTeacher(app, a.schoolId, { isActive: false });
    const assistant = await insertTeacher(app, a.schoolId, { role: 'ASSISTANT' });
    expect(await refusal(a.plan(minutes(T0, 24 * 60), { schoolCarId: retired.id }))).toBe('NOT_FOUND: Vozidlo nebylo nalezeno.');
    for (const userId of [inactive.id, assistant.id]) {
      expect(await refusal(a.plan(minutes(T0, 24 * 60), { userId }))).toBe('NOT_FOUND: Učitel nebyl nalezen.');
    }
    // The car of an existing ride is retired later: the ride can still be edited.
    await app.handle.db.update(schema.schoolCars).set({ retiredAt: new Date() }).where(eq(schema.schoolCars.id, a.car.id));
    const edited = await a.api.updatePlanDrivingLessonsRecordV2({
      schoolId: a.schoolId,
      ...rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
      id: ride.id,
      state: 'COMPLETED',
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    });
    expect(edited.state).toBe('COMPLETED');
  });
});

describe('odometer', () => {
  it('refuses a tachometerBefore below the car’s previous ride, and lists each ride’s gap as the pure rule computes it', async () => {
    const a = await arrange();
    const ride = (start: Date, before: number | null, after: number | null, more: Partial<CreateTrainingInput> = {}) =>
      a.plan(start, { tachometerBefore: before, tachometerAfter: after, ...more });
    const day = 24 * 60;
    // Saved out of order: the check looks only at rides before the one saved, so r3 (before r1 existed) gets in.
    const r3 = await ride(minutes(T0, 3 * day), 1030, 1100);
    const r1 = await ride(T0, 1000, 1040);
    const cancelled = await ride(minutes(T0, day), 5000, 5100, {
      state: 'CANCELLED_BY_STUDENT',
      mode: 'REGISTER',
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    });
    const r2 = await ride(minutes(T0, 2 * day), 1050, null);
    expect(await inputIssues(ride(minutes(T0, 2 * day + 120), 1020, null))).toEqual([
      'tachometerBefore: Stav tachometru před jízdou je nižší než po předchozí jízdě vozidla (1040 km).',
    ]);
    expect(await inputIssues(ride(minutes(T0, 4 * day), 1099, 1200))).toEqual([
      'tachometerBefore: Stav tachometru před jízdou je nižší než po předchozí jízdě vozidla (1100 km).',
    ]);
    const { items, total } = await a.api.getTrainings({ schoolId: a.schoolId });
    expect(total).toBe(4);
    const gaps = Object.fromEntries(items.map((i) => [i.id, i.odometerGap]));
    expect(gaps).toEqual({ [r1.id]: null, [cancelled.id]: null, [r2.id]: 10, [r3.id]: -10 });
    const pure = odometerGaps(items.map((i) => ({ ...i, state: i.state })));
    expect(Object.fromEntries(pure)).toEqual(gaps);
  });
});

describe('updates and deletes in the audit log', () => {
  it('audits an edit with the changed fields only (signatures as whether present) and a delete with the whole row', async () => {
    const a = await arrange();
    const ride = await a.plan(T0);
    const sent = app.deps.live.sent.length;
    await a.api.updatePlanDrivingLessonsRecordV2({
      schoolId: a.schoolId,
      ...rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
      id: ride.id,
      state: 'COMPLETED',
      tachometerBefore: 10,
      tachometerAfter: 60,
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    });
    await a.api.deleteDrivingLessonsRecord({ schoolId: a.schoolId, id: ride.id, correctionReason: 'Jízda zapsána omylem' });
    await expect(a.api.deleteDrivingLessonsRecord({ schoolId: a.schoolId, id: ride.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const entries = await app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, ride.id), eq(schema.auditLog.schoolId, a.schoolId)));
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e.data]));
    expect(byAction['drivingLessonsRecord.update']).toEqual({
      before: { state: 'SCHEDULED', tachometerBefore: null, tachometerAfter: null, signature: false, teacherSignature: false },
      after: { state: 'COMPLETED', tachometerBefore: 10, tachometerAfter: 60, signature: true, teacherSignature: true },
    });
    expect(byAction['drivingLessonsRecord.delete']).toMatchObject({
      id: ride.id,
      type: 'DRIVING',
      state: 'COMPLETED',
      studentId: a.studentId,
      teacherId: a.teacher.id,
      schoolCarId: a.car.id,
      length: 90,
      tachometerBefore: 10,
      tachometerAfter: 60,
      signature: true,
      teacherSignature: true,
    });
    expect(JSON.stringify(entries)).not.toContain('<svg');
    const message = {
      room: `school:${a.schoolId}`,
      message: { DrivingLessonRecordMessage: { schoolId: a.schoolId, studentId: a.studentId, recordId: ride.id } },
    };
    expect(app.deps.live.sent.slice(sent)).toEqual([message, message]);
  });
});

describe('warnings from the law', () => {
  it('warns about the daily limit, units, STK, the teacher’s groups and licence; the office may still save', async () => {
    const a = await arrange({ teacherGroups: ['C'], licence: '2031-03-01', stk: '2031-03-02' });
    const ride = await a.plan(T0);
    // Cancelled and next-day rides do not count towards the day.
    await a.plan(minutes(T0, 120), { mode: 'REGISTER', state: 'CANCELLED_BY_TEACHER', signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG });
    await a.plan(minutes(T0, 24 * 60));
    const warn = (o: { start?: Date; length?: number; type?: 'DRIVING' | 'PV_UV' | 'CAR_RESERVATION'; currentId?: string }) =>
      a.api.getTrainingWarnings({
        schoolId: a.schoolId,
        type: o.type ?? 'DRIVING',
        studentId: a.studentId,
        teacherId: o.type === 'CAR_RESERVATION' ? null : a.teacher.id,
        schoolCarId: a.car.id,
        startTime: o.start ?? minutes(T0, 240),
        endTime: minutes(o.start ?? minutes(T0, 240), o.length ?? 60),
        length: o.length ?? 60,
        currentId: o.currentId,
      });
    const car = `Vozidlu ${a.car.regNumber} vypršela STK 2.3.2031.`;
    const teacher = ['Učitel nemá oprávnění pro skupinu B.', 'Učiteli vypršelo profesní osvědčení 1.3.2031.'];
    expect(await warn({})).toEqual([
      'Žák by měl v tento den 3,3 h výcviku v řízení, zákon dovoluje nejvýše 2 h denně (přísnější limit skupin AM, A1, A2, A, B1 a B v I. a II. etapě výcviku; etapy neevidujeme).',
      'Délka 60 min není násobkem vyučovací hodiny (45 min).',
      car,
      ...teacher,
    ]);
    // The ride itself, edited: only its own 90 minutes count.
    expect(await warn({ start: T0, length: 90, currentId: ride.id })).toEqual([car, ...teacher]);
    expect(await warn({ type: 'PV_UV' })).toEqual([car, ...teacher]);
    expect(await warn({ type: 'CAR_RESERVATION' })).toEqual([car]);
    // On the last valid day of the licence only the groups remain, and that the STK runs out the next day.
    expect(await warn({ start: at('2031-03-01T08:00:00Z'), length: 45 })).toEqual([
      `Vozidlu ${a.car.regNumber} vyprší STK 2.3.2031 (1 den po jízdě).`,
      teacher[0],
    ]);
  });
});

describe('the calendar', () => {
  it('lists every kind in the window, rides running into it too, without signature pictures, filtered by teacher and car', async () => {
    const a = await arrange();
    const car2 = await insertCar(app, a.schoolId);
    const teacher2 = await insertTeacher(app, a.schoolId, { lastName: 'Druhý' });
    const ride = await a.plan(T0, { mode: 'REGISTER', signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG });
    const overnight = await a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'CAR_RESERVATION',
      schoolCarId: car2.id,
      startTime: at('2031-03-02T20:00:00Z'),
      endTime: at('2031-03-03T06:00:00Z'),
      length: 600,
    });
    const other = await a.plan(minutes(T0, 60 * 4), { userId: teacher2.id, schoolCarId: car2.id });
    await a.plan(at('2031-04-20T08:00:00Z'));
    const day = { schoolId: a.schoolId, from: at('2031-03-02T23:00:00Z'), to: at('2031-03-03T23:00:00Z') };
    const answer = await a.api.getCalendarEvents(day);
    // Column by column; the student of both rides, the teachers and the cars each once in their lookups.
    expect(answer.items.id).toEqual([overnight.id, ride.id, other.id]);
    expect(answer.students).toEqual([{ id: a.studentId, firstName: 'Jan', lastName: 'Dvořák' }]);
    expect(answer.items.student).toEqual([null, 0, 0]);
    expect(answer.teachers.map((t) => t.lastName).sort()).toEqual(['Druhý', 'Učitel']);
    expect(answer.cars.map((c) => c.id).sort()).toEqual([a.car.id, car2.id].sort());
    expect(answer.items.start[1]).toBe(T0.getTime());
    expect(Object.keys(answer.items).every((k) => answer.items[k as keyof typeof answer.items].length === 3)).toBe(true);
    const events = calendarItems(answer);
    expect(events[1]).toMatchObject({ signed: true, teacherSigned: true, user: { lastName: 'Učitel' }, student: { lastName: 'Dvořák' }, startTime: T0 });
    expect(events[0]).toMatchObject({ type: 'CAR_RESERVATION', studentId: null, student: null, schoolCar: { id: car2.id, regNumber: car2.regNumber } });
    // What the calendar screen reads, and nothing more (no pictures, registration number, createdAt, lesson hours).
    expect(Object.keys(events[1]).sort()).toEqual(
      [
        'id',
        'type',
        'state',
        'studentId',
        'student',
        'startTime',
        'endTime',
        'length',
        'userId',
        'user',
        'schoolCarId',
        'schoolCar',
        'tachometerBefore',
        'tachometerAfter',
        'signed',
        'teacherSigned',
        'allDay',
        'note',
        'bookedByStudent',
      ].sort(),
    );
    expect(events[1].student).toEqual({ id: a.studentId, firstName: 'Jan', lastName: 'Dvořák' });
    expect(JSON.stringify(answer)).not.toContain('<svg');
    expect((await a.api.getCalendarEvents({ ...day, teacherIds: [teacher2.id] })).items.id).toEqual([other.id]);
    expect((await a.api.getCalendarEvents({ ...day, schoolCarIds: [car2.id] })).items.id).toEqual([overnight.id, other.id]);
    expect(await inputIssues(a.api.getCalendarEvents({ ...day, to: minutes(day.from, 63 * 24 * 60) }))).toEqual([
      'to: Rozsah kalendáře může být nejvýše 62 dní.',
    ]);
    expect(await inputIssues(a.api.getCalendarEvents({ ...day, to: day.from }))).toEqual(['to: Konec musí být po začátku!']);
  });
});

describe('the trainings page', () => {
  it('pages newest first with a total, and filters by date, teacher, car, state, type, unsigned and not registered', async () => {
    // Now is between the 2025 rides (past: registered or not) and the 2031 one (future).
    const a = await arrange({ now: at('2026-01-01T00:00:00Z') });
    const car2 = await insertCar(app, a.schoolId);
    const past = await a.plan(at('2025-05-05T08:00:00Z'));
    const signed = { mode: 'REGISTER' as const, signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG };
    const half = await a.plan(at('2025-05-06T08:00:00Z'), signed);
    await app.handle.db.update(schema.drivingLessonRecords).set({ teacherSignature: null }).where(eq(schema.drivingLessonRecords.id, half.id));
    const done = await a.plan(at('2025-05-07T08:00:00Z'), signed);
    const future = await a.plan(T0, { schoolCarId: car2.id, userId: null });
    const pv = await a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'PV_ZP',
      studentId: a.studentId,
      startTime: at('2025-05-08T08:00:00Z'),
      endTime: at('2025-05-08T09:00:00Z'),
      length: 60,
    });
    const list = (o: Record<string, unknown> = {}) => a.api.getTrainings({ schoolId: a.schoolId, ...o });
    const ids = async (o: Record<string, unknown> = {}) => (await list(o)).items.map((i) => i.id);
    const first = await list({ pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((i) => i.id)).toEqual([future.id, pv.id]);
    expect(first.items[0]).not.toHaveProperty('signature');
    expect(await ids({ pageSize: 2, currentPage: 3 })).toEqual([past.id]);
    // Past the end the page is empty and still says how many match.
    expect(await list({ pageSize: 2, currentPage: 4 })).toEqual({ items: [], total: 5 });
    expect(await list({ type: 'CAR_RESERVATION' })).toEqual({ items: [], total: 0 });
    expect(await ids({ unsigned: true })).toEqual([half.id]);
    expect(await ids({ notRegistered: true })).toEqual([pv.id, past.id]);
    expect(await ids({ state: 'COMPLETED' })).toEqual([done.id, half.id]);
    expect(await ids({ type: 'PV_ZP' })).toEqual([pv.id]);
    expect(await ids({ schoolCarId: car2.id })).toEqual([future.id]);
    expect(await ids({ teacherId: a.teacher.id })).toEqual([pv.id, done.id, half.id, past.id].filter((id) => id !== pv.id));
    expect(await ids({ from: at('2025-05-06T00:00:00Z'), to: at('2025-05-07T00:00:00Z') })).toEqual([half.id]);
    expect((await list({ unsigned: true })).total).toBe(1);
  });
});

describe('only a ride that has ended is recorded as taken place (request clock, school zone)', () => {
  const signed = { signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG };
  /** A school whose requests run at `now`, and its ride/PV calls. */
  async function at17(now: Date) {
    const a = await arrange({ now });
    const register = (start: Date, more: Partial<CreateTrainingInput> = {}) => a.plan(start, { mode: 'REGISTER', ...signed, ...more });
    const update = (id: string, start: Date, more: Record<string, unknown>) =>
      a.api.updatePlanDrivingLessonsRecordV2({
        schoolId: a.schoolId,
        ...rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start }),
        id,
        state: 'SCHEDULED',
        ...more,
      });
    return { ...a, register, update };
  }

  it('refuses registering a ride that has not ended, with its end on the school’s clock, and writes nothing', async () => {
    // 09:30 in Prague; the ride is 09:00–10:30.
    const a = await at17(minutes(T0, 30));
    expect(await refusal(a.register(T0))).toBe('BAD_REQUEST: Jízdu lze zaevidovat až po jejím skončení (3.3.2031 10:30).');
    expect(await refusal(a.register(T0, { state: 'CANCELLED_BY_STUDENT' }))).toBe('BAD_REQUEST: Jízdu lze zaevidovat až po jejím skončení (3.3.2031 10:30).');
    expect(await refusal(a.plan(T0, { tachometerBefore: 100 }))).toBe('BAD_REQUEST: Jízdu lze zaevidovat až po jejím skončení (3.3.2031 10:30).');
    const pv = a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'PV_UV',
      mode: 'REGISTER',
      studentId: a.studentId,
      userId: a.teacher.id,
      startTime: T0,
      endTime: minutes(T0, 60),
      ...signed,
    });
    expect(await refusal(pv)).toBe('BAD_REQUEST: Výcvik lze zaevidovat až po jeho skončení (3.3.2031 10:00).');
    expect(await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, a.schoolId))).toEqual([]);
    // Planning it is what the office can do now.
    expect((await a.plan(T0)).state).toBe('SCHEDULED');
  });

  it('registers it from the minute it ended', async () => {
    const a = await at17(minutes(T0, 90));
    expect(await a.register(T0)).toMatchObject({ state: 'COMPLETED', signed: true, teacherSigned: true });
  });

  it('refuses an edit that marks a future ride Absolvována or signs it, and a move of a registered ride into the future', async () => {
    const a = await at17(minutes(T0, 24 * 60));
    const ride = await a.plan(minutes(T0, 2 * 24 * 60));
    const tomorrow = '4.3.2031 10:30';
    expect(await refusal(a.update(ride.id, minutes(T0, 2 * 24 * 60), { state: 'COMPLETED', ...signed }))).toBe(
      `BAD_REQUEST: Jízdu lze zaevidovat až po jejím skončení (5.3.2031 10:30).`,
    );
    const done = await a.register(T0);
    // The calendar moves a registered ride with its state and signatures: not past now.
    expect(await refusal(a.update(done.id, minutes(T0, 24 * 60), { state: 'COMPLETED', ...signed, correctionReason: 'Chybný čas' }))).toBe(
      `BAD_REQUEST: Jízdu lze zaevidovat až po jejím skončení (${tomorrow}).`,
    );
    // Moving it within the past, or cancelling the future one, is fine.
    expect((await a.update(done.id, minutes(T0, -60), { state: 'COMPLETED', ...signed, correctionReason: 'Chybný čas' })).startTime).toEqual(minutes(T0, -60));
    expect((await a.update(ride.id, minutes(T0, 2 * 24 * 60), { state: 'CANCELLED_BY_STUDENT' })).state).toBe('CANCELLED_BY_STUDENT');
    const rows = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, a.schoolId));
    expect(rows.map((r) => [r.state, r.startTime.getTime()]).sort()).toEqual(
      [
        ['CANCELLED_BY_STUDENT', minutes(T0, 2 * 24 * 60).getTime()],
        ['COMPLETED', minutes(T0, -60).getTime()],
      ].sort(),
    );
  });

  it.each([
    // A ride 23:00–00:30 over midnight (Prague, winter): 23:30 UTC is 00:30 on 4 March.
    ['across midnight', at('2031-03-03T22:00:00Z'), '4.3.2031 00:30'],
    // 30 March 2031: clocks go 02:00 → 03:00. 01:00 CET + 90 min ends 03:30 CEST (01:30 UTC).
    ['on the spring DST change', at('2031-03-30T00:00:00Z'), '30.3.2031 03:30'],
    // 26 October 2031: clocks go 03:00 → 02:00. 01:30 CEST (23:30 UTC) + 90 min ends at the second 02:00 (01:00 UTC).
    ['on the autumn DST change', at('2031-10-25T23:30:00Z'), '26.10.2031 02:00'],
  ])('compares instants %s: refused a minute before the end, registered at the end', async (_, start, endText) => {
    const end = minutes(start, 90);
    const early = await at17(minutes(end, -1));
    expect(await refusal(early.register(start))).toBe(`BAD_REQUEST: Jízdu lze zaevidovat až po jejím skončení (${endText}).`);
    const onTime = await at17(end);
    expect(await onTime.register(start)).toMatchObject({ state: 'COMPLETED', endTime: end });
  });
});

describe('a student in two places at once (issue 17 item 6)', () => {
  it('answers hasCollision for the student, naming the other item’s teacher, after the car and the teacher', async () => {
    const a = await arrange();
    await a.plan(T0);
    const otherTeacher = await insertTeacher(app, a.schoolId, { lastName: 'Novák' });
    const otherCar = await insertCar(app, a.schoolId);
    const q = (o: { teacherId?: string | null; schoolCarId?: string | null; studentId?: string | null }) =>
      a.api.hasCollision({ schoolId: a.schoolId, startTime: minutes(T0, 30), endTime: minutes(T0, 120), ...o });
    const hit = { startTime: T0, endTime: minutes(T0, 90), studentLastName: 'Dvořák', teacherLastName: 'Učitel' };
    expect(await q({ studentId: a.studentId, teacherId: otherTeacher.id, schoolCarId: otherCar.id })).toEqual({
      ...hit,
      isCarCollision: false,
      isStudentCollision: true,
    });
    expect(await q({ studentId: a.studentId, teacherId: a.teacher.id })).toEqual({ ...hit, isCarCollision: false, isStudentCollision: false });
    expect(await q({ studentId: a.studentId, schoolCarId: a.car.id })).toEqual({ ...hit, isCarCollision: true, isStudentCollision: false });
    expect(await refusal(a.api.hasCollision({ schoolId: a.schoolId, startTime: T0, endTime: minutes(T0, 30), studentId: crypto.randomUUID() }))).toBe(
      'NOT_FOUND: Student nebyl nalezen',
    );
  });

  it('refuses the same student with another teacher and car, a PV lesson too, with the other ride named; a cancelled ride frees the student', async () => {
    const a = await arrange();
    const ride = await a.plan(T0);
    const otherTeacher = await insertTeacher(app, a.schoolId, { lastName: 'Novák' });
    const otherCar = await insertCar(app, a.schoolId);
    const text = 'CONFLICT: Žák není dostupný v čase 3.3.2031 09:00–10:30. Již má výcvik s učitelem Učitel';
    expect(await refusal(a.plan(minutes(T0, 30), { userId: otherTeacher.id, schoolCarId: otherCar.id }))).toBe(text);
    const pv = a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'PV_ZP',
      studentId: a.studentId,
      userId: otherTeacher.id,
      startTime: minutes(T0, 60),
      endTime: minutes(T0, 120),
    });
    expect(await refusal(pv)).toBe(text);
    // Touching ends are fine; another student at the same time is fine.
    await a.plan(minutes(T0, 90), { userId: otherTeacher.id, schoolCarId: otherCar.id });
    const other = await createTestStudent(a.caller, a.schoolId, { lastName: 'Malá' });
    const third = await insertTeacher(app, a.schoolId);
    await a.plan(T0, { studentId: other, userId: third.id, schoolCarId: null });
    // A car reservation has no student and is not held by this rule.
    await a.api.createPlanDrivingLessonsRecordPlanV2({
      schoolId: a.schoolId,
      type: 'CAR_RESERVATION',
      schoolCarId: (await insertCar(app, a.schoolId)).id,
      startTime: T0,
      endTime: minutes(T0, 90),
    });
    await a.api.updatePlanDrivingLessonsRecordV2({
      schoolId: a.schoolId,
      ...rideInput({ studentId: a.studentId, userId: a.teacher.id, schoolCarId: a.car.id, start: T0 }),
      id: ride.id,
      state: 'CANCELLED_BY_STUDENT',
    });
    expect((await a.plan(minutes(T0, 30), { userId: null, schoolCarId: null, length: 45 })).state).toBe('SCHEDULED');
  });
});

describe('the vehicle and the student’s group (issue 17 item 7)', () => {
  it('warns before saving when the car is meant for none of the student’s groups, and when its STK runs out within 30 days', async () => {
    const a = await arrange({ carGroups: ['A', 'A2'], stk: '2031-03-20' });
    const warnings = await a.api.getTrainingWarnings({
      schoolId: a.schoolId,
      type: 'DRIVING',
      studentId: a.studentId,
      teacherId: a.teacher.id,
      schoolCarId: a.car.id,
      startTime: T0,
      endTime: minutes(T0, 90),
      length: 90,
    });
    expect(warnings).toEqual([
      `Vozidlu ${a.car.regNumber} vyprší STK 20.3.2031 (17 dní po jízdě).`,
      `Vozidlo ${a.car.regNumber} není určeno pro skupinu B (je pro A, A2).`,
    ]);
    const fine = await arrange({ carGroups: ['B'] });
    expect(
      await fine.api.getTrainingWarnings({
        schoolId: fine.schoolId,
        type: 'DRIVING',
        studentId: fine.studentId,
        teacherId: null,
        schoolCarId: fine.car.id,
        startTime: T0,
        endTime: minutes(T0, 90),
        length: 90,
      }),
    ).toEqual([]);
    // A warning, not a refusal.
    expect((await a.plan(T0)).state).toBe('SCHEDULED');
  });
});

describe('the spec’s shape of createPlanDrivingLessonsRecordPlanV2 (issue 17 item 20)', () => {
  it('plans PV-ÚV and PV-ZP lessons without a length (spec §7: length only for driving), taken from start and end', async () => {
    const a = await arrange();
    for (const [type, start] of [
      ['PV_UV', T0],
      ['PV_ZP', minutes(T0, 120)],
    ] as const) {
      const lesson = await a.api.createPlanDrivingLessonsRecordPlanV2({
        schoolId: a.schoolId,
        type,
        studentId: a.studentId,
        userId: a.teacher.id,
        schoolCarId: null,
        startTime: start,
        endTime: minutes(start, 50),
      });
      expect(lesson).toMatchObject({ type, state: 'SCHEDULED', length: 50, endTime: minutes(start, 50) });
    }
    // A ride still needs its length.
    const { length: _, ...noLength } = rideInput({ studentId: a.studentId, start: minutes(T0, 240) });
    expect(await inputIssues(a.api.createPlanDrivingLessonsRecordPlanV2({ schoolId: a.schoolId, ...noLength }))).toEqual([
      'length: Délka musí být 1 až 1440 minut',
    ]);
  });

  it('refuses signatures and a state other than Naplánováno in plan mode instead of dropping them, writing nothing', async () => {
    const a = await arrange();
    const issues = await inputIssues(a.plan(T0, { signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG, state: 'COMPLETED' }));
    expect(issues).toEqual([
      'signature: Naplánovaný výcvik se nepodepisuje. Podpisy patří k zaevidování výcviku (mode REGISTER).',
      'teacherSignature: Naplánovaný výcvik se nepodepisuje. Podpisy patří k zaevidování výcviku (mode REGISTER).',
      'state: Naplánovaný výcvik má stav Naplánováno. Jiný stav lze zadat při zaevidování výcviku (mode REGISTER) nebo úpravě.',
    ]);
    // Without a mode the call plans (the spec's default), and is held to the same.
    const { mode: _, ...noMode } = rideInput({ studentId: a.studentId, start: T0 });
    expect(await inputIssues(a.api.createPlanDrivingLessonsRecordPlanV2({ schoolId: a.schoolId, ...noMode, signature: SIGNATURE_SVG }))).toEqual([
      'signature: Naplánovaný výcvik se nepodepisuje. Podpisy patří k zaevidování výcviku (mode REGISTER).',
    ]);
    expect(await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.schoolId, a.schoolId))).toEqual([]);
    // Naplánováno itself, empty signatures: planned.
    expect(await a.plan(T0, { state: 'SCHEDULED', signature: null, teacherSignature: '' })).toMatchObject({ state: 'SCHEDULED', signed: false });
  });
});

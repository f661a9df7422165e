// Automatic charges (issue 21 §2): with the school's switch on and a price for 'Opravná zkouška', the second attempt's
// sign-up charges it once, with its reason; the first attempt, the switch off or no price charge nothing.
import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { createFinishedStudent, dayFromToday, examined } from '../exam/exam.testing.ts';
import { chargeExamRepeat } from './auto-charges.ts';
import { callerAt, insertCar, rideInput, SIGNATURE_SVG } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';
import type { DrivingLessonsRecordDto } from '../driving-lessons-record/driving-lessons-record.dto.ts';
import type { UpdateTrainingInput } from '@volant/shared/driving-lessons-record/inputs';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('a repeated exam’s charge', () => {
  it('charges the second attempt once with its reason, not the first; off by default', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.instalment.getAutoCharges({ schoolId })).toEqual({ examRepeat: false, extraRides: false });
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXAM_REPEAT', price: 800 });
    const studentId = await createFinishedStudent(caller, schoolId);
    const first = await caller.exam.createExam({ schoolId, date: dayFromToday(-10), place: 'Magistrát města Brna', types: ['PPV'] });
    const second = await caller.exam.createExam({ schoolId, date: dayFromToday(-5), place: 'Magistrát města Brna', types: ['PPV'] });
    const third = await caller.exam.createExam({ schoolId, date: dayFromToday(-2), place: 'Magistrát města Brna', types: ['PPV'] });

    // Switch off: a failed first attempt and a second sign-up charge nothing.
    await examined(caller, schoolId, { examId: first.id, studentId, type: 'PPV', group: 'B' }, 'FAIL');
    await examined(caller, schoolId, { examId: second.id, studentId, type: 'PPV', group: 'B' }, 'FAIL');
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId })).charges).toEqual([]);

    // Switch on: the third attempt's sign-up charges 800 Kč once, with the reason.
    expect(await caller.instalment.setAutoCharges({ schoolId, examRepeat: true })).toEqual({ examRepeat: true, extraRides: false });
    await caller.exam.addStudentToExam({ schoolId, examId: third.id, studentId, newType: { type: 'PPV', group: 'B' } });
    const charges = (await caller.paymentItem.getPaymentItems({ schoolId, studentId })).charges;
    expect(charges).toEqual([expect.objectContaining({ item: 'EXAM_REPEAT', label: 'Opravná zkouška', unitPrice: 80_000, total: 80_000 })]);
    expect(charges[0]?.note).toBe('Automaticky: 3. pokus zkoušky (PPV, skupina B)');

    // Applied again for the same sign-up (a retry, a second instance): still one.
    const sid = testSchoolId(schoolId);
    const again = await inTransaction(app.deps, (tx, after) =>
      chargeExamRepeat(app.deps, tx, after, sid, null, { studentId, examId: third.id, type: 'PPV', group: 'B', attempt: 3 }),
    );
    expect(again).toBe(false);
    const rows = await app.handle.db
      .select()
      .from(schema.studentCharges)
      .where(and(eq(schema.studentCharges.schoolId, schoolId), eq(schema.studentCharges.studentId, studentId)));
    expect(rows).toHaveLength(1);
  });
});

/** The update input that keeps a ride as it is (the edit drawer's fields). */
const rideUpdate = (r: DrivingLessonsRecordDto): UpdateTrainingInput => ({
  id: r.id,
  type: r.type,
  state: r.state,
  studentId: r.studentId,
  userId: r.userId,
  schoolCarId: r.schoolCarId,
  startTime: r.startTime,
  endTime: r.endTime,
  length: r.length,
  note: r.note ?? null,
  tachometerBefore: r.tachometerBefore,
  tachometerAfter: r.tachometerAfter,
});

describe('rides beyond the course', () => {
  const signed = { mode: 'REGISTER' as const, signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG };
  /** A group B student's plan: 28 hours of driving = 1,260 minutes (the law's, no raises). */
  const world = async () => {
    const s = await setupSchool(app);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const car = await insertCar(app, s.schoolId);
    const register = (start: string, length: number, more: Record<string, unknown> = {}) =>
      s.caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
        schoolId: s.schoolId,
        ...rideInput({ studentId, userId: s.member.id, schoolCarId: car.id, start: new Date(start), length }),
        ...signed,
        ...more,
      });
    const charges = async () =>
      (await s.caller.paymentItem.getPaymentItems({ schoolId: s.schoolId, studentId })).charges.filter((c) => c.item === 'EXTRA_RIDE').map((c) => c.quantity);
    return { ...s, studentId, carId: car.id, register, charges };
  };

  it('charges each whole 45 minutes past the plan, and takes them back when the rides no longer show them', async () => {
    const w = await world();
    const { caller, schoolId, studentId } = w;
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXTRA_RIDE', price: 700 });
    expect(await caller.instalment.setAutoCharges({ schoolId, extraRides: true })).toEqual({ examRepeat: false, extraRides: true });

    // 27 of 28 hours: inside the course.
    const a = await w.register('2026-01-05T06:00:00Z', 27 * 45);
    expect(await w.charges()).toEqual([]);
    // 90 minutes: 45 finish the plan, 45 beyond it → 1 unit, with its reason.
    const b = await w.register('2026-01-06T08:00:00Z', 90);
    const [first] = (await caller.paymentItem.getPaymentItems({ schoolId, studentId })).charges;
    expect(first).toMatchObject({ item: 'EXTRA_RIDE', label: 'Kondiční jízda (45 min)', quantity: 1, unitPrice: 70_000, total: 70_000 });
    expect(first.note).toBe('Automaticky: jízda 6.1.2026 09:00 (90 min) nad rámec kurzu (28 h v osnově)');
    // 60 + 30 minutes more: 135 minutes beyond = 3 units in all (never a unit the minutes do not show).
    const c = await w.register('2026-01-07T08:00:00Z', 60);
    const d = await w.register('2026-01-08T08:00:00Z', 30);
    expect(await w.charges()).toEqual([1, 1, 1]);
    // A planned ride (not driven) charges nothing.
    await caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
      schoolId,
      ...rideInput({ studentId, userId: w.member.id, schoolCarId: w.carId, start: new Date('2030-01-08T08:00:00Z'), length: 90 }),
    });
    expect(await w.charges()).toEqual([1, 1, 1]);

    // Ride b cancelled after all: its charge goes, and 1,305 minutes leave 1 unit beyond → the newest other goes too.
    const rowB = await caller.drivingLessonsRecord.getDrivingLessonsRecord({ schoolId, id: b.id });
    await caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      schoolId,
      ...rideUpdate(rowB),
      state: 'CANCELLED_BY_TEACHER',
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
      correctionReason: 'Jízda se nekonala',
    });
    expect(await w.charges()).toEqual([1]);
    // The 27-hour ride deleted: nothing is beyond the plan any more.
    await caller.drivingLessonsRecord.deleteDrivingLessonsRecord({ schoolId, id: a.id, correctionReason: 'Jízda zapsána omylem' });
    expect(await w.charges()).toEqual([]);
    expect(c.id && d.id).toBeTruthy();
  });

  it('is off by default, needs a price, and a charge the office waived does not come back', async () => {
    const w = await world();
    const { caller, schoolId, studentId } = w;
    await w.register('2026-02-02T06:00:00Z', 28 * 45);
    await w.register('2026-02-03T08:00:00Z', 45);
    expect(await w.charges()).toEqual([]);
    await caller.instalment.setAutoCharges({ schoolId, extraRides: true });
    await w.register('2026-02-04T08:00:00Z', 45);
    expect(await w.charges()).toEqual([]); // no price for 'Kondiční jízda' in the price list
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXTRA_RIDE', price: 650 });
    const e = await w.register('2026-02-05T08:00:00Z', 45);
    expect(await w.charges()).toEqual([1]);
    // The exam-repeat switch set alone keeps this one.
    expect(await caller.instalment.setAutoCharges({ schoolId, examRepeat: true })).toEqual({ examRepeat: true, extraRides: true });

    // Waived by hand; editing the ride's note later does not charge it again.
    const [charge] = (await caller.paymentItem.getPaymentItems({ schoolId, studentId })).charges;
    await caller.paymentItem.removeCharge({ schoolId, studentId, id: charge.id });
    const row = await caller.drivingLessonsRecord.getDrivingLessonsRecord({ schoolId, id: e.id });
    await caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      schoolId,
      ...rideUpdate(row),
      note: 'Parkování',
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
      correctionReason: 'Doplněna poznámka',
    });
    expect(await w.charges()).toEqual([]);
  });

  it('a ride registered in Můj den is charged the same way', async () => {
    const w = await world();
    const { caller, schoolId } = w;
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXTRA_RIDE', price: 700 });
    await caller.instalment.setAutoCharges({ schoolId, extraRides: true });
    await w.register('2026-03-02T06:00:00Z', 28 * 45);
    const planned = await caller.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
      schoolId,
      ...rideInput({ studentId: w.studentId, userId: w.member.id, schoolCarId: w.carId, start: new Date('2031-03-03T08:00:00Z'), length: 90 }),
    });
    const device = await callerAt(app, w.user.id, new Date('2031-03-03T09:40:00Z'));
    const [read] = (await device.myDay.getDay({ schoolId, date: '2031-03-03' })).rides;
    const act = async (action: unknown, base: Date) =>
      device.myDay.act({ schoolId, key: crypto.randomUUID(), recordId: planned.id, baseUpdatedAt: base, action } as never);
    const started = await act({ kind: 'START', at: new Date('2031-03-03T08:00:00Z'), tachometerBefore: null }, read.updatedAt);
    const ended = await act({ kind: 'END', at: new Date('2031-03-03T09:30:00Z'), tachometerAfter: null }, started.ride!.updatedAt);
    await act({ kind: 'REGISTER', signature: SIGNATURE_SVG, teacherSignature: SIGNATURE_SVG }, ended.ride!.updatedAt);
    expect(await w.charges()).toEqual([2]);
  });
});

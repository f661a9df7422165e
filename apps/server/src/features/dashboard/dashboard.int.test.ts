// 'Přehled školy' (issue 21 §4) through the real router: a small school seeded straight into its tables, and the
// exact figures the page shows for March–April 2026 (across the switch to summer time on 29 March).
import { schema } from '@volant/db/schema';
import { asHalere } from '@volant/shared/money';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const period = { from: '2026-03-01', to: '2026-04-30' };

async function seedSchool() {
  const s = await setupSchool(app);
  const db = app.handle.db;
  const { schoolId } = s;
  const teacherUser = await createUser(app);
  const teacher = await addMember(app, schoolId, teacherUser.id, 'TEACHER');
  const [car] = await db.insert(schema.schoolCars).values({ schoolId, carType: 'Škoda Fabia', regNumber: '1B23456' }).returning();
  const s1 = await createTestStudent(s.caller, schoolId, { firstName: 'Adam', lastName: 'První' });
  const s2 = await createTestStudent(s.caller, schoolId, { firstName: 'Bára', lastName: 'Druhá' });
  // 00:30 on 1 April in Prague is still 31 March in UTC: the student is April's.
  await db
    .update(schema.students)
    .set({ admittedAt: new Date('2026-03-31T22:30:00Z') })
    .where(eq(schema.students.id, s1));
  await db
    .update(schema.students)
    .set({ admittedAt: new Date('2026-03-15T10:00:00Z') })
    .where(eq(schema.students.id, s2));

  const invoice = (seq: number, issuedOn: string, total: number, extra: Partial<typeof schema.invoices.$inferInsert> = {}) => ({
    schoolId,
    kind: 'INVOICE' as const,
    year: 2026,
    seq,
    number: `2026${String(seq).padStart(4, '0')}`,
    studentId: s1,
    supplierName: 'Autoškola',
    supplierCompanyNumber: '12345678',
    supplierAddress: 'Brno',
    customerName: 'Adam První',
    vatMode: 'NON_PAYER' as const,
    issuedOn,
    dueOn: issuedOn,
    variableSymbol: '1',
    paymentMethod: 'TRANSFER' as const,
    total: asHalere(total),
    ...extra,
  });
  await db
    .insert(schema.invoices)
    .values([
      invoice(1, '2026-03-10', 1_500_000),
      invoice(2, '2026-04-02', 500_000),
      invoice(3, '2026-04-03', 900_000, { isCancelled: true, cancelledAt: new Date('2026-04-04T08:00:00Z') }),
      invoice(4, '2026-05-01', 700_000),
    ]);
  await db.insert(schema.studentPrices).values([
    { schoolId, studentId: s1, price: asHalere(2_500_000) },
    { schoolId, studentId: s2, price: asHalere(1_000_000) },
  ]);
  await db.insert(schema.paymentItems).values([
    { schoolId, studentId: s1, price: asHalere(1_000_000), paidOn: '2026-03-31', method: 'TRANSFER' },
    { schoolId, studentId: s2, price: asHalere(250_000), paidOn: '2026-04-01', method: 'CASH' },
  ]);

  // Teacher: Monday 8–12 and Tuesday 8–10 (6 h a week), away 13–14 April.
  await db.insert(schema.teacherAvailability).values([
    { schoolId, teacherId: teacher.id, weekday: 1, startMinute: 480, endMinute: 720 },
    { schoolId, teacherId: teacher.id, weekday: 2, startMinute: 480, endMinute: 600 },
  ]);
  await db.insert(schema.teacherAbsences).values({ schoolId, teacherId: teacher.id, fromDate: '2026-04-13', toDate: '2026-04-14' });
  const ride = (start: string, length: number, state: 'SCHEDULED' | 'COMPLETED' | 'CANCELLED_BY_STUDENT' = 'COMPLETED') => ({
    schoolId,
    type: 'DRIVING' as const,
    state,
    studentId: s1,
    teacherId: teacher.id,
    schoolCarId: car!.id,
    startTime: new Date(start),
    endTime: new Date(new Date(start).getTime() + length * 60_000),
    length,
  });
  const rides = await db
    .insert(schema.drivingLessonRecords)
    .values([
      ride('2026-03-30T06:00:00Z', 90), // Mon 30 March 8:00 (summer time)
      ride('2026-03-31T06:00:00Z', 90), // Tue 31 March
      ride('2026-04-01T06:00:00Z', 90, 'CANCELLED_BY_STUDENT'),
      ride('2026-04-05T22:30:00Z', 60, 'SCHEDULED'), // Mon 6 April 00:30 in Prague, still Sunday in UTC
    ])
    .returning();
  // A car reservation (no student, no teacher): the car's hours, not the teacher's, and no ride.
  await db.insert(schema.drivingLessonRecords).values({
    schoolId,
    type: 'CAR_RESERVATION',
    schoolCarId: car!.id,
    startTime: new Date('2026-03-30T12:00:00Z'),
    endTime: new Date('2026-03-30T14:00:00Z'),
    length: 120,
  });
  await db.insert(schema.studentCharges).values({
    schoolId,
    studentId: s1,
    item: 'LATE_CANCELLATION',
    label: 'Pozdní zrušení jízdy',
    quantity: 1,
    unitPrice: asHalere(30_000),
    chargedOn: '2026-04-01',
  });
  await db.insert(schema.recordDisputes).values({
    schoolId,
    studentId: s1,
    recordKind: 'RIDE',
    drivingLessonRecordId: rides[0]!.id,
    reason: 'Jízda byla kratší',
    createdAt: new Date('2026-04-02T10:00:00Z'),
  });

  const [march, april] = await db
    .insert(schema.exams)
    .values([
      { schoolId, date: '2026-03-20', place: 'Brno', types: ['PPV', 'ZP'] },
      { schoolId, date: '2026-04-10', place: 'Brno', types: ['ZP'] },
    ])
    .returning();
  await db.insert(schema.examSignUps).values([
    { schoolId, examId: march!.id, studentId: s1, type: 'PPV', group: 'B', attempt: 1, result: 'SUCCESS' },
    { schoolId, examId: march!.id, studentId: s1, type: 'ZP', group: 'B', attempt: 1, result: 'FAIL' },
    { schoolId, examId: march!.id, studentId: s2, type: 'ZP', group: 'B', attempt: 1, result: 'SUCCESS' },
    { schoolId, examId: april!.id, studentId: s1, type: 'ZP', group: 'B', attempt: 2, result: 'SUCCESS' },
  ]);
  await db.insert(schema.studentDefaultTeachers).values({ schoolId, studentId: s1, type: 'TRAINING', teacherId: teacher.id });

  const application = (status: 'ADMITTED' | 'PENDING', createdAt: string) => ({
    schoolId,
    courseName: 'Skupina B',
    coursePrice: asHalere(2_000_000),
    firstName: 'Cyril',
    lastName: 'Zájemce',
    consentAt: new Date(createdAt),
    status,
    createdAt: new Date(createdAt),
  });
  await db.insert(schema.applications).values([application('ADMITTED', '2026-03-05T09:00:00Z'), application('PENDING', '2026-04-20T09:00:00Z')]);
  return { ...s, teacher, teacherUser, car: car!, s1, s2 };
}

describe('Přehled školy', () => {
  it('answers the exact figures of a small school for March–April 2026', async () => {
    const { caller, schoolId, teacher, car } = await seedSchool();
    const d = await caller.dashboard.getOverview({ schoolId, ...period });

    expect(d.months).toEqual(['2026-03', '2026-04']);
    expect(d.money.months).toEqual([
      { month: '2026-03', invoiced: 1_500_000, invoiceCount: 1, received: 1_000_000, paymentCount: 1 },
      { month: '2026-04', invoiced: 500_000, invoiceCount: 1, received: 250_000, paymentCount: 1 },
    ]);
    expect(d.money.invoicedTotal).toBe(2_000_000);
    expect(d.money.receivedTotal).toBe(1_250_000);
    // Balances today: s1 owes 25 000 + 300 − 10 000 = 15 300 Kč, all of it invoiced with a past due date (overdue);
    // s2 owes 10 000 − 2 500 = 7 500 Kč with no invoice (due, not overdue).
    expect(d.money).toMatchObject({ outstanding: 2_280_000, owingStudents: 2, overdue: 1_530_000, overdueStudents: 1 });

    expect(d.students.newByMonth).toEqual([
      { month: '2026-03', count: 1 },
      { month: '2026-04', count: 1 },
    ]);
    expect(d.students.states.find((x) => x.state === 'NOT_STARTED')?.count).toBe(2);
    expect(d.students.applications).toEqual({ submitted: 2, admitted: 1, rejected: 0, pending: 1 });

    // ISO weeks from Monday 23 February to Monday 27 April.
    expect(d.weeks[0]).toBe('2026-02-23');
    expect(d.weeks.at(-1)).toBe('2026-04-27');
    const t = d.utilisation.teachers.find((x) => x.id === teacher.id)!;
    const week = (w: string) => t.weeks.find((x) => x.week === w);
    expect(week('2026-03-30')).toEqual({ week: '2026-03-30', booked: 180, available: 360 });
    expect(week('2026-04-06')).toEqual({ week: '2026-04-06', booked: 60, available: 360 });
    expect(week('2026-04-13')).toEqual({ week: '2026-04-13', booked: 0, available: 0 }); // away
    // Week of 23 February: only Sunday 1 March lies in the period (no availability on Sundays).
    expect(week('2026-02-23')).toEqual({ week: '2026-02-23', booked: 0, available: 0 });
    // 8 whole weeks of 6 h, one away: Mon 2, 9, 16, 23, 30 Mar; 6, 20, 27 Apr + Tue 3, 10, 17, 24, 31 Mar; 7, 21, 28 Apr.
    expect(t).toMatchObject({ bookedMinutes: 240, availableMinutes: 8 * 240 + 8 * 120 });
    const c = d.utilisation.cars.find((x) => x.id === car.id)!;
    expect(c.bookedMinutes).toBe(360);
    expect(c.weeks.find((x) => x.week === '2026-03-30')).toEqual({ week: '2026-03-30', booked: 300, available: 5 * 480 });

    expect(d.exams.attempts).toEqual([
      { attempt: 1, passed: 2, failed: 1 },
      { attempt: 2, passed: 1, failed: 0 },
    ]);
    expect(d.exams.teachers).toEqual([
      { id: null, name: 'Bez učitele výcviku', passed: 1, failed: 0 },
      { id: teacher.id, name: 'Člen Školy', passed: 2, failed: 1 },
    ]);
    expect(d.cancellations).toEqual({ booked: 3, byStudent: 1, byTeacher: 0, late: 1, lateCharged: 30_000 });
    expect(d.disputes).toEqual({ total: 1, open: 1 });
  });

  it('drills down to the rows behind a figure, one month of it', async () => {
    const { caller, schoolId } = await seedSchool();
    const april = await caller.dashboard.getDrill({ schoolId, ...period, drill: 'INVOICES', month: '2026-04' });
    expect(april).toEqual([expect.objectContaining({ day: '2026-04-02', title: '20260002 · Adam První', detail: 'Faktura', amount: 500_000 })]);
    const exams = await caller.dashboard.getDrill({ schoolId, ...period, drill: 'EXAMS' });
    expect(exams.map((r) => r.detail).sort()).toEqual([
      'PPV · 1. pokus · prospěl',
      'ZP · 1. pokus · neprospěl',
      'ZP · 1. pokus · prospěl',
      'ZP · 2. pokus · prospěl',
    ]);
    const fresh = await caller.dashboard.getDrill({ schoolId, ...period, drill: 'NEW_STUDENTS', month: '2026-04' });
    expect(fresh.map((r) => r.title)).toEqual(['První Adam']);
  });

  it('is the admin’s only: a teacher gets FORBIDDEN; a period longer than 5 years is refused', async () => {
    const { caller, schoolId, teacherUser } = await seedSchool();
    const teacherCaller = await app.callerFor(teacherUser.id);
    await expect(teacherCaller.dashboard.getOverview({ schoolId, ...period })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(teacherCaller.dashboard.getDrill({ schoolId, ...period, drill: 'PAYMENTS' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.dashboard.getOverview({ schoolId, from: '2020-01-01', to: '2026-01-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.dashboard.getOverview({ schoolId, from: '2026-02-01', to: '2026-01-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('Po splatnosti on the dashboard and the owing list', () => {
  it('is the same figure by the same rule: by the plan, else by the invoices fallen due, less what was paid', async () => {
    const s = await setupSchool(app);
    const { caller, schoolId } = s;
    const db = app.handle.db;
    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const later = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const [withPlan, invoiced, paidUp, neither] = [
      await createTestStudent(caller, schoolId, { lastName: 'Splátková' }),
      await createTestStudent(caller, schoolId, { lastName: 'Fakturovaná' }),
      await createTestStudent(caller, schoolId, { lastName: 'Zaplacená' }),
      await createTestStudent(caller, schoolId, { lastName: 'Bezterminová' }),
    ];
    for (const id of [withPlan, invoiced, paidUp, neither]) await caller.paymentItem.setStudentPrice({ schoolId, studentId: id, price: 20_000 });
    // A plan: 8 000 fell due 10 days ago, 12 000 later; 5 000 paid → 3 000 overdue.
    await caller.instalment.setStudentInstalments({
      schoolId,
      studentId: withPlan,
      items: [
        { label: 'Při zápisu', dueOn: daysAgo(10), amount: 8000 },
        { label: 'Před zkouškou', dueOn: later(20), amount: 12_000 },
      ],
    });
    await caller.paymentItem.createPayment({ schoolId, studentId: withPlan, price: 5000, method: 'TRANSFER' });
    // No plan: an invoice of 20 000 fell due, 6 000 paid → 14 000 overdue; a cancelled one and a future one do not count.
    const invoice = (studentId: string, seq: number, total: number, dueOn: string, isCancelled = false) => ({
      schoolId,
      kind: 'INVOICE' as const,
      year: 2026,
      seq,
      number: `2026${String(seq).padStart(4, '0')}`,
      studentId,
      supplierName: 'Autoškola',
      supplierCompanyNumber: '12345678',
      supplierAddress: 'Brno',
      customerName: 'Žák',
      vatMode: 'NON_PAYER' as const,
      issuedOn: daysAgo(30),
      dueOn,
      variableSymbol: String(seq),
      paymentMethod: 'TRANSFER' as const,
      total: asHalere(total),
      isCancelled,
      cancelledAt: isCancelled ? new Date() : null,
    });
    await db
      .insert(schema.invoices)
      .values([
        invoice(invoiced, 1, 2_000_000, daysAgo(3)),
        invoice(invoiced, 2, 900_000, daysAgo(3), true),
        invoice(invoiced, 3, 500_000, later(5)),
        invoice(paidUp, 4, 2_000_000, daysAgo(3)),
      ]);
    await caller.paymentItem.createPayment({ schoolId, studentId: invoiced, price: 6000, method: 'TRANSFER' });
    // Paid the invoice in full, then a charge raised what they owe: owing, nothing overdue.
    await caller.paymentItem.createPayment({ schoolId, studentId: paidUp, price: 20_000, method: 'CASH' });
    await caller.paymentItem.addCharge({ schoolId, studentId: paidUp, item: 'EXTRA_RIDE', label: 'Kondiční jízda', unitPrice: 700 });

    const owing = await caller.paymentItem.getOwingStudents({ schoolId });
    const overdueOf = (id: string) => owing.items.find((r) => r.id === id)?.overdue;
    expect(overdueOf(withPlan)).toBe(300_000);
    expect(overdueOf(invoiced)).toBe(1_400_000);
    expect(overdueOf(paidUp)).toBe(0);
    expect(overdueOf(neither)).toBeNull(); // nothing of theirs has a due date: not claimed overdue
    expect(owing.total.overdue).toBe(1_700_000);

    const d = await caller.dashboard.getOverview({ schoolId, from: daysAgo(60), to: today });
    expect(d.money.overdue).toBe(owing.total.overdue);
    expect(d.money.overdueStudents).toBe(2);
    expect(d.money.outstanding).toBe(owing.total.due);
  });
});

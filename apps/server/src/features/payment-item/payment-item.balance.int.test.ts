// Extras, charges, the price fixed at the training start, the owing list and the student list's 'Nedoplatek' filter.
import { schema } from '@volant/db/schema';
import { daysSince } from '@volant/shared/payment-item/balance';
import { schoolToday } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Caller, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent, studentInput } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const today = () => schoolToday(new Date());
const start = (caller: Caller, schoolId: string, studentsIds: string[], date?: string) => caller.student.setDateOfInProgress({ schoolId, studentsIds, date });
const priceB = (caller: Caller, schoolId: string, price: number | null) =>
  caller.paymentItem.setPriceListItem({ schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price });
const summaryOf = async (caller: Caller, schoolId: string, studentId: string) => (await caller.paymentItem.getPaymentItems({ schoolId, studentId })).summary;
const owing = (caller: Caller, schoolId: string, input: Omit<Parameters<Caller['paymentItem']['getOwingStudents']>[0], 'schoolId'> = {}) =>
  caller.paymentItem.getOwingStudents({ schoolId, ...input });
const auditActions = async (entityId: string) =>
  (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId))).map((e) => e.action).sort();

describe('extras in the price list', () => {
  it('the admin sets and removes an extra’s price, every member reads them; a teacher may not set', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.paymentItem.getPriceExtras({ schoolId })).toEqual([]);
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXTRA_RIDE', price: 650.5 });
    expect(await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXAM_REPEAT', price: 800 })).toEqual([
      { item: 'EXAM_REPEAT', price: 80_000 },
      { item: 'EXTRA_RIDE', price: 65_050 },
    ]);
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXTRA_RIDE', price: 700 });
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacher.id);
    expect(await teacherCaller.paymentItem.getPriceExtras({ schoolId })).toEqual([
      { item: 'EXAM_REPEAT', price: 80_000 },
      { item: 'EXTRA_RIDE', price: 70_000 },
    ]);
    await expect(teacherCaller.paymentItem.setPriceExtra({ schoolId, item: 'ADMIN_FEE', price: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXAM_REPEAT', price: null })).toEqual([{ item: 'EXTRA_RIDE', price: 70_000 }]);
    expect(await inputIssues(caller.paymentItem.setPriceExtra({ schoolId, item: 'EXTRA_RIDE', price: 1_000_000.01 }))).toEqual([
      'price: Částka musí být 0 až 1 000 000 Kč',
    ]);
    expect(await auditActions(schoolId)).toContain('paymentItem.setPriceExtra');
  });

  it('every price-list write tells the school after commit (courses and extras), a refused one does not', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const sent = app.deps.live.sent.length;
    await priceB(caller, schoolId, 20000);
    await priceB(caller, schoolId, null);
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'ADMIN_FEE', price: 300 });
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'ADMIN_FEE', price: null });
    await expect(caller.paymentItem.setPriceExtra({ schoolId, item: 'ADMIN_FEE', price: -1 })).rejects.toBeTruthy();
    const message = { room: `school:${schoolId}`, message: { PriceListMessage: { schoolId } } };
    expect(app.deps.live.sent.slice(sent)).toEqual([message, message, message, message]);
  });
});

describe('student charges', () => {
  it('adds a charge (quantity × unit price), lists it newest first with the summary owing more, removes it; audits', async () => {
    const { caller, schoolId, user } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    await caller.paymentItem.setStudentPrice({ schoolId, studentId, price: 20000, discount: 1000 });
    await caller.paymentItem.createPayment({ schoolId, studentId, price: 5000 });
    expect(await summaryOf(caller, schoolId, studentId)).toMatchObject({ charges: 0, owed: 1_900_000, due: 1_400_000, percent: 26 });

    const ride = await caller.paymentItem.addCharge({
      schoolId,
      studentId,
      item: 'EXTRA_RIDE',
      label: ' Kondiční jízda (45 min) ',
      quantity: 3,
      unitPrice: 650.5,
      chargedOn: '2026-10-01',
      note: 'Před zkouškou',
    });
    expect(ride).toEqual({
      id: ride.id,
      studentId,
      item: 'EXTRA_RIDE',
      label: 'Kondiční jízda (45 min)',
      quantity: 3,
      unitPrice: 65_050,
      total: 195_150,
      chargedOn: '2026-10-01',
      note: 'Před zkouškou',
      createdAt: expect.any(Date),
    });
    const fee = await caller.paymentItem.addCharge({ schoolId, studentId, item: 'ADMIN_FEE', label: 'Administrativní poplatek', unitPrice: 300 });
    expect(fee).toMatchObject({ quantity: 1, total: 30_000, chargedOn: today(), note: null });
    const [row] = await app.handle.db.select().from(schema.studentCharges).where(eq(schema.studentCharges.id, ride.id));
    expect(row).toMatchObject({ schoolId, createdBy: user.id, unitPrice: 65_050 });

    const list = await caller.paymentItem.getPaymentItems({ schoolId, studentId });
    expect(list.charges.map((c) => c.id)).toEqual([fee.id, ride.id]);
    expect(list.summary).toMatchObject({ price: 2_000_000, discount: 100_000, paid: 500_000, charges: 225_150, owed: 2_125_150, due: 1_625_150, percent: 23 });

    expect(await caller.paymentItem.removeCharge({ schoolId, studentId, id: ride.id })).toEqual({ ok: true });
    expect(await summaryOf(caller, schoolId, studentId)).toMatchObject({ charges: 30_000, owed: 1_930_000, due: 1_430_000 });
    await expect(caller.paymentItem.removeCharge({ schoolId, studentId, id: ride.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Položka nebyla nalezena.',
    });
    expect(await auditActions(ride.id)).toEqual(['paymentItem.addCharge', 'paymentItem.removeCharge']);
  });

  it('a teacher charges too; the fields are checked in Czech; a charge of another student is not found', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    const other = await createTestStudent(caller, schoolId);
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacher.id);
    const c = await teacherCaller.paymentItem.addCharge({ schoolId, studentId, item: 'EXAM_REPEAT', label: 'Opravná zkouška', unitPrice: 800 });
    await expect(caller.paymentItem.removeCharge({ schoolId, studentId: other, id: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await inputIssues(caller.paymentItem.addCharge({ schoolId, studentId, item: 'EXTRA_RIDE', label: '', unitPrice: 1, quantity: 0 }))).toEqual([
      'label: Prosím zadejte název položky!',
      'quantity: Množství musí být celé číslo 1 až 1000',
    ]);
    // The bounds hold in the database too: 1000 × 1 000 000 Kč.
    await expect(
      caller.paymentItem.addCharge({ schoolId, studentId, item: 'OTHER', label: 'x'.repeat(200), quantity: 1000, unitPrice: 1_000_000 }),
    ).resolves.toMatchObject({ total: 100_000_000_000 });
    expect(await summaryOf(caller, schoolId, studentId)).toMatchObject({ charges: 100_000_080_000, due: 100_000_080_000 });
  });

  it('a student of another school or a removed one is not found; each write tells the school after commit', async () => {
    const a = await setupSchool(app);
    const b = await setupSchool(app);
    const studentId = await createTestStudent(a.caller, a.schoolId);
    const sent = app.deps.live.sent.length;
    const c = await a.caller.paymentItem.addCharge({ schoolId: a.schoolId, studentId, item: 'EXTRA_RIDE', label: 'Jízda', unitPrice: 700 });
    const notFound = { code: 'NOT_FOUND', message: 'Student nebyl nalezen' };
    await expect(b.caller.paymentItem.addCharge({ schoolId: b.schoolId, studentId, item: 'EXTRA_RIDE', label: 'Jízda', unitPrice: 1 })).rejects.toMatchObject(
      notFound,
    );
    await expect(b.caller.paymentItem.removeCharge({ schoolId: b.schoolId, studentId, id: c.id })).rejects.toMatchObject(notFound);
    await expect(b.caller.paymentItem.removeCharge({ schoolId: a.schoolId, studentId, id: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await a.caller.paymentItem.removeCharge({ schoolId: a.schoolId, studentId, id: c.id });
    const message = { room: `school:${a.schoolId}`, message: { PaymentItemMessage: { schoolId: a.schoolId, studentId } } };
    expect(app.deps.live.sent.slice(sent)).toEqual([message, message]);
    await a.caller.student.removeStudent({ schoolId: a.schoolId, studentId });
    await expect(a.caller.paymentItem.addCharge({ schoolId: a.schoolId, studentId, item: 'EXTRA_RIDE', label: 'Jízda', unitPrice: 1 })).rejects.toMatchObject(
      notFound,
    );
  });
});

describe('the price when training starts', () => {
  const priceRow = (studentId: string) => app.handle.db.select().from(schema.studentPrices).where(eq(schema.studentPrices.studentId, studentId));

  it('copies the price list’s price for a started student; a later price-list change moves only the not-started one', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await priceB(caller, schoolId, 20000);
    const started = await createTestStudent(caller, schoolId);
    const waiting = await createTestStudent(caller, schoolId);
    await start(caller, schoolId, [started], '2026-03-02');
    expect(await priceRow(started)).toEqual([expect.objectContaining({ price: 2_000_000, discount: 0, fromPriceList: true })]);
    expect(await priceRow(waiting)).toEqual([]);
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId: started })).toMatchObject({ price: 2_000_000, source: 'PRICE_LIST_AT_START' });

    await priceB(caller, schoolId, 25000);
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId: started })).toMatchObject({ price: 2_000_000, source: 'PRICE_LIST_AT_START' });
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId: waiting })).toMatchObject({ price: 2_500_000, source: 'PRICE_LIST' });
    await priceB(caller, schoolId, null);
    expect(await summaryOf(caller, schoolId, started)).toMatchObject({ price: 2_000_000, owed: 2_000_000 });
    expect(await summaryOf(caller, schoolId, waiting)).toMatchObject({ price: null, owed: null });
  });

  it('keeps the office’s own price at the start, and the office’s edit of a copied price makes it their own', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await priceB(caller, schoolId, 20000);
    const own = await createTestStudent(caller, schoolId);
    const copied = await createTestStudent(caller, schoolId);
    await caller.paymentItem.setStudentPrice({ schoolId, studentId: own, price: 15000, discount: 500, discountReason: 'Akce' });
    await start(caller, schoolId, [own, copied]);
    expect(await priceRow(own)).toEqual([expect.objectContaining({ price: 1_500_000, discount: 50_000, fromPriceList: false })]);
    await caller.paymentItem.setStudentPrice({ schoolId, studentId: copied, price: 20000, discount: 2000 });
    expect(await priceRow(copied)).toEqual([expect.objectContaining({ price: 2_000_000, discount: 200_000, fromPriceList: false })]);
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId: copied })).toMatchObject({ source: 'STUDENT' });
  });

  it('an undone start removes the copy (the price follows the list again); the own price stays', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await priceB(caller, schoolId, 20000);
    const copied = await createTestStudent(caller, schoolId);
    const own = await createTestStudent(caller, schoolId);
    await caller.paymentItem.setStudentPrice({ schoolId, studentId: own, price: 15000 });
    await start(caller, schoolId, [copied, own]);
    const sent = app.deps.live.sent.length;
    await caller.student.setStudentState({ schoolId, studentsIds: [copied, own], state: 'NOT_STARTED' });
    expect(await priceRow(copied)).toEqual([]);
    expect(await priceRow(own)).toHaveLength(1);
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toContainEqual({ PaymentItemMessage: { schoolId, studentId: copied } });
    await priceB(caller, schoolId, 21000);
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId: copied })).toMatchObject({ price: 2_100_000, source: 'PRICE_LIST' });
  });

  it('a started student moved to another course gets that course’s listed price; without one, no copy', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await priceB(caller, schoolId, 20000);
    await caller.paymentItem.setPriceListItem({ schoolId, group: 'C', kind: 'BASIC', variant: 'COURSE', price: 30000 });
    const studentId = await createTestStudent(caller, schoolId);
    await start(caller, schoolId, [studentId]);
    const study = (group: ('B' | 'C' | 'A')[]) => ({ ...studentInput().studentStudyInfo, group });
    await caller.student.updateStudent({ schoolId, studentId, studentStudyInfo: study(['C']) });
    expect(await priceRow(studentId)).toEqual([expect.objectContaining({ price: 3_000_000, fromPriceList: true })]);
    await caller.student.updateStudent({ schoolId, studentId, studentStudyInfo: study(['A']) });
    expect(await priceRow(studentId)).toEqual([]);
  });

  it('a student whose group has no listed price at the start gets no copy, and the default follows the list', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    await start(caller, schoolId, [studentId]);
    expect(await priceRow(studentId)).toEqual([]);
    await priceB(caller, schoolId, 19000);
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId })).toMatchObject({ price: 1_900_000, source: 'PRICE_LIST' });
  });
});

describe('the owing list', () => {
  it('lists students whose price applies and who owe, with owed, paid, due, since when and days; totals', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await priceB(caller, schoolId, 20000);
    const novak = await createTestStudent(caller, schoolId, { firstName: 'Petr', lastName: 'Novák', registrationNumber: 'N-1' });
    const svoboda = await createTestStudent(caller, schoolId, { firstName: 'Eva', lastName: 'Svobodová', registrationNumber: 'S-1', group: ['B', 'A'] });
    const paidUp = await createTestStudent(caller, schoolId, { lastName: 'Zaplacený' });
    const notStarted = await createTestStudent(caller, schoolId, { lastName: 'Nezahájený' });
    const chargedOnly = await createTestStudent(caller, schoolId, { firstName: 'Jan', lastName: 'Černý', registrationNumber: 'C-1' });

    // Novák: started 2.3., paid 5 000 on 1.4.: owes 15 000 since 2.3.
    await start(caller, schoolId, [novak], '2026-03-02');
    await caller.paymentItem.createPayment({ schoolId, studentId: novak, price: 5000, paidOn: '2026-04-01' });
    // Svobodová: own price 18 000 − 1 000, started 1.2., paid all on 1.5., then 2 extra rides on 10.6.: owes 1 400 since 10.6.
    await caller.paymentItem.setStudentPrice({ schoolId, studentId: svoboda, price: 18000, discount: 1000 });
    await start(caller, schoolId, [svoboda], '2026-02-01');
    await caller.paymentItem.createPayment({ schoolId, studentId: svoboda, price: 17000, paidOn: '2026-05-01' });
    await caller.paymentItem.addCharge({
      schoolId,
      studentId: svoboda,
      item: 'EXTRA_RIDE',
      label: 'Jízda',
      quantity: 2,
      unitPrice: 700,
      chargedOn: '2026-06-10',
    });
    // Paid up: started, paid 20 000.
    await start(caller, schoolId, [paidUp], '2026-03-02');
    await caller.paymentItem.createPayment({ schoolId, studentId: paidUp, price: 20000, paidOn: '2026-03-02' });
    // Not started with only the list's default: the course price does not apply yet.
    // Charged only (not started): owes the charge since its day.
    await caller.paymentItem.addCharge({ schoolId, studentId: chargedOnly, item: 'ADMIN_FEE', label: 'Poplatek', unitPrice: 500, chargedOn: '2026-07-01' });

    const list = await owing(caller, schoolId);
    expect(list.today).toBe(today());
    expect(list.items).toEqual([
      {
        id: novak,
        firstName: 'Petr',
        lastName: 'Novák',
        degree: null,
        registrationNumber: 'N-1',
        groups: ['B'],
        state: 'IN_PROGRESS',
        owed: 2_000_000,
        paid: 500_000,
        due: 1_500_000,
        since: '2026-03-02',
        days: daysSince('2026-03-02', today()),
        // No instalment plan: nothing overdue to say (null, not 0 Kč), no next due date (issue 21 §2).
        overdue: null,
        nextDueOn: null,
      },
      expect.objectContaining({ id: svoboda, groups: ['B', 'A'], owed: 1_840_000, paid: 1_700_000, due: 140_000, since: '2026-06-10' }),
      expect.objectContaining({ id: chargedOnly, state: 'NOT_STARTED', owed: 50_000, paid: 0, due: 50_000, since: '2026-07-01' }),
    ]);
    expect(list.items.map((r) => r.id)).not.toContain(paidUp);
    expect(list.items.map((r) => r.id)).not.toContain(notStarted);
    expect(list.total).toEqual({ owed: 3_890_000, paid: 2_200_000, due: 1_690_000, overdue: 0 });

    // Sorted by since (oldest first), a least amount, a diacritics-insensitive search.
    expect((await owing(caller, schoolId, { sort: 'since' })).items.map((r) => r.id)).toEqual([novak, svoboda, chargedOnly]);
    expect((await owing(caller, schoolId, { minDue: 1400 })).items.map((r) => r.id)).toEqual([novak, svoboda]);
    expect((await owing(caller, schoolId, { minDue: 1400.01 })).items.map((r) => r.id)).toEqual([novak]);
    expect((await owing(caller, schoolId, { fullText: 'svobodova' })).items.map((r) => r.id)).toEqual([svoboda]);
    expect((await owing(caller, schoolId, { fullText: 'c-1' })).items.map((r) => r.id)).toEqual([chargedOnly]);
    expect((await owing(caller, schoolId, { fullText: 'nikdo' })).items).toEqual([]);
  });

  it('since: the day after the balance last reached zero; a payment on the day of a charge leaves no gap', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    await caller.paymentItem.setStudentPrice({ schoolId, studentId, price: 10000 });
    await start(caller, schoolId, [studentId], '2026-01-10');
    const pay = (price: number, paidOn: string) => caller.paymentItem.createPayment({ schoolId, studentId, price, paidOn });
    const charge = (unitPrice: number, chargedOn: string) =>
      caller.paymentItem.addCharge({ schoolId, studentId, item: 'OTHER', label: 'Položka', unitPrice, chargedOn });
    const since = async () => (await owing(caller, schoolId)).items.find((r) => r.id === studentId)?.since ?? null;

    expect(await since()).toBe('2026-01-10');
    await pay(3000, '2026-01-05'); // a deposit before the start
    expect(await since()).toBe('2026-01-10');
    await pay(7000, '2026-02-01'); // settled
    expect(await since()).toBe(null);
    await charge(500, '2026-03-01');
    await pay(500, '2026-03-01'); // paid the same day
    expect(await since()).toBe(null);
    await charge(800, '2026-04-15');
    expect(await since()).toBe('2026-04-15');
    await pay(300, '2026-05-01'); // partly paid: still owing since the charge
    expect(await since()).toBe('2026-04-15');
    // A charge recorded late, dated 20.1.: 1.2. no longer settled everything, so the debt runs from the start again.
    await charge(200, '2026-01-20');
    expect(await since()).toBe('2026-01-10');
  });

  it('leaves out removed students and those waiting for admission; another school’s students never show', async () => {
    const a = await setupSchool(app);
    const b = await setupSchool(app);
    const removed = await createTestStudent(a.caller, a.schoolId);
    await a.caller.paymentItem.addCharge({ schoolId: a.schoolId, studentId: removed, item: 'OTHER', label: 'X', unitPrice: 100 });
    await a.caller.student.removeStudent({ schoolId: a.schoolId, studentId: removed });
    const kept = await createTestStudent(a.caller, a.schoolId);
    await a.caller.paymentItem.addCharge({ schoolId: a.schoolId, studentId: kept, item: 'OTHER', label: 'X', unitPrice: 100 });
    await app.handle.db
      .update(schema.students)
      .set({ state: 'WAITING_FOR_ADMISSION' })
      .where(and(eq(schema.students.schoolId, a.schoolId), eq(schema.students.id, kept)));
    expect((await owing(a.caller, a.schoolId)).items).toEqual([]);
    expect((await owing(b.caller, b.schoolId)).items).toEqual([]);
    await expect(owing(b.caller, a.schoolId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the student list’s Nedoplatek filter', () => {
  it('shows only students who owe, combined with the other filters', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await priceB(caller, schoolId, 20000);
    const owes = await createTestStudent(caller, schoolId, { lastName: 'Dlužník' });
    const paid = await createTestStudent(caller, schoolId, { lastName: 'Platič' });
    const charged = await createTestStudent(caller, schoolId, { lastName: 'Poplatník' });
    await createTestStudent(caller, schoolId, { lastName: 'Nový' });
    await start(caller, schoolId, [owes, paid]);
    await caller.paymentItem.createPayment({ schoolId, studentId: paid, price: 20000 });
    await caller.paymentItem.addCharge({ schoolId, studentId: charged, item: 'ADMIN_FEE', label: 'Poplatek', unitPrice: 300 });
    const ids = async (input: Partial<Parameters<Caller['student']['students']>[0]>) =>
      (await caller.student.students({ schoolId, sortField: 'lastName', sortDirection: 'asc', ...input })).items.map((s) => s.id);

    expect(await ids({ owing: true })).toEqual([owes, charged]);
    expect((await caller.student.students({ schoolId, owing: true })).total).toBe(2);
    expect(await ids({ owing: true, states: ['IN_PROGRESS'] })).toEqual([owes]);
    expect(await ids({ owing: true, fullText: 'poplat' })).toEqual([charged]);
    expect(await ids({ owing: false })).toHaveLength(4);
    await caller.paymentItem.createPayment({ schoolId, studentId: owes, price: 20000 });
    expect(await ids({ owing: true })).toEqual([charged]);
    // Past the last page: the total still counts the filtered students.
    expect(await caller.student.students({ schoolId, owing: true, currentPage: 5 })).toEqual({ items: [], total: 1 });
  });
});

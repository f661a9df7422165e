import { schema } from '@volant/db/schema';
import { schoolToday } from '@volant/shared/school-time';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestStudent } from '../student/student.testing.ts';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

async function aStudent(o: Parameters<typeof createTestStudent>[2] = {}) {
  const s = await setupSchool(app);
  const studentId = await createTestStudent(s.caller, s.schoolId, o);
  return { ...s, studentId };
}

const auditActions = async (entityId: string) =>
  (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId))).map((e) => e.action).sort();

describe('payments', () => {
  it('records a payment in exact haléře, lists newest first with the summary, and audits', async () => {
    const { caller, schoolId, studentId, user } = await aStudent();
    const first = await caller.paymentItem.createPayment({ schoolId, studentId, price: 1234.56, paidOn: '2026-10-01', method: 'CARD', note: ' Záloha ' });
    expect(first).toEqual({ id: first.id, studentId, price: 123456, paidOn: '2026-10-01', method: 'CARD', note: 'Záloha', createdAt: expect.any(Date) });
    const second = await caller.paymentItem.createPayment({ schoolId, studentId, price: 0.1 + 0.2 });
    expect(second).toMatchObject({ price: 30, paidOn: schoolToday(new Date()), method: 'CASH', note: null });
    const [row] = await app.handle.db.select().from(schema.paymentItems).where(eq(schema.paymentItems.id, first.id));
    expect(row).toMatchObject({ price: 123456, createdBy: user.id });

    const list = await caller.paymentItem.getPaymentItems({ schoolId, studentId });
    expect(list.items.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(list.summary).toEqual({
      price: null,
      discount: 0,
      discountReason: null,
      // No price list entry: the price is missing (named), not 0 Kč.
      source: 'MISSING',
      missing: { group: 'B', kind: 'BASIC', variant: 'COURSE' },
      paid: 123486,
      charges: 0,
      owed: null,
      due: null,
      percent: null,
    });
    expect(list.charges).toEqual([]);
    expect(await auditActions(first.id)).toEqual(['paymentItem.create']);
  });

  it('removes a payment of that student only, and audits it', async () => {
    const { caller, schoolId, studentId } = await aStudent();
    const other = await createTestStudent(caller, schoolId);
    const p = await caller.paymentItem.createPayment({ schoolId, studentId, price: 500 });
    await expect(caller.paymentItem.removePayment({ schoolId, studentId: other, id: p.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Platba nebyla nalezena.',
    });
    expect(await caller.paymentItem.removePayment({ schoolId, studentId, id: p.id })).toEqual({ ok: true });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId })).items).toEqual([]);
    await expect(caller.paymentItem.removePayment({ schoolId, studentId, id: p.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await auditActions(p.id)).toEqual(['paymentItem.create', 'paymentItem.remove']);
  });

  it('refuses invalid fields with the Czech messages', async () => {
    const { caller, schoolId, studentId } = await aStudent();
    expect(await inputIssues(caller.paymentItem.createPayment({ schoolId, studentId } as never))).toEqual(['price: Prosím zadejte částku!']);
    expect(await inputIssues(caller.paymentItem.createPayment({ schoolId, studentId, price: 1_000_000.01 }))).toEqual([
      'price: Částka musí být 0 až 1 000 000 Kč',
    ]);
    expect(await inputIssues(caller.paymentItem.createPayment({ schoolId, studentId, price: -5 }))).toEqual(['price: Částka musí být 0 až 1 000 000 Kč']);
    expect(await inputIssues(caller.paymentItem.createPayment({ schoolId, studentId, price: 1.234 }))).toEqual([
      'price: Částka může mít nejvýše 2 desetinná místa',
    ]);
    expect(await inputIssues(caller.paymentItem.createPayment({ schoolId, studentId, price: 1, note: 'x'.repeat(1001) }))).toEqual([
      'note: Poznámka může mít nejvýše 1000 znaků',
    ]);
    // The bounds themselves are fine.
    await expect(caller.paymentItem.createPayment({ schoolId, studentId, price: 1_000_000, note: 'x'.repeat(1000) })).resolves.toMatchObject({
      price: 100_000_000,
    });
    await expect(caller.paymentItem.createPayment({ schoolId, studentId, price: 0 })).resolves.toMatchObject({ price: 0 });
  });

  it('a student of another school or a removed one is not found', async () => {
    const a = await aStudent();
    const b = await setupSchool(app);
    const p = await a.caller.paymentItem.createPayment({ schoolId: a.schoolId, studentId: a.studentId, price: 100 });
    const notFound = { code: 'NOT_FOUND', message: 'Student nebyl nalezen' };
    await expect(b.caller.paymentItem.getPaymentItems({ schoolId: b.schoolId, studentId: a.studentId })).rejects.toMatchObject(notFound);
    await expect(b.caller.paymentItem.createPayment({ schoolId: b.schoolId, studentId: a.studentId, price: 1 })).rejects.toMatchObject(notFound);
    await expect(b.caller.paymentItem.removePayment({ schoolId: b.schoolId, studentId: a.studentId, id: p.id })).rejects.toMatchObject(notFound);
    await expect(b.caller.paymentItem.getPaymentItems({ schoolId: a.schoolId, studentId: a.studentId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await a.caller.student.removeStudent({ schoolId: a.schoolId, studentId: a.studentId });
    await expect(a.caller.paymentItem.getPaymentItems({ schoolId: a.schoolId, studentId: a.studentId })).rejects.toMatchObject(notFound);
    await expect(a.caller.paymentItem.createPayment({ schoolId: a.schoolId, studentId: a.studentId, price: 1 })).rejects.toMatchObject(notFound);
    await expect(a.caller.paymentItem.getStudentPrice({ schoolId: a.schoolId, studentId: a.studentId })).rejects.toMatchObject(notFound);
  });

  it('tells the school about every change of the student’s payments or price, after commit only', async () => {
    const { caller, schoolId, studentId } = await aStudent();
    const sent = app.deps.live.sent.length;
    const p = await caller.paymentItem.createPayment({ schoolId, studentId, price: 100 });
    await caller.paymentItem.removePayment({ schoolId, studentId, id: p.id });
    await caller.paymentItem.setStudentPrice({ schoolId, studentId, price: 1000 });
    await expect(caller.paymentItem.createPayment({ schoolId, studentId, price: -1 })).rejects.toBeTruthy();
    await expect(caller.paymentItem.removePayment({ schoolId, studentId, id: p.id })).rejects.toBeTruthy();
    const message = { room: `school:${schoolId}`, message: { PaymentItemMessage: { schoolId, studentId } } };
    expect(app.deps.live.sent.slice(sent)).toEqual([message, message, message]);
  });
});

describe('prices', () => {
  it('the price list: admin sets and removes, every member reads; others are refused', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.paymentItem.getPriceList({ schoolId })).toEqual([]);
    await caller.paymentItem.setPriceListItem({ schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price: 18990.5 });
    const list = await caller.paymentItem.setPriceListItem({ schoolId, group: 'A', kind: 'BASIC', variant: 'ISP', price: 12000 });
    expect(list).toEqual([
      { group: 'A', kind: 'BASIC', variant: 'ISP', price: 1_200_000 },
      { group: 'B', kind: 'BASIC', variant: 'COURSE', price: 1_899_050 },
    ]);
    // Setting again replaces the price.
    await caller.paymentItem.setPriceListItem({ schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price: 19000 });
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacher.id);
    expect((await teacherCaller.paymentItem.getPriceList({ schoolId })).find((r) => r.group === 'B')?.price).toBe(1_900_000);
    await expect(teacherCaller.paymentItem.setPriceListItem({ schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await caller.paymentItem.setPriceListItem({ schoolId, group: 'A', kind: 'BASIC', variant: 'ISP', price: null })).toEqual([
      { group: 'B', kind: 'BASIC', variant: 'COURSE', price: 1_900_000 },
    ]);
  });

  it('the student’s price: the price list’s by default (nothing written), their own with a discount, paid against it', async () => {
    const { caller, schoolId, studentId } = await aStudent({ group: ['B'] });
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId })).toEqual({
      studentId,
      price: null,
      discount: 0,
      discountReason: null,
      source: 'MISSING',
      missing: { group: 'B', kind: 'BASIC', variant: 'COURSE' },
    });
    await caller.paymentItem.setPriceListItem({ schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price: 20000 });
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId })).toEqual({
      studentId,
      price: 2_000_000,
      discount: 0,
      discountReason: null,
      source: 'PRICE_LIST',
      missing: null,
    });
    expect(await app.handle.db.select().from(schema.studentPrices).where(eq(schema.studentPrices.studentId, studentId))).toEqual([]);
    await caller.paymentItem.createPayment({ schoolId, studentId, price: 5000 });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId })).summary).toMatchObject({ paid: 500_000, due: 1_500_000, percent: 25 });

    await caller.paymentItem.setStudentPrice({ schoolId, studentId, price: 18000, discount: 3000, discountReason: 'Sourozenec' });
    expect(await caller.paymentItem.getStudentPrice({ schoolId, studentId })).toEqual({
      studentId,
      price: 1_800_000,
      discount: 300_000,
      discountReason: 'Sourozenec',
      source: 'STUDENT',
      missing: null,
    });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId })).summary).toMatchObject({ paid: 500_000, due: 1_000_000, percent: 33 });
    await caller.paymentItem.createPayment({ schoolId, studentId, price: 12000 });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId })).summary).toMatchObject({ paid: 1_700_000, due: 0, percent: 100 });
    expect(await auditActions(studentId)).toContain('paymentItem.setStudentPrice');
  });

  it('the student’s price: the discount at most the price; admin only', async () => {
    const { caller, schoolId, studentId } = await aStudent();
    expect(await inputIssues(caller.paymentItem.setStudentPrice({ schoolId, studentId, price: 100, discount: 200 }))).toEqual([
      'discount: Sleva nemůže být vyšší než cena kurzu',
    ]);
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacher.id);
    await expect(teacherCaller.paymentItem.setStudentPrice({ schoolId, studentId, price: 100 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // A teacher reads the price and records payments.
    await expect(teacherCaller.paymentItem.getStudentPrice({ schoolId, studentId })).resolves.toMatchObject({ price: null });
    await expect(teacherCaller.paymentItem.createPayment({ schoolId, studentId, price: 100 })).resolves.toMatchObject({ price: 10_000 });
  });
});

// Issue 17, item 3: every path by which a price reaches a student, with amounts that are not round, through the real
// router on a real database — the application form's course → the admitted student's own price → the Platba tab →
// Nedoplatky → the owing CSV → an invoice and its PDF text; the price list → a started student; a manual price with a
// discount; charges. Each step asserts the koruny a person reads. Item 10: a student the price list has no price for
// is MISSING (named by group, training kind and type), not 0 Kč, and the owing list names them apart.
import { formatMoney, toCzk } from '@volant/shared/money';
import { owingCsv } from '@volant/shared/payment-item/owing-csv';
import { invoiceLayout } from '@volant/shared/pdf/layouts';
import { schoolToday } from '@volant/shared/school-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { testSchoolId } from '../../testing/tenant.ts';
import { invoiceDocument } from '../invoice/invoice.pdf.ts';
import { type Caller, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { applicantInput, createTestForm, tokenFor } from '../application-form/application-form.testing.ts';
import { setOperator } from '../invoice/invoice.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** What a person reads: '22 899,50 Kč' with the non-breaking spaces as plain ones. */
const kc = (halere: number | null) => (halere === null ? null : formatMoney(halere).replace(/\s/g, ' '));

const study = {
  group: ['B' as const],
  currentGroups: [],
  trainingKind: 'BASIC' as const,
  trainingType: 'COURSE' as const,
  carIdNumber: 'EA778899',
  note: null,
};

async function platba(caller: Caller, schoolId: string, studentId: string) {
  const { summary, charges, items } = await caller.paymentItem.getPaymentItems({ schoolId, studentId });
  return {
    source: summary.source,
    missing: summary.missing,
    price: kc(summary.price),
    discount: kc(summary.discount),
    charges: kc(summary.charges),
    owed: kc(summary.owed),
    paid: kc(summary.paid),
    due: kc(summary.due),
    lines: charges.map((c) => `${c.quantity} × ${kc(c.unitPrice)} = ${kc(c.total)}`),
    payments: items.map((p) => kc(p.price)),
  };
}

async function owingOf(caller: Caller, schoolId: string) {
  const list = await caller.paymentItem.getOwingStudents({ schoolId });
  return { list, rows: Object.fromEntries(list.items.map((r) => [r.id, { owed: kc(r.owed), paid: kc(r.paid), due: kc(r.due) }])) };
}

describe('a non-round price reaches the student the same on every path', () => {
  it('form course 22 899,50 Kč → admitted student → Platba → Nedoplatky → CSV → invoice and its PDF', async () => {
    const s = await setupSchool(app);
    await setOperator(s.caller, s.schoolId);
    // The office types the course price in koruny, with haléře.
    const { formId, courseId } = await createTestForm(s.caller, s.schoolId, {
      courses: [{ name: 'Skupina B', description: 'Osobní automobil', price: 22_899.5 }],
    });
    // The public page and the office's list show it as offered.
    const [form] = await s.caller.applicationForm.getApplicationForms({ schoolId: s.schoolId });
    expect(kc(form.courses[0].price)).toBe('22 899,50 Kč');
    const publicForm = await app.anonymous.applicationForm.getPublicForm({ formId });
    expect(kc(publicForm.courses[0].price)).toBe('22 899,50 Kč');

    await app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, await tokenFor(app, formId)));
    const [application] = await s.caller.applicationForm.getApplications({ schoolId: s.schoolId, status: 'PENDING' });
    expect(kc(application.coursePrice)).toBe('22 899,50 Kč');
    const { studentId } = await s.caller.applicationForm.admitApplication({
      schoolId: s.schoolId,
      applicationId: application.id,
      registrationNumber: 'P-2026/017',
      studentStudyInfo: study,
    });

    // The admitted student's own price: 22 899,50 Kč (it used to be 228,99 Kč).
    expect(await platba(s.caller, s.schoolId, studentId)).toMatchObject({
      source: 'STUDENT',
      missing: null,
      price: '22 899,50 Kč',
      discount: '0,00 Kč',
      owed: '22 899,50 Kč',
      paid: '0,00 Kč',
      due: '22 899,50 Kč',
    });
    await s.caller.paymentItem.createPayment({ schoolId: s.schoolId, studentId, price: 10_000.25, method: 'CASH' });
    expect(await platba(s.caller, s.schoolId, studentId)).toMatchObject({ paid: '10 000,25 Kč', due: '12 899,25 Kč', payments: ['10 000,25 Kč'] });

    // Nedoplatky and its CSV.
    const { list, rows } = await owingOf(s.caller, s.schoolId);
    expect(rows[studentId]).toEqual({ owed: '22 899,50 Kč', paid: '10 000,25 Kč', due: '12 899,25 Kč' });
    expect(kc(list.total.due)).toBe('12 899,25 Kč');
    const csv = owingCsv(list.items.map((r) => ({ ...r, name: `${r.firstName} ${r.lastName}` })));
    expect(csv.split('\r\n')[1]).toContain('"P-2026/017";"B";"Nezahájen";"22899,50";"10000,25";"12899,25"');

    // An invoice for the student: the office's form starts from the Platba summary, in koruny.
    const { summary } = await s.caller.paymentItem.getPaymentItems({ schoolId: s.schoolId, studentId });
    const invoice = await s.caller.invoice.issueInvoice({
      schoolId: s.schoolId,
      studentId,
      issuedOn: schoolToday(new Date()),
      lines: [{ text: 'Výcvik skupiny B – kurz', quantity: 1, unitPrice: toCzk((summary.price ?? 0) - summary.discount) }],
    });
    expect(kc(invoice.total)).toBe('22 899,50 Kč');
    const vm = await invoiceDocument.load(app.handle.db, testSchoolId(s.schoolId), { entityId: invoice.id, params: {} }, new Date());
    const layout = invoiceLayout(vm);
    expect(layout.items.table.rows.map((r) => r.map((c) => String(c).replace(/\s/g, ' ')))).toEqual([
      ['1', 'Výcvik skupiny B – kurz', '1', '22 899,50 Kč', '22 899,50 Kč'],
    ]);
    expect(`${layout.total.label}${layout.total.amount}`.replace(/\s/g, ' ')).toBe('Celkem k úhradě: 22 899,50 Kč');
  });

  it('price list → a new student dle ceníku → started (the copy) ; manual price with a discount ; charges', async () => {
    const s = await setupSchool(app);
    await s.caller.paymentItem.setPriceListItem({ schoolId: s.schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price: 24_899.9 });
    expect((await s.caller.paymentItem.getPriceList({ schoolId: s.schoolId })).map((p) => kc(p.price))).toEqual(['24 899,90 Kč']);

    const listed = await createTestStudent(s.caller, s.schoolId);
    expect(await platba(s.caller, s.schoolId, listed)).toMatchObject({ source: 'PRICE_LIST', price: '24 899,90 Kč', due: '24 899,90 Kč' });
    // Not started: the price does not apply yet, so not owing.
    expect((await owingOf(s.caller, s.schoolId)).rows[listed]).toBeUndefined();
    await s.caller.student.setDateOfInProgress({ schoolId: s.schoolId, studentsIds: [listed] });
    expect(await platba(s.caller, s.schoolId, listed)).toMatchObject({ source: 'PRICE_LIST_AT_START', price: '24 899,90 Kč' });
    expect((await owingOf(s.caller, s.schoolId)).rows[listed]).toEqual({ owed: '24 899,90 Kč', paid: '0,00 Kč', due: '24 899,90 Kč' });

    // The office's own price with a discount.
    const own = await createTestStudent(s.caller, s.schoolId);
    await s.caller.paymentItem.setStudentPrice({ schoolId: s.schoolId, studentId: own, price: 19_999.99, discount: 1_000.49, discountReason: 'Sourozenec' });
    expect(await platba(s.caller, s.schoolId, own)).toMatchObject({
      source: 'STUDENT',
      price: '19 999,99 Kč',
      discount: '1 000,49 Kč',
      owed: '18 999,50 Kč',
      due: '18 999,50 Kč',
    });
    expect((await owingOf(s.caller, s.schoolId)).rows[own]).toEqual({ owed: '18 999,50 Kč', paid: '0,00 Kč', due: '18 999,50 Kč' });

    // Charges: 3 kondiční jízdy at 899,99 Kč.
    await s.caller.paymentItem.setPriceExtra({ schoolId: s.schoolId, item: 'EXTRA_RIDE', price: 899.99 });
    const [extra] = await s.caller.paymentItem.getPriceExtras({ schoolId: s.schoolId });
    await s.caller.paymentItem.addCharge({
      schoolId: s.schoolId,
      studentId: own,
      item: 'EXTRA_RIDE',
      label: 'Kondiční jízda',
      quantity: 3,
      unitPrice: toCzk(extra.price),
    });
    expect(await platba(s.caller, s.schoolId, own)).toMatchObject({
      charges: '2 699,97 Kč',
      owed: '21 699,47 Kč',
      lines: ['3 × 899,99 Kč = 2 699,97 Kč'],
    });
    const { list, rows } = await owingOf(s.caller, s.schoolId);
    expect(rows[own]).toEqual({ owed: '21 699,47 Kč', paid: '0,00 Kč', due: '21 699,47 Kč' });
    expect(kc(list.total.due)).toBe('46 599,37 Kč');
    expect(list.missingPrice).toEqual([]);
  });

  it('a student the price list has no price for: MISSING with the group and training, never 0 Kč owed', async () => {
    const s = await setupSchool(app);
    await s.caller.paymentItem.setPriceListItem({ schoolId: s.schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price: 24_900 });
    const noPrice = await createTestStudent(s.caller, s.schoolId, { group: ['A2'], lastName: 'Bezceník' });
    expect(await platba(s.caller, s.schoolId, noPrice)).toMatchObject({
      source: 'MISSING',
      missing: { group: 'A2', kind: 'BASIC', variant: 'COURSE' },
      price: null,
      owed: null,
      due: null,
    });
    // Not started: nothing applies yet, the owing list does not name them.
    expect((await owingOf(s.caller, s.schoolId)).list.missingPrice).toEqual([]);
    await s.caller.student.setDateOfInProgress({ schoolId: s.schoolId, studentsIds: [noPrice] });
    const { list, rows } = await owingOf(s.caller, s.schoolId);
    expect(rows[noPrice]).toBeUndefined();
    expect(list.missingPrice).toEqual([
      expect.objectContaining({ id: noPrice, lastName: 'Bezceník', groups: ['A2'], trainingKind: 'BASIC', trainingType: 'COURSE' }),
    ]);
    // The search narrows them too; once the price list has the price, they owe it.
    expect((await s.caller.paymentItem.getOwingStudents({ schoolId: s.schoolId, fullText: 'novak' })).missingPrice).toEqual([]);
    await s.caller.paymentItem.setPriceListItem({ schoolId: s.schoolId, group: 'A2', kind: 'BASIC', variant: 'COURSE', price: 17_500 });
    const after = await owingOf(s.caller, s.schoolId);
    expect(after.list.missingPrice).toEqual([]);
    expect(after.rows[noPrice]).toEqual({ owed: '17 500,00 Kč', paid: '0,00 Kč', due: '17 500,00 Kč' });
  });
});

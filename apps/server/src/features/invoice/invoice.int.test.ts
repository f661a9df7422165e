import { schema } from '@volant/db/schema';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { asHalere } from '@volant/shared/money';
import { and, asc, eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { cancelInvoiceInput, issueInvoiceInput } from '@volant/shared/invoice/inputs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testSchoolId } from '../../testing/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { describeInput, mutate, sampleValid, seededRng } from '../../testing/zod-fuzz.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { issueInvoice } from './invoice.service.ts';
import { setOperator, testOperator } from './invoice.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const course = { text: 'Výcvik skupiny B', quantity: 1, unitPrice: 18990 };

/** A school with its operator filled and one student (Ing. Jan Dvořák). */
async function anIssuer(operator: Parameters<typeof setOperator>[2] = {}) {
  const s = await setupSchool(app);
  await setOperator(s.caller, s.schoolId, operator);
  const studentId = await createTestStudent(s.caller, s.schoolId);
  await app.handle.db.update(schema.students).set({ degree: 'Ing.' }).where(eq(schema.students.id, studentId));
  return { ...s, studentId };
}

const storedLines = (invoiceId: string) =>
  app.handle.db.select().from(schema.invoiceLines).where(eq(schema.invoiceLines.invoiceId, invoiceId)).orderBy(asc(schema.invoiceLines.position));

const seqsOf = async (schoolId: string, year: number) =>
  (
    await app.handle.db
      .select({ seq: schema.invoices.seq })
      .from(schema.invoices)
      .where(and(eq(schema.invoices.schoolId, schoolId), eq(schema.invoices.year, year)))
      .orderBy(asc(schema.invoices.seq))
  ).map((r) => r.seq);

describe('operator settings', () => {
  it('stores and serves the VAT payer, DIČ, bank account and due days; a payer needs a DIČ', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const base = { name: 'Volant s.r.o.', companyNumber: '27074358', street: 'Kounicova', streetCode: '12', city: 'Brno', postCode: '60200' };
    const plain = await caller.school.updateSchool({ schoolId, operator: base });
    expect(plain.schoolOperator).toMatchObject({ vatPayer: false, vatId: null, bankAccount: null, invoiceDueDays: 14 });
    expect(await inputIssues(caller.school.updateSchool({ schoolId, operator: { ...base, vatPayer: true } }))).toEqual(['operator.vatId: Prosím zadejte DIČ!']);
    expect(await inputIssues(caller.school.updateSchool({ schoolId, operator: { ...base, invoiceDueDays: 91 } }))).toEqual([
      'operator.invoiceDueDays: Splatnost musí být 1 až 90 dní',
    ]);
    const payer = await caller.school.updateSchool({
      schoolId,
      operator: { ...base, vatPayer: true, vatId: ' CZ27074358 ', bankAccount: '19-2000145399/0800', invoiceDueDays: 30 },
    });
    expect(payer.schoolOperator).toMatchObject({ vatPayer: true, vatId: 'CZ27074358', bankAccount: '19-2000145399/0800', invoiceDueDays: 30 });
    expect((await caller.user.getGroupSettings({ schoolId })).schoolOperator).toMatchObject({ vatPayer: true, invoiceDueDays: 30 });
    // Removing the operator clears the VAT data and keeps the due days.
    expect((await caller.school.updateSchool({ schoolId, operator: null })).schoolOperator).toBeNull();
    const [row] = await app.handle.db.select().from(schema.schools).where(eq(schema.schools.id, schoolId));
    expect(row).toMatchObject({ operatorVatPayer: false, operatorVatId: null, operatorBankAccount: null, invoiceDueDays: 30 });
  });
});

describe('the bank account (issue 17)', () => {
  const base = { name: 'Volant s.r.o.', companyNumber: '27074358', street: 'Kounicova', streetCode: '12', city: 'Brno', postCode: '60200' };

  it('settings: a Czech account or an IBAN, checked (mod-11, mod-97) with Czech messages, stored normalized with its IBAN', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await inputIssues(caller.school.updateSchool({ schoolId, operator: { ...base, bankAccount: '123456789/0800' } }))).toEqual([
      'operator.bankAccount: Neplatné číslo účtu (nesouhlasí kontrolní součet)',
    ]);
    expect(await inputIssues(caller.school.updateSchool({ schoolId, operator: { ...base, bankAccount: '18-2000145399/0800' } }))).toEqual([
      'operator.bankAccount: Neplatné předčíslí účtu (nesouhlasí kontrolní součet)',
    ]);
    expect(await inputIssues(caller.school.updateSchool({ schoolId, operator: { ...base, bankAccount: 'CZ6608000000192000145399' } }))).toEqual([
      'operator.bankAccount: Neplatný IBAN (nesouhlasí kontrolní číslice)',
    ]);
    expect(await inputIssues(caller.school.updateSchool({ schoolId, operator: { ...base, bankAccount: 'účet u ČSOB' } }))).toEqual([
      'operator.bankAccount: Zadejte účet ve tvaru předčíslí-číslo/kód banky (např. 19-2000145399/0800) nebo jako IBAN',
    ]);
    const saved = await caller.school.updateSchool({ schoolId, operator: { ...base, bankAccount: 'CZ65 0800 0000 1920 0014 5399' } });
    expect(saved.schoolOperator).toMatchObject({ bankAccount: '19-2000145399/0800', bankIban: 'CZ6508000000192000145399' });
    const [row] = await app.handle.db.select().from(schema.schools).where(eq(schema.schools.id, schoolId));
    expect(row).toMatchObject({ operatorBankAccount: '19-2000145399/0800', operatorBankIban: 'CZ6508000000192000145399' });
    await caller.school.updateSchool({ schoolId, operator: { ...base, bankAccount: '' } });
    const [cleared] = await app.handle.db.select().from(schema.schools).where(eq(schema.schools.id, schoolId));
    expect(cleared).toMatchObject({ operatorBankAccount: null, operatorBankIban: null });
  });

  it('refuses a bank-transfer document without an account, naming the setting; cash and card need none; nothing numbered', async () => {
    const { caller, schoolId, studentId } = await anIssuer({ bankAccount: null });
    await expect(caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-03-10', lines: [course] })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Pro doklad s platbou převodem vyplňte bankovní účet v Nastavení → Provozovatel.',
    });
    await expect(
      caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-03-10', kind: 'RECEIPT', paymentMethod: 'TRANSFER', lines: [course] }),
    ).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(await seqsOf(schoolId, 2026)).toEqual([]);
    const cash = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-03-10', paymentMethod: 'CASH', lines: [course] });
    expect(cash).toMatchObject({ number: '20260001', paymentMethod: 'CASH', supplier: { bankAccount: null, bankIban: null } });
    expect((await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-03-10', paymentMethod: 'CARD', lines: [course] })).seq).toBe(2);
  });

  it('an account saved before the validation (no IBAN) is refused as not valid', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    await app.handle.db.update(schema.schools).set({ operatorBankAccount: '123456789/0800', operatorBankIban: null }).where(eq(schema.schools.id, schoolId));
    await expect(caller.invoice.issueInvoice({ schoolId, studentId, lines: [course] })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Bankovní účet v Nastavení → Provozovatel není platný. Opravte ho, doklad s platbou převodem ho musí uvádět.',
    });
  });

  it('a bank-transfer invoice carries the account, its IBAN and the variable symbol (the number by default); its credit note keeps them', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    const inv = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-03-10', lines: [course] });
    expect(inv).toMatchObject({
      paymentMethod: 'TRANSFER',
      variableSymbol: '20260001',
      supplier: { bankAccount: '19-2000145399/0800', bankIban: 'CZ6508000000192000145399' },
    });
    const own = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-03-10', variableSymbol: '7701', lines: [course] });
    expect(own.variableSymbol).toBe('7701');
    // A later change of the school's account does not change an issued document.
    await setOperator(caller, schoolId, { bankAccount: 'SK3112000000198742637541' });
    const { creditNote } = await caller.invoice.cancelInvoice({ schoolId, id: inv.id, reason: 'Chyba' });
    expect(creditNote.supplier).toMatchObject({ bankAccount: '19-2000145399/0800', bankIban: 'CZ6508000000192000145399' });
    expect((await caller.invoice.getInvoice({ schoolId, id: own.id })).supplier.bankIban).toBe('CZ6508000000192000145399');
  });
});

describe('issuing', () => {
  it('a non-payer’s invoice: number, supplier and customer copies, no VAT, defaults; audited and announced', async () => {
    const { caller, schoolId, studentId, user } = await anIssuer();
    const sent = app.deps.live.sent.length;
    const inv = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      issuedOn: '2026-03-10',
      lines: [course, { text: 'Kondiční jízda', quantity: 2, unitPrice: 750.5, vatRate: 21 }],
    });
    expect(inv).toMatchObject({
      kind: 'INVOICE',
      year: 2026,
      seq: 1,
      number: '20260001',
      studentId,
      student: { id: studentId, name: 'Ing. Jan Dvořák' },
      supplier: {
        name: testOperator.name,
        companyNumber: '27074358',
        vatId: null,
        address: 'Kounicova 12, 602 00 Brno',
        bankAccount: '19-2000145399/0800',
        bankIban: 'CZ6508000000192000145399',
      },
      customer: { name: 'Ing. Jan Dvořák', companyNumber: null, vatId: null, address: 'Lidická 12, 602 00 Brno' },
      vatMode: 'NON_PAYER',
      issuedOn: '2026-03-10',
      dueOn: '2026-03-24',
      taxableOn: null,
      variableSymbol: '20260001',
      paymentMethod: 'TRANSFER',
      total: 1899000 + 150100,
      totalVat: 0,
      vatRows: [],
      isCancelled: false,
      creditNote: null,
      creditNoteFor: null,
    });
    expect(inv.lines).toEqual([
      { position: 1, text: 'Výcvik skupiny B', quantity: 1, unitPrice: 1899000, vatRate: 0, total: 1899000 },
      { position: 2, text: 'Kondiční jízda', quantity: 2, unitPrice: 75050, vatRate: 0, total: 150100 },
    ]);
    expect((await storedLines(inv.id)).map((l) => l.vatRate)).toEqual([0, 0]);
    const [row] = await app.handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, inv.id));
    expect(row).toMatchObject({ createdBy: user.id, totalVat: 0 });
    const [entry] = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, inv.id));
    expect(entry.action).toBe('invoice.issue');
    expect(app.deps.live.sent.slice(sent)).toEqual([{ room: `school:${schoolId}`, message: { InvoiceMessage: { schoolId, invoiceId: inv.id, studentId } } }]);
  });

  it('defaults the issue date to the school’s today and the due date by the operator’s due days', async () => {
    const { caller, schoolId, studentId } = await anIssuer({ invoiceDueDays: 7 });
    const today = schoolToday(new Date());
    const inv = await caller.invoice.issueInvoice({ schoolId, studentId, lines: [course], variableSymbol: '123', paymentMethod: 'CASH', note: 'Děkujeme' });
    expect(inv).toMatchObject({ issuedOn: today, dueOn: addDays(today, 7), variableSymbol: '123', paymentMethod: 'CASH', note: 'Děkujeme' });
  });

  it('a VAT payer’s document: the DIČ, the taxable date and the VAT per rate', async () => {
    const { caller, schoolId, studentId } = await anIssuer({ vatPayer: true, vatId: 'CZ27074358' });
    const inv = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      issuedOn: '2026-04-01',
      lines: [
        { ...course, vatRate: 21 },
        { text: 'Učebnice', quantity: 1, unitPrice: 112, vatRate: 12 },
      ],
    });
    expect(inv).toMatchObject({
      vatMode: 'PAYER',
      supplier: { vatId: 'CZ27074358' },
      taxableOn: '2026-04-01',
      total: 1899000 + 11200,
      totalVat: 329579 + 1200,
      vatRows: [
        { rate: 21, base: 1569421, vat: 329579, gross: 1899000 },
        { rate: 12, base: 10000, vat: 1200, gross: 11200 },
      ],
    });
    expect((await storedLines(inv.id)).map((l) => l.vatRate)).toEqual([21, 12]);
    const later = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-04-02', taxableOn: '2026-03-31', lines: [course] });
    expect(later.taxableOn).toBe('2026-03-31');
  });

  it('a company as the customer', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    const inv = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      company: { name: 'Stavby Morava a.s.', companyNumber: '12345678', vatId: 'CZ12345678', address: 'Hlavní 1, 602 00 Brno' },
      lines: [course],
    });
    expect(inv.customer).toEqual({ name: 'Stavby Morava a.s.', companyNumber: '12345678', vatId: 'CZ12345678', address: 'Hlavní 1, 602 00 Brno' });
    expect(inv.student?.name).toBe('Ing. Jan Dvořák');
  });

  it('refuses without the operator, and a payer without a DIČ', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    await expect(caller.invoice.issueInvoice({ schoolId, studentId, lines: [course] })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Nejdříve vyplňte provozovatele v Nastavení → Provozovatel.',
    });
    await setOperator(caller, schoolId);
    await app.handle.db.update(schema.schools).set({ operatorVatPayer: true, operatorVatId: null }).where(eq(schema.schools.id, schoolId));
    await expect(caller.invoice.issueInvoice({ schoolId, studentId, lines: [course] })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Plátce DPH musí mít vyplněné DIČ v Nastavení → Provozovatel.',
    });
    expect(await seqsOf(schoolId, 2026)).toEqual([]);
  });

  it('refuses invalid input with the Czech messages', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    expect(await inputIssues(caller.invoice.issueInvoice({ schoolId, studentId, lines: [] }))).toEqual(['lines: Doklad musí mít alespoň jednu položku']);
    expect(await inputIssues(caller.invoice.issueInvoice({ schoolId, studentId, lines: [{ text: '', quantity: 0, unitPrice: 1, vatRate: 15 }] }))).toEqual([
      'lines.0.text: Prosím zadejte text položky!',
      'lines.0.quantity: Množství musí být 1 až 1000',
      'lines.0.vatRate: Neplatná sazba DPH',
    ]);
    expect(await inputIssues(caller.invoice.issueInvoice({ schoolId, studentId, lines: [course], issuedOn: '2026-05-10', dueOn: '2026-05-09' }))).toEqual([
      'dueOn: Datum splatnosti nemůže být před datem vystavení',
    ]);
    expect(
      await inputIssues(
        caller.invoice.issueInvoice({ schoolId, studentId, lines: [course], company: { name: 'Firma', companyNumber: '123', address: 'Brno' } }),
      ),
    ).toEqual(['company.companyNumber: IČO musí mít 8 číslic']);
  });

  it('lets admins and assistants issue and cancel; teachers only read', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const assistant = await createUser(app);
    await addMember(app, schoolId, assistant.id, 'ASSISTANT');
    const asTeacher = await app.callerFor(teacher.id);
    const asAssistant = await app.callerFor(assistant.id);
    await expect(asTeacher.invoice.issueInvoice({ schoolId, studentId, lines: [course] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const inv = await asAssistant.invoice.issueInvoice({ schoolId, studentId, lines: [course] });
    await expect(asTeacher.invoice.cancelInvoice({ schoolId, id: inv.id, reason: 'Chyba' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await asTeacher.invoice.getInvoices({ schoolId })).items.map((i) => i.id)).toEqual([inv.id]);
    expect((await asTeacher.invoice.getInvoice({ schoolId, id: inv.id })).number).toBe(inv.number);
    expect((await asAssistant.invoice.cancelInvoice({ schoolId, id: inv.id, reason: 'Chyba' })).invoice.isCancelled).toBe(true);
    expect((await caller.invoice.getInvoice({ schoolId, id: inv.id })).isCancelled).toBe(true);
  });

  it('keeps the supplier and customer as they were at issue', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    const before = await caller.invoice.issueInvoice({ schoolId, studentId, lines: [course] });
    await setOperator(caller, schoolId, { name: 'Nový provozovatel s.r.o.', street: 'Husova', vatPayer: true, vatId: 'CZ1234567890' });
    await app.handle.db.update(schema.students).set({ street: 'Nádražní', lastName: 'Novák' }).where(eq(schema.students.id, studentId));
    expect(await caller.invoice.getInvoice({ schoolId, id: before.id })).toMatchObject({
      supplier: { name: testOperator.name, vatId: null, address: 'Kounicova 12, 602 00 Brno' },
      customer: { name: 'Ing. Jan Dvořák', address: 'Lidická 12, 602 00 Brno' },
      vatMode: 'NON_PAYER',
    });
    expect(await caller.invoice.issueInvoice({ schoolId, studentId, lines: [course] })).toMatchObject({
      supplier: { name: 'Nový provozovatel s.r.o.', vatId: 'CZ1234567890', address: 'Husova 12, 602 00 Brno' },
      customer: { name: 'Ing. Jan Novák', address: 'Nádražní 12, 602 00 Brno' },
      vatMode: 'PAYER',
    });
  });
});

describe('numbering', () => {
  it('counts 1, 2, 3 per school and year; another school counts on its own', async () => {
    const a = await anIssuer();
    const b = await anIssuer();
    const issue = (s: typeof a, issuedOn: string) => s.caller.invoice.issueInvoice({ schoolId: s.schoolId, studentId: s.studentId, issuedOn, lines: [course] });
    expect((await issue(a, '2026-01-05')).number).toBe('20260001');
    expect((await issue(a, '2026-12-31')).number).toBe('20260002');
    expect((await issue(b, '2026-06-01')).number).toBe('20260001');
    expect((await issue(a, '2027-01-01')).number).toBe('20270001');
    expect((await issue(a, '2026-07-01')).number).toBe('20260003');
    expect((await issue(b, '2027-02-01')).number).toBe('20270001');
    expect(await seqsOf(a.schoolId, 2026)).toEqual([1, 2, 3]);
    expect(await a.caller.invoice.getInvoiceYears({ schoolId: a.schoolId })).toEqual([2027, 2026]);
  });

  it('a refused issue takes no number, and a rolled-back one gives its number back', async () => {
    const { caller, schoolId, studentId, user } = await anIssuer();
    const other = await createTestStudent(caller, schoolId);
    const othersPayment = await caller.paymentItem.createPayment({ schoolId, studentId: other, price: 500 });
    expect((await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-02-01', lines: [course] })).seq).toBe(1);
    await expect(
      caller.invoice.issueInvoice({ schoolId, studentId, kind: 'RECEIPT', paymentItemId: othersPayment.id, issuedOn: '2026-02-02', lines: [course] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Platba nebyla nalezena.' });
    // Issued, then the surrounding transaction fails: the document and its number go together.
    const input = { studentId, kind: 'INVOICE' as const, paymentItemId: null, company: null, issuedOn: '2026-02-03', dueOn: null, taxableOn: null };
    const values = {
      ...input,
      lines: [{ ...course, unitPrice: asHalere(1899000), vatRate: 0 }],
      variableSymbol: null,
      paymentMethod: 'CASH' as const,
      note: null,
    };
    await expect(
      inTransaction(app.deps, async () => {
        expect((await issueInvoice(app.deps, testSchoolId(schoolId), user.id, values)).seq).toBe(2);
        throw new Error('the outer write fails');
      }),
    ).rejects.toThrow('the outer write fails');
    expect((await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-02-04', lines: [course] })).seq).toBe(2);
    expect(await seqsOf(schoolId, 2026)).toEqual([1, 2]);
  });

  it('twenty concurrent issues get exactly 1..20, with refused ones in between taking nothing', async () => {
    const { caller, schoolId } = await anIssuer();
    const students = await Promise.all(Array.from({ length: 10 }, () => createTestStudent(caller, schoolId)));
    const missing = crypto.randomUUID();
    const calls = [
      ...Array.from({ length: 20 }, (_, i) =>
        caller.invoice.issueInvoice({ schoolId, studentId: students[i % 10], issuedOn: '2026-08-01', lines: [{ ...course, text: `Položka ${i}` }] }),
      ),
      ...Array.from({ length: 5 }, () => caller.invoice.issueInvoice({ schoolId, studentId: missing, issuedOn: '2026-08-01', lines: [course] })),
    ];
    const results = await Promise.allSettled(calls);
    const issued = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(5).fill('NOT_FOUND'));
    expect(issued.map((i) => i.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(issued.map((i) => i.number)).size).toBe(20);
    expect(await seqsOf(schoolId, 2026)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const [series] = await app.handle.db.select().from(schema.invoiceSeries).where(eq(schema.invoiceSeries.schoolId, schoolId));
    expect(series.lastNumber).toBe(20);
  });
});

describe('receipts for payments', () => {
  it('one active document per payment; the payment stays while it has one', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    const payment = await caller.paymentItem.createPayment({ schoolId, studentId, price: 5000, method: 'CASH' });
    const receipt = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      kind: 'RECEIPT',
      paymentItemId: payment.id,
      paymentMethod: 'CASH',
      lines: [{ text: 'Platba za výcvik', unitPrice: 5000 }],
    });
    expect(receipt).toMatchObject({ kind: 'RECEIPT', paymentItemId: payment.id, total: 500000 });
    await expect(
      caller.invoice.issueInvoice({ schoolId, studentId, kind: 'RECEIPT', paymentItemId: payment.id, lines: [{ text: 'Znovu', unitPrice: 5000 }] }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'K této platbě je již vystaven doklad.' });
    await expect(caller.paymentItem.removePayment({ schoolId, studentId, id: payment.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'K platbě je vystaven doklad. Nejdříve ho stornujte.',
    });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId })).items).toHaveLength(1);
    // Cancelled (its credit note names the payment too), the payment may get a new receipt or be removed.
    const { creditNote } = await caller.invoice.cancelInvoice({ schoolId, id: receipt.id, reason: 'Špatná částka' });
    expect(creditNote.paymentItemId).toBe(payment.id);
    const again = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      kind: 'RECEIPT',
      paymentItemId: payment.id,
      lines: [{ text: 'Platba', unitPrice: 5000 }],
    });
    await caller.invoice.cancelInvoice({ schoolId, id: again.id, reason: 'Platba vrácena' });
    expect(await caller.paymentItem.removePayment({ schoolId, studentId, id: payment.id })).toEqual({ ok: true });
  });

  it('the payment must be the student’s in the school', async () => {
    const a = await anIssuer();
    const b = await anIssuer();
    const bPayment = await b.caller.paymentItem.createPayment({ schoolId: b.schoolId, studentId: b.studentId, price: 100 });
    await expect(
      a.caller.invoice.issueInvoice({ schoolId: a.schoolId, studentId: a.studentId, kind: 'RECEIPT', paymentItemId: bPayment.id, lines: [course] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('cancelling', () => {
  it('marks the document cancelled and issues a credit note with the next number and negated lines', async () => {
    const { caller, schoolId, studentId, user } = await anIssuer({ vatPayer: true, vatId: 'CZ27074358' });
    const inv = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      issuedOn: '2026-05-04',
      lines: [
        { ...course, vatRate: 21 },
        { text: 'Učebnice', quantity: 3, unitPrice: 112, vatRate: 12 },
      ],
    });
    const sent = app.deps.live.sent.length;
    const { invoice, creditNote } = await caller.invoice.cancelInvoice({ schoolId, id: inv.id, reason: 'Chybná částka', issuedOn: '2026-05-06' });
    expect(invoice).toMatchObject({ id: inv.id, isCancelled: true, cancelReason: 'Chybná částka', creditNote: { id: creditNote.id, number: '20260002' } });
    expect(invoice.cancelledAt).toBeInstanceOf(Date);
    expect(creditNote).toMatchObject({
      kind: 'CREDIT_NOTE',
      number: '20260002',
      issuedOn: '2026-05-06',
      studentId,
      supplier: inv.supplier,
      customer: inv.customer,
      vatMode: 'PAYER',
      total: -inv.total,
      totalVat: -inv.totalVat,
      variableSymbol: inv.variableSymbol,
      note: 'Opravný doklad k dokladu č. 20260001: Chybná částka',
      creditNoteFor: { id: inv.id, number: '20260001' },
      isCancelled: false,
    });
    expect(creditNote.lines.map((l) => [l.quantity, l.unitPrice, l.vatRate, l.total])).toEqual([
      [1, -1899000, 21, -1899000],
      [3, -11200, 12, -33600],
    ]);
    expect(creditNote.vatRows).toEqual(inv.vatRows.map((r) => ({ rate: r.rate, base: -r.base, vat: -r.vat, gross: -r.gross })));
    const [row] = await app.handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, inv.id));
    expect(row).toMatchObject({ isCancelled: true, cancelledBy: user.id });
    expect(await caller.invoice.getInvoice({ schoolId, id: inv.id })).toMatchObject({ isCancelled: true, creditNote: { id: creditNote.id } });
    const [entry] = await app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, inv.id), eq(schema.auditLog.action, 'invoice.cancel')));
    expect(entry.data).toMatchObject({ reason: 'Chybná částka', creditNoteId: creditNote.id });
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toEqual([
      { InvoiceMessage: { schoolId, invoiceId: inv.id, studentId } },
      { InvoiceMessage: { schoolId, invoiceId: creditNote.id, studentId } },
    ]);

    await expect(caller.invoice.cancelInvoice({ schoolId, id: inv.id, reason: 'Znovu' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Doklad je již stornován.',
    });
    await expect(caller.invoice.cancelInvoice({ schoolId, id: creditNote.id, reason: 'Znovu' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Opravný doklad nelze stornovat.',
    });
    expect(await inputIssues(caller.invoice.cancelInvoice({ schoolId, id: inv.id, reason: ' ' }))).toEqual(['reason: Prosím zadejte důvod storna!']);
    expect(await seqsOf(schoolId, 2026)).toEqual([1, 2]);
  });

  it('refuses a credit note dated before its document', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    const inv = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-05-04', lines: [course] });
    await expect(caller.invoice.cancelInvoice({ schoolId, id: inv.id, reason: 'Chyba', issuedOn: '2026-05-03' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Opravný doklad nemůže mít datum před vystavením dokladu',
    });
    expect((await caller.invoice.getInvoice({ schoolId, id: inv.id })).isCancelled).toBe(false);
  });
});

describe('the list', () => {
  it('filters by year, kind, status, student and text; newest first, a page at a time', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    const other = await createTestStudent(caller, schoolId, { firstName: 'Šárka', lastName: 'Říhová' });
    const issue = (o: Partial<Parameters<typeof caller.invoice.issueInvoice>[0]>) =>
      caller.invoice.issueInvoice({ schoolId, studentId, lines: [course], issuedOn: '2026-09-01', ...o });
    const a = await issue({ issuedOn: '2025-12-30' });
    const b = await issue({ studentId: other, variableSymbol: '777000' });
    const c = await issue({ kind: 'RECEIPT' });
    const d = await issue({ company: { name: 'Žlutá Kočka s.r.o.', companyNumber: '87654321', address: 'Brno' } });
    const { creditNote } = await caller.invoice.cancelInvoice({ schoolId, id: c.id, reason: 'Chyba', issuedOn: '2026-09-02' });
    const ids = async (filter: Omit<Parameters<typeof caller.invoice.getInvoices>[0], 'schoolId'>) =>
      (await caller.invoice.getInvoices({ schoolId, ...filter })).items.map((i) => i.id);

    expect(await ids({})).toEqual([creditNote.id, d.id, c.id, b.id, a.id]);
    expect(await ids({ year: 2025 })).toEqual([a.id]);
    expect(await ids({ kind: 'RECEIPT' })).toEqual([c.id]);
    expect(await ids({ kind: 'CREDIT_NOTE' })).toEqual([creditNote.id]);
    expect(await ids({ status: 'CANCELLED' })).toEqual([c.id]);
    expect(await ids({ status: 'ACTIVE', year: 2026 })).toEqual([creditNote.id, d.id, b.id]);
    expect(await ids({ studentId: other })).toEqual([b.id]);
    expect(await ids({ query: 'rihova' })).toEqual([b.id]);
    expect(await ids({ query: 'ŽLUTÁ' })).toEqual([d.id]);
    expect(await ids({ query: '777' })).toEqual([b.id]);
    expect(await ids({ query: '20250001' })).toEqual([a.id]);
    expect(await ids({ query: '%' })).toEqual([]);

    const list = await caller.invoice.getInvoices({ schoolId });
    expect(list.nextCursor).toBeNull();
    expect(list.items.find((i) => i.id === c.id)).toEqual({
      id: c.id,
      number: '20260002',
      kind: 'RECEIPT',
      year: 2026,
      issuedOn: '2026-09-01',
      dueOn: '2026-09-15',
      customerName: 'Ing. Jan Dvořák',
      customerCompanyNumber: null,
      studentId,
      studentName: 'Ing. Jan Dvořák',
      paymentItemId: null,
      paymentMethod: 'TRANSFER',
      variableSymbol: '20260002',
      total: 1899000,
      isCancelled: true,
      creditNoteFor: null,
      creditNote: { id: creditNote.id, number: '20260004' },
    });
    expect(list.items.find((i) => i.id === creditNote.id)).toMatchObject({ creditNoteFor: { id: c.id, number: '20260002' }, total: -1899000 });
    expect(list.items.find((i) => i.id === d.id)).toMatchObject({ customerName: 'Žlutá Kočka s.r.o.', studentName: 'Ing. Jan Dvořák' });

    const page1 = await caller.invoice.getInvoices({ schoolId, limit: 2 });
    expect(page1.items.map((i) => i.id)).toEqual([creditNote.id, d.id]);
    const page2 = await caller.invoice.getInvoices({ schoolId, limit: 2, cursor: page1.nextCursor });
    expect(page2.items.map((i) => i.id)).toEqual([c.id, b.id]);
    const page3 = await caller.invoice.getInvoices({ schoolId, limit: 2, cursor: page2.nextCursor });
    expect(page3).toEqual({ items: [expect.objectContaining({ id: a.id })], nextCursor: null });
    expect(await caller.invoice.getInvoiceYears({ schoolId })).toEqual([2026, 2025]);
  });

  it('a removed student’s documents stay listed; no new ones are issued for them', async () => {
    const { caller, schoolId, studentId } = await anIssuer();
    const inv = await caller.invoice.issueInvoice({ schoolId, studentId, lines: [course] });
    expect(await caller.student.removeStudent({ schoolId, studentId })).toEqual({ ok: true });
    expect((await caller.invoice.getInvoices({ schoolId })).items.map((i) => i.id)).toEqual([inv.id]);
    expect((await caller.invoice.getInvoice({ schoolId, id: inv.id })).customer.name).toBe('Ing. Jan Dvořák');
    await expect(caller.invoice.issueInvoice({ schoolId, studentId, lines: [course] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await caller.invoice.cancelInvoice({ schoolId, id: inv.id, reason: 'Žák odešel' })).creditNote.total).toBe(-inv.total);
  });
});

describe('another school', () => {
  it('answers NOT_FOUND for another school’s student, payment and document, and lists none of them', async () => {
    const a = await anIssuer();
    const b = await anIssuer();
    const inv = await a.caller.invoice.issueInvoice({ schoolId: a.schoolId, studentId: a.studentId, lines: [course] });
    await expect(b.caller.invoice.issueInvoice({ schoolId: b.schoolId, studentId: a.studentId, lines: [course] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(b.caller.invoice.getInvoice({ schoolId: b.schoolId, id: inv.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(b.caller.invoice.cancelInvoice({ schoolId: b.schoolId, id: inv.id, reason: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(b.caller.invoice.getInvoice({ schoolId: a.schoolId, id: inv.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await b.caller.invoice.getInvoices({ schoolId: b.schoolId, studentId: a.studentId })).items).toEqual([]);
    expect((await b.caller.invoice.getInvoices({ schoolId: b.schoolId, cursor: inv.id })).items).toEqual([]);
    expect((await a.caller.invoice.getInvoice({ schoolId: a.schoolId, id: inv.id })).isCancelled).toBe(false);
  });
});

describe('past the operator check', () => {
  // The app-wide fuzz test's school has no operator, so most issues stop there; here the school has one (a payer, so
  // the VAT path runs too), a student, a payment and a document, and the generated ids hit them.
  it('no generated issue or cancel answers a server error', async () => {
    const { caller, schoolId, studentId } = await anIssuer({ vatPayer: true, vatId: 'CZ27074358' });
    const payment = await caller.paymentItem.createPayment({ schoolId, studentId, price: 100 });
    const inv = await caller.invoice.issueInvoice({ schoolId, studentId, lines: [course] });
    const rng = seededRng(Number(process.env.FUZZ_SEED ?? 20261123));
    const ctx = { rng, knownIds: [studentId, payment.id, inv.id, schoolId] };
    const failures: string[] = [];
    let issued = 0;
    for (let i = 0; i < 150; i++) {
      for (const [schema, call] of [
        [issueInvoiceInput, caller.invoice.issueInvoice],
        [cancelInvoiceInput, caller.invoice.cancelInvoice],
      ] as const) {
        const input = { ...(mutate(sampleValid(schema, ctx), rng) as object), schoolId };
        await (call as (input: unknown) => Promise<unknown>)(input).then(
          () => {
            issued++;
          },
          (e: unknown) => {
            const code = e instanceof TRPCError ? e.code : 'NOT_A_TRPC_ERROR';
            if (!(e instanceof TRPCError) || ['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'].includes(code)) {
              failures.push(`${code} ${String(e).slice(0, 120)} ← ${describeInput(input)}`);
            }
          },
        );
      }
    }
    expect(failures).toEqual([]);
    expect(issued).toBeGreaterThan(0);
    // Every year's series is still 1..n.
    const rows = await app.handle.db
      .select({ year: schema.invoices.year, seq: schema.invoices.seq })
      .from(schema.invoices)
      .where(eq(schema.invoices.schoolId, schoolId))
      .orderBy(asc(schema.invoices.year), asc(schema.invoices.seq));
    const byYear = Map.groupBy(rows, (r) => r.year);
    for (const [, list] of byYear) expect(list.map((r) => r.seq)).toEqual(list.map((_, i) => i + 1));
    expect(rows.length, 'each issue and each cancel wrote one document').toBe(issued + 1);
  });
});

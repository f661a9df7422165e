import { beforeAll, describe, expect, it } from 'vitest';
import { setOperator } from './invoice.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { documentOf } from '../../pdf/documents.ts';
import { invoiceDocument } from './invoice.pdf.ts';
import { renderText } from '../../pdf/pdf-text.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const now = new Date('2026-04-20T09:00:00Z');

describe('Faktura / doklad (INVOICE)', () => {
  it("prints a non-payer's invoice: supplier, customer, number, dates, VS, method, lines, 'Neplátce DPH'", async () => {
    const { caller, schoolId } = await setupSchool(app);
    await setOperator(caller, schoolId, { name: 'Autoškola Šumava s.r.o.', street: 'Údolní', streetCode: '5' });
    const studentId = await createTestStudent(caller, schoolId, { firstName: 'Řehoř', lastName: 'Žák', registrationNumber: 'EV-2026/031' });
    const invoice = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      issuedOn: '2026-04-01',
      paymentMethod: 'TRANSFER',
      lines: [
        { text: 'Výcvik skupiny B – kurz', quantity: 1, unitPrice: 18990 },
        { text: 'Kondiční jízda (45 min)', quantity: 2, unitPrice: 650.5 },
      ],
      note: 'Děkujeme za důvěru.',
    });

    expect(documentOf('INVOICE')).toBe(invoiceDocument);
    const vm = await invoiceDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: invoice.id, params: {} }, now);
    expect(vm).toMatchObject({
      invoiceKind: 'INVOICE',
      vatMode: 'NON_PAYER',
      issuedOn: '2026-04-01',
      dueOn: '2026-04-15',
      total: 2_029_100,
      generatedOn: '2026-04-20',
    });

    const { text, pages } = await renderText(invoiceDocument, vm, 'invoice');
    expect(pages).toHaveLength(1);
    expect(text).toContain(`Faktura č. ${invoice.number}`);
    expect(text).toContain('Dodavatel');
    expect(text).toContain('Autoškola Šumava s.r.o.');
    expect(text).toContain('IČO: 27074358');
    expect(text).toContain('Neplátce DPH');
    expect(text).toContain('Odběratel');
    expect(text).toContain('Řehoř Žák');
    expect(text).toContain('EV-2026/031');
    expect(text).toContain('1.4.2026');
    expect(text).toContain('15.4.2026');
    expect(text).toContain(invoice.variableSymbol);
    expect(text).toContain('Převodem');
    expect(text).toContain('19-2000145399/0800');
    expect(text).toContain('Výcvik skupiny B – kurz');
    expect(text).toMatch(/18\s990,00\sKč/);
    expect(text).toMatch(/1\s301,00\sKč/);
    expect(text).toMatch(/Celkem k úhradě:\s+20\s291,00\sKč/);
    expect(text).toContain('Dodavatel není plátcem DPH.');
    expect(text).toContain('Děkujeme za důvěru.');
    expect(text).not.toContain('STORNOVÁNO');
  });

  it('a bank-transfer invoice prints the account, its IBAN, the VS and a QR Platba of its amount; the file is named by its number (issue 17)', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await setOperator(caller, schoolId, { bankAccount: '19-2000145399/0800' });
    const studentId = await createTestStudent(caller, schoolId);
    const lines = [{ text: 'Výcvik skupiny B – kurz', quantity: 1, unitPrice: 22900.5 }];
    const invoice = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-04-01', lines });
    const vm = await invoiceDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: invoice.id, params: {} }, now);
    expect(vm).toMatchObject({ bankAccount: '19-2000145399/0800', iban: 'CZ6508000000192000145399', variableSymbol: invoice.number });
    expect(vm.qrPayment).toBe(`SPD*1.0*ACC:CZ6508000000192000145399*AM:22900.50*CC:CZK*DT:20260415*X-VS:${invoice.number}*MSG:Faktura ${invoice.number}`);
    const { text } = await renderText(invoiceDocument, vm, 'invoice-qr');
    expect(text).toContain('Bankovní účet');
    expect(text).toContain('19-2000145399/0800');
    expect(text).toContain('CZ65 0800 0000 1920 0014 5399');
    expect(text).toContain('QR Platba');
    expect(text).toContain(`Variabilní symbol: ${invoice.number}`);
    expect(invoiceDocument.fileName?.(vm)).toBe(`faktura-${invoice.number}.pdf`);

    // Cash: no account, no QR; a receipt and a credit note are named as what they are.
    const cash = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-04-01', paymentMethod: 'CASH', kind: 'RECEIPT', lines });
    const cashVm = await invoiceDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: cash.id, params: {} }, now);
    expect(cashVm.qrPayment).toBeNull();
    const cashText = (await renderText(invoiceDocument, cashVm)).text;
    expect(cashText).not.toContain('QR Platba');
    expect(cashText).not.toContain('19-2000145399/0800');
    expect(invoiceDocument.fileName?.(cashVm)).toBe(`prijmovy-doklad-${cash.number}.pdf`);
    const { creditNote } = await caller.invoice.cancelInvoice({ schoolId, id: invoice.id, reason: 'Chyba', issuedOn: '2026-04-02' });
    const creditVm = await invoiceDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: creditNote.id, params: {} }, now);
    expect(creditVm.qrPayment).toBeNull();
    expect(invoiceDocument.fileName?.(creditVm)).toBe(`opravny-doklad-${creditNote.number}.pdf`);
    // The cancelled invoice keeps its account but offers no QR Platba any more.
    const cancelledVm = await invoiceDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: invoice.id, params: {} }, now);
    expect(cancelledVm).toMatchObject({ bankAccount: '19-2000145399/0800', qrPayment: null });
  });

  it("prints a payer's tax document with the VAT recap, the cancelled mark and the credit note's reference", async () => {
    const { caller, schoolId } = await setupSchool(app);
    await setOperator(caller, schoolId, { vatPayer: true, vatId: 'CZ27074358' });
    const studentId = await createTestStudent(caller, schoolId);
    const invoice = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      issuedOn: '2026-04-01',
      lines: [
        { text: 'Výcvik skupiny B', quantity: 1, unitPrice: 12100, vatRate: 21 },
        { text: 'Učebnice', quantity: 1, unitPrice: 1120, vatRate: 12 },
      ],
    });
    const { creditNote: credit } = await caller.invoice.cancelInvoice({ schoolId, id: invoice.id, reason: 'Chybná částka', issuedOn: '2026-04-02' });

    const vm = await invoiceDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: invoice.id, params: {} }, now);
    expect(vm.vatRows).toEqual([
      { rate: 21, base: 1_000_000, vat: 210_000, gross: 1_210_000 },
      { rate: 12, base: 100_000, vat: 12_000, gross: 112_000 },
    ]);
    const { text } = await renderText(invoiceDocument, vm, 'invoice-payer');
    expect(text).toContain(`Faktura – daňový doklad č. ${invoice.number}`);
    expect(text).toContain('DIČ: CZ27074358');
    expect(text).toContain('Datum uskutečnění zdanitelného plnění');
    expect(text).toContain('Rekapitulace DPH');
    expect(text).toMatch(/21 %\s+10\s000,00\sKč\s+2\s100,00\sKč\s+12\s100,00\sKč/);
    expect(text).toMatch(/z toho DPH 2\s220,00\sKč/);
    expect(text).toContain('STORNOVÁNO');
    expect(text).toContain('důvod: Chybná částka');
    expect(text).toContain(`opravný doklad č. ${credit.number}`);
    expect(text).not.toContain('Neplátce DPH');

    const creditVm = await invoiceDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: credit.id, params: {} }, now);
    const creditText = (await renderText(invoiceDocument, creditVm, 'credit-note')).text;
    expect(creditText).toContain(`Opravný daňový doklad č. ${credit.number}`);
    expect(creditText).toContain(`č. ${invoice.number}`);
    expect(creditText).toMatch(/Celkem k úhradě:\s+−13\s220,00\sKč|Celkem k úhradě:\s+-13\s220,00\sKč/);
  });

  it("answers NOT_FOUND for another school's document", async () => {
    const victim = await setupSchool(app);
    const other = await setupSchool(app);
    await setOperator(victim.caller, victim.schoolId);
    const studentId = await createTestStudent(victim.caller, victim.schoolId);
    const invoice = await victim.caller.invoice.issueInvoice({ schoolId: victim.schoolId, studentId, lines: [{ text: 'Kurz', quantity: 1, unitPrice: 100 }] });
    for (const entityId of [invoice.id, crypto.randomUUID(), 'x', null]) {
      await expect(invoiceDocument.load(app.handle.db, testSchoolId(other.schoolId), { entityId, params: {} }, now)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        code: 'INVOICE_NOT_FOUND',
      });
    }
  });
});

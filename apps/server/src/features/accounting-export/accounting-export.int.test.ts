// 'Export pro účetní' (issue 21 §3) through the real router: exactly the period's documents and payments, cancelled
// documents kept and marked with their credit note ('Opravný daňový doklad' for a VAT payer), Czech-Excel CSV,
// a Pohoda pack accepted by Stormware's data.xsd, and the number series per year with no gaps under concurrency.
import { schema } from '@volant/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { setOperator } from '../invoice/invoice.testing.ts';
import { pohodaSchemaErrors } from './pohoda-schema.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const line = (unitPrice: number, text = 'Výcvik skupiny B') => ({ text, quantity: 1, unitPrice });

async function aSchool(operator: Parameters<typeof setOperator>[2] = {}) {
  const s = await setupSchool(app);
  await setOperator(s.caller, s.schoolId, operator);
  const studentId = await createTestStudent(s.caller, s.schoolId);
  return { ...s, studentId };
}

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('accounting export', () => {
  it('CSV: exactly the period, cancelled marked with the credit note, Czech Excel format; payments with their documents', async () => {
    const { caller, schoolId, studentId } = await aSchool();
    const before = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-02-28', lines: [line(100)] });
    const a = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-03-01', lines: [line(1234.5)] });
    const b = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      issuedOn: '2026-03-31',
      paymentMethod: 'CASH',
      lines: [line(22899.5, 'Kurz "B"; víkend')],
    });
    const { creditNote } = await caller.invoice.cancelInvoice({ schoolId, id: a.id, reason: 'Chybná částka', issuedOn: '2026-03-10' });
    const after = await caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-04-01', lines: [line(100)] });
    await caller.paymentItem.createPayment({ schoolId, studentId, price: 50, paidOn: '2026-02-28' });
    const paid = await caller.paymentItem.createPayment({ schoolId, studentId, price: 1234.5, paidOn: '2026-03-15', method: 'TRANSFER' });
    const receipt = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      kind: 'RECEIPT',
      paymentItemId: paid.id,
      issuedOn: '2026-05-02',
      paymentMethod: 'CASH',
      lines: [line(1234.5)],
    });

    const res = await caller.accountingExport.getAccountingExport({ schoolId, from: '2026-03-01', to: '2026-03-31', format: 'CSV' });
    expect(res.files.map((f) => f.fileName)).toEqual(['doklady-2026-03-01-2026-03-31.csv', 'platby-2026-03-01-2026-03-31.csv']);
    expect(res).toMatchObject({ invoiceCount: 3, paymentCount: 1 });
    const [docs, pays] = res.files;
    expect(docs.content.startsWith('\uFEFF"Číslo";"Druh";"Stav";"Datum vystavení"')).toBe(true);
    const rows = csvLines(docs.content).slice(1);
    expect(rows.map((r) => r.split(';')[0])).toEqual([`"${a.number}"`, `"${b.number}"`, `"${creditNote.number}"`]);
    expect(docs.content).not.toContain(before.number);
    expect(docs.content).not.toContain(after.number);
    expect(rows[0]).toContain('"Faktura";"Stornován";"1.3.2026";"15.3.2026";""');
    expect(rows[0]).toContain(`"1234,50";"0,00";"1234,50";"";"${creditNote.number}"`);
    expect(rows[1]).toContain('"Platný"');
    expect(rows[1]).toContain('"Hotově";"22899,50";"0,00";"22899,50"');
    expect(rows[2]).toContain(`"Opravný doklad";"Platný";"10.3.2026"`);
    expect(rows[2]).toContain(`"-1234,50";"0,00";"-1234,50";"${a.number}";""`);
    expect(pays.content.startsWith('\uFEFF"Datum platby";"Žák";"Evidenční číslo";"Způsob platby";"Částka (Kč)";"Doklad";"Poznámka"\r\n')).toBe(true);
    expect(csvLines(pays.content).slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^"15\\.3\\.2026";"[^"]+";"[^"]*";"Převodem";"1234,50";"${receipt.number}";""$`)),
    ]);
  });

  it('Pohoda XML of a VAT payer: credit note as "Opravný daňový doklad", cancelled marked, accepted by data.xsd', async () => {
    const { caller, schoolId, studentId } = await aSchool({ vatPayer: true, vatId: 'CZ27074358' });
    const inv = await caller.invoice.issueInvoice({
      schoolId,
      studentId,
      issuedOn: '2026-06-01',
      lines: [{ ...line(1234.5), vatRate: 21 }, { ...line(500, 'Učebnice'), vatRate: 12 }, line(300, 'Správní poplatek')],
      company: { name: 'Firma & spol. s.r.o.', companyNumber: '12345678', vatId: 'CZ12345678', address: 'Dlouhá 1, 602 00 Brno' },
    });
    const { creditNote } = await caller.invoice.cancelInvoice({ schoolId, id: inv.id, reason: 'Duplicita', issuedOn: '2026-06-02' });
    // The credit note's PDF title 'Opravný daňový doklad' is issue 9's (invoice.pdf.int.test.ts); the export names it so too.
    expect(creditNote).toMatchObject({ kind: 'CREDIT_NOTE', vatMode: 'PAYER', total: -203450 });
    const res = await caller.accountingExport.getAccountingExport({ schoolId, from: '2026-06-01', to: '2026-06-30', format: 'POHODA' });
    expect(res.files).toHaveLength(1);
    const [file] = res.files;
    expect(file.fileName).toBe('pohoda-2026-06-01-2026-06-30.xml');
    const xml = file.content;
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<dat:dataPack /);
    expect(xml).toContain('xmlns:inv="http://www.stormware.cz/schema/version_2/invoice.xsd"');
    expect(xml).toContain('ico="27074358"');
    expect(xml.match(/<dat:dataPackItem /g)).toHaveLength(2);
    expect(xml).toContain('<inv:storno>cancelledDocument</inv:storno>');
    expect(xml).toContain(`<inv:text>Opravný daňový doklad č. ${creditNote.number}</inv:text>`);
    expect(xml).toContain(`<inv:originalDocument>${inv.number}</inv:originalDocument>`);
    expect(xml).toContain('<typ:company>Firma &amp; spol. s.r.o.</typ:company>');
    expect(xml).toContain('<typ:priceHighSum>1234.50</typ:priceHighSum>');
    expect(xml).toContain('<typ:priceHighSum>-1234.50</typ:priceHighSum>');
    expect(xml).toContain('<typ:priceLowSum>500.00</typ:priceLowSum>');
    expect(xml).toContain('<typ:priceNone>300.00</typ:priceNone>');
    expect(await pohodaSchemaErrors(xml)).toEqual([]);
  });

  it('Pohoda XML of an empty period is refused with a Czech message (a pack needs an item); CSV still answers', async () => {
    const { caller, schoolId } = await aSchool();
    await expect(caller.accountingExport.getAccountingExport({ schoolId, from: '2026-01-01', to: '2026-01-31', format: 'POHODA' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'V zadaném období nejsou žádné doklady.',
    });
    const res = await caller.accountingExport.getAccountingExport({ schoolId, from: '2026-01-01', to: '2026-01-31', format: 'CSV' });
    expect(res.files.map((f) => csvLines(f.content).length)).toEqual([1, 1]);
  });

  it('refuses a reversed or too long period with Czech messages', async () => {
    const { caller, schoolId } = await aSchool();
    await expect(caller.accountingExport.getAccountingExport({ schoolId, from: '2026-02-01', to: '2026-01-31', format: 'CSV' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.accountingExport.getAccountingExport({ schoolId, from: '2025-01-01', to: '2026-12-31', format: 'CSV' })).rejects.toThrow(
      /nejvýše 400 dní/,
    );
  });

  it('admins and assistants export; teachers do not', async () => {
    const { schoolId } = await aSchool();
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const assistant = await createUser(app);
    await addMember(app, schoolId, assistant.id, 'ASSISTANT');
    const input = { schoolId, from: '2026-01-01', to: '2026-01-31', format: 'CSV' as const };
    await expect((await app.callerFor(teacher.id)).accountingExport.getAccountingExport(input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await (await app.callerFor(assistant.id)).accountingExport.getAccountingExport(input)).files).toHaveLength(2);
  });

  it('the number series: concurrent issues across New Year are consecutive per year, the new year starts at 1, the export shows no gap', async () => {
    const { caller, schoolId, studentId } = await aSchool();
    const students = [studentId, ...(await Promise.all(Array.from({ length: 4 }, () => createTestStudent(caller, schoolId))))];
    const issued = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        caller.invoice.issueInvoice({ schoolId, studentId: students[i % 5], issuedOn: i % 2 ? '2027-01-01' : '2026-12-31', lines: [line(100 + i)] }),
      ),
    );
    // Concurrent cancels take numbers too, each from its credit note's year.
    await Promise.all(issued.slice(0, 4).map((d) => caller.invoice.cancelInvoice({ schoolId, id: d.id, reason: 'Storno', issuedOn: '2027-01-02' })));
    const seqs = async (year: number) =>
      (
        await app.handle.db
          .select({ seq: schema.invoices.seq, number: schema.invoices.number })
          .from(schema.invoices)
          .where(and(eq(schema.invoices.schoolId, schoolId), eq(schema.invoices.year, year)))
          .orderBy(asc(schema.invoices.seq))
      ).map((r) => r.number);
    expect(await seqs(2026)).toEqual(Array.from({ length: 8 }, (_, i) => `2026${String(i + 1).padStart(4, '0')}`));
    expect(await seqs(2027)).toEqual(Array.from({ length: 12 }, (_, i) => `2027${String(i + 1).padStart(4, '0')}`));
    const res = await caller.accountingExport.getAccountingExport({ schoolId, from: '2027-01-01', to: '2027-01-31', format: 'CSV' });
    const numbers = csvLines(res.files[0].content)
      .slice(1)
      .map((r) => r.split(';')[0].replaceAll('"', ''));
    expect(numbers).toEqual(await seqs(2027));
  });
});

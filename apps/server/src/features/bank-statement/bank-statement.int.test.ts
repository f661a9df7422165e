import { schema } from '@volant/db/schema';
import { camt053Text, toBase64 } from '@volant/shared/bank-statement/sample-files';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { setOperator } from '../invoice/invoice.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { csvColumns, freshRegistration, gpcBase64, SCHOOL_IBAN } from './bank-statement.testing.ts';
import { windows1250 } from '@volant/shared/bank-statement/sample-files';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

let n = 0;
const txId = () => `7${String(Date.now()).slice(-9)}${++n}`;

async function aSchoolWithStudents() {
  const s = await setupSchool(app);
  await setOperator(s.caller, s.schoolId);
  const regA = freshRegistration();
  const a = await createTestStudent(s.caller, s.schoolId, { firstName: 'Jan', lastName: 'Novák', registrationNumber: regA });
  const b = await createTestStudent(s.caller, s.schoolId, { firstName: 'Šárka', lastName: 'Dvořáková', registrationNumber: freshRegistration() });
  await s.caller.paymentItem.setStudentPrice({ schoolId: s.schoolId, studentId: b, price: 8990, discount: 0, discountReason: null });
  return { ...s, a, b, regA };
}

describe('Import výpisu', () => {
  it('GPC: preview proposes, confirm creates transfer payments linked to the transactions, re-import adds nothing', async () => {
    const { caller, schoolId, a, b, regA } = await aSchoolWithStudents();
    const ids = [txId(), txId(), txId(), txId()];
    const content = gpcBase64([
      { id: ids[0], amount: 1_500_000, vs: regA, name: 'NOVAK JAN' },
      { id: ids[1], amount: 899_000, name: 'Dvořáková Šárka' },
      { id: ids[2], amount: 50_000, vs: '999', name: 'Neznámý plátce' },
      { id: ids[3], amount: 250_000, credit: false, name: 'Nájem' },
    ]);
    const preview = await caller.bankStatement.previewBankStatement({ schoolId, content });
    expect(preview).toMatchObject({ format: 'GPC', account: SCHOOL_IBAN, debits: 1 });
    expect(preview.transactions.map((t) => [t.transactionId, t.state, t.studentId, t.amount, t.imported])).toEqual([
      [ids[0], 'MATCHED', a, 1_500_000, false],
      [ids[1], 'SUGGESTED', b, 899_000, false],
      [ids[2], 'UNMATCHED', null, 50_000, false],
    ]);
    expect(preview.students.map((s) => s.id).sort()).toEqual([a, b].sort());
    // The preview wrote nothing.
    expect(await app.handle.db.select().from(schema.bankTransactions).where(eq(schema.bankTransactions.schoolId, schoolId))).toEqual([]);

    const owedBefore = (await caller.paymentItem.getPaymentItems({ schoolId, studentId: b })).summary.due;
    const done = await caller.bankStatement.confirmBankStatement({
      schoolId,
      content,
      decisions: [
        { transactionId: ids[0], studentId: a },
        { transactionId: ids[1], studentId: b },
        { transactionId: ids[2], studentId: null },
      ],
    });
    expect(done).toMatchObject({ transactions: 3, payments: 2 });
    const paidA = await caller.paymentItem.getPaymentItems({ schoolId, studentId: a });
    expect(paidA.items).toMatchObject([{ price: 1_500_000, method: 'TRANSFER', paidOn: '2026-11-27' }]);
    const paidB = await caller.paymentItem.getPaymentItems({ schoolId, studentId: b });
    expect(paidB.summary.due).toBe((owedBefore ?? 0) - 899_000);
    const rows = await app.handle.db.select().from(schema.bankTransactions).where(eq(schema.bankTransactions.schoolId, schoolId));
    expect(rows.map((r) => [r.transactionId, r.studentId, r.paymentItemId !== null]).sort()).toEqual(
      [
        [ids[0], a, true],
        [ids[1], b, true],
        [ids[2], null, false],
      ].sort(),
    );
    const audit = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'bankStatement.confirm'));
    expect(audit.some((e) => e.schoolId === schoolId)).toBe(true);

    // Again: the preview marks every item imported, the confirmation adds nothing.
    const again = await caller.bankStatement.previewBankStatement({ schoolId, content });
    expect(again.transactions.every((t) => t.imported)).toBe(true);
    expect(await caller.bankStatement.confirmBankStatement({ schoolId, content, decisions: [{ transactionId: ids[0], studentId: a }] })).toMatchObject({
      transactions: 0,
      payments: 0,
    });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId: a })).items).toHaveLength(1);
  });

  it('camt.053: matches by the VS in Strd and confirms', async () => {
    const { caller, schoolId, a, regA } = await aSchoolWithStudents();
    const id = `CAMT-${txId()}`;
    const content = toBase64(new TextEncoder().encode(camt053Text(SCHOOL_IBAN, [{ id, amount: 123_456, vs: regA, name: 'Jan Novák' }])));
    const preview = await caller.bankStatement.previewBankStatement({ schoolId, content });
    expect(preview.transactions).toMatchObject([{ transactionId: id, state: 'MATCHED', studentId: a, reason: 'BALANCE_VS' }]);
    await caller.bankStatement.confirmBankStatement({ schoolId, content, decisions: [{ transactionId: id, studentId: a }] });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId: a })).summary.paid).toBe(123_456);
  });

  it('CSV (Fio preset): the account from accountId + bankId, matched by VS, confirmed', async () => {
    const { caller, schoolId, a, regA } = await aSchoolWithStudents();
    const id = txId();
    const csv = [
      '"accountId";"19-2000145399"',
      '"bankId";"0800"',
      '"ID pohybu";"Datum";"Objem";"Měna";"Protiúčet";"Název protiúčtu";"Kód banky";"KS";"VS";"SS";"Zpráva pro příjemce"',
      `"${id}";"03.11.2026";"2 500,50";"CZK";"1234567890";"Novák Jan";"0100";"";"${regA}";"";"Záloha"`,
    ].join('\r\n');
    const content = toBase64(new TextEncoder().encode(csv));
    const preview = await caller.bankStatement.previewBankStatement({ schoolId, content, format: 'CSV', csv: { preset: 'FIO' } });
    expect(preview.transactions).toMatchObject([{ transactionId: id, amount: 250_050, state: 'MATCHED', studentId: a, bookedOn: '2026-11-03' }]);
    await caller.bankStatement.confirmBankStatement({
      schoolId,
      content,
      format: 'CSV',
      csv: { preset: 'FIO' },
      decisions: [{ transactionId: id, studentId: a }],
    });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId: a })).summary.paid).toBe(250_050);
  });

  it('refuses another account, a malformed line (naming it) and writes nothing', async () => {
    const { caller, schoolId, a } = await aSchoolWithStudents();
    const other = gpcBase64([{ id: txId(), amount: 100 }], '0000000123456789');
    await expect(caller.bankStatement.previewBankStatement({ schoolId, content: other })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Výpis je z jiného účtu, než je účet autoškoly.',
    });
    const camtOther = toBase64(new TextEncoder().encode(camt053Text('CZ5508000000001234567899', [{ id: 'X', amount: 100 }])));
    await expect(caller.bankStatement.confirmBankStatement({ schoolId, content: camtOther, decisions: [] })).rejects.toMatchObject({
      message: 'Výpis je z jiného účtu, než je účet autoškoly.',
    });
    const id = txId();
    const good = Buffer.from(
      gpcBase64([
        { id, amount: 100 },
        { id: txId(), amount: 200 },
      ]),
      'base64',
    )
      .toString('latin1')
      .split('\r\n');
    good[2] = `${good[2].slice(0, 91)}311326${good[2].slice(97)}`;
    const broken = Buffer.from(good.join('\r\n'), 'latin1').toString('base64');
    await expect(
      caller.bankStatement.confirmBankStatement({ schoolId, content: broken, decisions: [{ transactionId: id, studentId: a }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Řádek 3: neplatné datum „2026-13-31“.',
    });
    expect(await app.handle.db.select().from(schema.bankTransactions).where(eq(schema.bankTransactions.schoolId, schoolId))).toEqual([]);
    expect(await app.handle.db.select().from(schema.paymentItems).where(eq(schema.paymentItems.schoolId, schoolId))).toEqual([]);
  });

  it('without the school’s account: a Czech precondition; a teacher is refused; another school’s student is not found', async () => {
    const s = await setupSchool(app);
    const content = gpcBase64([{ id: txId(), amount: 100 }]);
    await expect(s.caller.bankStatement.previewBankStatement({ schoolId: s.schoolId, content })).rejects.toMatchObject({
      message: 'Nejprve zadejte bankovní účet autoškoly (Nastavení → Provoz).',
    });
    const teacher = await createUser(app);
    await addMember(app, s.schoolId, teacher.id, 'TEACHER');
    const asTeacher = await app.callerFor(teacher.id);
    await expect(asTeacher.bankStatement.previewBankStatement({ schoolId: s.schoolId, content })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const assistant = await createUser(app);
    await addMember(app, s.schoolId, assistant.id, 'ASSISTANT');
    await setOperator(s.caller, s.schoolId);
    await expect((await app.callerFor(assistant.id)).bankStatement.previewBankStatement({ schoolId: s.schoolId, content })).resolves.toMatchObject({
      format: 'GPC',
    });
    const other = await aSchoolWithStudents();
    const id = txId();
    const file = gpcBase64([{ id, amount: 100 }]);
    await expect(
      s.caller.bankStatement.confirmBankStatement({ schoolId: s.schoolId, content: file, decisions: [{ transactionId: id, studentId: other.a }] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      s.caller.bankStatement.confirmBankStatement({ schoolId: s.schoolId, content: file, decisions: [{ transactionId: 'not-there', studentId: null }] }),
    ).rejects.toMatchObject({ message: 'Položka není ve výpisu.' });
  });

  it('Vlastní sloupce: saved per school, preview + confirm with them (no id column), re-import adds nothing, another school sees none', async () => {
    const { caller, schoolId, a, b, regA } = await aSchoolWithStudents();
    expect(await caller.bankStatement.getCsvMapping({ schoolId })).toEqual({ columns: null });
    const columns = csvColumns();
    const saved = await caller.bankStatement.saveCsvMapping({ schoolId, columns });
    expect(saved.columns).toMatchObject({ date: 'Datum splatnosti', amount: 'Částka', ownAccountColumn: 'Vlastní účet' });
    expect((await caller.bankStatement.getCsvMapping({ schoolId })).columns).toEqual(saved.columns);
    // Another school never gets this school's columns.
    const other = await setupSchool(app);
    expect(await other.caller.bankStatement.getCsvMapping({ schoolId: other.schoolId })).toEqual({ columns: null });

    const header = 'Vlastní účet;Datum splatnosti;Protiúčet a kód banky;Název protiúčtu;Částka;Měna;VS;Popis příkazce';
    const line = (amount: string, vs: string, name: string) => `19-2000145399/0800;27.11.2026;123-4567890217/0100;${name};${amount};CZK;${vs};"Kurz; záloha"`;
    const csv = [
      header,
      line('1 500,00', regA, 'Novák Jan'),
      line('1 500,00', regA, 'Novák Jan'),
      line('-300,00', '', 'Poplatek'),
      line('8 990,00', '', 'Dvořáková Šárka'),
    ].join('\r\n');
    const content = toBase64(windows1250(csv));
    const file = { schoolId, content, format: 'CSV' as const, csv: { columns: saved.columns } };
    const preview = await caller.bankStatement.previewBankStatement(file);
    expect(preview).toMatchObject({ format: 'CSV', debits: 1 });
    expect(preview.transactions.map((t) => [t.amount, t.state, t.studentId, t.message])).toEqual([
      [150_000, 'MATCHED', a, 'Kurz; záloha'],
      [150_000, 'MATCHED', a, 'Kurz; záloha'],
      [899_000, 'SUGGESTED', b, 'Kurz; záloha'],
    ]);
    const [t1, t2, t3] = preview.transactions.map((t) => t.transactionId);
    expect(t1).not.toBe(t2);
    const done = await caller.bankStatement.confirmBankStatement({
      ...file,
      decisions: [
        { transactionId: t1, studentId: a },
        { transactionId: t2, studentId: a },
        { transactionId: t3, studentId: b },
      ],
    });
    expect(done).toMatchObject({ transactions: 3, payments: 3 });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId: a })).summary.paid).toBe(300_000);

    // The same export again, with one more line: the known lines are 'Již importováno', only the new one is paid.
    const more = toBase64(windows1250(`${csv}\r\n${line('500,00', regA, 'Novák Jan')}`));
    const again = await caller.bankStatement.previewBankStatement({ ...file, content: more });
    expect(again.transactions.map((t) => t.imported)).toEqual([true, true, true, false]);
    const fresh = again.transactions[3].transactionId;
    expect(
      await caller.bankStatement.confirmBankStatement({
        ...file,
        content: more,
        decisions: [
          { transactionId: t1, studentId: a },
          { transactionId: fresh, studentId: a },
        ],
      }),
    ).toMatchObject({ transactions: 1, payments: 1 });
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId: a })).summary.paid).toBe(350_000);

    // Another account in the own-account column is refused; a bad amount names its line and nothing is written.
    await expect(
      caller.bankStatement.previewBankStatement({ ...file, content: toBase64(windows1250(csv.replaceAll('19-2000145399/0800', '1234567890/0100'))) }),
    ).rejects.toMatchObject({ message: 'Výpis je z jiného účtu, než je účet autoškoly.' });
    const broken = toBase64(windows1250(`${csv}\r\n${line('12x', regA, 'Novák Jan')}`));
    await expect(caller.bankStatement.confirmBankStatement({ ...file, content: broken, decisions: [] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Řádek 6: částka „12x“ není číslo.',
    });
    expect(await app.handle.db.select().from(schema.bankTransactions).where(eq(schema.bankTransactions.schoolId, schoolId))).toHaveLength(4);
    // A mapping without the amount column is refused by the shared schema with its field message.
    await expect(caller.bankStatement.saveCsvMapping({ schoolId, columns: { ...columns, amount: null } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

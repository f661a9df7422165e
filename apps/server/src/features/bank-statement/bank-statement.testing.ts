// Test factories for 'Import výpisu' (API tests and isolation rows).
import type { CsvColumnsInput } from '@volant/shared/bank-statement/inputs';
import { gpcText, type SampleItem, toBase64, windows1250 } from '@volant/shared/bank-statement/sample-files';
import type { Caller } from '../../testing/harness.ts';
import { setOperator } from '../invoice/invoice.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';

/** The test operator's account 19-2000145399/0800: its GPC digits and IBAN. */
export const SCHOOL_GPC_ACCOUNT = '0000192000145399';
export const SCHOOL_IBAN = 'CZ6508000000192000145399';

export const gpcBase64 = (items: SampleItem[], account = SCHOOL_GPC_ACCOUNT) => toBase64(windows1250(gpcText(account, items)));

let seq = 0;
/** A registration number whose digits are a fresh variable symbol. */
export const freshRegistration = () => `${Date.now() % 1_000_000}${String(process.pid % 100).padStart(2, '0')}${++seq}`;

/** Isolation seed: the victim's account and a student; a GPC file paying them 1 500 Kč by their variable symbol. */
export async function aStatement(_app: unknown, v: { caller: Caller; schoolId: string }) {
  await setOperator(v.caller, v.schoolId);
  const registrationNumber = freshRegistration();
  const studentId = await createTestStudent(v.caller, v.schoolId, { registrationNumber });
  const id = `9${`${Date.now()}${++seq}`.slice(-11)}`;
  const content = gpcBase64([{ id, amount: 150000, vs: registrationNumber, name: 'Dvořák Jan' }]);
  return { studentId, content, transactionId: id };
}

/** A Komerční-banka-like mapping ('Vlastní sloupce'): no transaction id column, own account as a column. */
export const csvColumns = (over: Partial<CsvColumnsInput> = {}): CsvColumnsInput => ({
  delimiter: ';',
  encoding: 'AUTO',
  date: 'Datum splatnosti',
  dateFormat: 'DD.MM.YYYY',
  amount: 'Částka',
  currency: 'Měna',
  variableSymbol: 'VS',
  counterAccount: 'Protiúčet a kód banky',
  payerName: 'Název protiúčtu',
  message: 'Popis příkazce',
  ownAccountColumn: 'Vlastní účet',
  ...over,
});

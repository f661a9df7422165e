// Test factories for documents (API tests and isolation rows).
import type { SchoolOperatorInput } from '@volant/shared/school/inputs';
import type { Caller } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

export const testOperator = {
  name: 'Autoškola Volant s.r.o.',
  companyNumber: '27074358',
  street: 'Kounicova',
  streetCode: '12',
  city: 'Brno',
  postCode: '60200',
  vatPayer: false,
  vatId: null,
  bankAccount: '19-2000145399/0800',
  invoiceDueDays: 14,
} satisfies SchoolOperatorInput;

/** Fills the school's operator (Nastavení → Provozovatel), by default a non-payer with 14 due days. */
export async function setOperator(caller: Caller, schoolId: string, o: Partial<SchoolOperatorInput> = {}) {
  await caller.school.updateSchool({ schoolId, operator: { ...testOperator, ...o } });
}

/** Isolation seed: the victim's operator and one of its students. */
export async function anIssuer(_app: unknown, v: { caller: Caller; schoolId: string }) {
  await setOperator(v.caller, v.schoolId);
  return { studentId: await createTestStudent(v.caller, v.schoolId) };
}

/** Isolation seed: an invoice of 2031 for a student of the victim's school. */
export async function aDocument(app: unknown, v: { caller: Caller; schoolId: string }) {
  const { studentId } = await anIssuer(app, v);
  const invoice = await v.caller.invoice.issueInvoice({
    schoolId: v.schoolId,
    studentId,
    issuedOn: '2031-03-02',
    lines: [{ text: 'Výcvik skupiny B', quantity: 1, unitPrice: 18990 }],
  });
  return { studentId, invoiceId: invoice.id, year: String(invoice.year) };
}

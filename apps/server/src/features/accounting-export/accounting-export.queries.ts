import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, between, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SchoolId } from '../../lib/tenant.ts';

const { invoiceLines, invoices, paymentItems, schools, students } = schema;

/** The school's documents issued in the period (both days included), in the series' order; with the related numbers. */
export function listPeriodInvoices(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  const original = alias(invoices, 'original');
  const creditNote = alias(invoices, 'credit_note');
  return db
    .select({
      invoice: invoices,
      creditNoteFor: original.number,
      creditNote: creditNote.number,
    })
    .from(invoices)
    .leftJoin(original, and(eq(original.schoolId, invoices.schoolId), eq(original.id, invoices.creditNoteForId)))
    .leftJoin(creditNote, and(eq(creditNote.schoolId, invoices.schoolId), eq(creditNote.creditNoteForId, invoices.id)))
    .where(and(eq(invoices.schoolId, schoolId), between(invoices.issuedOn, from, to)))
    .orderBy(asc(invoices.year), asc(invoices.seq));
}

export function listLinesOf(db: DbOrTx, schoolId: SchoolId, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.schoolId, schoolId), inArray(invoiceLines.invoiceId, invoiceIds)))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
}

/** The school's payments made in the period (both days included), oldest first, with the student. */
export function listPeriodPayments(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  return db
    .select({
      id: paymentItems.id,
      paidOn: paymentItems.paidOn,
      price: paymentItems.price,
      method: paymentItems.method,
      note: paymentItems.note,
      firstName: students.firstName,
      lastName: students.lastName,
      degree: students.degree,
      registrationNumber: students.registrationNumber,
    })
    .from(paymentItems)
    .innerJoin(students, and(eq(students.schoolId, paymentItems.schoolId), eq(students.id, paymentItems.studentId)))
    .where(and(eq(paymentItems.schoolId, schoolId), between(paymentItems.paidOn, from, to)))
    .orderBy(asc(paymentItems.paidOn), asc(paymentItems.createdAt), asc(paymentItems.id));
}

/** The valid (not cancelled, not credit note) documents issued for these payments. */
export function listPaymentDocuments(db: DbOrTx, schoolId: SchoolId, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ paymentItemId: invoices.paymentItemId, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), inArray(invoices.paymentItemId, paymentIds), eq(invoices.isCancelled, false), ne(invoices.kind, 'CREDIT_NOTE')))
    .orderBy(asc(invoices.number));
}

/** The supplier's IČO for the Pohoda pack (Pohoda refuses a pack of another company). */
export async function findCompanyNumber(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select({ companyNumber: schools.operatorCompanyNumber }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row?.companyNumber ?? null;
}

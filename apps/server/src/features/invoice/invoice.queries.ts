import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { InvoiceKind } from '@volant/shared/enums';
import { normalizeSearch } from '@volant/shared/search';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Halere } from '@volant/shared/money';
import type { SchoolId } from '../../lib/tenant.ts';

const { invoiceLines, invoiceSeries, invoices, paymentItems, schools, students } = schema;

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'schoolId' | 'createdAt'>;
export interface InvoiceLineValues {
  text: string;
  quantity: number;
  unitPrice: Halere;
  vatRate: number;
  total: Halere;
}
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** What a document copies from the school: its operator and the due days. */
export async function findOperator(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db
    .select({
      name: schools.operatorName,
      companyNumber: schools.operatorCompanyNumber,
      street: schools.operatorStreet,
      streetCode: schools.operatorStreetCode,
      city: schools.operatorCity,
      postCode: schools.operatorPostCode,
      vatId: schools.operatorVatId,
      vatPayer: schools.operatorVatPayer,
      bankAccount: schools.operatorBankAccount,
      bankIban: schools.operatorBankIban,
      invoiceDueDays: schools.invoiceDueDays,
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return row;
}

/** The payment a document confirms, when it is this student's in this school. */
export async function findStudentPayment(db: DbOrTx, schoolId: SchoolId, studentId: string, paymentItemId: string) {
  const [row] = await db
    .select({ id: paymentItems.id, price: paymentItems.price, method: paymentItems.method })
    .from(paymentItems)
    .where(and(eq(paymentItems.schoolId, schoolId), eq(paymentItems.studentId, studentId), eq(paymentItems.id, paymentItemId)))
    .limit(1);
  return row;
}

/**
 * The next number of the school's series of the year. The upsert takes the series row's lock until the transaction
 * ends, so concurrent issuers wait in turn, and a rollback gives the number back: no gaps, no duplicates.
 */
export async function nextSeriesNumber(tx: DbOrTx, schoolId: SchoolId, year: number) {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ schoolId, year, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceSeries.schoolId, invoiceSeries.year], set: { lastNumber: sql`${invoiceSeries.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceSeries.lastNumber });
  return row.lastNumber;
}

export async function insertInvoice(tx: DbOrTx, schoolId: SchoolId, values: InvoiceValues, lines: InvoiceLineValues[]) {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, schoolId })
    .returning();
  await tx.insert(invoiceLines).values(lines.map((l, i) => ({ ...l, schoolId, invoiceId: row.id, position: i + 1 })));
  return row;
}

export async function findInvoice(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.id, id)))
    .limit(1);
  return row;
}

export async function lockInvoice(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function markCancelled(tx: DbOrTx, schoolId: SchoolId, id: string, values: { cancelledAt: Date; cancelledBy: string; cancelReason: string }) {
  await tx
    .update(invoices)
    .set({ ...values, isCancelled: true })
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.id, id)));
}

export function listLines(db: DbOrTx, schoolId: SchoolId, invoiceId: string) {
  return db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.schoolId, schoolId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.position));
}

/** The documents related to one: the credit note that cancels it, and the document it cancels. */
export async function findRelated(db: DbOrTx, schoolId: SchoolId, invoice: Pick<InvoiceRow, 'id' | 'creditNoteForId'>) {
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, creditNoteForId: invoices.creditNoteForId })
    .from(invoices)
    .where(
      and(
        eq(invoices.schoolId, schoolId),
        invoice.creditNoteForId
          ? sql`(${invoices.creditNoteForId} = ${invoice.id} or ${invoices.id} = ${invoice.creditNoteForId})`
          : eq(invoices.creditNoteForId, invoice.id),
      ),
    );
  const creditNote = rows.find((r) => r.creditNoteForId === invoice.id);
  const creditNoteFor = rows.find((r) => r.id === invoice.creditNoteForId);
  return {
    creditNote: creditNote ? { id: creditNote.id, number: creditNote.number } : null,
    creditNoteFor: creditNoteFor ? { id: creditNoteFor.id, number: creditNoteFor.number } : null,
  };
}

export async function findStudentName(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ firstName: students.firstName, lastName: students.lastName, degree: students.degree, registrationNumber: students.registrationNumber })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)))
    .limit(1);
  return row;
}

const CZECH_FROM = 'áäčďéěëíĺľňóôöŕřšťúůüýžÁÄČĎÉĚËÍĹĽŇÓÔÖŔŘŠŤÚŮÜÝŽ';
const CZECH_TO = 'aacdeeeillnooorrstuuuyzAACDEEEILLNOOORRSTUUUYZ';

/** The customer's name as normalizeSearch makes a query: lower case without (Czech and Slovak) diacritics. */
const searchableName = sql`lower(translate(${invoices.customerName}, ${CZECH_FROM}, ${CZECH_TO}))`;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface InvoiceFilter {
  year?: number | null;
  kind?: InvoiceKind | null;
  status?: 'ACTIVE' | 'CANCELLED' | null;
  studentId?: string | null;
  query?: string | null;
  limit: number;
  cursor?: string | null;
}

/** The school's documents, newest first (year, then number, descending), a page after the cursor's row. */
export function listInvoices(db: DbOrTx, schoolId: SchoolId, filter: InvoiceFilter) {
  const creditNotes = alias(invoices, 'credit_notes');
  const cancelled = alias(invoices, 'cancelled');
  const conditions: (SQL | undefined)[] = [eq(invoices.schoolId, schoolId)];
  if (filter.year) conditions.push(eq(invoices.year, filter.year));
  if (filter.kind) conditions.push(eq(invoices.kind, filter.kind));
  if (filter.status) conditions.push(eq(invoices.isCancelled, filter.status === 'CANCELLED'));
  if (filter.studentId) conditions.push(eq(invoices.studentId, filter.studentId));
  const query = filter.query?.trim();
  if (query) {
    const raw = likePattern(query);
    const normalized = likePattern(normalizeSearch(query));
    conditions.push(sql`(${invoices.number} like ${raw} or ${invoices.variableSymbol} like ${raw} or ${searchableName} like ${normalized})`);
  }
  if (filter.cursor) {
    conditions.push(
      sql`(${invoices.year}, ${invoices.seq}) < (select c.year, c.seq from ${invoices} c where c.school_id = ${schoolId} and c.id = ${filter.cursor})`,
    );
  }
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      year: invoices.year,
      issuedOn: invoices.issuedOn,
      dueOn: invoices.dueOn,
      customerName: invoices.customerName,
      customerCompanyNumber: invoices.customerCompanyNumber,
      studentId: invoices.studentId,
      studentFirstName: students.firstName,
      studentLastName: students.lastName,
      studentDegree: students.degree,
      paymentItemId: invoices.paymentItemId,
      paymentMethod: invoices.paymentMethod,
      variableSymbol: invoices.variableSymbol,
      total: invoices.total,
      isCancelled: invoices.isCancelled,
      creditNoteForId: invoices.creditNoteForId,
      creditNoteForNumber: cancelled.number,
      creditNoteId: creditNotes.id,
      creditNoteNumber: creditNotes.number,
    })
    .from(invoices)
    .innerJoin(students, and(eq(students.schoolId, invoices.schoolId), eq(students.id, invoices.studentId)))
    .leftJoin(creditNotes, and(eq(creditNotes.schoolId, invoices.schoolId), eq(creditNotes.creditNoteForId, invoices.id)))
    .leftJoin(cancelled, and(eq(cancelled.schoolId, invoices.schoolId), eq(cancelled.id, invoices.creditNoteForId)))
    .where(and(...conditions))
    .orderBy(desc(invoices.year), desc(invoices.seq))
    .limit(filter.limit);
}

/** The years the school has documents in, newest first (the list's year filter). */
export async function listInvoiceYears(db: DbOrTx, schoolId: SchoolId) {
  const rows = await db
    .selectDistinct({ year: invoiceSeries.year })
    .from(invoiceSeries)
    .where(eq(invoiceSeries.schoolId, schoolId))
    .orderBy(desc(invoiceSeries.year));
  return rows.map((r) => r.year);
}

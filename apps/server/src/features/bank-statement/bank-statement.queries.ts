import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { asHalere, type Halere } from '@volant/shared/money';
import type { SchoolId } from '../../lib/tenant.ts';

const { bankCsvMappings, bankStatements, bankTransactions, invoices, paymentItems, schools, studentBalances, students } = schema;

export async function findSchoolAccount(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select({ account: schools.operatorBankAccount, iban: schools.operatorBankIban }).from(schools).where(eq(schools.id, schoolId));
  return row;
}

/**
 * The school's students (not removed) with what the matcher needs: names, registration number, what they owe. The
 * balances come from the view filtered by school_id alone (PostgreSQL pushes it into the view's grouped parts); a join
 * from students into the view was 50 s for 5,000 students (bench/bank-import.ts).
 */
export async function listMatchStudents(db: DbOrTx, schoolId: SchoolId) {
  const [rows, balances] = await Promise.all([
    db
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, registrationNumber: students.registrationNumber })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), isNull(students.removedAt))),
    db
      .select({ studentId: studentBalances.studentId, due: studentBalances.due })
      .from(studentBalances)
      .where(and(eq(studentBalances.schoolId, schoolId), gt(studentBalances.due, asHalere(0)))),
  ]);
  const due = new Map(balances.map((b) => [b.studentId, asHalere(Number(b.due))]));
  return rows.map((r) => ({ ...r, owed: due.get(r.id) ?? null }));
}

/** The school's invoices that are not cancelled nor credit notes: their variable symbols and totals. */
export function listMatchInvoices(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({ studentId: invoices.studentId, variableSymbol: invoices.variableSymbol, total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.isCancelled, false), ne(invoices.kind, 'CREDIT_NOTE')));
}

/** The ids of the given transactions that the school already imported on this account. */
export async function findImportedIds(db: DbOrTx, schoolId: SchoolId, account: string, ids: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ transactionId: bankTransactions.transactionId })
      .from(bankTransactions)
      .where(
        and(eq(bankTransactions.schoolId, schoolId), eq(bankTransactions.account, account), inArray(bankTransactions.transactionId, ids.slice(i, i + 1000))),
      );
    for (const r of rows) found.add(r.transactionId);
  }
  return found;
}

/** The school's students among the ids (not removed): a confirmation may name no other. */
export async function findSchoolStudentIds(db: DbOrTx, schoolId: SchoolId, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), isNull(students.removedAt), inArray(students.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertStatement(tx: DbOrTx, values: typeof bankStatements.$inferInsert) {
  const [row] = await tx.insert(bankStatements).values(values).returning({ id: bankStatements.id });
  return row;
}

export type TransactionInsert = typeof bankTransactions.$inferInsert;

/** Inserts the transactions, skipping those already imported; returns the inserted ones' ids (bank's id → row id). */
export async function insertTransactions(tx: DbOrTx, rows: TransactionInsert[]) {
  const inserted = new Map<string, string>();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (chunk.length === 0) continue;
    const out = await tx
      .insert(bankTransactions)
      .values(chunk)
      .onConflictDoNothing({ target: [bankTransactions.schoolId, bankTransactions.account, bankTransactions.transactionId] })
      .returning({ id: bankTransactions.id, transactionId: bankTransactions.transactionId });
    for (const r of out) inserted.set(r.transactionId, r.id);
  }
  return inserted;
}

export interface PaymentInsert {
  schoolId: SchoolId;
  studentId: string;
  price: Halere;
  paidOn: string;
  method: 'TRANSFER';
  note: string | null;
  createdBy: string;
}

export async function insertPayments(tx: DbOrTx, rows: PaymentInsert[]) {
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (chunk.length === 0) continue;
    const out = await tx.insert(paymentItems).values(chunk).returning({ id: paymentItems.id });
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

/** Links each inserted transaction to its student and new payment: one UPDATE … FROM (VALUES …) per 500. */
export async function linkPayments(tx: DbOrTx, schoolId: SchoolId, links: { rowId: string; studentId: string; paymentId: string }[]) {
  for (let i = 0; i < links.length; i += 500) {
    const chunk = links.slice(i, i + 500);
    if (chunk.length === 0) continue;
    const values = sql.join(
      chunk.map((l) => sql`(${l.rowId}::uuid, ${l.studentId}::uuid, ${l.paymentId}::uuid)`),
      sql`, `,
    );
    await tx.execute(sql`update bank_transactions t set student_id = v.student_id, payment_item_id = v.payment_id
      from (values ${values}) as v(id, student_id, payment_id)
      where t.school_id = ${schoolId} and t.id = v.id`);
  }
}

/** The school's own CSV columns, as stored (the service validates them). */
export async function findCsvMapping(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select({ columns: bankCsvMappings.columns }).from(bankCsvMappings).where(eq(bankCsvMappings.schoolId, schoolId)).limit(1);
  return row?.columns ?? null;
}

export async function upsertCsvMapping(tx: DbOrTx, schoolId: SchoolId, columns: unknown, userId: string, now: Date) {
  await tx
    .insert(bankCsvMappings)
    .values({ schoolId, columns, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({ target: bankCsvMappings.schoolId, set: { columns, updatedBy: userId, updatedAt: now } });
}

import { bigint, boolean, date, foreignKey, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Halere } from '@volant/shared/money';
import { schools } from './school.ts';
import { students } from './student.ts';
import { paymentItems } from './payment-item.ts';
import { createdAt, id } from './columns.ts';

/** An imported bank statement (issue 21 §1 'Import výpisu'): one row per confirmed import. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** The school's account the statement is of, as its IBAN (a statement of another account is refused). */
    account: text().notNull(),
    format: text().notNull(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [unique('bank_statements_school_id_id_key').on(t.schoolId, t.id)],
);

/**
 * An incoming transaction of an imported statement: the bank's id is unique per school and account, so importing the
 * same statement again adds nothing. A confirmed match links the payment it became; one left aside has neither.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    statementId: uuid().notNull(),
    account: text().notNull(),
    transactionId: text().notNull(),
    bookedOn: date({ mode: 'string' }).notNull(),
    amount: bigint({ mode: 'number' }).$type<Halere>().notNull(),
    credit: boolean().notNull(),
    variableSymbol: text(),
    counterAccount: text(),
    counterName: text(),
    message: text(),
    studentId: uuid(),
    paymentItemId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('bank_transactions_school_account_tx_key').on(t.schoolId, t.account, t.transactionId),
    index('bank_transactions_statement_idx').on(t.schoolId, t.statementId),
    foreignKey({ columns: [t.schoolId, t.statementId], foreignColumns: [bankStatements.schoolId, bankStatements.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('set null'),
    foreignKey({ columns: [t.schoolId, t.paymentItemId], foreignColumns: [paymentItems.schoolId, paymentItems.id] }).onDelete('set null'),
  ],
);

/**
 * The school's own CSV columns ('Vlastní sloupce' in 'Import výpisu'): one mapping per school, offered the next time.
 * Validated by the shared zod schema on write and again on read (a stored value that no longer fits is not offered).
 */
export const bankCsvMappings = pgTable('bank_csv_mappings', {
  schoolId: uuid()
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  columns: jsonb().notNull(),
  updatedBy: uuid(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { INVOICE_KINDS, PAYMENT_METHODS, VAT_MODES } from '@volant/shared/enums';
import { asHalere } from '@volant/shared/money';
import { oneOf } from './checks.ts';
import { halere } from './payment-item.ts';
import { schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

/**
 * The school's document number series for one year. Issuing increments `lastNumber` inside the issuing transaction
 * (`insert … on conflict do update … returning`), so the row lock orders concurrent issuers and a rolled-back issue
 * gives its number back: no gaps, no duplicates.
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    lastNumber: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.year] }), check('invoice_series_last_number_check', sql`${t.lastNumber} >= 1`)],
);

/**
 * An invoice, receipt or credit note (issue 9 doklady). Supplier and customer are copied at issue: a document never
 * changes when the school's operator or the student's address does. A cancelled document stays, marked cancelled,
 * and its credit note names it in `creditNoteForId`.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text({ enum: INVOICE_KINDS }).notNull(),
    year: integer().notNull(),
    /** The number within the school's series of the year, from 1, without gaps. */
    seq: integer().notNull(),
    /** The printed number, e.g. 20260001. */
    number: text().notNull(),
    studentId: uuid().notNull(),
    /** The payment a receipt confirms (a soft reference: the receipt keeps its lines if the payment goes). */
    paymentItemId: uuid(),
    creditNoteForId: uuid(),
    supplierName: text().notNull(),
    supplierCompanyNumber: text().notNull(),
    supplierVatId: text(),
    supplierAddress: text().notNull(),
    supplierBankAccount: text(),
    /** The account's IBAN as copied at issue: the QR Platba of a bank-transfer document (issue 17). */
    supplierBankIban: text(),
    customerName: text().notNull(),
    customerCompanyNumber: text(),
    customerVatId: text(),
    customerAddress: text(),
    vatMode: text({ enum: VAT_MODES }).notNull(),
    issuedOn: date({ mode: 'string' }).notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    /** DUZP, the taxable supply date (VAT payers). */
    taxableOn: date({ mode: 'string' }),
    variableSymbol: text().notNull(),
    paymentMethod: text({ enum: PAYMENT_METHODS }).notNull(),
    /** Sum of the lines including VAT, haléře (negative on a credit note). */
    total: halere().notNull(),
    totalVat: halere().notNull().default(asHalere(0)),
    note: text(),
    isCancelled: boolean().notNull().default(false),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid(),
    cancelReason: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invoices_school_id_id_key').on(t.schoolId, t.id),
    unique('invoices_school_year_seq_key').on(t.schoolId, t.year, t.seq),
    unique('invoices_school_number_key').on(t.schoolId, t.number),
    /** One credit note per cancelled document. */
    unique('invoices_credit_note_for_key').on(t.schoolId, t.creditNoteForId),
    index('invoices_school_issued_idx').on(t.schoolId, t.issuedOn),
    index('invoices_student_idx').on(t.schoolId, t.studentId),
    index('invoices_payment_idx').on(t.schoolId, t.paymentItemId),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('no action'),
    foreignKey({ columns: [t.schoolId, t.creditNoteForId], foreignColumns: [t.schoolId, t.id] }).onDelete('no action'),
    oneOf('invoices_kind_check', t.kind, INVOICE_KINDS),
    oneOf('invoices_vat_mode_check', t.vatMode, VAT_MODES),
    oneOf('invoices_payment_method_check', t.paymentMethod, PAYMENT_METHODS),
    check('invoices_seq_check', sql`${t.seq} >= 1`),
    check('invoices_credit_note_check', sql`(${t.kind} = 'CREDIT_NOTE') = (${t.creditNoteForId} is not null)`),
  ],
);

/** A line of a document: text, quantity, unit price including VAT (haléře), VAT rate in per cent. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    invoiceId: uuid().notNull(),
    position: integer().notNull(),
    text: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: halere().notNull(),
    vatRate: integer().notNull().default(0),
    total: halere().notNull(),
  },
  (t) => [
    unique('invoice_lines_position_key').on(t.schoolId, t.invoiceId, t.position),
    foreignKey({ columns: [t.schoolId, t.invoiceId], foreignColumns: [invoices.schoolId, invoices.id] }).onDelete('cascade'),
    check('invoice_lines_quantity_check', sql`${t.quantity} between 1 and 1000`),
    check('invoice_lines_vat_rate_check', sql`${t.vatRate} in (0, 12, 21)`),
  ],
);

import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { LICENCE_GROUPS, PAYMENT_METHODS, PRICE_EXTRAS, TRAINING_KINDS, TRAINING_TYPES } from '@volant/shared/enums';
import { PRICE_SOURCES } from '@volant/shared/payment-item/balance';
import { asHalere, type Halere } from '@volant/shared/money';
import { oneOf } from './checks.ts';
import { schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

/** Money is integer haléře (1 Kč = 100 haléřů) end to end, never a float: the shared `Halere` type (money.ts). */
export const halere = (name?: string) => (name ? bigint(name, { mode: 'number' }) : bigint({ mode: 'number' })).$type<Halere>();

/** A student's payment (spec §3 payment item, tab 4 Platba). */
export const paymentItems = pgTable(
  'payment_items',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    /** Haléře, 0 to 1,000,000 Kč. */
    price: halere().notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    note: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payment_items_school_id_id_key').on(t.schoolId, t.id),
    index('payment_items_student_idx').on(t.schoolId, t.studentId, t.paidOn),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('payment_items_method_check', t.method, PAYMENT_METHODS),
    check('payment_items_price_check', sql`${t.price} between 0 and 100000000`),
  ],
);

/** The school's price per group × training kind × training type (variant), in haléře. */
export const schoolPriceList = pgTable(
  'school_price_list',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    group: text({ enum: LICENCE_GROUPS }).notNull(),
    kind: text({ enum: TRAINING_KINDS }).notNull(),
    variant: text({ enum: TRAINING_TYPES }).notNull(),
    price: halere().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.group, t.kind, t.variant] }),
    oneOf('school_price_list_group_check', t.group, LICENCE_GROUPS),
    oneOf('school_price_list_kind_check', t.kind, TRAINING_KINDS),
    oneOf('school_price_list_variant_check', t.variant, TRAINING_TYPES),
    check('school_price_list_price_check', sql`${t.price} between 0 and 100000000`),
  ],
);

/** The student's own course price and discount (haléře); without a row the price list's price is the default. */
export const studentPrices = pgTable(
  'student_prices',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    price: halere().notNull(),
    discount: halere().notNull().default(asHalere(0)),
    discountReason: text(),
    /** Copied from the price list when training started (not the office's own price): undoing the start removes it. */
    fromPriceList: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    check('student_prices_price_check', sql`${t.price} between 0 and 100000000`),
    check('student_prices_discount_check', sql`${t.discount} between 0 and ${t.price}`),
  ],
);

/** The school's price of an extra (kondiční jízda, opravná zkouška …), in haléře per unit. */
export const schoolPriceExtras = pgTable(
  'school_price_extras',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    item: text({ enum: PRICE_EXTRAS }).notNull(),
    price: halere().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.item] }),
    oneOf('school_price_extras_item_check', t.item, PRICE_EXTRAS),
    check('school_price_extras_price_check', sql`${t.price} between 0 and 100000000`),
  ],
);

/** An extra charged to a student beyond the course price (quantity × unit price, haléře); it raises what they owe. */
export const studentCharges = pgTable(
  'student_charges',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    item: text({ enum: PRICE_EXTRAS }).notNull(),
    /** What the line says; the item's label unless the office wrote its own. */
    label: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: halere().notNull(),
    chargedOn: date({ mode: 'string' }).notNull(),
    note: text(),
    /** What applied it automatically (issue 21 §2, e.g. 'exam:<examId>:<type>:<group>'): once per source. */
    sourceKey: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('student_charges_school_id_id_key').on(t.schoolId, t.id),
    uniqueIndex('student_charges_source_key').on(t.schoolId, t.studentId, t.sourceKey).where(sql`${t.sourceKey} is not null`),
    index('student_charges_student_idx').on(t.schoolId, t.studentId, t.chargedOn),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('student_charges_item_check', t.item, PRICE_EXTRAS),
    check('student_charges_quantity_check', sql`${t.quantity} between 1 and 1000`),
    check('student_charges_unit_price_check', sql`${t.unitPrice} between 0 and 100000000`),
  ],
);

/**
 * Each student's balance (issue 9 'Balance and overdue'), a view written by hand in migration 0010 (price_source added in application_form_price_halere): the students whose
 * price applies (training started, an own price row or a charge; never WAITING_FOR_ADMISSION or removed) with the
 * course price after the discount (their own, else the price list's for their first group, kind and type) counted
 * from `courseFrom`, the charges, the payments, what they owe and what is due. Filter it by school_id (and
 * student_id): PostgreSQL pushes both into the view's grouped parts, which the (school_id, student_id, …) indexes serve.
 */
export const studentBalances = pgView('student_balances', {
  schoolId: uuid('school_id').notNull(),
  studentId: uuid('student_id').notNull(),
  coursePrice: halere('course_price'),
  courseFrom: date('course_from', { mode: 'string' }),
  charges: halere('charges').notNull(),
  paid: halere('paid').notNull(),
  owed: halere('owed').notNull(),
  due: halere('due').notNull(),
  /**
   * Where the course price comes from: the student's own ('STUDENT'), the price list's (on read, or copied at the
   * start: 'PRICE_LIST'), or 'MISSING' for a started student the price list has no price for (their course_price is
   * null, which is not 0 owed); null while the course price does not apply yet (not started, no own price).
   */
  priceSource: text('price_source', { enum: PRICE_SOURCES }),
}).existing();

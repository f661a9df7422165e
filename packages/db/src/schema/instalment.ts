// Splátkový kalendář (issue 21 §2): a student's instalments with due dates, and the school's templates (offsets in
// days from the day applied) per training kind. Money is integer haléře.
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { TRAINING_KINDS } from '@volant/shared/enums';
import { PAYMENT_REMINDER_KINDS } from '@volant/shared/instalment/instalments';
import { oneOf } from './checks.ts';
import { createdAt, id } from './columns.ts';
import { halere } from './payment-item.ts';
import { schools } from './school.ts';
import { students } from './student.ts';

/** One instalment of a student's plan; payments are allocated to them oldest due date first (shared rule). */
export const studentInstalments = pgTable(
  'student_instalments',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    position: integer().notNull(),
    label: text().notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    amount: halere().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('student_instalments_school_id_id_key').on(t.schoolId, t.id),
    index('student_instalments_student_idx').on(t.schoolId, t.studentId, t.dueOn),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    check('student_instalments_amount_check', sql`${t.amount} between 0 and 100000000`),
  ],
);

/** The school's instalment template ('3 splátky: při zápisu, po 1 měsíci, před zkouškou'), for a training kind or any. */
export const instalmentTemplates = pgTable(
  'instalment_templates',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Null: any training kind. */
    trainingKind: text({ enum: TRAINING_KINDS }),
    /** Days after the day applied, one per instalment. */
    offsets: integer().array().notNull(),
    /** The instalments' labels, one per offset. */
    labels: text().array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('instalment_templates_school_id_id_key').on(t.schoolId, t.id),
    oneOf('instalment_templates_training_kind_check', t.trainingKind, TRAINING_KINDS),
  ],
);

/** The school's payment reminders (Nastavení): days before a due date, days after it (overdue), and its own text. */
export const paymentReminderSettings = pgTable(
  'payment_reminder_settings',
  {
    schoolId: uuid()
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** Null: no reminder before the due date. */
    daysBefore: integer(),
    /** Null: no reminder when overdue. */
    daysAfter: integer(),
    text: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_reminder_settings_days_before_check', sql`${t.daysBefore} between 0 and 60`),
    check('payment_reminder_settings_days_after_check', sql`${t.daysAfter} between 1 and 60`),
  ],
);

/** What payment reminder was mailed to whom ('Odeslané upomínky' on the student's Platba tab). */
export const paymentReminderLog = pgTable(
  'payment_reminder_log',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    /** The instalment's label and due date as mailed (a plan edited later keeps the log). */
    label: text().notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    kind: text({ enum: PAYMENT_REMINDER_KINDS }).notNull(),
    amount: halere().notNull(),
    email: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('payment_reminder_log_student_idx').on(t.schoolId, t.studentId, t.sentAt),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('payment_reminder_log_kind_check', t.kind, PAYMENT_REMINDER_KINDS),
  ],
);

/** The school's rules for charges applied automatically from the price list's extras (issue 21 §2). */
export const autoChargeSettings = pgTable('auto_charge_settings', {
  schoolId: uuid()
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  /** A repeated exam (attempt 2 and later) charges the price list's 'EXAM_REPEAT' when the student signs up. */
  examRepeat: boolean().notNull().default(false),
  /** Each completed ride beyond the student's plan ('Osnova') charges the price list's 'EXTRA_RIDE' per 45 minutes. */
  extraRides: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// The public application form (issue 11): a school's embeddable forms, the courses each offers, and the applications
// sent through them. An application becomes a student in WAITING_FOR_ADMISSION until the office admits or rejects it.
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { halere } from './payment-item.ts';
import { users } from './identity.ts';
import { schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

export const applicationForms = pgTable(
  'application_forms',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    colorPrimary: text().notNull(),
    colorError: text().notNull(),
    /** The sites allowed to embed and post the form ('https://www.autoskola.cz'): CORS and CSP frame-ancestors. */
    origins: text().array().notNull(),
    /** Signs the public page's fill tokens (when the page was opened): 244 random bits, never leaves the server. */
    secret: text().notNull().default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('application_forms_school_id_id_key').on(t.schoolId, t.id), index('application_forms_school_idx').on(t.schoolId)],
);

export const applicationFormCourses = pgTable(
  'application_form_courses',
  {
    id: id(),
    schoolId: uuid().notNull(),
    formId: uuid().notNull(),
    name: text().notNull(),
    description: text().notNull(),
    /** Haléře (money.ts), 1 to 1,000,000 Kč: the form turns the office's koruny into haléře. */
    price: halere().notNull(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('application_form_courses_school_id_id_key').on(t.schoolId, t.id),
    index('application_form_courses_form_idx').on(t.schoolId, t.formId, t.position),
    foreignKey({ columns: [t.schoolId, t.formId], foreignColumns: [applicationForms.schoolId, applicationForms.id] }).onDelete('cascade'),
    check('application_form_courses_price_check', sql`${t.price} between 100 and 100000000`),
  ],
);

/**
 * One submission. The applicant's personal data live on the student row (state WAITING_FOR_ADMISSION); the course
 * is copied, so editing or removing the form later changes no application. A rejection removes the student row (the
 * applicant never became a student) and keeps the name and e-mail here for the school's list.
 */
export const applications = pgTable(
  'applications',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().references(() => students.id, { onDelete: 'set null' }),
    formId: uuid(),
    courseId: uuid(),
    courseName: text().notNull(),
    /** Haléře, copied from the course when sent. */
    coursePrice: halere().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    /** The page's origin the form was sent from (one of the form's origins, or the app's own for the hosted page). */
    origin: text(),
    consentAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: APPLICATION_STATUSES }).notNull().default('PENDING'),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    rejectReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('applications_school_id_id_key').on(t.schoolId, t.id),
    index('applications_school_status_idx').on(t.schoolId, t.status, t.createdAt.desc()),
    index('applications_student_idx').on(t.studentId),
    oneOf('applications_status_check', t.status, APPLICATION_STATUSES),
    check('applications_course_price_check', sql`${t.coursePrice} between 100 and 100000000`),
  ],
);

/**
 * Fill tokens already used (issue 17 item 17): a token sends one application. Written in the application's own
 * transaction, so of two sends of one token exactly one wins (the primary key); kept until the token would have
 * expired anyway (then it is refused as stale, and the row is swept).
 */
export const applicationFillTokens = pgTable(
  'application_fill_tokens',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** The token's random part. */
    tokenId: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.tokenId] }), index('application_fill_tokens_expiry_idx').on(t.schoolId, t.expiresAt)],
);

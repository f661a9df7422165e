import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LICENCE_GROUPS, STUDENT_STATES, TRAINING_KINDS, TRAINING_TYPES } from '@volant/shared/enums';
import { eachOneOf, oneOf } from './checks.ts';
import { interpreters } from './interpreter.ts';
import { schools } from './school.ts';
import { createdAt, id } from './columns.ts';

export const students = pgTable(
  'students',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** Assigned on admission: an applicant from the public form (WAITING_FOR_ADMISSION) may have none yet. */
    registrationNumber: text(),
    state: text({ enum: STUDENT_STATES }).notNull().default('NOT_STARTED'),
    dateOfInProgress: date({ mode: 'string' }),
    dateOfFinished: date({ mode: 'string' }),
    /**
     * Set when training was ended before the legal minimum was met ('Ukončit předčasně': a transfer, a drop-out), with
     * the office's reason; null otherwise. Such a student gets no document claiming completion (issue 17).
     */
    earlyEndReason: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    degree: text(),
    birthDate: date({ mode: 'string' }).notNull(),
    birthPlace: text().notNull(),
    citizenship: text().notNull(),
    docId: text().notNull(),
    phone: text(),
    email: text(),
    street: text().notNull(),
    streetCode: text().notNull(),
    city: text().notNull(),
    postCode: text().notNull(),
    groups: text().array().notNull().default(sql`'{}'::text[]`),
    currentGroups: text().array().notNull().default(sql`'{}'::text[]`),
    trainingKind: text({ enum: TRAINING_KINDS }).notNull().default('BASIC'),
    trainingType: text({ enum: TRAINING_TYPES }).notNull().default('COURSE'),
    drivingLicenceNumber: text().notNull(),
    note: text(),
    interpreterId: uuid(),
    /** 'Lékařský posudek': the date of the medical certificate of fitness to drive (issue 19 §3; legal 3-month rule). */
    medicalCertificateDate: date({ mode: 'string' }),
    secretCode: text().notNull().default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 8)`),
    /** Lower-cased, diacritics removed: "first last registrationNumber". Kept by the service on every write. */
    searchText: text().notNull(),
    createdAt: createdAt(),
    /**
     * When the school took the student on: counts against the STARTER monthly limit. Null for an applicant of the
     * public form until the office admits them.
     */
    admittedAt: timestamp({ withTimezone: true }).defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Removal keeps the row for the legal records; removed students are invisible to the app. */
    removedAt: timestamp({ withTimezone: true }),
    /**
     * 'Přístup žáka' (issue 19 §1): when the office last invited the student to 'Můj výcvik'; null = no access (never
     * invited, or revoked). Only a student with access and an e-mail can get a sign-in link at /zak.
     */
    portalInvitedAt: timestamp({ withTimezone: true }),
    /** The student's last sign-in to 'Můj výcvik' (shown on the card). */
    portalLastSignInAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('students_school_id_id_key').on(t.schoolId, t.id),
    uniqueIndex('students_school_registration_key').on(t.schoolId, t.registrationNumber).where(sql`${t.removedAt} is null`),
    index('students_school_created_idx').on(t.schoolId, t.createdAt.desc()),
    index('students_school_admitted_idx').on(t.schoolId, t.admittedAt),
    check('students_registration_number_check', sql`${t.registrationNumber} is not null or ${t.state} = 'WAITING_FOR_ADMISSION'`),
    // /zak looks students up by e-mail across schools: only those with access.
    index('students_portal_email_idx').on(sql`lower(${t.email})`).where(sql`${t.portalInvitedAt} is not null and ${t.removedAt} is null`),
    index('students_search_idx').using('gin', t.schoolId, sql`${t.searchText} gin_trgm_ops`),
    foreignKey({ columns: [t.schoolId, t.interpreterId], foreignColumns: [interpreters.schoolId, interpreters.id] }),
    oneOf('students_state_check', t.state, STUDENT_STATES),
    oneOf('students_training_kind_check', t.trainingKind, TRAINING_KINDS),
    oneOf('students_training_type_check', t.trainingType, TRAINING_TYPES),
    eachOneOf('students_groups_check', t.groups, LICENCE_GROUPS),
    eachOneOf('students_current_groups_check', t.currentGroups, LICENCE_GROUPS),
  ],
);

export const studentLogs = pgTable(
  'student_logs',
  {
    id: id(),
    schoolId: uuid().notNull(),
    studentId: uuid().notNull(),
    state: text({ enum: STUDENT_STATES }).notNull(),
    previousState: text({ enum: STUDENT_STATES }),
    date: date({ mode: 'string' }).notNull(),
    userId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_logs_student_idx').on(t.schoolId, t.studentId, t.createdAt),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('student_logs_state_check', t.state, STUDENT_STATES),
    oneOf('student_logs_previous_state_check', t.previousState, STUDENT_STATES),
  ],
);

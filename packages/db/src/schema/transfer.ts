import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { PLAN_ITEMS } from '@volant/shared/lesson-plan/law';
import { oneOf } from './checks.ts';
import { schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

/**
 * 'Převod žáka' (issue 22 §4): the school's Ed25519 signing key, made on first use. The private key is PKCS#8 DER in
 * base64; it is stored as is (the configuration has no server secret to encrypt it with: docs/decisions/0030).
 */
export const schoolSigningKeys = pgTable('school_signing_keys', {
  schoolId: uuid()
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  algorithm: text().notNull().default('Ed25519'),
  /** SubjectPublicKeyInfo DER, base64. */
  publicKey: text().notNull(),
  /** PKCS#8 DER, base64. */
  privateKey: text().notNull(),
  /** 'SHA256:' + hex SHA-256 of the public key's DER. */
  keyFingerprint: text().notNull(),
  createdAt: createdAt(),
});

/**
 * A transfer record another school issued, imported onto this school's student: who issued it (as the signed record
 * says), the key that signed it, and the document itself. One document once per school (the signature's hash).
 */
export const studentPriorTrainings = pgTable(
  'student_prior_trainings',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    /** SHA-256 (hex) of the signature value: the same file imported again is this row. */
    documentHash: text().notNull(),
    issuingSchoolName: text().notNull(),
    issuingSchoolCompanyNumber: text(),
    keyFingerprint: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    /** The signed file as uploaded (bounded to 1 MB by the input). */
    document: text().notNull(),
    /** The user who imported it. */
    importedBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('student_prior_trainings_school_id_id_key').on(t.schoolId, t.id),
    unique('student_prior_trainings_document_key').on(t.schoolId, t.documentHash),
    index('student_prior_trainings_student_idx').on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

/** The imported hours per plan item: attended theory lessons and completed practical minutes, as the record counted them. */
export const studentPriorHours = pgTable(
  'student_prior_hours',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    priorTrainingId: uuid().notNull(),
    studentId: uuid().notNull(),
    item: text({ enum: PLAN_ITEMS }).notNull(),
    /** Attended 45-minute theory lessons (Výuka rows) of the item. */
    lessons: integer().notNull().default(0),
    /** Minutes of completed rides / PV lessons of the item. */
    minutes: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('student_prior_hours_item_key').on(t.schoolId, t.priorTrainingId, t.item),
    index('student_prior_hours_student_idx').on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.priorTrainingId], foreignColumns: [studentPriorTrainings.schoolId, studentPriorTrainings.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('student_prior_hours_item_check', t.item, PLAN_ITEMS),
    check('student_prior_hours_amount_check', sql`${t.lessons} >= 0 and ${t.minutes} >= 0`),
  ],
);

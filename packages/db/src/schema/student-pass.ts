import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools } from './school.ts';
import { students } from './student.ts';

/** The student's own signature on their electronic applicant pass (spec §7 studentPassSignature). */
export const studentPassSignatures = pgTable(
  'student_pass_signatures',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    /** The same format as a ride's signature (packages/shared/src/driving-lessons-record/signature.ts). */
    signature: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

/**
 * Wrong codes tried against one pass (school × registration number, whether or not such a student exists): after a
 * few in a row the pass is locked until `lockedUntil`, whatever the client address. Shared by every instance.
 */
export const studentPassLockouts = pgTable(
  'student_pass_lockouts',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    registrationNumber: text().notNull(),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.registrationNumber] })],
);

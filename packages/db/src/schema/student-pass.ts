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
 * Wrong pass codes from one client address (an IPv4 address or an IPv6 /64), over every pass of every school: after a
 * few, the address waits a growing time before its next code is looked at (features/student-pass). One row per
 * address that ever tried a code; the count is forgotten after a quiet hour. Shared by every instance.
 */
export const studentPassAddressAttempts = pgTable('student_pass_address_attempts', {
  address: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailedAt: timestamp({ withTimezone: true }),
  /** No code from this address is looked at before this moment. */
  blockedUntil: timestamp({ withTimezone: true }),
});

/**
 * Wrong codes tried against one existing student's pass, whatever the address: past a few, every further wrong code
 * makes the address that sent it wait (a pass under a spread-out attack slows each guessing address), while the right
 * code still opens the pass. Keyed by the student, so a registration number that does not exist writes no row.
 */
export const studentPassAttempts = pgTable(
  'student_pass_attempts',
  {
    schoolId: uuid().notNull(),
    studentId: uuid().notNull(),
    failures: integer().notNull().default(0),
    lastFailedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

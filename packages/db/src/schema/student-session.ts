import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { schools } from './school.ts';
import { students } from './student.ts';

/**
 * A student's own login (the next issue opens it by a single-use e-mail link): the token's hash, never the token, and
 * the student it proves. The pair (school, student) is one foreign key, so a session cannot name a student of another
 * school; the student rung of the procedure ladder (apps/server/src/trpc/procedures.ts) also requires the student not
 * removed. Staff sessions are the `sessions` table: a token of one kind opens no rung of the other.
 */
export const studentSessions = pgTable(
  'student_sessions',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('student_sessions_token_hash_key').on(t.tokenHash),
    index('student_sessions_student_idx').on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

/**
 * The single-use e-mail links of /zak (issue 19 §1): the token's hash, never the token, for an e-mail address (one
 * address may belong to students of several schools). LINK: the mailed sign-in link, 15 minutes. CHOICE: what a
 * consumed link of an address with several schools yields, so the student picks one (a few minutes). Used once
 * (`used_at`). No school: the address picks the students when the link is used.
 */
export const studentLoginLinks = pgTable(
  'student_login_links',
  {
    id: id(),
    kind: text({ enum: ['LINK', 'CHOICE'] }).notNull(),
    email: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('student_login_links_token_hash_key').on(t.tokenHash),
    index('student_login_links_email_idx').on(t.email, t.createdAt),
    check('student_login_links_kind_check', sql`${t.kind} in ('LINK', 'CHOICE')`),
  ],
);

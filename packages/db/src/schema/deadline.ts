// The nightly deadline sweep (issue 22 §3, docs/decisions/0029): the school's lead times. What was notified is marked in
// reminder_sends under a key per student × deadline kind × deadline date × lead time.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools } from './school.ts';

/** 'Upozornění na lhůty': how many days before a deadline lapses the office is notified (no row: 14 and 3). */
export const deadlineSettings = pgTable(
  'deadline_settings',
  {
    schoolId: uuid()
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    leadDays: integer().array().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('deadline_settings_lead_days_check', sql`cardinality(${t.leadDays}) between 1 and 3 and 1 <= all(${t.leadDays}) and 90 >= all(${t.leadDays})`)],
);

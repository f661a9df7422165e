import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { schools } from './school.ts';

/**
 * The actions a teacher's device sent from 'Můj den' (issue 20 §2): each carries a key the device made, and the first
 * answer is kept under it, so a replay (the connection dropped after the server committed) gets that answer again
 * and writes nothing twice. Unique per school and key.
 */
export const dayActionKeys = pgTable(
  'day_action_keys',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** The member (teacher) who sent it and the ride it acted on. */
    memberId: uuid().notNull(),
    recordId: uuid().notNull(),
    /** The first answer, as sent back. */
    answer: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('day_action_keys_school_key_key').on(t.schoolId, t.key), index('day_action_keys_record_idx').on(t.schoolId, t.recordId)],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { RECORD_CHAIN_ENTITY_TYPES, RECORD_CHAIN_KINDS } from '@volant/shared/record-chain/format';
import { oneOf } from './checks.ts';
import { schools } from './school.ts';
import { id } from './columns.ts';

/**
 * The per-school head of the record chain (issue 22 §1, docs/decisions/0026): the last seq and hash. Every append
 * locks this row FOR UPDATE in the write's transaction, so two writers of one school never fork the chain.
 */
export const recordChainHeads = pgTable('record_chain_heads', {
  schoolId: uuid()
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  lastSeq: integer().notNull().default(0),
  lastHash: text().notNull(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The append-only chain of a school's legal records (issue 22 §1): each entry's hash covers its content and the
 * previous entry's hash (the byte format in docs/decisions/0026-record-chain.md and shared record-chain/format.ts).
 * No foreign key to the records themselves: a record deleted keeps its history. A trigger (migration) refuses UPDATE
 * and DELETE, except the cascade of a deleted school. `content` is the canonical JSON text exactly as hashed.
 */
export const recordChainEntries = pgTable(
  'record_chain_entries',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    kind: text({ enum: RECORD_CHAIN_KINDS }).notNull(),
    entityType: text({ enum: RECORD_CHAIN_ENTITY_TYPES }).notNull(),
    entityId: uuid().notNull(),
    studentId: uuid(),
    content: text().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    userId: uuid(),
    who: text().notNull(),
    reason: text(),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    unique('record_chain_entries_school_seq_key').on(t.schoolId, t.seq),
    index('record_chain_entries_entity_idx').on(t.schoolId, t.entityId, t.seq),
    index('record_chain_entries_student_idx').on(t.schoolId, t.studentId, t.seq),
    index('record_chain_entries_kind_idx').on(t.schoolId, t.kind, t.recordedAt),
    oneOf('record_chain_entries_kind_check', t.kind, RECORD_CHAIN_KINDS),
    oneOf('record_chain_entries_entity_type_check', t.entityType, RECORD_CHAIN_ENTITY_TYPES),
    check('record_chain_entries_seq_check', sql`${t.seq} >= 1`),
  ],
);

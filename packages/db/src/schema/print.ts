// Print links (spec §2 print routes): each link a row, so the server alone sets when it stops working.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './identity.ts';
import { schools } from './school.ts';
import { createdAt, id } from './columns.ts';

/**
 * One print link: the document it names (kind, subject, params) in the school of the session that asked for it, and
 * its expiry set by the server. The link carries a random token; only its hash is stored. A logout (the session
 * revoked) ends the link at once; an expired row is swept when the session asks for another.
 */
export const printTokens = pgTable(
  'print_tokens',
  {
    id: id(),
    tokenHash: text().notNull().unique(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    entityId: uuid(),
    params: jsonb().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('print_tokens_session_idx').on(t.sessionId, t.expiresAt)],
);

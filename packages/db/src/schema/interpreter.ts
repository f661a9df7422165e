import { date, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { schools } from './school.ts';
import { createdAt, id } from './columns.ts';

export const interpreters = pgTable(
  'interpreters',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    degree: text(),
    birthDate: date({ mode: 'string' }).notNull(),
    phone: text(),
    street: text().notNull(),
    streetCode: text().notNull(),
    city: text().notNull(),
    postCode: text().notNull(),
    createdAt: createdAt(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique('interpreters_school_id_id_key').on(t.schoolId, t.id)],
);

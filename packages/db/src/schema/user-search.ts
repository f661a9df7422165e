// The header search's history per user and school.
import { foreignKey, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { students } from './student.ts';

/** Recent searches per user and school (the header search's history). */
export const userSearches = pgTable(
  'user_searches',
  {
    schoolId: uuid().notNull(),
    userId: uuid().notNull(),
    studentId: uuid().notNull(),
    searchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.studentId] }),
    index('user_searches_recent_idx').on(t.schoolId, t.userId, t.searchedAt.desc()),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

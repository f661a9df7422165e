// Hlášenky and the students on them.
import { sql } from 'drizzle-orm';
import { date, foreignKey, index, pgTable, primaryKey, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

/** Hlášenka: the students whose training starts on `date`, sent to the municipal office. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reports_school_id_id_key').on(t.schoolId, t.id),
    uniqueIndex('reports_open_date_key').on(t.schoolId, t.date).where(sql`${t.sentAt} is null`),
    index('reports_school_date_idx').on(t.schoolId, t.date.desc()),
  ],
);

export const reportStudents = pgTable(
  'report_students',
  {
    schoolId: uuid().notNull(),
    reportId: uuid().notNull(),
    studentId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.studentId] }),
    index('report_students_student_idx').on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.reportId], foreignColumns: [reports.schoolId, reports.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

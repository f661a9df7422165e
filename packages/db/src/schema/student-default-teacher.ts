import { foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_TEACHER_TYPES } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { schoolMembers, schools } from './school.ts';
import { students } from './student.ts';

/** A student's default teacher for theory (TEACHING) and for training (TRAINING), prefilled into new rows. */
export const studentDefaultTeachers = pgTable(
  'student_default_teachers',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    type: text({ enum: DEFAULT_TEACHER_TYPES }).notNull(),
    teacherId: uuid().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.type] }),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.teacherId], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }).onDelete('cascade'),
    oneOf('student_default_teachers_type_check', t.type, DEFAULT_TEACHER_TYPES),
  ],
);

import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { TEACHING_SECTIONS } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { schoolMembers, schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';
import { groupLessons } from './course.ts';

/**
 * The student's theory lessons (spec §3 teaching lesson record), created from the lesson plan when training starts:
 * one row per 45-minute lesson of a section. A date plans it; a lesson counts as taught only once marked attended
 * (attended_at), which needs a date on or before that day (issue 17: planned is not attended).
 */
export const teachingLessonRecords = pgTable(
  'teaching_lesson_records',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    type: text({ enum: TEACHING_SECTIONS }).notNull(),
    /** Order within the section (1-based). */
    position: integer().notNull(),
    teacherId: uuid(),
    date: date({ mode: 'string' }),
    topic: text(),
    /** When the lesson was marked attended; null: planned (or not yet given). */
    attendedAt: timestamp({ withTimezone: true }),
    /** The group lesson ('Hodina výuky') whose attendance filled this row (issue 20 §3); null: an individual lesson. */
    groupLessonId: uuid(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('teaching_lesson_records_school_id_id_key').on(t.schoolId, t.id),
    index('teaching_lesson_records_student_idx').on(t.schoolId, t.studentId, t.type, t.position),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.teacherId], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }),
    foreignKey({ columns: [t.schoolId, t.groupLessonId], foreignColumns: [groupLessons.schoolId, groupLessons.id] }),
    index('teaching_lesson_records_group_lesson_idx').on(t.schoolId, t.groupLessonId),
    oneOf('teaching_lesson_records_type_check', t.type, TEACHING_SECTIONS),
    check('teaching_lesson_records_attended_dated_check', sql`${t.attendedAt} is null or ${t.date} is not null`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { TEACHING_SECTIONS } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { schoolMembers, schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

/** 'Učebna' (issue 20 §3): a school's room for group theory, with the number of seats. */
export const classrooms = pgTable(
  'classrooms',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    capacity: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('classrooms_school_id_id_key').on(t.schoolId, t.id), check('classrooms_capacity_check', sql`${t.capacity} between 1 and 500`)],
);

/** 'Kurz' (issue 20 §3): a named group of a school's students with its start date and its theory schedule. */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    /** Set when the course is closed ('Ukončit kurz'); a student may be in one course that is not. */
    endedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('courses_school_id_id_key').on(t.schoolId, t.id)],
);

/** The course's students (a student of the same school). */
export const courseStudents = pgTable(
  'course_students',
  {
    schoolId: uuid().notNull(),
    courseId: uuid().notNull(),
    studentId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.courseId, t.studentId] }),
    index('course_students_student_idx').on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

/** 'Hodina výuky': one group theory lesson of a course, `units` × 45 minutes from its start. */
export const groupLessons = pgTable(
  'group_lessons',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: uuid().notNull(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    /** Length in 45-minute lessons. */
    units: integer().notNull(),
    teacherId: uuid().notNull(),
    type: text({ enum: TEACHING_SECTIONS }).notNull(),
    topic: text(),
    classroomId: uuid(),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('group_lessons_school_id_id_key').on(t.schoolId, t.id),
    index('group_lessons_course_idx').on(t.schoolId, t.courseId, t.startTime),
    index('group_lessons_teacher_idx').on(t.schoolId, t.teacherId, t.startTime),
    index('group_lessons_classroom_idx').on(t.schoolId, t.classroomId, t.startTime),
    foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.teacherId], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }),
    foreignKey({ columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }),
    oneOf('group_lessons_type_check', t.type, TEACHING_SECTIONS),
    check('group_lessons_units_check', sql`${t.units} between 1 and 8`),
    check('group_lessons_time_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** Students taking a group lesson besides the course's own (a make-up, a student of another course). */
export const groupLessonStudents = pgTable(
  'group_lesson_students',
  {
    schoolId: uuid().notNull(),
    lessonId: uuid().notNull(),
    studentId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.lessonId, t.studentId] }),
    foreignKey({ columns: [t.schoolId, t.lessonId], foreignColumns: [groupLessons.schoolId, groupLessons.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

/** 'Docházka': a student marked present or absent at a group lesson (none: not marked yet). */
export const groupLessonAttendance = pgTable(
  'group_lesson_attendance',
  {
    schoolId: uuid().notNull(),
    lessonId: uuid().notNull(),
    studentId: uuid().notNull(),
    present: boolean().notNull(),
    markedBy: uuid(),
    markedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.lessonId, t.studentId] }),
    foreignKey({ columns: [t.schoolId, t.lessonId], foreignColumns: [groupLessons.schoolId, groupLessons.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EXAM_RESULTS, EXAM_TYPES, LICENCE_GROUPS } from '@volant/shared/enums';
import { eachOneOf, oneOf } from './checks.ts';
import { schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

/** An exam term (spec §3 Exam: date, place, types; issue 9: note, capacity). */
export const exams = pgTable(
  'exams',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    place: text().notNull(),
    types: text().array().notNull(),
    note: text(),
    capacity: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('exams_school_id_id_key').on(t.schoolId, t.id),
    index('exams_school_date_idx').on(t.schoolId, t.date),
    eachOneOf('exams_types_check', t.types, EXAM_TYPES),
    check('exams_types_nonempty_check', sql`cardinality(${t.types}) >= 1`),
    check('exams_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 1`),
  ],
);

/** A student's sign-up for one type × group of an exam term (spec §3 studentOnExam), with its result and attempt number. */
export const examSignUps = pgTable(
  'exam_sign_ups',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    examId: uuid().notNull(),
    studentId: uuid().notNull(),
    type: text({ enum: EXAM_TYPES }).notNull(),
    group: text({ enum: LICENCE_GROUPS }).notNull(),
    result: text({ enum: EXAM_RESULTS }),
    attempt: integer().notNull(),
    createdAt: createdAt(),
    resultAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('exam_sign_ups_key').on(t.schoolId, t.examId, t.studentId, t.type, t.group),
    /** One open (result-less) sign-up per student × type × group: the database's answer to two concurrent sign-ups. */
    uniqueIndex('exam_sign_ups_open_key').on(t.schoolId, t.studentId, t.type, t.group).where(sql`${t.result} is null`),
    index('exam_sign_ups_student_idx').on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.examId], foreignColumns: [exams.schoolId, exams.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('exam_sign_ups_type_check', t.type, EXAM_TYPES),
    oneOf('exam_sign_ups_group_check', t.group, LICENCE_GROUPS),
    oneOf('exam_sign_ups_result_check', t.result, EXAM_RESULTS),
    check('exam_sign_ups_attempt_check', sql`${t.attempt} >= 1`),
  ],
);

/**
 * New teaching or training of one exam part after the attempts of a cycle failed (legal-cz §7.4): recording it opens
 * the next cycle of attempts. After the last cycle only a completely new training helps.
 */
export const examRetrainings = pgTable(
  'exam_retrainings',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    type: text({ enum: EXAM_TYPES }).notNull(),
    group: text({ enum: LICENCE_GROUPS }).notNull(),
    /** The day the new teaching or training was completed. */
    completedOn: date({ mode: 'string' }).notNull(),
    note: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('exam_retrainings_school_id_id_key').on(t.schoolId, t.id),
    index('exam_retrainings_student_idx').on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('exam_retrainings_type_check', t.type, EXAM_TYPES),
    oneOf('exam_retrainings_group_check', t.group, LICENCE_GROUPS),
  ],
);

/**
 * 'Čekatelé' (issue 22 §3): a student the office put on a term's waiting list by hand. The proposal after a withdrawal
 * takes them first, then the other ready students; nothing signs a student up by itself.
 */
export const examWaitlist = pgTable(
  'exam_waitlist',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    examId: uuid().notNull(),
    studentId: uuid().notNull(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('exam_waitlist_school_id_id_key').on(t.schoolId, t.id),
    unique('exam_waitlist_key').on(t.schoolId, t.examId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.examId], foreignColumns: [exams.schoolId, exams.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

/**
 * A place freed on a term by a withdrawal (one type × group): while open, the term proposes the next ready student for
 * it ('Navrženo'); 'Přeskočit' adds the proposed one to `skipped`, 'Přihlásit' signs them up and closes it.
 */
export const examVacancies = pgTable(
  'exam_vacancies',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    examId: uuid().notNull(),
    type: text({ enum: EXAM_TYPES }).notNull(),
    group: text({ enum: LICENCE_GROUPS }).notNull(),
    /** The student who withdrew (never proposed for their own place). */
    withdrawnStudentId: uuid(),
    skipped: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('exam_vacancies_school_id_id_key').on(t.schoolId, t.id),
    index('exam_vacancies_open_idx').on(t.schoolId, t.examId).where(sql`${t.closedAt} is null`),
    foreignKey({ columns: [t.schoolId, t.examId], foreignColumns: [exams.schoolId, exams.id] }).onDelete('cascade'),
    oneOf('exam_vacancies_type_check', t.type, EXAM_TYPES),
    oneOf('exam_vacancies_group_check', t.group, LICENCE_GROUPS),
  ],
);

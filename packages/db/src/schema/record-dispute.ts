import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISPUTE_RECORD_KINDS } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { drivingLessonRecords } from './driving-lessons-record.ts';
import { schoolMembers, schools } from './school.ts';
import { students } from './student.ts';
import { teachingLessonRecords } from './teaching-lesson-record.ts';
import { createdAt, id } from './columns.ts';

/**
 * 'Nesouhlasím se záznamem' (issue 19 §2): a student disputes a past record of their own — a ride (PV lesson) of
 * driving_lesson_records or a theory lesson of teaching_lesson_records — with a reason; the office answers it
 * ('Vyřešeno' with a note). A record has at most one open dispute (the partial unique indexes); a resolved one may be
 * followed by a new one. Each record is reached by the composite key (school, record), so a dispute cannot name
 * another school's record; that the record is the student's own is proven by the insert's statement.
 * A record deleted by the office takes its disputes with it (the audit log keeps both events).
 */
export const recordDisputes = pgTable(
  'record_disputes',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    recordKind: text({ enum: DISPUTE_RECORD_KINDS }).notNull(),
    /** Set for kind RIDE. */
    drivingLessonRecordId: uuid(),
    /** Set for kind LESSON. */
    teachingLessonRecordId: uuid(),
    reason: text().notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** The member who resolved it. */
    resolvedBy: uuid(),
    resolutionNote: text(),
  },
  (t) => [
    unique('record_disputes_school_id_id_key').on(t.schoolId, t.id),
    index('record_disputes_student_idx').on(t.schoolId, t.studentId, t.createdAt),
    uniqueIndex('record_disputes_open_ride_key')
      .on(t.schoolId, t.drivingLessonRecordId)
      .where(sql`${t.resolvedAt} is null and ${t.drivingLessonRecordId} is not null`),
    uniqueIndex('record_disputes_open_lesson_key')
      .on(t.schoolId, t.teachingLessonRecordId)
      .where(sql`${t.resolvedAt} is null and ${t.teachingLessonRecordId} is not null`),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.drivingLessonRecordId], foreignColumns: [drivingLessonRecords.schoolId, drivingLessonRecords.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.schoolId, t.teachingLessonRecordId], foreignColumns: [teachingLessonRecords.schoolId, teachingLessonRecords.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.schoolId, t.resolvedBy], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }),
    oneOf('record_disputes_record_kind_check', t.recordKind, DISPUTE_RECORD_KINDS),
    check(
      'record_disputes_record_check',
      sql`(${t.recordKind} = 'RIDE' and ${t.drivingLessonRecordId} is not null and ${t.teachingLessonRecordId} is null) or (${t.recordKind} = 'LESSON' and ${t.teachingLessonRecordId} is not null and ${t.drivingLessonRecordId} is null)`,
    ),
    check('record_disputes_reason_check', sql`length(${t.reason}) between 1 and 1000`),
    check('record_disputes_resolved_check', sql`(${t.resolvedAt} is null) = (${t.resolvedBy} is null)`),
  ],
);

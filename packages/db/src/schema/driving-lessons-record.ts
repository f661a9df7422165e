import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CALENDAR_EVENT_TYPES, LESSON_STATES } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { schoolCars } from './school-car.ts';
import { schoolMembers, schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

/**
 * Rides, PV lessons and car reservations (spec §3 driving lessons record, car reservation event). The teacher is a
 * school member (a teacher may have no login). Double bookings of a teacher, a car or a student are refused by
 * exclusion constraints over the time range (migrations 0005 and 0014_student_overlap, not expressible here), ignoring
 * cancelled items.
 */
export const drivingLessonRecords = pgTable(
  'driving_lesson_records',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    type: text({ enum: CALENDAR_EVENT_TYPES }).notNull(),
    state: text({ enum: LESSON_STATES }).notNull().default('SCHEDULED'),
    /** Null only for a car reservation. */
    studentId: uuid(),
    teacherId: uuid(),
    schoolCarId: uuid(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    /** Minutes (1–1440). */
    length: integer().notNull(),
    tachometerBefore: bigint({ mode: 'number' }),
    tachometerAfter: bigint({ mode: 'number' }),
    /** SVG text in the safe subset (DESIGN §8). */
    signature: text(),
    teacherSignature: text(),
    allDay: boolean().notNull().default(false),
    note: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Server time the ride was registered as done (state COMPLETED), issue 19 §2; null while planned or cancelled. */
    recordedAt: timestamp({ withTimezone: true }),
    /** Server times the student's and the teacher's signatures were saved. */
    signedAt: timestamp({ withTimezone: true }),
    teacherSignedAt: timestamp({ withTimezone: true }),
    /** Server time of the last change to a signed ride's content ('Upraveno po podpisu'); null = unchanged since signing. */
    changedAfterSigningAt: timestamp({ withTimezone: true }),
    /** Set when the student booked the ride themselves in 'Můj výcvik' (issue 19 §3): staff see it marked so. */
    bookedByStudentAt: timestamp({ withTimezone: true }),
    /** 'Můj den' (issue 20 §1): when the teacher tapped 'Zahájit jízdu' / 'Ukončit jízdu', by the device's clock. */
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('driving_lesson_records_school_id_id_key').on(t.schoolId, t.id),
    index('driving_lesson_records_student_idx').on(t.schoolId, t.studentId, t.startTime),
    index('driving_lesson_records_school_start_idx').on(t.schoolId, t.startTime),
    index('driving_lesson_records_car_start_idx').on(t.schoolId, t.schoolCarId, t.startTime),
    index('driving_lesson_records_teacher_start_idx').on(t.schoolId, t.teacherId, t.startTime),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }),
    foreignKey({ columns: [t.schoolId, t.teacherId], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }),
    foreignKey({ columns: [t.schoolId, t.schoolCarId], foreignColumns: [schoolCars.schoolId, schoolCars.id] }),
    oneOf('driving_lesson_records_type_check', t.type, CALENDAR_EVENT_TYPES),
    oneOf('driving_lesson_records_state_check', t.state, LESSON_STATES),
    check('driving_lesson_records_time_check', sql`${t.endTime} > ${t.startTime}`),
    check('driving_lesson_records_length_check', sql`${t.length} between 1 and 1440`),
    check('driving_lesson_records_tachometer_check', sql`${t.tachometerBefore} >= 0 and ${t.tachometerAfter} >= 0`),
    check('driving_lesson_records_student_check', sql`${t.type} = 'CAR_RESERVATION' or ${t.studentId} is not null`),
    check('driving_lesson_records_reservation_car_check', sql`${t.type} <> 'CAR_RESERVATION' or ${t.schoolCarId} is not null`),
  ],
);

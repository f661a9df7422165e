import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_TEACHER_CHOICES } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { schoolCars } from './school-car.ts';
import { schoolMembers, schools } from './school.ts';
import { students } from './student.ts';
import { createdAt, id } from './columns.ts';

/**
 * A teacher's weekly working hours ('Dostupnost', issue 19 §3): one row per interval of a weekday, in the school's
 * local time (Europe/Prague). Students book rides only inside these intervals.
 */
export const teacherAvailability = pgTable(
  'teacher_availability',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** A school member (a teacher may have no login). */
    teacherId: uuid().notNull(),
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    weekday: integer().notNull(),
    /** Minutes after local midnight, start inclusive, end exclusive. */
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('teacher_availability_school_id_id_key').on(t.schoolId, t.id),
    index('teacher_availability_teacher_idx').on(t.schoolId, t.teacherId, t.weekday),
    foreignKey({ columns: [t.schoolId, t.teacherId], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }).onDelete('cascade'),
    check('teacher_availability_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('teacher_availability_minutes_check', sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.endMinute} > ${t.startMinute}`),
  ],
);

/** A teacher's absence (holiday, sickness): whole days, both ends inclusive, in the school's local calendar. */
export const teacherAbsences = pgTable(
  'teacher_absences',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    teacherId: uuid().notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('teacher_absences_school_id_id_key').on(t.schoolId, t.id),
    index('teacher_absences_teacher_idx').on(t.schoolId, t.teacherId, t.fromDate),
    foreignKey({ columns: [t.schoolId, t.teacherId], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }).onDelete('cascade'),
    check('teacher_absences_dates_check', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);

/** A teacher's usual car(s): a booked ride takes the first of them that is free. */
export const teacherCars = pgTable(
  'teacher_cars',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    teacherId: uuid().notNull(),
    schoolCarId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.teacherId, t.schoolCarId] }),
    foreignKey({ columns: [t.schoolId, t.teacherId], foreignColumns: [schoolMembers.schoolId, schoolMembers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.schoolCarId], foreignColumns: [schoolCars.schoolId, schoolCars.id] }).onDelete('cascade'),
  ],
);

/**
 * The school's rules for rides students book themselves (Nastavení → 'Rezervace jízd', issue 19 §3). Without a row
 * the defaults below hold, booking off.
 */
export const bookingSettings = pgTable(
  'booking_settings',
  {
    schoolId: uuid()
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(false),
    /** How far ahead a student may book, days. */
    horizonDays: integer().notNull().default(14),
    /** A ride may be booked until this many hours before its start. */
    bookBeforeHours: integer().notNull().default(24),
    /** Cancelling is free until this many hours before the start; later costs the price list's late-cancel extra. */
    freeCancelHours: integer().notNull().default(24),
    /** At most this many future booked (scheduled) rides per student. */
    maxFutureRides: integer().notNull().default(3),
    /** Refuse booking to a student with an overdue balance. */
    requireNoOverdue: boolean().notNull().default(false),
    /** With the student's default training teacher only, or with any teacher. */
    teacherChoice: text({ enum: BOOKING_TEACHER_CHOICES }).notNull().default('DEFAULT_TEACHER'),
    /** The ride lengths a student may book, minutes (the school's usual 45 and 90). */
    rideLengths: integer().array().notNull().default(sql`'{90}'::integer[]`),
    /** Reminder to the student before each ride and theory lesson, hours before (issue 19 §4); null = no reminder. */
    reminderHours: integer().default(24),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('booking_settings_teacher_choice_check', t.teacherChoice, BOOKING_TEACHER_CHOICES),
    check('booking_settings_horizon_check', sql`${t.horizonDays} between 1 and 365`),
    check('booking_settings_book_before_check', sql`${t.bookBeforeHours} between 0 and 720`),
    check('booking_settings_free_cancel_check', sql`${t.freeCancelHours} between 0 and 720`),
    check('booking_settings_max_future_check', sql`${t.maxFutureRides} between 1 and 50`),
    check('booking_settings_reminder_check', sql`${t.reminderHours} is null or ${t.reminderHours} between 1 and 168`),
    check('booking_settings_ride_lengths_check', sql`cardinality(${t.rideLengths}) between 1 and 6 and ${t.rideLengths} <@ array[30,45,60,90,120,135,180]`),
  ],
);

/**
 * Reminder e-mails already written to the outbox (issue 19 §4), one row per reminder: the ride's reminder for one start
 * time, a teacher's agenda of one day, an office's end-of-day list. Inserted in the transaction that writes the mail,
 * so a reminder job run twice (a retry after a crash, a second instance) never mails twice. No school_id: nothing
 * cached reads it.
 */
export const reminderSends = pgTable('reminder_sends', {
  key: text().primaryKey(),
  sentAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * 'Čekací listina' (issue 19 §3): a student asks to be told by e-mail when a ride slot frees up on a day (a local date
 * of the school). One row per student and day; the days past are simply ignored.
 */
export const bookingWaitlist = pgTable(
  'booking_waitlist',
  {
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.day] }),
    index('booking_waitlist_day_idx').on(t.schoolId, t.day),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

// Reads of the reminders (issue 19 §4): a ride or lesson with what its reminder says, a school's reminder settings,
// the opted-in members' day, the school admins who get the end-of-day list; the once-only mark of a sent reminder.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { drivingLessonRecords: r, students, schoolMembers, schoolCars, schools, bookingSettings, users, reminderSends } = schema;

/** A ride or timed lesson with its student's e-mail, teacher, car, school and the school's reminder rules. */
export async function findReminderItem(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({
      id: r.id,
      type: r.type,
      state: r.state,
      startTime: r.startTime,
      endTime: r.endTime,
      length: r.length,
      studentId: r.studentId,
      student: { firstName: students.firstName, lastName: students.lastName, email: students.email },
      teacher: { firstName: schoolMembers.firstName, lastName: schoolMembers.lastName, degree: schoolMembers.degree },
      car: { carType: schoolCars.carType, regNumber: schoolCars.regNumber },
      school: { name: schools.name, street: schools.street, streetCode: schools.streetCode, city: schools.city, postCode: schools.postCode },
      settings: { enabled: bookingSettings.enabled, freeCancelHours: bookingSettings.freeCancelHours, reminderHours: bookingSettings.reminderHours },
      hasSettings: sql<boolean>`(${bookingSettings.schoolId} is not null)`,
    })
    .from(r)
    .innerJoin(schools, eq(schools.id, r.schoolId))
    .leftJoin(students, and(eq(students.schoolId, r.schoolId), eq(students.id, r.studentId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, r.schoolId), eq(schoolMembers.id, r.teacherId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
    .leftJoin(bookingSettings, eq(bookingSettings.schoolId, r.schoolId))
    .where(and(eq(r.schoolId, schoolId), eq(r.id, id)))
    .limit(1);
  return row;
}

export type ReminderItem = NonNullable<Awaited<ReturnType<typeof findReminderItem>>>;

/**
 * Marks a reminder sent, in the transaction that writes its mail; false when it was marked already (a second run
 * of the same reminder: a retry, another instance). The key names what was reminded (the ride and its start time).
 */
export async function markSent(tx: DbOrTx, key: string, now: Date) {
  const rows = await tx.insert(reminderSends).values({ key, sentAt: now }).onConflictDoNothing().returning({ key: reminderSends.key });
  return rows.length > 0;
}

/** Serialises the scheduling and sending of one reminder key until the transaction ends. */
export async function lockReminder(tx: DbOrTx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reminder:${key}`}))::text`);
}

/** The active members who asked for the morning agenda, with an address (their member e-mail, else their login's). */
export function listAgendaMembers(db: DbOrTx) {
  return db
    .select({
      memberId: schoolMembers.id,
      schoolId: schoolMembers.schoolId,
      schoolName: schools.name,
      email: sql<string | null>`coalesce(nullif(${schoolMembers.email}, ''), ${users.email})`,
    })
    .from(schoolMembers)
    .innerJoin(schools, eq(schools.id, schoolMembers.schoolId))
    .leftJoin(users, eq(users.id, schoolMembers.userId))
    .where(and(eq(schoolMembers.morningAgenda, true), eq(schoolMembers.isActive, true)))
    .orderBy(asc(schoolMembers.id));
}

/** A teacher's planned rides and lessons (not reservations, not cancelled) starting in [from, to). */
export function listTeacherDay(db: DbOrTx, schoolId: SchoolId, memberId: string, from: Date, to: Date) {
  return db
    .select({
      type: r.type,
      startTime: r.startTime,
      endTime: r.endTime,
      student: { firstName: students.firstName, lastName: students.lastName },
      car: { carType: schoolCars.carType, regNumber: schoolCars.regNumber },
    })
    .from(r)
    .leftJoin(students, and(eq(students.schoolId, r.schoolId), eq(students.id, r.studentId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
    .where(
      and(
        eq(r.schoolId, schoolId),
        eq(r.teacherId, memberId),
        ne(r.type, 'CAR_RESERVATION'),
        inArray(r.state, ['SCHEDULED', 'COMPLETED']),
        gte(r.startTime, from),
        lt(r.startTime, to),
      ),
    )
    .orderBy(asc(r.startTime), asc(r.id));
}

/** The teacher's theory lessons (Výuka) dated that day: they carry a date, no time. */
export function listTeacherTheory(db: DbOrTx, schoolId: SchoolId, memberId: string, day: string) {
  const t = schema.teachingLessonRecords;
  return db
    .select({ type: t.type, position: t.position, student: { firstName: students.firstName, lastName: students.lastName } })
    .from(t)
    .innerJoin(students, and(eq(students.schoolId, t.schoolId), eq(students.id, t.studentId)))
    .where(and(eq(t.schoolId, schoolId), eq(t.teacherId, memberId), eq(t.date, day)))
    .orderBy(asc(students.lastName), asc(t.type), asc(t.position));
}

/** The schools with a ride of the period still planned after its end ('Nezaevidované'). */
export async function listSchoolsWithUnregistered(db: DbOrTx, from: Date, to: Date, now: Date) {
  const rows = await db
    .selectDistinct({ schoolId: r.schoolId, schoolName: schools.name })
    .from(r)
    .innerJoin(schools, eq(schools.id, r.schoolId))
    .where(and(eq(r.state, 'SCHEDULED'), gte(r.startTime, from), lt(r.startTime, to), lt(r.endTime, now)));
  return rows as { schoolId: SchoolId; schoolName: string }[];
}

/** The school's active admins with an address: the office's end-of-day list goes to them. */
export function listOfficeRecipients(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({ email: sql<string>`coalesce(nullif(${schoolMembers.email}, ''), ${users.email})` })
    .from(schoolMembers)
    .leftJoin(users, eq(users.id, schoolMembers.userId))
    .where(
      and(
        eq(schoolMembers.schoolId, schoolId),
        eq(schoolMembers.role, 'ADMIN'),
        eq(schoolMembers.isActive, true),
        or(isNotNull(users.email), and(isNotNull(schoolMembers.email), ne(schoolMembers.email, ''))),
      ),
    );
}

export async function setMorningAgenda(tx: DbOrTx, schoolId: SchoolId, memberId: string, enabled: boolean) {
  await tx
    .update(schoolMembers)
    .set({ morningAgenda: enabled })
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId)));
}

export async function findMorningAgenda(db: DbOrTx, schoolId: SchoolId, memberId: string) {
  const [row] = await db
    .select({ morningAgenda: schoolMembers.morningAgenda })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId)))
    .limit(1);
  return row?.morningAgenda ?? false;
}

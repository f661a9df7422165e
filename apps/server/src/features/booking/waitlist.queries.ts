// 'Čekací listina' (issue 19 §3): the student's days, and who waits for a day when a ride of it is cancelled.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, count, eq, gte, isNull, ne } from 'drizzle-orm';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';

const { bookingWaitlist: w, students, studentDefaultTeachers: dt, drivingLessonRecords: r, schoolMembers: m, schools } = schema;

/** The student's days on the list from `today` on, in date order. */
export async function listMyWaitlist(db: DbOrTx, { schoolId, studentId }: ProvenStudent, today: string) {
  const rows = await db
    .select({ day: w.day })
    .from(w)
    .where(and(eq(w.schoolId, schoolId), eq(w.studentId, studentId), gte(w.day, today)))
    .orderBy(asc(w.day));
  return rows.map((row) => row.day);
}

export async function countMyWaitlist(db: DbOrTx, { schoolId, studentId }: ProvenStudent, today: string) {
  const [row] = await db
    .select({ n: count() })
    .from(w)
    .where(and(eq(w.schoolId, schoolId), eq(w.studentId, studentId), gte(w.day, today)));
  return row?.n ?? 0;
}

/** Puts the day on the list; a day already there stays as it was. */
export async function insertWaitlistDay(tx: DbOrTx, { schoolId, studentId }: ProvenStudent, day: string) {
  await tx.insert(w).values({ schoolId, studentId, day }).onConflictDoNothing();
}

export async function deleteWaitlistDay(tx: DbOrTx, { schoolId, studentId }: ProvenStudent, day: string) {
  await tx.delete(w).where(and(eq(w.schoolId, schoolId), eq(w.studentId, studentId), eq(w.day, day)));
}

/** Whether anyone of the school waits for the day (the processor queues a job only then). */
export async function anyoneWaits(db: DbOrTx, schoolId: SchoolId, day: string) {
  const [row] = await db
    .select({ studentId: w.studentId })
    .from(w)
    .where(and(eq(w.schoolId, schoolId), eq(w.day, day)))
    .limit(1);
  return !!row;
}

/** The freed ride as the job needs it: its kind, state, time, teacher and student (null when deleted). */
export async function findFreedRide(db: DbOrTx, schoolId: SchoolId, rideId: string) {
  const [row] = await db
    .select({
      id: r.id,
      type: r.type,
      state: r.state,
      startTime: r.startTime,
      endTime: r.endTime,
      teacherId: r.teacherId,
      studentId: r.studentId,
      teacherFirstName: m.firstName,
      teacherLastName: m.lastName,
    })
    .from(r)
    .leftJoin(m, and(eq(m.schoolId, r.schoolId), eq(m.id, r.teacherId)))
    .where(and(eq(r.schoolId, schoolId), eq(r.id, rideId)))
    .limit(1);
  return row;
}

/**
 * The students waiting for the day who could book the freed slot: in training, with an e-mail, not removed, not the
 * ride's own student; with `teacherId` (the school books only with the student's own training teacher) only that
 * teacher's students.
 */
export async function listWaitingStudents(db: DbOrTx, schoolId: SchoolId, day: string, exceptStudentId: string | null, teacherId: string | null) {
  const base = and(
    eq(w.schoolId, schoolId),
    eq(w.day, day),
    eq(students.state, 'IN_PROGRESS'),
    isNull(students.removedAt),
    exceptStudentId ? ne(w.studentId, exceptStudentId) : undefined,
  );
  const q = db
    .select({ studentId: students.id, email: students.email, firstName: students.firstName, schoolName: schools.name })
    .from(w)
    .innerJoin(students, and(eq(students.schoolId, w.schoolId), eq(students.id, w.studentId)))
    .innerJoin(schools, eq(schools.id, w.schoolId));
  const rows = teacherId
    ? await q
        .innerJoin(dt, and(eq(dt.schoolId, w.schoolId), eq(dt.studentId, w.studentId), eq(dt.type, 'TRAINING')))
        .where(and(base, eq(dt.teacherId, teacherId)))
        .orderBy(asc(w.createdAt))
    : await q.where(base).orderBy(asc(w.createdAt));
  return rows.filter((row): row is typeof row & { email: string } => !!row.email);
}

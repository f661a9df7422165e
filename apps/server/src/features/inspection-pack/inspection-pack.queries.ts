// Reads and writes of 'Podklady pro kontrolu' (issue 22 §2): the pack's job row, what the pack lists (courses,
// vehicles by month, hlášenky, exam terms, partial-completion students) and the rows of the consistency report, read
// in pages (rides by (start_time, id) keyset) so a year of a big school never sits in one answer.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { InspectionPackStatus } from '@volant/shared/inspection-pack/inputs';
import { and, asc, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const {
  inspectionPacks: packs,
  drivingLessonRecords: rides,
  students,
  schoolMembers,
  schoolCars,
  courses,
  groupLessons,
  reports,
  exams,
  examSignUps,
  teachingLessonRecords: theory,
} = schema;

// ——— the job row ———

export const packColumns = {
  id: packs.id,
  schoolId: packs.schoolId,
  dateFrom: packs.dateFrom,
  dateTo: packs.dateTo,
  status: packs.status,
  progress: packs.progress,
  step: packs.step,
  requestedBy: packs.requestedBy,
  error: packs.error,
  filePath: packs.filePath,
  fileSize: packs.fileSize,
  createdAt: packs.createdAt,
  finishedAt: packs.finishedAt,
};

export async function insertPack(db: DbOrTx, schoolId: SchoolId, row: { dateFrom: string; dateTo: string; requestedBy: string }, now: Date) {
  const [created] = await db
    .insert(packs)
    .values({ schoolId, ...row, createdAt: now })
    .returning(packColumns);
  if (!created) throw new Error('inspection pack not inserted');
  return created;
}

export async function findPack(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select(packColumns)
    .from(packs)
    .where(and(eq(packs.schoolId, schoolId), eq(packs.id, id)))
    .limit(1);
  return row ?? null;
}

/** The school's latest packs, newest first. */
export function listPacks(db: DbOrTx, schoolId: SchoolId, limit: number) {
  return db.select(packColumns).from(packs).where(eq(packs.schoolId, schoolId)).orderBy(desc(packs.createdAt), desc(packs.id)).limit(limit);
}

/** The school a pack belongs to (the download route's first step; the gate then proves the caller's membership). */
export async function findPackSchool(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ schoolId: packs.schoolId }).from(packs).where(eq(packs.id, id)).limit(1);
  return row?.schoolId ?? null;
}

/**
 * Claims the oldest NEW pack (`FOR UPDATE SKIP LOCKED`: any number of workers share the queue): PROCESSING from now.
 * `schoolIds` scopes a test's claim to its own schools.
 */
export async function claimPack(db: DbOrTx, now: Date, schoolIds?: readonly string[]) {
  const next = db
    .select({ id: packs.id })
    .from(packs)
    .where(and(eq(packs.status, 'NEW'), schoolIds ? inArray(packs.schoolId, [...schoolIds]) : undefined))
    .orderBy(asc(packs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(packs)
    .set({ status: 'PROCESSING', progress: 0, step: null, error: null, startedAt: now })
    .where(inArray(packs.id, next))
    .returning(packColumns);
  return row ?? null;
}

/** Packs PROCESSING since before `before` (their worker stopped mid-build): ERROR, so the page does not wait for ever. */
export function failStalePacks(db: DbOrTx, before: Date, error: string, now: Date) {
  return db
    .update(packs)
    .set({ status: 'ERROR', error, finishedAt: now })
    .where(and(eq(packs.status, 'PROCESSING'), lt(packs.startedAt, before)))
    .returning({ id: packs.id });
}

export async function setPackProgress(db: DbOrTx, id: string, progress: number, step: string) {
  await db
    .update(packs)
    .set({ progress: Math.max(0, Math.min(100, Math.round(progress))), step })
    .where(and(eq(packs.id, id), eq(packs.status, 'PROCESSING')));
}

export async function finishPack(db: DbOrTx, id: string, file: { filePath: string; fileSize: number }, now: Date) {
  await db
    .update(packs)
    .set({ status: 'DONE', progress: 100, step: null, ...file, finishedAt: now })
    .where(and(eq(packs.id, id), eq(packs.status, 'PROCESSING')));
}

export async function failPack(db: DbOrTx, id: string, error: string, now: Date) {
  await db
    .update(packs)
    .set({ status: 'ERROR', error: error.slice(0, 1000), finishedAt: now })
    .where(and(eq(packs.id, id), inArray(packs.status, ['NEW', 'PROCESSING'] satisfies InspectionPackStatus[])));
}

// ——— what the pack lists ———

const studentLabel = sql<string>`concat_ws(' ', ${students.degree}, ${students.firstName}, ${students.lastName}) || coalesce(' (' || ${students.registrationNumber} || ')', '')`;
const teacherLabel = sql<string | null>`nullif(concat_ws(' ', ${schoolMembers.degree}, ${schoolMembers.firstName}, ${schoolMembers.lastName}), '')`;
const pragueMonth = sql<string>`to_char(${rides.startTime} at time zone 'Europe/Prague', 'YYYY-MM')`;

/** Courses with a group lesson in [start, end), or starting in the range. */
export function listPackCourses(db: DbOrTx, schoolId: SchoolId, from: string, to: string, start: Date, end: Date) {
  return db
    .select({ id: courses.id, name: courses.name, startDate: courses.startDate })
    .from(courses)
    .where(
      and(
        eq(courses.schoolId, schoolId),
        or(
          and(gte(courses.startDate, from), lte(courses.startDate, to)),
          exists(
            db
              .select({ one: sql`1` })
              .from(groupLessons)
              .where(
                and(
                  eq(groupLessons.schoolId, schoolId),
                  eq(groupLessons.courseId, courses.id),
                  gte(groupLessons.startTime, start),
                  lt(groupLessons.startTime, end),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(courses.startDate), asc(courses.name), asc(courses.id));
}

/** Vehicles with registered rides in [start, end), per month of the school's calendar, with the count. */
export function listPackVehicleMonths(db: DbOrTx, schoolId: SchoolId, start: Date, end: Date) {
  return db
    .select({ carId: schoolCars.id, brand: schoolCars.carType, plate: schoolCars.regNumber, month: pragueMonth, rides: sql<number>`count(*)::int` })
    .from(rides)
    .innerJoin(schoolCars, and(eq(schoolCars.schoolId, rides.schoolId), eq(schoolCars.id, rides.schoolCarId)))
    .where(
      and(eq(rides.schoolId, schoolId), eq(rides.state, 'COMPLETED'), ne(rides.type, 'CAR_RESERVATION'), gte(rides.startTime, start), lt(rides.startTime, end)),
    )
    .groupBy(schoolCars.id, schoolCars.carType, schoolCars.regNumber, pragueMonth)
    .orderBy(asc(schoolCars.regNumber), asc(schoolCars.id), asc(pragueMonth));
}

/** A vehicle's registered rides in [start, end) by time, with the student and teacher as the record names them. */
export function listVehicleRides(db: DbOrTx, schoolId: SchoolId, carId: string, start: Date, end: Date) {
  return db
    .select({
      startTime: rides.startTime,
      endTime: rides.endTime,
      length: rides.length,
      student: studentLabel,
      teacher: teacherLabel,
      tachometerBefore: rides.tachometerBefore,
      tachometerAfter: rides.tachometerAfter,
      signed: sql<boolean>`${rides.signature} is not null`,
      signedAt: rides.signedAt,
      teacherSigned: sql<boolean>`${rides.teacherSignature} is not null`,
      teacherSignedAt: rides.teacherSignedAt,
    })
    .from(rides)
    .innerJoin(students, and(eq(students.schoolId, rides.schoolId), eq(students.id, rides.studentId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, rides.schoolId), eq(schoolMembers.id, rides.teacherId)))
    .where(
      and(
        eq(rides.schoolId, schoolId),
        eq(rides.schoolCarId, carId),
        eq(rides.state, 'COMPLETED'),
        ne(rides.type, 'CAR_RESERVATION'),
        gte(rides.startTime, start),
        lt(rides.startTime, end),
      ),
    )
    .orderBy(asc(rides.startTime), asc(rides.id));
}

/** Hlášenky dated in the range. */
export function listPackReports(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  return db
    .select({ id: reports.id, date: reports.date })
    .from(reports)
    .where(and(eq(reports.schoolId, schoolId), gte(reports.date, from), lte(reports.date, to)))
    .orderBy(asc(reports.date), asc(reports.id));
}

/** Exam terms in the range with at least one sign-up (an application lists applicants). */
export function listPackExams(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  return db
    .select({ id: exams.id, date: exams.date, place: exams.place })
    .from(exams)
    .where(
      and(
        eq(exams.schoolId, schoolId),
        gte(exams.date, from),
        lte(exams.date, to),
        exists(
          db
            .select({ one: sql`1` })
            .from(examSignUps)
            .where(and(eq(examSignUps.schoolId, schoolId), eq(examSignUps.examId, exams.id))),
        ),
      ),
    )
    .orderBy(asc(exams.date), asc(exams.place), asc(exams.id));
}

/** Students whose training ended early ('Ukončit předčasně': a transfer, a drop-out) in the range: they have a §13a certificate. */
export function listPartialCompletionStudents(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  return db
    .select({ id: students.id, registrationNumber: students.registrationNumber, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.removedAt),
        isNotNull(students.earlyEndReason),
        gte(students.dateOfFinished, from),
        lte(students.dateOfFinished, to),
      ),
    )
    .orderBy(asc(students.registrationNumber), asc(students.id));
}

// ——— the consistency report's rows ———

export interface RideCursor {
  startTime: Date;
  id: string;
}

/** One page of the range's rides and PV lessons (reservations aside), after `cursor`, by (start_time, id). */
export function listRidesPage(db: DbOrTx, schoolId: SchoolId, start: Date, end: Date, cursor: RideCursor | null, limit: number) {
  return db
    .select({
      id: rides.id,
      type: rides.type,
      state: rides.state,
      startTime: rides.startTime,
      endTime: rides.endTime,
      length: rides.length,
      studentId: students.id,
      student: studentLabel,
      studentGroups: students.groups,
      teacherId: rides.teacherId,
      teacher: teacherLabel,
      teacherLicenceValidUntil: schoolMembers.teacherLicenceValidUntil,
      carId: rides.schoolCarId,
      car: sql<string | null>`case when ${schoolCars.id} is null then null else ${schoolCars.carType} || ' ' || ${schoolCars.regNumber} end`,
      carStkValidUntil: schoolCars.stkValidUntil,
      tachometerBefore: rides.tachometerBefore,
      tachometerAfter: rides.tachometerAfter,
      hasSignature: sql<boolean>`${rides.signature} is not null`,
      hasTeacherSignature: sql<boolean>`${rides.teacherSignature} is not null`,
      changedAfterSigningAt: rides.changedAfterSigningAt,
    })
    .from(rides)
    .innerJoin(students, and(eq(students.schoolId, rides.schoolId), eq(students.id, rides.studentId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, rides.schoolId), eq(schoolMembers.id, rides.teacherId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, rides.schoolId), eq(schoolCars.id, rides.schoolCarId)))
    .where(
      and(
        eq(rides.schoolId, schoolId),
        ne(rides.type, 'CAR_RESERVATION'),
        gte(rides.startTime, start),
        lt(rides.startTime, end),
        cursor ? or(gt(rides.startTime, cursor.startTime), and(eq(rides.startTime, cursor.startTime), gt(rides.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(asc(rides.startTime), asc(rides.id))
    .limit(limit);
}

/** Each car's last registered ride before `start` with an odometer reading after it. */
export async function listPreviousOdometer(db: DbOrTx, schoolId: SchoolId, start: Date) {
  const result = await db.execute(sql`
    select distinct on (${rides.schoolCarId}) ${rides.schoolCarId} as "carId", ${rides.id} as "rideId", ${rides.startTime} as "startTime",
      ${rides.tachometerAfter} as "tachometerAfter"
    from ${rides}
    where ${rides.schoolId} = ${schoolId} and ${rides.schoolCarId} is not null and ${rides.state} = 'COMPLETED'
      and ${rides.type} <> 'CAR_RESERVATION' and ${rides.tachometerAfter} is not null and ${rides.startTime} < ${start.toISOString()}
    order by ${rides.schoolCarId}, ${rides.startTime} desc, ${rides.id} desc`);
  return (result as unknown as { rows: { carId: string; rideId: string; startTime: Date | string; tachometerAfter: number | string }[] }).rows.map((r) => ({
    carId: r.carId,
    rideId: r.rideId,
    startTime: new Date(r.startTime),
    tachometerAfter: Number(r.tachometerAfter),
  }));
}

/** Theory hours of the range marked attended and without a teacher. */
export function listTheoryWithoutTeacher(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  return db
    .select({ id: theory.id, date: sql<string>`${theory.date}`, section: theory.type, student: studentLabel, teacherId: theory.teacherId })
    .from(theory)
    .innerJoin(students, and(eq(students.schoolId, theory.schoolId), eq(students.id, theory.studentId)))
    .where(and(eq(theory.schoolId, schoolId), isNull(theory.teacherId), isNotNull(theory.attendedAt), gte(theory.date, from), lte(theory.date, to)))
    .orderBy(asc(theory.date), asc(theory.id));
}

/** Students whose training overlaps the range (started by its end, not ended before its start). */
const trainingInRange = (schoolId: SchoolId, from: string, to: string) =>
  and(
    eq(students.schoolId, schoolId),
    isNull(students.removedAt),
    isNotNull(students.dateOfInProgress),
    lte(students.dateOfInProgress, to),
    or(isNull(students.dateOfFinished), gte(students.dateOfFinished, from)),
  );

export function listDeadlineStudents(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  return db
    .select({
      id: students.id,
      student: studentLabel,
      groups: students.groups,
      state: students.state,
      dateOfInProgress: students.dateOfInProgress,
      dateOfFinished: students.dateOfFinished,
      earlyEnd: sql<boolean>`${students.earlyEndReason} is not null`,
    })
    .from(students)
    .where(trainingInRange(schoolId, from, to))
    .orderBy(asc(students.registrationNumber), asc(students.id));
}

/** Their exam sign-ups: the term's date, part, group, result, and the school day the sign-up was made. */
export function listDeadlineSignUps(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  return db
    .select({
      studentId: examSignUps.studentId,
      date: exams.date,
      type: examSignUps.type,
      group: examSignUps.group,
      result: examSignUps.result,
      signedUpOn: sql<string>`to_char(${examSignUps.createdAt} at time zone 'Europe/Prague', 'YYYY-MM-DD')`,
    })
    .from(examSignUps)
    .innerJoin(exams, and(eq(exams.schoolId, examSignUps.schoolId), eq(exams.id, examSignUps.examId)))
    .innerJoin(students, and(eq(students.schoolId, examSignUps.schoolId), eq(students.id, examSignUps.studentId)))
    .where(and(eq(examSignUps.schoolId, schoolId), trainingInRange(schoolId, from, to)))
    .orderBy(asc(exams.date));
}

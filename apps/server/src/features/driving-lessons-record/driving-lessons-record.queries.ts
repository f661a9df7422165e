// Rides, PV lessons and car reservations: reads and row writes. The proven school id goes inside every statement;
// joined students, teachers and cars are matched on (school_id, id), so nothing of another school can join.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { BOOKING_STATES, type CalendarEventType, type LessonState } from '@volant/shared/enums';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { drivingLessonRecords: r, students, schoolMembers, schoolCars, schools } = schema;

export type RecordRow = typeof r.$inferSelect;
export type RecordValues = Omit<typeof r.$inferInsert, 'id' | 'schoolId' | 'createdAt' | 'createdBy'>;

/** Members who may teach (spec: school.getSchoolTeachers). */
export const TEACHER_ROLES = ['ADMIN', 'TEACHER', 'PARAMEDIC'] as const;

const ofSchool = (schoolId: SchoolId) => eq(r.schoolId, schoolId);
const booked = inArray(r.state, [...BOOKING_STATES]);

const baseColumns = {
  id: r.id,
  type: r.type,
  state: r.state,
  studentId: r.studentId,
  startTime: r.startTime,
  endTime: r.endTime,
  length: r.length,
  userId: r.teacherId,
  schoolCarId: r.schoolCarId,
  tachometerBefore: r.tachometerBefore,
  tachometerAfter: r.tachometerAfter,
  allDay: r.allDay,
  note: r.note,
  createdAt: r.createdAt,
  student: { id: students.id, firstName: students.firstName, lastName: students.lastName, registrationNumber: students.registrationNumber },
  user: { id: schoolMembers.id, firstName: schoolMembers.firstName, lastName: schoolMembers.lastName },
  schoolCar: { id: schoolCars.id, carType: schoolCars.carType, regNumber: schoolCars.regNumber },
};

/** A record with its student, teacher and car, signature pictures included (the card and the edit drawer). */
const fullColumns = { ...baseColumns, signature: r.signature, teacherSignature: r.teacherSignature };

/** Lists of many records carry whether each is signed, not the pictures. */
const lightColumns = {
  ...baseColumns,
  signed: sql<boolean>`(${r.signature} is not null)`,
  teacherSigned: sql<boolean>`(${r.teacherSignature} is not null)`,
};

function joined(db: DbOrTx, columns: typeof fullColumns | typeof lightColumns) {
  return db
    .select(columns as typeof fullColumns)
    .from(r)
    .leftJoin(students, and(eq(students.schoolId, r.schoolId), eq(students.id, r.studentId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, r.schoolId), eq(schoolMembers.id, r.teacherId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
    .$dynamic();
}

export type FullRecordRow = Awaited<ReturnType<typeof findRecord>> & object;
export type LightRecordRow = Omit<FullRecordRow, 'signature' | 'teacherSignature'> & { signed: boolean; teacherSigned: boolean };

/** One record of the school with its student, teacher and car. */
export async function findRecord(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await joined(db, fullColumns)
    .where(and(ofSchool(schoolId), eq(r.id, id)))
    .limit(1);
  return row;
}

/**
 * Every item of a student (rides and PV lessons), by start time, in one statement, whether signed but without the
 * pictures (the Výcvik tab shows signed yes/no; the edit drawer reads the whole record); undefined when the student
 * is not the school's or is removed (the student is the statement's root, so a student without rides gives []).
 */
export async function listStudentRecords(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const rows = await db
    .select(lightColumns)
    .from(students)
    .leftJoin(r, and(eq(r.schoolId, students.schoolId), eq(r.studentId, students.id)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, r.schoolId), eq(schoolMembers.id, r.teacherId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .orderBy(asc(r.startTime), asc(r.id));
  if (rows.length === 0) return undefined;
  // Without rides the student's one row has no record: its record columns are null.
  return rows.filter((row) => row.id !== null) as LightRecordRow[];
}

export interface CollisionQuery {
  startTime: Date;
  endTime: Date;
  teacherId: string | null;
  schoolCarId: string | null;
  currentId: string | null;
}

/**
 * The first booked item overlapping [start, end) that holds the car or the teacher, the car's first; cancelled
 * items and the item being edited do not count. Served by the car and teacher start-time indexes.
 */
export async function findCollision(db: DbOrTx, schoolId: SchoolId, q: CollisionQuery) {
  const holders: SQL[] = [];
  if (q.schoolCarId) holders.push(eq(r.schoolCarId, q.schoolCarId));
  if (q.teacherId) holders.push(eq(r.teacherId, q.teacherId));
  if (holders.length === 0) return undefined;
  const isCar = q.schoolCarId ? sql<boolean>`(${r.schoolCarId} is not distinct from ${q.schoolCarId}::uuid)` : sql<boolean>`false`;
  const [row] = await db
    .select({ startTime: r.startTime, endTime: r.endTime, isCarCollision: isCar, studentLastName: students.lastName })
    .from(r)
    .leftJoin(students, and(eq(students.schoolId, r.schoolId), eq(students.id, r.studentId)))
    .where(
      and(
        ofSchool(schoolId),
        booked,
        lt(r.startTime, q.endTime),
        sql`${r.endTime} > ${q.startTime.toISOString()}`,
        q.currentId ? ne(r.id, q.currentId) : undefined,
        or(...holders),
      ),
    )
    .orderBy(...(q.schoolCarId ? [desc(isCar)] : []), asc(r.startTime))
    .limit(1);
  return row;
}

/**
 * In one statement: the student (not removed), the teacher (a member of the school, whether active and a teacher
 * role) and the car (whether retired) the form names, with what the warnings need. A missing one is null.
 */
export async function findParticipants(
  db: DbOrTx,
  schoolId: SchoolId,
  ids: { studentId: string | null; teacherId: string | null; schoolCarId: string | null },
) {
  const [row] = await db
    .select({
      student: sql<{ id: string; groups: string[] } | null>`(select json_build_object('id', s.id, 'groups', s.groups)
        from students s where s.school_id = ${schoolId} and s.id = ${ids.studentId}::uuid and s.removed_at is null)`,
      teacher: sql<{ id: string; groups: string[]; licenceValidUntil: string | null; usable: boolean } | null>`(select json_build_object(
          'id', m.id, 'groups', m.groups, 'licenceValidUntil', m.teacher_licence_valid_until,
          'usable', m.is_active and m.role in (${sql.join(
            TEACHER_ROLES.map((role) => sql`${role}`),
            sql`, `,
          )}))
        from school_members m where m.school_id = ${schoolId} and m.id = ${ids.teacherId}::uuid)`,
      car: sql<{ id: string; regNumber: string; stkValidUntil: string | null; retired: boolean } | null>`(select json_build_object(
          'id', c.id, 'regNumber', c.reg_number, 'stkValidUntil', c.stk_valid_until, 'retired', c.retired_at is not null)
        from school_cars c where c.school_id = ${schoolId} and c.id = ${ids.schoolCarId}::uuid)`,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? { student: null, teacher: null, car: null };
}

/** The tachometerAfter of the car's last booked ride starting before `start` that has one (the item edited aside). */
export async function previousTachometerAfter(db: DbOrTx, schoolId: SchoolId, schoolCarId: string, start: Date, currentId: string | null) {
  const [row] = await db
    .select({ after: r.tachometerAfter })
    .from(r)
    .where(
      and(
        ofSchool(schoolId),
        eq(r.schoolCarId, schoolCarId),
        booked,
        isNotNull(r.tachometerAfter),
        lt(r.startTime, start),
        currentId ? ne(r.id, currentId) : undefined,
      ),
    )
    .orderBy(desc(r.startTime))
    .limit(1);
  return row?.after ?? null;
}

/** The student's booked DRIVING minutes starting in [from, to), the item edited aside. */
export async function drivingMinutesBetween(db: DbOrTx, schoolId: SchoolId, studentId: string, from: Date, to: Date, currentId: string | null) {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${r.length}), 0)::int` })
    .from(r)
    .where(
      and(
        ofSchool(schoolId),
        eq(r.studentId, studentId),
        eq(r.type, 'DRIVING'),
        booked,
        gte(r.startTime, from),
        lt(r.startTime, to),
        currentId ? ne(r.id, currentId) : undefined,
      ),
    );
  return row?.minutes ?? 0;
}

export async function insertRecord(tx: DbOrTx, schoolId: SchoolId, createdBy: string, values: RecordValues) {
  const [row] = await tx
    .insert(r)
    .values({ ...values, schoolId, createdBy })
    .returning({ id: r.id });
  return row;
}

export async function findRecordRow(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select()
    .from(r)
    .where(and(ofSchool(schoolId), eq(r.id, id)))
    .limit(1);
  return row;
}

export async function updateRecordRow(tx: DbOrTx, schoolId: SchoolId, id: string, values: RecordValues) {
  const [row] = await tx
    .update(r)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ofSchool(schoolId), eq(r.id, id)))
    .returning({ id: r.id });
  return row;
}

export async function deleteRecordRow(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .delete(r)
    .where(and(ofSchool(schoolId), eq(r.id, id)))
    .returning();
  return row;
}

// --- Calendar and the trainings page ---

export interface CalendarQuery {
  from: Date;
  to: Date;
  teacherIds?: string[];
  schoolCarIds?: string[];
}

/** Items starting in [from, to) or running into it, all types; served by driving_lesson_records_school_start_idx. */
export function listCalendar(db: DbOrTx, schoolId: SchoolId, q: CalendarQuery, longest: number) {
  // An item starting before `from` still shows when it runs into the window; no item is longer than `longest` ms,
  // so the index range is [from - longest, to).
  return joined(db, lightColumns)
    .where(
      and(
        ofSchool(schoolId),
        gte(r.startTime, new Date(q.from.getTime() - longest)),
        lt(r.startTime, q.to),
        sql`${r.endTime} > ${q.from.toISOString()}`,
        q.teacherIds?.length ? inArray(r.teacherId, q.teacherIds) : undefined,
        q.schoolCarIds?.length ? inArray(r.schoolCarId, q.schoolCarIds) : undefined,
      ),
    )
    .orderBy(asc(r.startTime), asc(r.id)) as unknown as Promise<LightRecordRow[]>;
}

export interface TrainingsQuery {
  from: Date | null;
  to: Date | null;
  teacherId: string | null;
  schoolCarId: string | null;
  state: LessonState | null;
  type: CalendarEventType | null;
  unsigned: boolean;
  notRegistered: boolean;
  now: Date;
  limit: number;
  offset: number;
}

function trainingsWhere(schoolId: SchoolId, q: TrainingsQuery) {
  return and(
    ofSchool(schoolId),
    q.from ? gte(r.startTime, q.from) : undefined,
    q.to ? lt(r.startTime, q.to) : undefined,
    q.teacherId ? eq(r.teacherId, q.teacherId) : undefined,
    q.schoolCarId ? eq(r.schoolCarId, q.schoolCarId) : undefined,
    q.state ? eq(r.state, q.state) : undefined,
    q.type ? eq(r.type, q.type) : undefined,
    q.unsigned ? and(ne(r.type, 'CAR_RESERVATION'), eq(r.state, 'COMPLETED'), or(isNull(r.signature), isNull(r.teacherSignature))) : undefined,
    q.notRegistered ? and(eq(r.state, 'SCHEDULED'), lt(r.endTime, q.now)) : undefined,
  );
}

/**
 * This ride's tachometerBefore minus the tachometerAfter of the same car's previous booked ride that has one: a
 * correlated lookup on driving_lesson_records_car_start_idx per row of the page (lag() cannot skip the rides
 * without a tachometerAfter, and over the whole car it would read every ride of the car for one page).
 */
const odometerGap = sql<number | null>`(case
    when "driving_lesson_records"."school_car_id" is null or "driving_lesson_records"."tachometer_before" is null
      or "driving_lesson_records"."state" not in ('SCHEDULED', 'COMPLETED') then null
    else ("driving_lesson_records"."tachometer_before" - (select p.tachometer_after from driving_lesson_records p
      where p.school_id = "driving_lesson_records"."school_id" and p.school_car_id = "driving_lesson_records"."school_car_id"
        and p.state in ('SCHEDULED', 'COMPLETED') and p.tachometer_after is not null
        and p.start_time < "driving_lesson_records"."start_time"
      order by p.start_time desc limit 1))::float8 end)`.mapWith(Number);

/** A page of the school's items, newest first, with each ride's odometer gap; and how many match. Two statements. */
export async function listTrainings(db: DbOrTx, schoolId: SchoolId, q: TrainingsQuery) {
  const where = trainingsWhere(schoolId, q);
  const items = (await joined(db, { ...lightColumns, odometerGap } as unknown as typeof fullColumns)
    .where(where)
    .orderBy(desc(r.startTime), desc(r.id))
    .limit(q.limit)
    .offset(q.offset)) as unknown as (LightRecordRow & { odometerGap: number | null })[];
  const [{ total }] = await db.select({ total: count() }).from(r).where(where);
  return { items, total };
}

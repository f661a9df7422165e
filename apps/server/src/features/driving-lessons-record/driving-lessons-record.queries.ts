// Rides, PV lessons and car reservations: reads and row writes. The proven school id goes inside every statement;
// joined students, teachers and cars are matched on (school_id, id), so nothing of another school can join.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { BOOKING_STATES, type CalendarEventType, type LessonState } from '@volant/shared/enums';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../lib/prepared.ts';
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
  bookedByStudentAt: r.bookedByStudentAt,
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

const studentRecords = preparedPerDb((db: DbOrTx) =>
  db
    .select(lightColumns)
    .from(students)
    .leftJoin(r, and(eq(r.schoolId, students.schoolId), eq(r.studentId, students.id)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, r.schoolId), eq(schoolMembers.id, r.teacherId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
    .where(and(eq(students.schoolId, sql.placeholder('schoolId')), eq(students.id, sql.placeholder('studentId')), isNull(students.removedAt)))
    .orderBy(asc(r.startTime), asc(r.id))
    .prepare('driving_lessons_student_records'),
);

/**
 * Every item of a student (rides and PV lessons), by start time, in one prepared statement, whether signed but
 * without the pictures (the Výcvik tab shows signed yes/no; the edit drawer reads the whole record); undefined when
 * the student is not the school's or is removed (the student is the statement's root, so a student without rides
 * gives []).
 */
export async function listStudentRecords(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const rows = await studentRecords(db).execute({ schoolId, studentId });
  if (rows.length === 0) return undefined;
  // Without rides the student's one row has no record: its record columns are null.
  return rows.filter((row) => row.id !== null) as LightRecordRow[];
}

export interface CollisionQuery {
  startTime: Date;
  endTime: Date;
  teacherId: string | null;
  schoolCarId: string | null;
  studentId: string | null;
  currentId: string | null;
}

/**
 * The first booked item overlapping [start, end) that holds the car, the teacher or the student, in that order of
 * precedence; cancelled items and the item being edited do not count. Served by the car, teacher and student
 * start-time indexes.
 */
export async function findCollision(db: DbOrTx, schoolId: SchoolId, q: CollisionQuery) {
  const holders: SQL[] = [];
  if (q.schoolCarId) holders.push(eq(r.schoolCarId, q.schoolCarId));
  if (q.teacherId) holders.push(eq(r.teacherId, q.teacherId));
  if (q.studentId) holders.push(eq(r.studentId, q.studentId));
  if (holders.length === 0) return undefined;
  const isCar = q.schoolCarId ? sql<boolean>`(${r.schoolCarId} is not distinct from ${q.schoolCarId}::uuid)` : sql<boolean>`false`;
  const isTeacher = q.teacherId ? sql<boolean>`(${r.teacherId} is not distinct from ${q.teacherId}::uuid)` : sql<boolean>`false`;
  const [row] = await db
    .select({
      startTime: r.startTime,
      endTime: r.endTime,
      isCarCollision: isCar,
      isTeacherCollision: isTeacher,
      studentLastName: students.lastName,
      teacherLastName: schoolMembers.lastName,
    })
    .from(r)
    .leftJoin(students, and(eq(students.schoolId, r.schoolId), eq(students.id, r.studentId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, r.schoolId), eq(schoolMembers.id, r.teacherId)))
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
    .orderBy(...(q.schoolCarId ? [desc(isCar)] : []), ...(q.teacherId ? [desc(isTeacher)] : []), asc(r.startTime))
    .limit(1);
  if (!row) return undefined;
  const { isTeacherCollision, ...collision } = row;
  return { ...collision, isStudentCollision: !collision.isCarCollision && !isTeacherCollision };
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
      car: sql<{ id: string; regNumber: string; stkValidUntil: string | null; groups: string[]; retired: boolean } | null>`(select json_build_object(
          'id', c.id, 'regNumber', c.reg_number, 'stkValidUntil', c.stk_valid_until, 'groups', c.target_group, 'retired', c.retired_at is not null)
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

/** An instant as epoch milliseconds, a float8 the driver reads as a number (no Date to build per value). */
const epochMs = (column: typeof r.startTime | typeof r.endTime) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * What the calendar screen reads of an item (shared `calendarAnswer` turns the rows into its answer): flat columns,
 * times as epoch milliseconds, whether signed instead of the pictures, the student's, teacher's and car's names.
 */
const calendarColumns = {
  id: r.id,
  type: r.type,
  state: r.state,
  start: epochMs(r.startTime),
  end: epochMs(r.endTime),
  length: r.length,
  allDay: r.allDay,
  studentId: r.studentId,
  studentFirstName: students.firstName,
  studentLastName: students.lastName,
  teacherId: r.teacherId,
  teacherFirstName: schoolMembers.firstName,
  teacherLastName: schoolMembers.lastName,
  carId: r.schoolCarId,
  carType: schoolCars.carType,
  regNumber: schoolCars.regNumber,
  tachometerBefore: r.tachometerBefore,
  tachometerAfter: r.tachometerAfter,
  note: r.note,
  signed: lightColumns.signed,
  teacherSigned: lightColumns.teacherSigned,
  bookedByStudent: sql<boolean>`(${r.bookedByStudentAt} is not null)`,
};

/**
 * The calendar's statement per filter shape (none, teachers, cars, both), prepared once per database: the school,
 * the bounds and the id lists are placeholders.
 */
const calendarStatements = [0, 1, 2, 3].map((shape) =>
  preparedPerDb((db: DbOrTx) =>
    db
      .select(calendarColumns)
      .from(r)
      .leftJoin(students, and(eq(students.schoolId, r.schoolId), eq(students.id, r.studentId)))
      .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, r.schoolId), eq(schoolMembers.id, r.teacherId)))
      .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
      .where(
        and(
          eq(r.schoolId, sql.placeholder('schoolId')),
          gte(r.startTime, sql.placeholder('lowest')),
          lt(r.startTime, sql.placeholder('to')),
          sql`${r.endTime} > ${sql.placeholder('from')}`,
          shape & 1 ? sql`${r.teacherId} = any(${sql.placeholder('teacherIds')}::uuid[])` : undefined,
          shape & 2 ? sql`${r.schoolCarId} = any(${sql.placeholder('schoolCarIds')}::uuid[])` : undefined,
        ),
      )
      .orderBy(asc(r.startTime), asc(r.id))
      .prepare(`driving_lessons_calendar_${shape}`),
  ),
);

export type CalendarRow = Awaited<ReturnType<ReturnType<(typeof calendarStatements)[number]>['execute']>>[number];

/** Items starting in [from, to) or running into it, all types; served by driving_lesson_records_school_start_idx. */
export function listCalendar(db: DbOrTx, schoolId: SchoolId, q: CalendarQuery, longest: number): Promise<CalendarRow[]> {
  // An item starting before `from` still shows when it runs into the window; no item is longer than `longest` ms,
  // so the index range is [from - longest, to).
  const teachers = q.teacherIds?.length ? q.teacherIds : null;
  const cars = q.schoolCarIds?.length ? q.schoolCarIds : null;
  const shape = (teachers ? 1 : 0) | (cars ? 2 : 0);
  return calendarStatements[shape](db).execute({
    schoolId,
    lowest: new Date(q.from.getTime() - longest).toISOString(),
    to: q.to.toISOString(),
    from: q.from.toISOString(),
    teacherIds: teachers,
    schoolCarIds: cars,
  });
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

/** The filters a trainings request uses, as the bits of its prepared statement's name. */
const TRAININGS_FILTERS = ['from', 'to', 'teacherId', 'schoolCarId', 'state', 'type', 'unsigned', 'notRegistered'] as const;

function trainingsShape(q: TrainingsQuery): number {
  return TRAININGS_FILTERS.reduce((shape, key, bit) => (q[key] ? shape | (1 << bit) : shape), 0);
}

/**
 * The filters of one shape. `v` gives each value: a placeholder in the prepared statement (schoolId, from, to,
 * teacherId, schoolCarId, state, type, now), the request's own value in the count of a page past the end.
 */
function trainingsWhere(shape: number, v: (name: string) => unknown) {
  const has = (key: (typeof TRAININGS_FILTERS)[number]) => (shape & (1 << TRAININGS_FILTERS.indexOf(key))) !== 0;
  const val = (name: string) => sql`${v(name)}`;
  return and(
    sql`${r.schoolId} = ${val('schoolId')}`,
    has('from') ? sql`${r.startTime} >= ${val('from')}` : undefined,
    has('to') ? sql`${r.startTime} < ${val('to')}` : undefined,
    has('teacherId') ? sql`${r.teacherId} = ${val('teacherId')}` : undefined,
    has('schoolCarId') ? sql`${r.schoolCarId} = ${val('schoolCarId')}` : undefined,
    has('state') ? sql`${r.state} = ${val('state')}` : undefined,
    has('type') ? sql`${r.type} = ${val('type')}` : undefined,
    has('unsigned') ? and(ne(r.type, 'CAR_RESERVATION'), eq(r.state, 'COMPLETED'), or(isNull(r.signature), isNull(r.teacherSignature))) : undefined,
    has('notRegistered') ? and(eq(r.state, 'SCHEDULED'), sql`${r.endTime} < ${val('now')}`) : undefined,
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

/**
 * A page of the school's items, newest first, with each ride's odometer gap and how many match, in one prepared
 * statement per filter shape. The total is an uncorrelated scalar subquery (run once, index-only with the default
 * filters), not `count(*) over ()`: the window would fetch every matching row from the heap before the limit (3,733
 * rows, ~3 ms, against ~0.6 ms).
 */
const trainingsStatements = new Map<number, ReturnType<typeof trainingsStatement>>();
function trainingsStatement(shape: number) {
  return preparedPerDb((db: DbOrTx) => {
    const where = trainingsWhere(shape, (name) => sql.placeholder(name));
    const total = sql<number>`(select count(*) from ${r} where ${where})::int`.mapWith(Number);
    return joined(db, { ...lightColumns, odometerGap, total } as unknown as typeof fullColumns)
      .where(where)
      .orderBy(desc(r.startTime), desc(r.id))
      .limit(sql.placeholder('limit') as unknown as number)
      .offset(sql.placeholder('offset') as unknown as number)
      .prepare(`driving_lessons_trainings_${shape}`);
  });
}

type TrainingsRow = LightRecordRow & { odometerGap: number | null; total: number };

export async function listTrainings(db: DbOrTx, schoolId: SchoolId, q: TrainingsQuery) {
  const shape = trainingsShape(q);
  let statement = trainingsStatements.get(shape);
  if (!statement) {
    statement = trainingsStatement(shape);
    trainingsStatements.set(shape, statement);
  }
  const values = {
    schoolId,
    from: q.from?.toISOString(),
    to: q.to?.toISOString(),
    teacherId: q.teacherId,
    schoolCarId: q.schoolCarId,
    state: q.state,
    type: q.type,
    now: q.now.toISOString(),
    limit: q.limit,
    offset: q.offset,
  };
  const rows = (await statement(db).execute(values)) as unknown as TrainingsRow[];
  // A page past the end has no row to carry the total: count alone then.
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    const byName = values as Record<string, unknown>;
    [{ total }] = await db
      .select({ total: count() })
      .from(r)
      .where(trainingsWhere(shape, (name) => byName[name]));
  }
  return { items: rows.map(({ total: _total, ...item }) => item), total };
}

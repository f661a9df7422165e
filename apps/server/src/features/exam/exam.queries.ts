import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { ExamResult, ExamType, LicenceGroup, StudentState } from '@volant/shared/enums';
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../lib/prepared.ts';
import type { SchoolId } from '../../lib/tenant.ts';

const { exams, examSignUps, examRetrainings, students, studentLogs } = schema;

export type ExamRow = typeof exams.$inferSelect;
export type ExamValues = Pick<typeof exams.$inferInsert, 'date' | 'place' | 'types' | 'note' | 'capacity'>;
export type SignUpRow = typeof examSignUps.$inferSelect;

/** The school's terms from a day on, ascending by date, with the number of (visible) students signed up. */
export function listExams(db: DbOrTx, schoolId: SchoolId, dateGte: string | null) {
  return db
    .select({
      id: exams.id,
      date: exams.date,
      place: exams.place,
      types: exams.types,
      note: exams.note,
      capacity: exams.capacity,
      createdAt: exams.createdAt,
      // Outer columns named in full: drizzle leaves a single table's columns unqualified inside a select, and an
      // unqualified "id" in the subquery is the sign-up's own id (issue 17: the list showed 0 signed-up students).
      // Removed students are not counted, as the term's detail does not list them.
      signUps: sql<number>`(select count(distinct u.student_id)::int from ${examSignUps} u
        join ${students} s on s.school_id = u.school_id and s.id = u.student_id and s.removed_at is null
        where u.school_id = exams.school_id and u.exam_id = exams.id)`,
    })
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), dateGte ? gte(exams.date, dateGte) : undefined))
    .orderBy(asc(exams.date), asc(exams.createdAt), asc(exams.id));
}

export async function findExam(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, id)))
    .limit(1);
  return row;
}

export async function lockExam(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .select()
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, id)))
    .for('update');
  return row;
}

export async function insertExam(tx: DbOrTx, schoolId: SchoolId, values: ExamValues) {
  const [row] = await tx
    .insert(exams)
    .values({ ...values, schoolId })
    .returning();
  return row;
}

export async function updateExamRow(tx: DbOrTx, schoolId: SchoolId, id: string, values: ExamValues) {
  const [row] = await tx
    .update(exams)
    .set(values)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, id)))
    .returning();
  return row;
}

export async function deleteExam(tx: DbOrTx, schoolId: SchoolId, id: string) {
  await tx.delete(exams).where(and(eq(exams.schoolId, schoolId), eq(exams.id, id)));
}

/** A sign-up on the term detail, as the statement's JSON builds it. */
export interface ExamDetailSignUp {
  studentId: string;
  firstName: string;
  lastName: string;
  registrationNumber: string;
  groups: LicenceGroup[];
  state: StudentState;
  type: ExamType;
  group: LicenceGroup;
  result: ExamResult | null;
  attempt: number;
  /** 1, or 2 when the sign-up came after new teaching/training of its part in the same training (legal-cz §7.4). */
  cycle: number;
}

/**
 * The term detail in one prepared statement (issue 9 bench: the app's fixed cost per request is what shows, so no
 * per-request query building and one round trip): the term, and its sign-ups with the (visible) students' names, by
 * last name, aggregated by PostgreSQL. A sign-up's cycle counts the retrainings of its part made before it and after
 * the latest (re)start of the student's training before it.
 */
const examDetail = preparedPerDb((db: DbOrTx) =>
  db
    .select({
      id: exams.id,
      date: exams.date,
      place: exams.place,
      types: exams.types,
      note: exams.note,
      capacity: exams.capacity,
      createdAt: exams.createdAt,
      signUps: sql<ExamDetailSignUp[]>`(select coalesce(json_agg(json_build_object(
          'studentId', u.student_id, 'firstName', s.first_name, 'lastName', s.last_name, 'registrationNumber', s.registration_number,
          'groups', s.groups, 'state', s.state, 'type', u.type, 'group', u."group", 'result', u.result, 'attempt', u.attempt,
          'cycle', 1 + (select count(*)::int from ${examRetrainings} r
            where r.school_id = u.school_id and r.student_id = u.student_id and r.type = u.type and r."group" = u."group"
              and r.created_at < u.created_at
              and r.created_at > coalesce((select max(l.created_at) from ${studentLogs} l where l.school_id = u.school_id
                and l.student_id = u.student_id and l.state = 'IN_PROGRESS' and l.created_at < u.created_at), '-infinity'))
        ) order by s.last_name, s.first_name, s.id, u."group", u.type), '[]'::json)
        from ${examSignUps} u join ${students} s on s.school_id = u.school_id and s.id = u.student_id and s.removed_at is null
        where u.school_id = exams.school_id and u.exam_id = exams.id)`,
    })
    .from(exams)
    .where(and(eq(exams.schoolId, sql.placeholder('schoolId')), eq(exams.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('exam_detail'),
);

export async function findExamDetail(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await examDetail(db).execute({ schoolId, id });
  return row;
}

export async function examStudentIds(db: DbOrTx, schoolId: SchoolId, examId: string) {
  const rows = await db
    .selectDistinct({ studentId: examSignUps.studentId })
    .from(examSignUps)
    .where(and(eq(examSignUps.schoolId, schoolId), eq(examSignUps.examId, examId)));
  return rows.map((r) => r.studentId);
}

export async function hasResults(db: DbOrTx, schoolId: SchoolId, examId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(examSignUps)
    .where(and(eq(examSignUps.schoolId, schoolId), eq(examSignUps.examId, examId), isNotNull(examSignUps.result)));
  return (row?.n ?? 0) > 0;
}

/** All of a student's sign-ups with their terms' date and place, by date. */
export function listStudentSignUps(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select({
      examId: examSignUps.examId,
      date: exams.date,
      place: exams.place,
      type: examSignUps.type,
      group: examSignUps.group,
      result: examSignUps.result,
      attempt: examSignUps.attempt,
      createdAt: examSignUps.createdAt,
    })
    .from(examSignUps)
    .innerJoin(exams, and(eq(exams.schoolId, examSignUps.schoolId), eq(exams.id, examSignUps.examId)))
    .where(and(eq(examSignUps.schoolId, schoolId), eq(examSignUps.studentId, studentId)))
    .orderBy(asc(exams.date), asc(exams.id), asc(examSignUps.group), asc(examSignUps.type));
}

/** Students (not removed) signed up for the term other than the one: what the capacity and the list count. */
export async function countSignedStudents(db: DbOrTx, schoolId: SchoolId, examId: string, exceptStudentId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${examSignUps.studentId})::int` })
    .from(examSignUps)
    .innerJoin(students, and(eq(students.schoolId, examSignUps.schoolId), eq(students.id, examSignUps.studentId), isNull(students.removedAt)))
    .where(and(eq(examSignUps.schoolId, schoolId), eq(examSignUps.examId, examId), ne(examSignUps.studentId, exceptStudentId)));
  return row?.n ?? 0;
}

type Key = { examId: string; studentId: string; type: ExamType; group: LicenceGroup };
const keyOf = (schoolId: SchoolId, k: Key) =>
  and(
    eq(examSignUps.schoolId, schoolId),
    eq(examSignUps.examId, k.examId),
    eq(examSignUps.studentId, k.studentId),
    eq(examSignUps.type, k.type),
    eq(examSignUps.group, k.group),
  );

export async function insertSignUp(tx: DbOrTx, schoolId: SchoolId, k: Key, attempt: number) {
  const [row] = await tx
    .insert(examSignUps)
    .values({ schoolId, ...k, attempt })
    .returning();
  return row;
}

export async function deleteSignUp(tx: DbOrTx, schoolId: SchoolId, k: Key) {
  const [row] = await tx.delete(examSignUps).where(keyOf(schoolId, k)).returning();
  return row;
}

export async function setSignUpResult(tx: DbOrTx, schoolId: SchoolId, k: Key, result: ExamResult | null, at: Date) {
  const [row] = await tx
    .update(examSignUps)
    .set({ result, resultAt: result ? at : null })
    .where(keyOf(schoolId, k))
    .returning();
  return row;
}

/**
 * The student's groups and state (a removed student is not found), and when training last (re)started: a move to
 * IN_PROGRESS after exams is a completely new training, and the exam history starts again after it.
 */
export async function findExamStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({
      id: students.id,
      groups: students.groups,
      state: students.state,
      // Outer columns named in full: drizzle leaves a single table's columns unqualified inside a select.
      trainingStartedAt:
        sql<Date | null>`(select max(l.created_at) from ${studentLogs} l where l.school_id = students.school_id and l.student_id = students.id and l.state = 'IN_PROGRESS')`.mapWith(
          studentLogs.createdAt,
        ),
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}

/** When the student's training last (re)started (the latest move to IN_PROGRESS), or null. */
export async function findTrainingStartedAt(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${studentLogs.createdAt})`.mapWith(studentLogs.createdAt) })
    .from(studentLogs)
    .where(and(eq(studentLogs.schoolId, schoolId), eq(studentLogs.studentId, studentId), eq(studentLogs.state, 'IN_PROGRESS')));
  return row?.at ?? null;
}

// ——— new teaching/training after a failed cycle (exam_retrainings) ———

export type RetrainingRow = typeof examRetrainings.$inferSelect;

/** The student's retrainings, oldest first. */
export function listStudentRetrainings(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select({
      id: examRetrainings.id,
      type: examRetrainings.type,
      group: examRetrainings.group,
      completedOn: examRetrainings.completedOn,
      note: examRetrainings.note,
      createdAt: examRetrainings.createdAt,
    })
    .from(examRetrainings)
    .where(and(eq(examRetrainings.schoolId, schoolId), eq(examRetrainings.studentId, studentId)))
    .orderBy(asc(examRetrainings.createdAt), asc(examRetrainings.id));
}

export async function insertRetraining(
  tx: DbOrTx,
  schoolId: SchoolId,
  values: Pick<RetrainingRow, 'studentId' | 'type' | 'group' | 'completedOn' | 'note' | 'createdBy'>,
) {
  const [row] = await tx
    .insert(examRetrainings)
    .values({ ...values, schoolId })
    .returning();
  return row;
}

export async function deleteRetraining(tx: DbOrTx, schoolId: SchoolId, studentId: string, id: string) {
  const [row] = await tx
    .delete(examRetrainings)
    .where(and(eq(examRetrainings.schoolId, schoolId), eq(examRetrainings.studentId, studentId), eq(examRetrainings.id, id)))
    .returning();
  return row;
}

/** Whether the student signed up for the part after the instant (a retraining's creation). */
export async function hasSignUpAfter(db: DbOrTx, schoolId: SchoolId, k: { studentId: string; type: ExamType; group: LicenceGroup }, after: Date) {
  const [row] = await db
    .select({ id: examSignUps.id })
    .from(examSignUps)
    .where(
      and(
        eq(examSignUps.schoolId, schoolId),
        eq(examSignUps.studentId, k.studentId),
        eq(examSignUps.type, k.type),
        eq(examSignUps.group, k.group),
        gt(examSignUps.createdAt, after),
      ),
    )
    .limit(1);
  return !!row;
}

// ——— the exam application deadline (legal-cz §7.2) ———

/** States in which training has ended and no exam is passed for good: the application is still to be filed. */
/**
 * The end of a student's training, or of their last new teaching/training of a failed part (legal-cz §7.2): what the
 * exam application's 15 days and the waiting list's 'waits longest' count from. Outer columns named in full.
 */
export const trainingEndDate = () => sql<string>`greatest(
    coalesce(students.date_of_finished, (select max(l.date) from ${studentLogs} l
      where l.school_id = students.school_id and l.student_id = students.id and l.state in ('FINISHED', 'TO_EXAM'))),
    (select max(r.completed_on) from ${examRetrainings} r where r.school_id = students.school_id and r.student_id = students.id))`;

const APPLICATION_STATES = ['FINISHED', 'TO_EXAM', 'EXAM_CORRECTION'] as const;

/**
 * Students of the school (or the one student) whose training ended and who are signed up for no term since, with the end:
 * the end date of training (dateOfFinished, or the day of the latest move to FINISHED or TO_EXAM when it is missing)
 * or of the latest new teaching/training of a failed part, whichever is later. Ordered by it, oldest first.
 */
export function listApplicationDeadlineRows(db: DbOrTx, schoolId: SchoolId, studentId?: string) {
  // Outer columns named in full: drizzle leaves a single table's columns unqualified inside a select.
  const endDate = trainingEndDate();
  const ended = db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
      state: students.state,
      groups: students.groups,
      endDate: endDate.as('end_date'),
    })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.removedAt),
        inArray(students.state, [...APPLICATION_STATES]),
        studentId ? eq(students.id, studentId) : undefined,
      ),
    )
    .as('ended');
  return db
    .select()
    .from(ended)
    .where(
      and(
        isNotNull(ended.endDate),
        sql`not exists (select 1 from ${examSignUps} u join ${exams} e on e.school_id = u.school_id and e.id = u.exam_id
          where u.school_id = ${schoolId} and u.student_id = ${ended.id} and e.date >= ${ended.endDate})`,
      ),
    )
    .orderBy(asc(ended.endDate), asc(ended.lastName), asc(ended.firstName), asc(ended.id));
}

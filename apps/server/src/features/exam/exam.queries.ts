import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { ExamResult, ExamType, LicenceGroup } from '@volant/shared/enums';
import { and, asc, count, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { exams, examSignUps, students } = schema;

export type ExamRow = typeof exams.$inferSelect;
export type ExamValues = Pick<typeof exams.$inferInsert, 'date' | 'place' | 'types' | 'note' | 'capacity'>;
export type SignUpRow = typeof examSignUps.$inferSelect;

/** The school's terms from a day on, ascending by date, with their sign-up count. */
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
      signUps: sql<number>`(select count(distinct ${examSignUps.studentId})::int from ${examSignUps} where ${examSignUps.schoolId} = ${exams.schoolId} and ${examSignUps.examId} = ${exams.id})`,
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

/** The term's sign-ups with the (visible) students' names, by last name. */
export function listExamSignUps(db: DbOrTx, schoolId: SchoolId, examId: string) {
  return db
    .select({
      studentId: examSignUps.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
      groups: students.groups,
      state: students.state,
      type: examSignUps.type,
      group: examSignUps.group,
      result: examSignUps.result,
      attempt: examSignUps.attempt,
    })
    .from(examSignUps)
    .innerJoin(students, and(eq(students.schoolId, examSignUps.schoolId), eq(students.id, examSignUps.studentId), isNull(students.removedAt)))
    .where(and(eq(examSignUps.schoolId, schoolId), eq(examSignUps.examId, examId)))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id), asc(examSignUps.group), asc(examSignUps.type));
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
    })
    .from(examSignUps)
    .innerJoin(exams, and(eq(exams.schoolId, examSignUps.schoolId), eq(exams.id, examSignUps.examId)))
    .where(and(eq(examSignUps.schoolId, schoolId), eq(examSignUps.studentId, studentId)))
    .orderBy(asc(exams.date), asc(exams.id), asc(examSignUps.group), asc(examSignUps.type));
}

export async function countSignedStudents(db: DbOrTx, schoolId: SchoolId, examId: string, exceptStudentId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${examSignUps.studentId})::int` })
    .from(examSignUps)
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

/** The student's groups and state (a removed student is not found). */
export async function findExamStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ id: students.id, groups: students.groups, state: students.state })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}

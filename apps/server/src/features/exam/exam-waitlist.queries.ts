// The waiting list of exam terms (issue 22 §3): 'Čekatelé' put on a term by the office, the places freed by a
// withdrawal (vacancies) and the students who could take them.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { ExamType, LicenceGroup } from '@volant/shared/enums';
import { EXAM_SIGN_UP_STATES } from '@volant/shared/exam/rules';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';
import { trainingEndDate } from './exam.queries.ts';

const { examVacancies: v, examWaitlist: w, examSignUps, students } = schema;

export async function insertVacancy(
  tx: DbOrTx,
  schoolId: SchoolId,
  values: { examId: string; type: ExamType; group: LicenceGroup; withdrawnStudentId: string },
) {
  await tx.insert(v).values({ ...values, schoolId });
}

const vacancyColumns = {
  id: v.id,
  examId: v.examId,
  type: v.type,
  group: v.group,
  withdrawnStudentId: v.withdrawnStudentId,
  skipped: v.skipped,
  createdAt: v.createdAt,
};

/** The term's open vacancies, oldest first. */
export function listOpenVacancies(db: DbOrTx, schoolId: SchoolId, examId: string) {
  return db
    .select(vacancyColumns)
    .from(v)
    .where(and(eq(v.schoolId, schoolId), eq(v.examId, examId), isNull(v.closedAt)))
    .orderBy(asc(v.createdAt), asc(v.id));
}

export type VacancyRow = Awaited<ReturnType<typeof listOpenVacancies>>[number];

/** An open vacancy, locked until the transaction ends (one 'Přihlásit' or 'Přeskočit' at a time). */
export async function lockOpenVacancy(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .select(vacancyColumns)
    .from(v)
    .where(and(eq(v.schoolId, schoolId), eq(v.id, id), isNull(v.closedAt)))
    .for('update');
  return row;
}

export async function addSkipped(tx: DbOrTx, schoolId: SchoolId, id: string, studentId: string) {
  await tx
    .update(v)
    .set({ skipped: sql`array_append(${v.skipped}, ${studentId}::uuid)` })
    .where(and(eq(v.schoolId, schoolId), eq(v.id, id)));
}

export async function closeVacancy(tx: DbOrTx, schoolId: SchoolId, id: string, now: Date) {
  await tx
    .update(v)
    .set({ closedAt: now })
    .where(and(eq(v.schoolId, schoolId), eq(v.id, id)));
}

/** Puts a student on the term's list; false when they were on it already. */
export async function insertWaitlist(tx: DbOrTx, schoolId: SchoolId, values: { examId: string; studentId: string; createdBy: string }) {
  const rows = await tx
    .insert(w)
    .values({ ...values, schoolId })
    .onConflictDoNothing()
    .returning({ id: w.id });
  return rows.length > 0;
}

export async function deleteWaitlist(tx: DbOrTx, schoolId: SchoolId, examId: string, studentId: string) {
  const rows = await tx
    .delete(w)
    .where(and(eq(w.schoolId, schoolId), eq(w.examId, examId), eq(w.studentId, studentId)))
    .returning({ id: w.id });
  return rows.length > 0;
}

/**
 * The students the term's list is made of: those the office put on it (any state: they show why they are not ready
 * yet) and every visible student whose training ended (the sign-up states), with when they were put on it and since
 * when they wait (the end of training or of their last new teaching/training). Students signed up on the term already
 * are left out.
 */
export function listWaitlistStudents(db: DbOrTx, schoolId: SchoolId, examId: string) {
  const waitingSince = trainingEndDate();
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
      state: students.state,
      groups: students.groups,
      waitingSince,
      listedAt: w.createdAt,
    })
    .from(students)
    .leftJoin(w, and(eq(w.schoolId, students.schoolId), eq(w.studentId, students.id), eq(w.examId, examId)))
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.removedAt),
        or(inArray(students.state, [...EXAM_SIGN_UP_STATES]), sql`${w.id} is not null`),
        sql`not exists (select 1 from ${examSignUps} u where u.school_id = ${schoolId} and u.exam_id = ${examId} and u.student_id = students.id)`,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

export type WaitlistStudentRow = Awaited<ReturnType<typeof listWaitlistStudents>>[number];

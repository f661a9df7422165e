// Reads of the exam application: the term and its sign-ups with the (visible) students.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { studentColumns } from '../student/student.pdf.queries.ts';

const { exams, examSignUps, students } = schema;

export async function findExamTerm(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ id: exams.id, date: exams.date, place: exams.place, types: exams.types, note: exams.note })
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, id)))
    .limit(1);
  return row;
}

/** One row per sign-up with its student, by surname, then group and part. */
export function listExamApplicants(db: DbOrTx, schoolId: SchoolId, examId: string) {
  return db
    .select({ ...studentColumns, type: examSignUps.type, group: examSignUps.group, attempt: examSignUps.attempt, result: examSignUps.result })
    .from(examSignUps)
    .innerJoin(students, and(eq(students.schoolId, examSignUps.schoolId), eq(students.id, examSignUps.studentId), isNull(students.removedAt)))
    .where(and(eq(examSignUps.schoolId, schoolId), eq(examSignUps.examId, examId)))
    .orderBy(asc(czechSortKey(students.lastName)), asc(czechSortKey(students.firstName)), asc(students.id), asc(examSignUps.group), asc(examSignUps.type));
}

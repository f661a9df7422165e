// Reads of the Evidenční kniha: the applicants admitted (admitted_at: recorded, or admitted from the public form) in a range of the school's days, and their exams.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';
import { studentColumns } from './student.pdf.queries.ts';

const { students, examSignUps, exams } = schema;

const admittedIn = (schoolId: SchoolId, start: Date, end: Date) =>
  and(eq(students.schoolId, schoolId), gte(students.admittedAt, start), lt(students.admittedAt, end));

/** Every applicant admitted in [start, end), removed ones too (the register is a legal record), in admission order. */
export function listAdmittedStudents(db: DbOrTx, schoolId: SchoolId, start: Date, end: Date) {
  return db
    .select({ ...studentColumns, state: students.state, admittedAt: students.admittedAt, removedAt: students.removedAt })
    .from(students)
    .where(admittedIn(schoolId, start, end))
    .orderBy(asc(students.admittedAt), asc(students.registrationNumber), asc(students.id));
}

/** Their sign-ups with the term's date, newest first (the first per student × part × group is the latest). */
export function listAdmittedSignUps(db: DbOrTx, schoolId: SchoolId, start: Date, end: Date) {
  return db
    .select({
      studentId: examSignUps.studentId,
      type: examSignUps.type,
      group: examSignUps.group,
      result: examSignUps.result,
      attempt: examSignUps.attempt,
      date: exams.date,
    })
    .from(examSignUps)
    .innerJoin(students, and(eq(students.schoolId, examSignUps.schoolId), eq(students.id, examSignUps.studentId)))
    .innerJoin(exams, and(eq(exams.schoolId, examSignUps.schoolId), eq(exams.id, examSignUps.examId)))
    .where(and(eq(examSignUps.schoolId, schoolId), admittedIn(schoolId, start, end)))
    .orderBy(desc(exams.date), desc(examSignUps.attempt));
}

// Reads of the deadline sweep (issue 22 §3): the school's lead times and, per school, the students each deadline
// concerns (state and dates present). The exam application's own rows come from exam.queries (the exams page's list).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { EXAM_SIGN_UP_STATES } from '@volant/shared/exam/rules';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { deadlineSettings, students, examSignUps } = schema;

export async function findDeadlineSettings(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select({ leadDays: deadlineSettings.leadDays }).from(deadlineSettings).where(eq(deadlineSettings.schoolId, schoolId)).limit(1);
  return row ?? null;
}

export async function upsertDeadlineSettings(tx: DbOrTx, schoolId: SchoolId, leadDays: number[], now: Date) {
  await tx
    .insert(deadlineSettings)
    .values({ schoolId, leadDays, updatedAt: now })
    .onConflictDoUpdate({ target: deadlineSettings.schoolId, set: { leadDays, updatedAt: now } });
}

const EXAM_STATES = [...EXAM_SIGN_UP_STATES];

/** The schools with at least one visible student some deadline could concern (the sweep's outer loop). */
export async function listSweepSchools(db: DbOrTx) {
  const rows = await db
    .selectDistinct({ schoolId: students.schoolId })
    .from(students)
    .where(
      and(
        isNull(students.removedAt),
        or(
          and(eq(students.state, 'IN_PROGRESS'), isNotNull(students.dateOfInProgress)),
          and(eq(students.state, 'WAITING_FOR_ADMISSION'), isNotNull(students.medicalCertificateDate)),
          inArray(students.state, EXAM_STATES),
        ),
      ),
    )
    .orderBy(asc(students.schoolId));
  return rows.map((r) => r.schoolId);
}

const who = { id: students.id, firstName: students.firstName, lastName: students.lastName, registrationNumber: students.registrationNumber };

/** legal-cz §5.1: students in training with the day it started. */
export function listTrainingStudents(db: DbOrTx, schoolId: SchoolId, studentId?: string) {
  return db
    .select({ ...who, startedOn: students.dateOfInProgress })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.removedAt),
        eq(students.state, 'IN_PROGRESS'),
        isNotNull(students.dateOfInProgress),
        studentId ? eq(students.id, studentId) : undefined,
      ),
    )
    .orderBy(asc(students.id));
}

/** legal-cz §5.2: applicants not admitted yet, with the date of their medical certificate. */
export function listMedicalStudents(db: DbOrTx, schoolId: SchoolId, studentId?: string) {
  return db
    .select({ ...who, certificateDate: students.medicalCertificateDate })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.removedAt),
        eq(students.state, 'WAITING_FOR_ADMISSION'),
        isNotNull(students.medicalCertificateDate),
        studentId ? eq(students.id, studentId) : undefined,
      ),
    )
    .orderBy(asc(students.id));
}

/** legal-cz §7.4: students whose training ended and who were examined at least once (their window may run). */
export function listExaminedStudents(db: DbOrTx, schoolId: SchoolId, studentId?: string) {
  return db
    .select(who)
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.removedAt),
        inArray(students.state, EXAM_STATES),
        studentId ? eq(students.id, studentId) : undefined,
        sql`exists (select 1 from ${examSignUps} u where u.school_id = ${schoolId} and u.student_id = students.id and u.result in ('SUCCESS', 'FAIL'))`,
      ),
    )
    .orderBy(asc(students.id));
}

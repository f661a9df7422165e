// What every document prints about its students, read with the school filter inside the statement.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { LicenceGroup, TrainingKind, TrainingType } from '@volant/shared/enums';
import { addressLine, type StudentVm } from '@volant/shared/pdf/view-models';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { subjectId } from '../../pdf/document.ts';

const { students } = schema;

/** The student columns the documents read (select them with `studentColumns`, map with `toStudentVm`). */
export const studentColumns = {
  id: students.id,
  registrationNumber: students.registrationNumber,
  firstName: students.firstName,
  lastName: students.lastName,
  degree: students.degree,
  birthDate: students.birthDate,
  street: students.street,
  streetCode: students.streetCode,
  city: students.city,
  postCode: students.postCode,
  groups: students.groups,
  currentGroups: students.currentGroups,
  trainingKind: students.trainingKind,
  trainingType: students.trainingType,
  dateOfInProgress: students.dateOfInProgress,
  dateOfFinished: students.dateOfFinished,
  earlyEndReason: students.earlyEndReason,
};

export interface StudentRow {
  id: string;
  /** Null only for an applicant not yet admitted (printed empty). */
  registrationNumber: string | null;
  firstName: string;
  lastName: string;
  degree: string | null;
  birthDate: string;
  street: string;
  streetCode: string;
  city: string;
  postCode: string;
  groups: string[];
  currentGroups: string[];
  trainingKind: TrainingKind;
  trainingType: TrainingType;
  dateOfInProgress: string | null;
  dateOfFinished: string | null;
  earlyEndReason: string | null;
}

export function toStudentVm(r: StudentRow): StudentVm {
  return {
    id: r.id,
    registrationNumber: r.registrationNumber ?? '',
    firstName: r.firstName,
    lastName: r.lastName,
    degree: r.degree,
    birthDate: r.birthDate,
    address: addressLine(r),
    groups: r.groups as LicenceGroup[],
    currentGroups: r.currentGroups as LicenceGroup[],
    trainingKind: r.trainingKind,
    trainingType: r.trainingType,
    startedOn: r.dateOfInProgress,
    finishedOn: r.dateOfFinished,
    earlyEndReason: r.earlyEndReason,
  };
}

/** A visible student of the school (a removed one is not found). */
export async function findStudentRow(db: DbOrTx, schoolId: SchoolId, id: string): Promise<StudentRow | undefined> {
  const [row] = await db
    .select(studentColumns)
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, id), isNull(students.removedAt)))
    .limit(1);
  return row;
}

/** The student of a document's subject, or STUDENT_NOT_FOUND. */
export async function getStudentVm(db: DbOrTx, schoolId: SchoolId, entityId: string | null): Promise<StudentVm> {
  const row = await findStudentRow(db, schoolId, subjectId(entityId, 'STUDENT_NOT_FOUND'));
  if (!row) throw new AppError('STUDENT_NOT_FOUND');
  return toStudentVm(row);
}

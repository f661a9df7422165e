import type { InterpreterRow as InterpreterFullRow } from '../interpreter/interpreter.queries.ts';
import type { StudentRow } from './student.queries.ts';

type InterpreterRow = Pick<InterpreterFullRow, 'id' | 'firstName' | 'lastName' | 'degree'>;

export interface TagDto {
  id: string;
  name: string;
  color: string;
}

export interface StudentLogDto {
  id: string;
  state: StudentRow['state'];
  previousState: StudentRow['state'] | null;
  date: string;
  userName: string | null;
  createdAt: Date;
}

/** The student card. Progress blocks stay null until teaching, training and payments exist. */
export function toStudentDetail(s: StudentRow, interpreter: InterpreterRow | null, logs: StudentLogDto[]) {
  return {
    id: s.id,
    registrationNumber: s.registrationNumber,
    state: s.state,
    dateOfInProgress: s.dateOfInProgress,
    dateOfFinished: s.dateOfFinished,
    /** When the student was taken on (the 3-month rule of 'Lékařský posudek' is judged on this day). */
    admittedAt: s.admittedAt ?? s.createdAt,
    /** Training ended short of the legal minimum ('Ukončit předčasně'), with the office's reason; else null. */
    earlyEndReason: s.earlyEndReason,
    createdAt: s.createdAt,
    studentInfo: {
      firstName: s.firstName,
      lastName: s.lastName,
      degree: s.degree,
      birthDate: s.birthDate,
      birthPlace: s.birthPlace,
      citizenship: s.citizenship,
      docId: s.docId,
      phone: s.phone,
      email: s.email,
    },
    studentAddress: { street: s.street, streetCode: s.streetCode, city: s.city, postCode: s.postCode },
    studentStudyInfo: {
      group: s.groups,
      currentGroups: s.currentGroups,
      trainingKind: s.trainingKind,
      trainingType: s.trainingType,
      carIdNumber: s.drivingLicenceNumber,
      note: s.note,
      medicalCertificateDate: s.medicalCertificateDate,
    },
    studentInterpreter: interpreter
      ? {
          interpreterId: interpreter.id,
          interpreter: {
            id: interpreter.id,
            interpreterInfo: { firstName: interpreter.firstName, lastName: interpreter.lastName, degree: interpreter.degree },
          },
        }
      : null,
    logs,
    progress: { teaching: null, training: null, payment: null },
  };
}
export type StudentDetail = ReturnType<typeof toStudentDetail>;

/** What the audit log keeps of a removed student: the whole record, for the legal 5 years. */
export function toStudentSnapshot(s: StudentRow) {
  const { searchText: _searchText, secretCode: _secretCode, ...rest } = s;
  return rest;
}

// Test factories for students (API tests and isolation rows).
import type { CreateStudentInput } from '@volant/shared/student/inputs';
import type { Caller } from '../../testing/harness.ts';

let seq = 0;

export function studentInput(
  o: {
    firstName?: string;
    lastName?: string;
    registrationNumber?: string;
    group?: CreateStudentInput['studentStudyInfo']['group'];
    interpreterId?: string | null;
  } = {},
): CreateStudentInput {
  seq += 1;
  return {
    studentInfo: {
      firstName: o.firstName ?? 'Jan',
      lastName: o.lastName ?? 'Dvořák',
      degree: null,
      birthDate: '2005-04-12',
      birthPlace: 'Brno',
      citizenship: 'Česká republika',
      docId: '123456789',
      phone: '+420 777 123 456',
      email: 'jan.dvorak@example.cz',
    },
    studentAddress: { street: 'Lidická', streetCode: '12', city: 'Brno', postCode: '60200' },
    studentStudyInfo: { group: o.group ?? ['B'], currentGroups: [], trainingKind: 'BASIC', trainingType: 'COURSE', carIdNumber: 'EA123456', note: null },
    student: { registrationNumber: o.registrationNumber ?? `T-${process.pid}-${Date.now().toString(36)}-${seq}`, interpreterId: o.interpreterId ?? null },
  };
}

/** Creates a student through the API and returns its id. */
export async function createTestStudent(caller: Caller, schoolId: string, o: Parameters<typeof studentInput>[0] = {}) {
  const { id } = await caller.student.createStudent({ schoolId, ...studentInput(o) });
  return id;
}

/** Isolation seed: one student of the victim school. */
export async function aStudent(_app: unknown, victim: { caller: Caller; schoolId: string }) {
  return { studentId: await createTestStudent(victim.caller, victim.schoolId) };
}

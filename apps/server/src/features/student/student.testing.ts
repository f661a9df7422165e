// Test factories for students (API tests and isolation rows).
import type { CreateStudentInput } from '@volant/shared/student-validation';
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

/** The attacker's own school (setupSchool makes it the active one). */
export async function ownSchoolId(attacker: Caller) {
  const me = await attacker.user.meV2();
  if (!me.activeSchoolId) throw new Error('the attacker has no active school');
  return me.activeSchoolId;
}

/**
 * Runs an attack both ways: with the victim's school id (the gate must refuse), then with the attacker's own
 * school id and the victim's entity ids (the statement's school filter must refuse). The second call's outcome
 * is returned for the isolation test to check.
 */
export async function crossTenant(attacker: Caller, victimSchoolId: string, call: (schoolId: string) => Promise<unknown>) {
  const viaGate = await call(victimSchoolId).then(
    () => 'allowed',
    (e: { code?: string }) => e.code,
  );
  if (viaGate !== 'NOT_FOUND') throw new Error(`the gate answered ${viaGate} instead of NOT_FOUND`);
  return call(await ownSchoolId(attacker));
}

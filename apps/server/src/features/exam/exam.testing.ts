// Test factories for exams (API tests and isolation rows).
import type { Caller } from '../../testing/harness.ts';
import { createTestStudent, type studentInput } from '../student/student.testing.ts';

/** A student whose training is ended (NOT_STARTED → IN_PROGRESS → FINISHED), ready to sign up for exams. */
export async function createFinishedStudent(caller: Caller, schoolId: string, o: Parameters<typeof studentInput>[0] = {}) {
  const studentId = await createTestStudent(caller, schoolId, o);
  await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: '2026-01-05' });
  await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], date: '2026-03-02' });
  return studentId;
}

// Test factories for exams (API tests and isolation rows).
import { addDays, schoolToday } from '@volant/shared/school-time';
import { type Caller, getTestApp } from '../../testing/harness.ts';
import { meetLegalMinimum } from '../lesson-plan/legal-minimum.testing.ts';
import { createTestStudent, type studentInput } from '../student/student.testing.ts';

/**
 * A student whose training is ended (NOT_STARTED → IN_PROGRESS → FINISHED) with the legal minimum met (every lesson
 * attended, the rides completed, all in January and February 2026), ready to sign up for exams.
 */
export async function createFinishedStudent(caller: Caller, schoolId: string, o: Parameters<typeof studentInput>[0] = {}) {
  const studentId = await createTestStudent(caller, schoolId, o);
  await caller.student.setDateOfInProgress({ schoolId, studentsIds: [studentId], date: '2026-01-05' });
  await meetLegalMinimum((await getTestApp()).deps.db, schoolId, studentId, '2026-01-06');
  await caller.student.setDateOfFinished({ schoolId, studentsIds: [studentId], date: '2026-03-02' });
  return studentId;
}

/** The school's calendar day `days` from today by the machine's clock (the callers' clock in API tests). */
export const dayFromToday = (days: number) => addDays(schoolToday(new Date()), days);

/** Signs the student up for a type × group of a term and records the result. */
export async function examined(
  caller: Caller,
  schoolId: string,
  k: { examId: string; studentId: string; type: 'PPV' | 'OUV' | 'TZBJ' | 'ZP' | 'OP'; group: 'B' },
  result: 'SUCCESS' | 'FAIL' | 'DID_NOT_TAKE_PLACE',
) {
  const { examId, studentId, type, group } = k;
  await caller.exam.addStudentToExam({ schoolId, examId, studentId, newType: { type, group } });
  return caller.exam.setExamResult({ schoolId, examId, studentId, type, group, result });
}

/**
 * A FINISHED student (B) who failed PPV on three past terms (30, 20 and 10 days ago): the first cycle is used up and
 * new teaching/training is needed (legal-cz §7.4).
 */
export async function createStudentNeedingRetraining(caller: Caller, schoolId: string) {
  const studentId = await createFinishedStudent(caller, schoolId);
  const examIds: string[] = [];
  for (const days of [-30, -20, -10]) {
    const { id } = await caller.exam.createExam({ schoolId, date: dayFromToday(days), place: `Magistrát ${schoolId}`, types: ['PPV', 'ZP'] });
    await examined(caller, schoolId, { examId: id, studentId, type: 'PPV', group: 'B' }, 'FAIL');
    examIds.push(id);
  }
  return { studentId, examIds };
}

// Follow-ups of student writes that belong to higher domains (ARCHITECTURE "Lower to higher"): `student` imports
// none of report, lessons, payments or exams; they register here what must happen when a student's training starts,
// ends early or its study info changes. The hooks run INSIDE the student write's transaction (same `tx`, same
// `after`), in the order of the explicit list in events/student-hooks.ts, so a failing hook rolls the whole write back.
//
//   export const reportStudentHooks: StudentHooks = { onTrainingStarted: async (tx, e, after) => ({ reportId: … }) };
//
// Each domain exports its hooks from its `<domain>.hooks.ts`; the list names them, and this module imports the list,
// so every process that runs a student write runs them (the server, a worker, the operator CLI, a test that never
// loads a router).
import type { DbOrTx } from '@volant/db/client';
import type { CalendarDate } from '@volant/shared/school-time';
import type { SchoolId } from '../../lib/tenant.ts';
import type { After } from '../../lib/unit-of-work.ts';
import { studentHooks } from '../../events/student-hooks.ts';

export interface TrainingStarted {
  schoolId: SchoolId;
  studentIds: string[];
  /** The start date (the students' dateOfInProgress). */
  day: CalendarDate;
  userId: string;
}

export interface StudentsLeftTraining {
  schoolId: SchoolId;
  studentIds: string[];
  /** 'undoneStart': IN_PROGRESS back to NOT_STARTED; 'removed': the student was removed. */
  why: 'undoneStart' | 'removed';
}

export interface StudyInfoChanged {
  schoolId: SchoolId;
  studentId: string;
  userId: string;
  /** Today in the school (the write's clock). */
  today: CalendarDate;
}

export interface StudentHooks {
  /** Training started for these students; a hook may name the hlášenka they went on. */
  onTrainingStarted?: (tx: DbOrTx, event: TrainingStarted, after: After) => Promise<{ reportId?: string | null }>;
  /** These students' training start was undone or they were removed. */
  onStudentsLeftTraining?: (tx: DbOrTx, event: StudentsLeftTraining, after: After) => Promise<void>;
  /** The student's groups, training kind or training type changed. */
  onStudyInfoChanged?: (tx: DbOrTx, event: StudyInfoChanged, after: After) => Promise<void>;
}

/** Runs every domain's onTrainingStarted; returns the hlášenka one of them named (null when none did). */
export async function trainingStarted(tx: DbOrTx, event: TrainingStarted, after: After): Promise<{ reportId: string | null }> {
  let reportId: string | null = null;
  if (event.studentIds.length === 0) return { reportId };
  for (const hooks of studentHooks()) {
    const result = await hooks.onTrainingStarted?.(tx, event, after);
    if (result?.reportId) reportId = result.reportId;
  }
  return { reportId };
}

export async function studentsLeftTraining(tx: DbOrTx, event: StudentsLeftTraining, after: After) {
  if (event.studentIds.length === 0) return;
  for (const hooks of studentHooks()) await hooks.onStudentsLeftTraining?.(tx, event, after);
}

export async function studyInfoChanged(tx: DbOrTx, event: StudyInfoChanged, after: After) {
  for (const hooks of studentHooks()) await hooks.onStudyInfoChanged?.(tx, event, after);
}

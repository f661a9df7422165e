// The student state machine (spec §4), shared by the server (which enforces it) and the web (which offers only
// the allowed buttons).
import type { StudentState } from '../enums.ts';

/** Allowed state changes. Anything not listed is refused with INVALID_STATE_TRANSITION. */
export const STUDENT_TRANSITIONS: Readonly<Record<StudentState, readonly StudentState[]>> = {
  WAITING_FOR_ADMISSION: ['NOT_STARTED', 'STORNO'],
  NOT_STARTED: ['IN_PROGRESS', 'STORNO', 'WAITING_FOR_ADMISSION'],
  IN_PROGRESS: ['FINISHED', 'STORNO', 'NOT_STARTED'],
  FINISHED: ['TO_EXAM', 'IN_PROGRESS', 'STORNO', 'DONE'],
  TO_EXAM: ['EXAM_CORRECTION', 'DONE', 'FINISHED', 'STORNO'],
  EXAM_CORRECTION: ['TO_EXAM', 'DONE', 'IN_PROGRESS', 'STORNO'],
  DONE: ['EXAM_CORRECTION'],
  STORNO: ['NOT_STARTED'],
};

export function canTransition(from: StudentState, to: StudentState): boolean {
  return STUDENT_TRANSITIONS[from].includes(to);
}

/** States in which training has ended, so an end date belongs to the student. */
export const FINISHED_STATES: readonly StudentState[] = ['FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE'];

// Výuka tab inputs (spec §7 teachingLessonRecord.*, studentDefaultTeacher.*).
import { z } from 'zod';
import { DEFAULT_TEACHER_TYPES } from '../enums.ts';
import { optionalId } from '../driving-lessons-record/inputs.ts';
import { correctionReasonInput } from '../record-chain/inputs.ts';
import { dateInput, optionalText, uuidInput } from '../validation.ts';

/** One changed lesson of the Výuka tab: each field nullable (a cleared date or teacher). Only changed lessons are sent. */
export const teachingLessonChangeInput = z.object({
  id: uuidInput,
  userId: optionalId,
  date: dateInput('Prosím zadejte datum!')
    .nullish()
    .transform((v) => v ?? null),
  topic: optionalText(500, 'Téma může mít nejvýše 500 znaků'),
  /**
   * Issue 17: a planned lesson (a date) is not an attended one. true: the student attended (the date must be today or
   * earlier in the school's zone); false: planned; absent: unchanged (a client of spec §7 that sends no attendance).
   */
  attended: z.boolean({ error: 'Neplatná docházka' }).optional(),
});

export const updateTeachingLessonsInput = z.object({
  studentId: uuidInput,
  data: z.array(teachingLessonChangeInput).min(1, 'Nebyly provedeny žádné změny!').max(500),
  /** 'Důvod opravy' (issue 22 §1): required by the server when an attended hour is unmarked or changed. */
  correctionReason: correctionReasonInput,
});
export type UpdateTeachingLessonsInput = z.input<typeof updateTeachingLessonsInput>;

export const defaultTeacherTypeInput = z.enum(DEFAULT_TEACHER_TYPES);

export const setDefaultTeacherInput = z.object({
  studentId: uuidInput,
  userId: optionalId,
  type: defaultTeacherTypeInput,
});

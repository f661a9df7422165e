// Exam inputs (issue 9, spec §3 Exam, §5: date and place required, at least one type; §7 exam.exams, addStudentToExam).
import { z } from 'zod';
import { EXAM_RESULTS, EXAM_TYPES, LICENCE_GROUPS } from '../enums.ts';
import { dateInput, optionalText, requiredText, uuidInput } from '../validation.ts';
import { EXAM_MESSAGES } from './rules.ts';

export const examTypeGroup = z.object({
  type: z.enum(EXAM_TYPES, { error: 'Neznámý druh zkoušky' }),
  group: z.enum(LICENCE_GROUPS, { error: 'Neznámá skupina' }),
});

export const examsInput = z.object({ dateGte: dateInput(EXAM_MESSAGES.dateRequired).nullish() });
export const examIdInput = z.object({ id: uuidInput });

export const examFields = z.object({
  date: dateInput(EXAM_MESSAGES.dateRequired),
  place: requiredText(EXAM_MESSAGES.placeRequired, 200),
  types: z
    .array(z.enum(EXAM_TYPES, { error: 'Neznámý druh zkoušky' }), { error: EXAM_MESSAGES.typesRequired })
    .min(1, EXAM_MESSAGES.typesRequired)
    .transform((v) => EXAM_TYPES.filter((t) => v.includes(t))),
  note: optionalText(1000, 'Poznámka může mít nejvýše 1000 znaků'),
  capacity: z
    .number()
    .int('Kapacita musí být celé číslo')
    .min(1, 'Kapacita musí být alespoň 1')
    .max(1000, 'Kapacita může být nejvýše 1000')
    .nullish()
    .transform((v) => v ?? null),
});
export const createExamInput = examFields;
export type CreateExamInput = z.input<typeof createExamInput>;
export const updateExamInput = examFields.extend({ id: uuidInput });
export type UpdateExamInput = z.input<typeof updateExamInput>;

/** Spec §7: either newType (sign up) or toRemoveType (sign off), never both and never neither. */
export const addStudentToExamInput = z
  .object({ examId: uuidInput, studentId: uuidInput, newType: examTypeGroup.nullish(), toRemoveType: examTypeGroup.nullish() })
  .refine((v) => !!v.newType !== !!v.toRemoveType, { error: 'Zadejte buď newType, nebo toRemoveType' });
export type AddStudentToExamInput = z.input<typeof addStudentToExamInput>;

export const setExamResultInput = examTypeGroup.extend({
  examId: uuidInput,
  studentId: uuidInput,
  result: z.enum(EXAM_RESULTS, { error: 'Neznámý výsledek' }).nullable(),
});
export type SetExamResultInput = z.input<typeof setExamResultInput>;

export const studentExamsInput = z.object({ studentId: uuidInput });

/** 'Zaznamenat novou výuku/výcvik' (legal-cz §7.4): the part whose cycle failed, the day it was completed, a note. */
export const recordRetrainingInput = examTypeGroup.extend({
  studentId: uuidInput,
  completedOn: dateInput('Prosím zadejte datum absolvování!'),
  note: optionalText(1000, 'Poznámka může mít nejvýše 1000 znaků'),
});
export type RecordRetrainingInput = z.input<typeof recordRetrainingInput>;

export const removeRetrainingInput = z.object({ id: uuidInput, studentId: uuidInput });

/** 'Čekatelé' (issue 22 §3): the office puts a student on a term's waiting list, or takes them off. */
export const examWaitlistInput = z.object({ examId: uuidInput, studentId: uuidInput });

/** 'Přihlásit' / 'Přeskočit' on a proposal: the vacancy and the student it proposed (a stale proposal is refused). */
export const examProposalInput = z.object({ vacancyId: uuidInput, studentId: uuidInput });

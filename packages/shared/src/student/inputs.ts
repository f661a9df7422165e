// Student inputs with the Czech messages of spec §5. Shared by forms and procedures.
// Inputs with a rule on now are built with the clock, `studentInfoInput(now)`: the server passes ctx.now(), the web
// the browser's clock.
import { z } from 'zod';
import { LICENCE_GROUPS, STUDENT_STATES, TRAINING_KINDS, TRAINING_TYPES, type TrainingKind } from '../enums.ts';
import { addressInput, birthDateInput, dateInput, firstNameInput, lastNameInput, optionalText, phoneInput, text, uuidInput } from '../validation.ts';

export const studentEmailInput = text()
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (v.length >= 5 && v.length <= 250 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)), 'Neplatný e-mail!');

export const studentInfoInput = (now: Date) =>
  z.object({
    firstName: firstNameInput,
    lastName: lastNameInput,
    degree: optionalText(50, 'Titul může mít nejvýše 50 znaků'),
    birthDate: birthDateInput(now),
    birthPlace: text('Prosím zadejte místo narození!')
      .trim()
      .min(1, { error: 'Prosím zadejte místo narození!', abort: true })
      .max(100, 'Místo narození může mít nejvýše 100 znaků'),
    citizenship: text('Prosím vyberte státní občanství!').trim().min(1, { error: 'Prosím vyberte státní občanství!', abort: true }).max(100),
    docId: text('Prosím zadejte platný doklad totožnosti!')
      .trim()
      .min(1, { error: 'Prosím zadejte platný doklad totožnosti!', abort: true })
      .max(50, 'Číslo dokladu může mít nejvýše 50 znaků'),
    phone: phoneInput,
    email: studentEmailInput,
  });
export type StudentInfoInput = z.input<ReturnType<typeof studentInfoInput>>;

export const studentAddressInput = addressInput;
export type StudentAddressInput = z.input<typeof studentAddressInput>;

/** The message of a missing licence number, asked for extension (Rozšiřující) training only. */
export const LICENCE_NUMBER_REQUIRED = 'Prosím zadejte číslo řidičského průkazu!';

/** Whether a training kind needs the licence the student already holds: extension training (rozšíření) only. */
export const needsLicenceNumber = (kind: TrainingKind | undefined | null) => kind === 'EXPANDING';

export const studentStudyInfoInput = z
  .object({
    // No abort on an empty list (nothing follows on the field): the licence rule below still reports beside it.
    group: z.array(z.enum(LICENCE_GROUPS), { error: 'Prosím vyberte skupinu!' }).min(1, { error: 'Prosím vyberte skupinu!' }),
    /** Groups already held; asked for non-basic training. */
    currentGroups: z.array(z.enum(LICENCE_GROUPS)).default([]),
    trainingKind: z.enum(TRAINING_KINDS, { error: 'Prosím vyberte druh výcviku!' }),
    trainingType: z.enum(TRAINING_TYPES, { error: 'Prosím vyberte typ výuky!' }),
    /**
     * Driving licence number ('číslo řidičského průkazu'): required for extension training (the student holds a
     * licence being extended); a first-time applicant has none, so it is optional otherwise ('' when not given).
     */
    carIdNumber: text(LICENCE_NUMBER_REQUIRED)
      .trim()
      .max(50, 'Číslo řidičského průkazu může mít nejvýše 50 znaků')
      .nullish()
      .transform((v) => v ?? ''),
    note: optionalText(1000, 'Poznámka může mít nejvýše 1000 znaků'),
    /**
     * 'Lékařský posudek': the date of the medical certificate (issue 19 §3). Optional; null clears it, a missing field
     * leaves the stored date as it is (older clients send no such field). Older than 3 months at admission is a warning
     * (student/medical.ts), never a refusal.
     */
    medicalCertificateDate: dateInput('Neplatné datum').nullish(),
  })
  .refine((v) => !needsLicenceNumber(v.trainingKind) || !!v.carIdNumber, {
    path: ['carIdNumber'],
    message: LICENCE_NUMBER_REQUIRED,
    // Also when other fields are wrong, so a form shows this message with the rest.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
export type StudentStudyInfoInput = z.input<typeof studentStudyInfoInput>;

/** The record-level fields: registration number and interpreter. */
export const studentCoreInput = z.object({
  registrationNumber: text('Prosím zadejte evidenční číslo!')
    .trim()
    .min(1, { error: 'Prosím zadejte evidenční číslo!', abort: true })
    .max(50, 'Evidenční číslo může mít nejvýše 50 znaků'),
  interpreterId: uuidInput.nullish().transform((v) => v ?? null),
});
export type StudentCoreInput = z.input<typeof studentCoreInput>;

export const createStudentInput = (now: Date) =>
  z.object({
    studentInfo: studentInfoInput(now),
    studentAddress: studentAddressInput,
    studentStudyInfo: studentStudyInfoInput,
    student: studentCoreInput,
  });
export type CreateStudentInput = z.input<ReturnType<typeof createStudentInput>>;

/** Exactly one section per call (spec §7 updateStudent). An object with optional sections (not a union), so a
 * refused section reports its field messages instead of a bare "invalid union". */
export const updateStudentInput = (now: Date) =>
  z
    .object({
      studentId: uuidInput,
      studentInfo: studentInfoInput(now).optional(),
      studentAddress: studentAddressInput.optional(),
      studentStudyInfo: studentStudyInfoInput.optional(),
      student: studentCoreInput.optional(),
    })
    .refine((v) => [v.studentInfo, v.studentAddress, v.studentStudyInfo, v.student].filter(Boolean).length === 1, 'Upravte právě jednu část údajů žáka.');
export type UpdateStudentInput = z.input<ReturnType<typeof updateStudentInput>>;

export const studentsListInput = z.object({
  fullText: text().trim().max(200).optional(),
  states: z.array(z.enum(STUDENT_STATES)).optional(),
  groups: z.array(z.enum(LICENCE_GROUPS)).optional(),
  tagIds: z.array(uuidInput).optional(),
  /** 'Nedoplatek': only students whose balance shows something due (the student_balances view). */
  owing: z.boolean().optional(),
  pageSize: z.number().int().min(1).max(100).default(10),
  currentPage: z.number().int().min(1).default(1),
  sortField: z.enum(['createdAt', 'lastName', 'registrationNumber', 'dateOfInProgress']).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type StudentsListInput = z.input<typeof studentsListInput>;

export const studentStateDateInput = z.object({
  studentsIds: z.array(uuidInput).min(1).max(500),
  /** Optional; today in the school's zone when missing. */
  date: dateInput('Prosím zadejte datum!').nullish(),
});

/**
 * Ending training before the legal minimum is met (issue 17): only by this explicit choice, with the office's reason
 * ('Přestup do jiné autoškoly', 'Ukončení výcviku žákem' or its own text); recorded on the student and in the audit.
 */
const earlyEnd = {
  endedEarly: z.boolean().optional(),
  earlyEndReason: optionalText(200, 'Důvod může mít nejvýše 200 znaků'),
};
const reasonWhenEarly = (v: { endedEarly?: boolean; earlyEndReason: string | null }) => !v.endedEarly || Boolean(v.earlyEndReason);
const reasonIssue = { message: 'Prosím uveďte důvod předčasného ukončení výcviku.', path: ['earlyEndReason'] };

/** 'Ukončit výcvik' (setDateOfFinished): the date and, when the minimum is not met, the early-end choice. */
export const finishTrainingInput = studentStateDateInput.extend(earlyEnd).refine(reasonWhenEarly, reasonIssue);
export type FinishTrainingInput = z.input<typeof finishTrainingInput>;

export const setStudentStateInput = studentStateDateInput.extend({ state: z.enum(STUDENT_STATES), ...earlyEnd }).refine(reasonWhenEarly, reasonIssue);

export const updateStudentLogInput = z.object({
  studentId: uuidInput,
  id: uuidInput,
  date: dateInput('Prosím zadejte datum!'),
});

// Student, interpreter and tag inputs with the Czech messages of spec §5. Shared by forms and procedures.
// Inputs with a rule on now are built with the clock, `studentInfoInput(now)`: the server passes ctx.now(), the web
// the browser's clock.
import { z } from 'zod';
import { LICENCE_GROUPS, STUDENT_STATES, TAG_ENTITY_TYPES, TRAINING_KINDS, TRAINING_TYPES } from './enums.ts';
import { type CalendarDate, schoolTomorrow } from './school-time.ts';
import { addressInput, firstNameInput, lastNameInput, phoneInput, text, uuidInput } from './validation.ts';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A real calendar day 'YYYY-MM-DD' within [minYear, maxYear]: Date.parse would accept '2026-02-30' (it rolls over
 * to March) and '0000-01-01', which PostgreSQL then refuses or stores as nonsense.
 */
export function isCalendarDate(value: string, minYear = 1900, maxYear = 2100): boolean {
  const m = isoDate.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < minYear || year > maxYear || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar date 'YYYY-MM-DD'; `required` is the message when it is missing. */
export function dateInput(required: string) {
  return text(required)
    .min(1, { error: required, abort: true })
    .refine((v) => isCalendarDate(v), 'Neplatné datum');
}

/** The latest birth date a person may have: tomorrow in the school's zone (spec §5). Date pickers disable later days. */
export function latestBirthDate(now: Date): CalendarDate {
  return schoolTomorrow(now);
}

export const BIRTH_DATE_IN_FUTURE = 'Datum narození nemůže být v budoucnosti';

const birthDateInput = (now: Date) => dateInput('Prosím zadejte datum narození!').refine((v) => v <= latestBirthDate(now), BIRTH_DATE_IN_FUTURE);

const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

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

export const studentStudyInfoInput = z.object({
  group: z.array(z.enum(LICENCE_GROUPS), { error: 'Prosím vyberte skupinu!' }).min(1, { error: 'Prosím vyberte skupinu!', abort: true }),
  /** Groups already held; asked for non-basic training. */
  currentGroups: z.array(z.enum(LICENCE_GROUPS)).default([]),
  trainingKind: z.enum(TRAINING_KINDS, { error: 'Prosím vyberte druh výcviku!' }),
  trainingType: z.enum(TRAINING_TYPES, { error: 'Prosím vyberte typ výuky!' }),
  /** Driving licence number ('číslo řidičského průkazu'). */
  carIdNumber: text('Prosím zadejte číslo řidičského průkazu!')
    .trim()
    .min(1, { error: 'Prosím zadejte číslo řidičského průkazu!', abort: true })
    .max(50, 'Číslo řidičského průkazu může mít nejvýše 50 znaků'),
  note: optionalText(1000, 'Poznámka může mít nejvýše 1000 znaků'),
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

export const setStudentStateInput = studentStateDateInput.extend({ state: z.enum(STUDENT_STATES) });

export const updateStudentLogInput = z.object({
  studentId: uuidInput,
  id: uuidInput,
  date: dateInput('Prosím zadejte datum!'),
});

export const interpreterInput = (now: Date) =>
  z.object({
    interpreterInfo: z.object({
      firstName: firstNameInput,
      lastName: lastNameInput,
      degree: optionalText(50, 'Titul může mít nejvýše 50 znaků'),
      birthDate: birthDateInput(now),
      phone: phoneInput,
    }),
    address: addressInput,
  });
export type InterpreterInput = z.input<ReturnType<typeof interpreterInput>>;

export const tagInput = z.object({
  name: text('Prosím zadejte název štítku!')
    .trim()
    .min(1, { error: 'Prosím zadejte název štítku!', abort: true })
    .max(50, 'Název štítku může mít nejvýše 50 znaků'),
  color: text('Prosím vyberte barvu!').regex(/^#[0-9a-fA-F]{6}$/, 'Prosím vyberte barvu!'),
});
export type TagInput = z.input<typeof tagInput>;

export const tagEntityInput = z.object({
  entityId: uuidInput,
  entityType: z.enum(TAG_ENTITY_TYPES),
});
export const tagLinkInput = tagEntityInput.extend({ tagId: uuidInput });

// Splátkový kalendář inputs (issue 21 §2): the student's plan (edited as a whole), a template applied to a student,
// and the school's templates. Amounts come in koruny and parse to integer haléře (money.ts czkInput).
import { z } from 'zod';
import { TRAINING_KINDS } from '../enums.ts';
import { czkAmount } from '../payment-item/inputs.ts';
import { dateInput, optionalText, requiredText, uuidInput } from '../validation.ts';
import { INSTALMENT_OFFSET_MAX_DAYS, INSTALMENTS_MAX } from './instalments.ts';

export const INSTALMENT_MESSAGES = {
  label: 'Prosím zadejte název splátky!',
  labelMax: 'Název splátky může mít nejvýše 200 znaků',
  dueOn: 'Prosím zadejte datum splatnosti!',
  count: `Splátek může být 1 až ${INSTALMENTS_MAX}`,
  name: 'Prosím zadejte název šablony!',
  nameMax: 'Název šablony může mít nejvýše 200 znaků',
  offset: `Počet dní musí být celé číslo 0 až ${INSTALMENT_OFFSET_MAX_DAYS}`,
  template: 'Prosím vyberte šablonu!',
} as const;

export const studentInstalmentsInput = z.object({ studentId: uuidInput });

export const instalmentLineInput = z.object({
  label: requiredText(INSTALMENT_MESSAGES.label, 200, INSTALMENT_MESSAGES.labelMax),
  dueOn: dateInput(INSTALMENT_MESSAGES.dueOn),
  amount: czkAmount(),
});

/** The student's whole plan, replacing the one before; an empty list removes the plan. */
export const setStudentInstalmentsInput = z.object({
  studentId: uuidInput,
  items: z.array(instalmentLineInput).max(INSTALMENTS_MAX, INSTALMENT_MESSAGES.count),
});
export type SetStudentInstalmentsInput = z.input<typeof setStudentInstalmentsInput>;

/** A template applied to the student from a day (the school's today when left out): their price split by it. */
export const applyInstalmentTemplateInput = z.object({
  studentId: uuidInput,
  templateId: uuidInput,
  from: dateInput('Prosím zadejte datum!')
    .nullish()
    .transform((v) => v ?? null),
});
export type ApplyInstalmentTemplateInput = z.input<typeof applyInstalmentTemplateInput>;

const offsetInput = z
  .number({ error: INSTALMENT_MESSAGES.offset })
  .refine((v) => Number.isInteger(v) && v >= 0 && v <= INSTALMENT_OFFSET_MAX_DAYS, INSTALMENT_MESSAGES.offset);

/** One of the school's templates: a name, a training kind (or any) and an instalment per row (label, days after). */
export const instalmentTemplateInput = z.object({
  id: uuidInput.nullish().transform((v) => v ?? null),
  name: requiredText(INSTALMENT_MESSAGES.name, 200, INSTALMENT_MESSAGES.nameMax),
  trainingKind: z
    .enum(TRAINING_KINDS, { error: 'Neznámý druh výcviku' })
    .nullish()
    .transform((v) => v ?? null),
  rows: z
    .array(z.object({ label: requiredText(INSTALMENT_MESSAGES.label, 200, INSTALMENT_MESSAGES.labelMax), offset: offsetInput }))
    .min(1, INSTALMENT_MESSAGES.count)
    .max(INSTALMENTS_MAX, INSTALMENT_MESSAGES.count),
});
export type InstalmentTemplateInput = z.input<typeof instalmentTemplateInput>;

export const removeInstalmentTemplateInput = z.object({ id: uuidInput });

const daysInput = (min: number, message: string) =>
  z
    .number({ error: message })
    .refine((v) => Number.isInteger(v) && v >= min && v <= 60, message)
    .nullish()
    .transform((v) => v ?? null);

/** The school's payment reminders: days before a due date (0–60), days after it (1–60), each null for off; a text. */
export const paymentReminderSettingsInput = z.object({
  daysBefore: daysInput(0, 'Počet dní před splatností musí být celé číslo 0 až 60'),
  daysAfter: daysInput(1, 'Počet dní po splatnosti musí být celé číslo 1 až 60'),
  text: optionalText(2000, 'Text upomínky může mít nejvýše 2000 znaků'),
});
export type PaymentReminderSettingsInput = z.input<typeof paymentReminderSettingsInput>;

/**
 * The school's automatic charges, each switch on its own (a switch left out keeps its value): a repeated exam charges
 * the price list's 'Opravná zkouška'; a completed ride beyond the student's plan charges 'Kondiční jízda (45 min)'.
 */
export const autoChargeSettingsInput = z.object({
  examRepeat: z.boolean({ error: 'Neplatná volba' }).optional(),
  extraRides: z.boolean({ error: 'Neplatná volba' }).optional(),
});
export type AutoChargeSettingsInput = z.input<typeof autoChargeSettingsInput>;

// School and member inputs with the Czech messages of spec §5. Shared by the settings forms and the procedures.
import { z } from 'zod';
import { LICENCE_GROUPS } from '../enums.ts';
import { bankAccountInput } from './bank-account.ts';
import {
  addressInput,
  birthDateInput,
  dateInput,
  emailInput,
  firstNameInput,
  lastNameInput,
  optionalText,
  phoneInput,
  requiredText,
  text,
  uuidInput,
} from '../validation.ts';

export const schoolInfoInput = z.object({
  name: requiredText('Prosím zadejte název autoškoly!', 200),
  number: requiredText('Prosím zadejte číslo autoškoly!', 50),
  office: requiredText('Prosím zadejte přidělený úřad!', 200),
  numberPrague: text()
    .trim()
    .max(50, 'Maximální délka je 50 znaků')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type SchoolInfoInput = z.input<typeof schoolInfoInput>;

export const createSchoolInput = z.object({ info: schoolInfoInput, address: addressInput });
export type CreateSchoolInput = z.input<typeof createSchoolInput>;

export const INVOICE_DUE_DAYS_MESSAGE = 'Splatnost musí být 1 až 90 dní';

export const schoolOperatorInput = z
  .object({
    name: text().trim().min(1, { error: 'Prosím zadejte název provozovatele!', abort: true }).max(1000, 'Maximální délka je 1000 znaků'),
    companyNumber: text().trim().min(1, { error: 'Prosím zadejte IČO!', abort: true }).max(30, 'Maximální délka IČO je 30 znaků'),
    street: addressInput.shape.street,
    streetCode: addressInput.shape.streetCode,
    city: addressInput.shape.city,
    postCode: addressInput.shape.postCode,
    /** Plátce DPH: documents show VAT rates and the DIČ (issue 9 invoices). */
    vatPayer: z.boolean({ error: 'Neplatná hodnota' }).default(false),
    /** DIČ, required of a VAT payer. */
    vatId: optionalText(14, 'DIČ může mít nejvýše 14 znaků'),
    /** The account printed on documents for transfers: Czech format or IBAN, validated and normalized (issue 17). */
    bankAccount: bankAccountInput,
    /** Days from issue to the due date of a new document. */
    invoiceDueDays: z.int({ error: INVOICE_DUE_DAYS_MESSAGE }).min(1, INVOICE_DUE_DAYS_MESSAGE).max(90, INVOICE_DUE_DAYS_MESSAGE).default(14),
  })
  .refine((o) => !o.vatPayer || !!o.vatId, { error: 'Prosím zadejte DIČ!', path: ['vatId'] });
export type SchoolOperatorInput = z.input<typeof schoolOperatorInput>;

export const schoolContactInput = z.object({
  email: emailInput.nullish().or(z.literal('').transform(() => null)),
  phone: phoneInput,
  web: text().trim().max(250).nullish(),
});

export const updateSchoolInput = z.object({
  schoolId: uuidInput,
  info: schoolInfoInput.optional(),
  address: addressInput.optional(),
  operator: schoolOperatorInput.nullable().optional(),
  contact: schoolContactInput.optional(),
});
export type UpdateSchoolInput = z.input<typeof updateSchoolInput>;

export const inviteMemberInput = z.object({
  schoolId: uuidInput,
  email: emailInput,
  role: z.enum(['ADMIN', 'TEACHER', 'ASSISTANT', 'PARAMEDIC'], { error: 'Prosím vyberte roli!' }),
});
export type InviteMemberInput = z.input<typeof inviteMemberInput>;

/**
 * A teacher's profile (spec §3 teacher, legal-cz §8.2): the groups they may teach and their teacher-licence expiry.
 * A teacher may be created before having a login; an invite to the same e-mail links the account when accepted.
 */
export const teacherProfileInput = (now: Date) =>
  z.object({
    firstName: firstNameInput,
    lastName: lastNameInput,
    degree: optionalText(50, 'Titul může mít nejvýše 50 znaků'),
    birthDate: birthDateInput(now)
      .nullish()
      .transform((v) => v ?? null),
    phone: phoneInput,
    email: emailInput.nullish().or(z.literal('').transform(() => null)),
    groups: z.array(z.enum(LICENCE_GROUPS, { error: 'Neznámá skupina' })).max(LICENCE_GROUPS.length),
    teacherLicenceValidUntil: dateInput('Prosím zadejte datum!')
      .nullish()
      .transform((v) => v ?? null),
  });
export type TeacherProfileInput = z.input<ReturnType<typeof teacherProfileInput>>;

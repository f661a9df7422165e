// Zod inputs with the Czech messages of spec §5. One schema per input, shared by the form and the procedure.
import { z } from 'zod';

export const FORBIDDEN_CHARS_MESSAGE = 'Text obsahuje nepovolené znaky';

/**
 * PostgreSQL cannot store a NUL in text, and a lone UTF-16 surrogate has no UTF-8 form (jsonb refuses it): such
 * text is refused here, at the field, instead of failing in the database.
 */
export function hasForbiddenChars(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

/**
 * Every text input starts here (never `z.string()` directly), so every field of every procedure refuses what the
 * database cannot store. `required` is the message for a missing value or one of the wrong type.
 */
export function text(required?: string) {
  return z.string(required ? { error: required } : undefined).refine((v) => !hasForbiddenChars(v), { error: FORBIDDEN_CHARS_MESSAGE, abort: true });
}

/** A required string: a missing value and an empty one both fail with `required`. */
export function requiredText(required: string, max = 1000, maxMessage?: string) {
  return text(required)
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, maxMessage ?? `Maximální délka je ${max} znaků`);
}

/** A required string with length bounds; `label` goes into the length messages. */
export function boundedText(label: string, min: number, max: number, required?: string) {
  const missing = required ?? `Prosím zadejte ${label}!`;
  return text(missing)
    .trim()
    .min(1, { error: missing, abort: true })
    .min(min, `${capitalize(label)} musí mít alespoň ${min} ${chars(min)}`)
    .max(max, `${capitalize(label)} může mít nejvýše ${max} ${chars(max)}`);
}

function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function chars(n: number) {
  return new Intl.PluralRules('cs').select(n) === 'one' ? 'znak' : n >= 2 && n <= 4 ? 'znaky' : 'znaků';
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const phonePattern = /^\+?[0-9 ()-]{6,20}$/;

export const emailInput = text('Prosím zadejte e-mail!')
  .trim()
  .toLowerCase()
  .min(5, 'E-mail nesmí být kratší než 5 znaků')
  .max(250, 'E-mail nesmí být delší než 250 znaků')
  .regex(emailPattern, 'Neplatný formát e-mailu');

export const PASSWORD_MESSAGE = 'Neplatý formát. Heslo musí obsahovat minimálně 6 písmen a spec. znak!';
export const PASSWORD_HINT = 'Min. 6 písmen a speciální znak';
export const passwordInput = text('Prosím zadejte heslo!')
  .trim()
  .min(7, PASSWORD_MESSAGE)
  .max(200, 'Heslo může mít nejvýše 200 znaků')
  .regex(/[^A-Za-z0-9\s]/, PASSWORD_MESSAGE);

/** Optional phone: empty is accepted and becomes null. */
export const phoneInput = text()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || phonePattern.test(v), 'Neplatný formát telefonního čísla');

export const firstNameInput = boundedText('jméno', 2, 100, 'Prosím zadejte jméno!');
export const lastNameInput = boundedText('příjmení', 2, 100, 'Prosím zadejte příjmení!');

export const addressInput = z.object({
  street: boundedText('ulice', 2, 100, 'Prosím zadejte ulici!'),
  streetCode: boundedText('číslo popisné', 1, 10, 'Prosím zadejte číslo popisné!'),
  city: boundedText('město', 2, 100, 'Prosím zadejte město!'),
  postCode: boundedText('PSČ', 5, 10, 'Prosím zadejte PSČ!'),
});
export type AddressInput = z.infer<typeof addressInput>;

export const uuidInput = z.uuid('Neplatný identifikátor');
export const schoolIdInput = z.object({ schoolId: uuidInput });

// ——— accounts ———

export const loginInput = z.object({
  email: text('Prosím zadejte e-mail!').trim().toLowerCase().min(1, { error: 'Prosím zadejte e-mail!', abort: true }).max(250),
  password: text('Prosím zadejte heslo!').trim().min(1, { error: 'Prosím zadejte heslo!', abort: true }).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  email: emailInput,
  firstName: firstNameInput,
  lastName: lastNameInput,
  phone: phoneInput,
  password: passwordInput,
});
export type RegisterInput = z.input<typeof registerInput>;

export const codeInput = z.object({ code: text().trim().min(10).max(200) });

export const resetPasswordInput = z.object({ email: emailInput });
export const resetPasswordConfirmInput = z.object({
  code: text().trim().min(10).max(200),
  password: passwordInput,
});

export const contactInput = z.object({
  email: emailInput,
  message: text('Prosím zadejte zprávu!')
    .trim()
    .min(1, { error: 'Prosím zadejte zprávu!', abort: true })
    .min(5, 'Zpráva musí mít alespoň 5 znaků')
    .max(1000, 'Zpráva může mít nejvýše 1000 znaků'),
});
export type ContactInput = z.infer<typeof contactInput>;

// ——— schools ———

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

export const schoolOperatorInput = z.object({
  name: text().trim().min(1, { error: 'Prosím zadejte název provozovatele!', abort: true }).max(1000, 'Maximální délka je 1000 znaků'),
  companyNumber: text().trim().min(1, { error: 'Prosím zadejte IČO!', abort: true }).max(30, 'Maximální délka IČO je 30 znaků'),
  street: addressInput.shape.street,
  streetCode: addressInput.shape.streetCode,
  city: addressInput.shape.city,
  postCode: addressInput.shape.postCode,
});

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

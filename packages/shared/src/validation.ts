// Zod inputs with the Czech messages of spec §5. One schema per input, shared by the form and the procedure.
import { z } from 'zod';
import { type CalendarDate, schoolTomorrow } from './school-time.ts';

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

/** A code from an e-mail link (confirmation, invite). */
export const codeInput = z.object({ code: text().trim().min(10).max(200) });

// ——— dates ———

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

export const birthDateInput = (now: Date) => dateInput('Prosím zadejte datum narození!').refine((v) => v <= latestBirthDate(now), BIRTH_DATE_IN_FUTURE);

export const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

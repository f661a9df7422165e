// The public application form (issue 11, spec §3 Application form / course, §5 rules). One schema per input, shared by
// the settings screen, the public page and the procedures.
import { z } from 'zod';
import { studentAddressInput, studentCoreInput, studentInfoInput, studentStudyInfoInput } from '../student/inputs.ts';
import { optionalText, text, uuidInput } from '../validation.ts';

export const ORIGINS_REQUIRED = 'Musí být alespoň jedna doména';
export const CONSENT_REQUIRED = 'Pro odeslání přihlášky je nutný souhlas se zpracováním osobních údajů.';

/**
 * A CSS colour the public page may use: '#1677ff', 'rgb(22, 119, 255)', 'hsl(…)' or a colour name. Nothing else, so
 * a colour cannot close the style and inject CSS into the school's page.
 */
const COLOR_PATTERN = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/deg]{1,60}\))$/;

const colorInput = (required: string) =>
  text(required)
    .trim()
    .min(1, { error: required, abort: true })
    // Spec §5: at most 256 (its message for the primary colour wrongly says 10; the rule is kept, with a true message).
    .max(256, 'Barva může mít nejvýše 256 znaků')
    .regex(COLOR_PATTERN, 'Zadejte barvu, například #1677ff');

/**
 * A site allowed to embed the form, normalised to its origin: 'www.autoskola.cz' → 'https://www.autoskola.cz'. A path
 * or query is refused (the browser sends the origin only).
 */
export function normalizeOrigin(value: string): string | null {
  const raw = value.trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (!url.hostname || url.hostname.includes('*')) return null;
  return url.origin;
}

export const originInput = text('Prosím zadejte doménu!')
  .trim()
  .min(1, { error: 'Prosím zadejte doménu!', abort: true })
  .max(1024, 'Doména může mít nejvýše 1024 znaků')
  .transform((v, ctx) => {
    const origin = normalizeOrigin(v);
    if (!origin) {
      ctx.addIssue({ code: 'custom', message: 'Zadejte adresu webu, například https://www.autoskola.cz' });
      return z.NEVER;
    }
    return origin;
  });

export const applicationFormInput = z.object({
  name: text('Prosím zadejte název formuláře!')
    .trim()
    .min(1, { error: 'Prosím zadejte název formuláře!', abort: true })
    .max(256, 'Název může mít nejvýše 256 znaků'),
  colorPrimary: colorInput('Prosím zadejte hlavní barvu!'),
  colorError: colorInput('Prosím zadejte barvu chyb!'),
  origins: z
    .array(originInput, { error: ORIGINS_REQUIRED })
    .min(1, ORIGINS_REQUIRED)
    .max(20, 'Počet položek nesmí být větší než 20')
    .transform((list) => [...new Set(list)]),
});
export type ApplicationFormInput = z.input<typeof applicationFormInput>;

export const applicationFormCourseInput = z.object({
  name: text('Prosím zadejte název kurzu!').trim().min(1, { error: 'Prosím zadejte název kurzu!', abort: true }).max(256, 'Název může mít nejvýše 256 znaků'),
  description: text('Prosím zadejte popis kurzu!')
    .trim()
    .min(1, { error: 'Prosím zadejte popis kurzu!', abort: true })
    .max(1024, 'Popis může mít nejvýše 1024 znaků'),
  price: z
    .number({ error: 'Prosím zadejte cenu kurzu!' })
    .int('Cena musí být celé číslo')
    .min(1, 'Cena musí být alespoň 1 Kč')
    .max(1_000_000, 'Cena může být nejvýše 1 000 000 Kč'),
});
export type ApplicationFormCourseInput = z.input<typeof applicationFormCourseInput>;

export const saveApplicationFormInput = applicationFormInput.extend({
  /** Absent: a new form. */
  id: uuidInput.optional(),
  courses: z
    .array(applicationFormCourseInput.extend({ id: uuidInput.optional() }))
    .min(1, 'Přidejte alespoň jeden kurz')
    .max(50, 'Počet položek nesmí být větší než 50'),
});
export type SaveApplicationFormInput = z.input<typeof saveApplicationFormInput>;

/** What the applicant sends (the public page). Personal data with the new-student form's rules and messages. */
export const submitApplicationInput = (now: Date) =>
  z.object({
    formId: uuidInput,
    courseId: uuidInput,
    studentInfo: studentInfoInput(now),
    studentAddress: studentAddressInput,
    note: optionalText(1000, 'Poznámka může mít nejvýše 1000 znaků'),
    consent: z.literal(true, { error: CONSENT_REQUIRED }),
    /** Bot trap: a field people never see; any content refuses the submission (quietly). */
    website: text().max(1000).optional(),
    /** The signed token of `getPublicForm`: when the page was opened (a form sent within seconds is a bot). */
    fillToken: text().trim().min(1).max(500),
  });
export type SubmitApplicationInput = z.input<ReturnType<typeof submitApplicationInput>>;

/** The office admits an applicant: a registration number and the training the student takes. */
export const admitApplicationInput = z.object({
  applicationId: uuidInput,
  registrationNumber: studentCoreInput.shape.registrationNumber,
  studentStudyInfo: studentStudyInfoInput,
});
export type AdmitApplicationInput = z.input<typeof admitApplicationInput>;

export const rejectApplicationInput = z.object({
  applicationId: uuidInput,
  reason: optionalText(1000, 'Důvod může mít nejvýše 1000 znaků'),
  /** Tell the applicant by e-mail (when they gave one). */
  notifyApplicant: z.boolean().default(false),
});
export type RejectApplicationInput = z.input<typeof rejectApplicationInput>;

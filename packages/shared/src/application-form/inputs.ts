// The public application form (issue 11, spec §3 Application form / course, §5 rules). One schema per input, shared by
// the settings screen, the public page and the procedures.
import { z } from 'zod';
import { studentAddressInput, studentCoreInput, studentInfoInput, studentStudyInfoInput } from '../student/inputs.ts';
import { optionalText, text, uuidInput } from '../validation.ts';
import { czkInput } from '../money.ts';

/** Spec §5: a course costs 1 to 1,000,000 Kč. */
export const COURSE_PRICE_MIN_CZK = 1;

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

export const ORIGIN_MESSAGES = {
  invalid: 'Zadejte adresu webu, například https://www.autoskola.cz',
  scheme: 'Adresa webu musí začínat https:// (http:// jen pro localhost při zkoušení).',
  wildcard: 'Zadejte konkrétní adresu webu, bez hvězdičky.',
  path: 'Zadejte jen adresu webu bez cesty, například https://www.autoskola.cz',
} as const;

/** A host name with a dot (labels of letters, digits and dashes; IDN already in punycode), or localhost. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

/**
 * A site allowed to embed the form (issue 17 item 15), normalised to its origin: 'www.autoskola.cz' →
 * 'https://www.autoskola.cz'. Only an https origin of a named host is a site; http only for localhost (testing).
 * CSP keywords ('self', 'none'), other schemes (data:, javascript:, blob:), wildcards, paths, queries, credentials and
 * anything with spaces, quotes, commas or semicolons are refused: the origins go into the form's
 * Content-Security-Policy frame-ancestors and its CORS answer, where each must name exactly one site.
 */
export function parseEmbedOrigin(value: string): { origin: string } | { error: string } {
  const raw = value.trim();
  if (!raw || /[\s'"`,;<>\\]/.test(raw)) return { error: ORIGIN_MESSAGES.invalid };
  if (raw.includes('*')) return { error: ORIGIN_MESSAGES.wildcard };
  // A scheme ('data:', 'javascript:', 'https://'), told from a host with a port ('localhost:5173') by the digit.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(raw)?.[1].toLowerCase();
  if (scheme && scheme !== 'https' && scheme !== 'http') return { error: ORIGIN_MESSAGES.scheme };
  if (scheme && !raw.slice(scheme.length + 1).startsWith('//')) return { error: ORIGIN_MESSAGES.invalid };
  let url: URL;
  try {
    url = new URL(scheme ? raw : `https://${raw}`);
  } catch {
    return { error: ORIGIN_MESSAGES.invalid };
  }
  if (url.username || url.password) return { error: ORIGIN_MESSAGES.invalid };
  if (url.search || url.hash || (url.pathname !== '/' && url.pathname !== '') || /^[^/]*\/\/[^/]+\/./.test(raw)) return { error: ORIGIN_MESSAGES.path };
  const host = url.hostname.toLowerCase();
  const local = LOCAL_HOSTS.includes(host);
  if (!local && !HOST_NAME.test(host)) return { error: ORIGIN_MESSAGES.invalid };
  if (url.protocol === 'http:' && !local) return { error: ORIGIN_MESSAGES.scheme };
  return { origin: url.origin };
}

/** The origin of a site allowed to embed the form, or null when it is none (parseEmbedOrigin's rules). */
export function normalizeOrigin(value: string): string | null {
  const parsed = parseEmbedOrigin(value);
  return 'origin' in parsed ? parsed.origin : null;
}

export const originInput = text('Prosím zadejte doménu!')
  .trim()
  .min(1, { error: 'Prosím zadejte doménu!', abort: true })
  .max(1024, 'Doména může mít nejvýše 1024 znaků')
  .transform((v, ctx) => {
    const parsed = parseEmbedOrigin(v);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.origin;
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
  /** Koruny at the form (spec §5: 1 to 1,000,000 Kč, at most 2 decimals) → haléře, as every money input. */
  price: czkInput({
    required: 'Prosím zadejte cenu kurzu!',
    min: COURSE_PRICE_MIN_CZK,
    belowMin: 'Cena musí být alespoň 1 Kč',
    range: 'Cena může být nejvýše 1 000 000 Kč',
  }),
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

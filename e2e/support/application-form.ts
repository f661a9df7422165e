// Helpers for the application-form journeys (issue 11): a form arranged over the API, an applicant filling the
// public page by its Czech labels, an application sent over the API, and tiny static "school websites" on their own
// 127.0.0.1 ports for the embed test.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './api.ts';
import type { SchoolSession } from './students.ts';

/** The server refuses a form sent sooner than this after it was opened (a bot); journeys wait a little longer. */
export const MIN_FILL_MS = 3_500;

export interface Applicant {
  firstName: string;
  lastName: string;
  birthDate: { iso: string; typed: string };
  birthPlace: string;
  docId: string;
  phone: string;
  email: string;
  street: string;
  streetCode: string;
  city: string;
  postCode: string;
  note?: string;
}

export function applicant(firstName: string, lastName: string, email = ''): Applicant {
  return {
    firstName,
    lastName,
    birthDate: { iso: '2006-04-15', typed: '15.4.2006' },
    birthPlace: 'Brno',
    docId: `OP${Math.floor(Math.random() * 1e8)}`,
    phone: '+420 601 234 567',
    email,
    street: 'Lidická',
    streetCode: '12',
    city: 'Brno',
    postCode: '602 00',
  };
}

export interface FormSeed {
  name: string;
  origins: string[];
  courses: { name: string; description: string; price: number }[];
}

export interface CreatedForm {
  id: string;
  courses: { id: string; name: string; price: number }[];
}

/** A form of the school as the office lists it (its courses with their ids). */
export async function formOf(api: Api, school: SchoolSession, id: string): Promise<CreatedForm> {
  const forms = await api.query<{ id: string; courses: { id: string; name: string; price: number }[] }[]>(
    'applicationForm.getApplicationForms',
    { schoolId: school.schoolId },
    school.token,
  );
  const form = forms.find((f) => f.id === id);
  if (!form) throw new Error(`form ${id} is not listed`);
  return { id, courses: form.courses };
}

/** A form saved through the API (for journeys that do not test the editor). */
export async function createFormViaApi(api: Api, school: SchoolSession, seed: FormSeed): Promise<CreatedForm> {
  const { id } = await api.mutation<{ id: string }>(
    'applicationForm.saveApplicationForm',
    { schoolId: school.schoolId, colorPrimary: '#0b7a3b', colorError: '#c2185b', ...seed },
    school.token,
  );
  return formOf(api, school, id);
}

/** The submission body of `applicant` for a course (the shape of submitApplicationInput, without form and token). */
export function submissionBody(a: Applicant, courseId: string) {
  return {
    courseId,
    studentInfo: {
      firstName: a.firstName,
      lastName: a.lastName,
      degree: '',
      birthDate: a.birthDate.iso,
      birthPlace: a.birthPlace,
      citizenship: 'Česká republika',
      docId: a.docId,
      phone: a.phone,
      email: a.email,
    },
    studentAddress: { street: a.street, streetCode: a.streetCode, city: a.city, postCode: a.postCode },
    note: a.note ?? '',
    consent: true,
    website: '',
  };
}

/** An application sent over tRPC as the public page sends it (opens the form, waits as a person would, sends). */
export async function submitViaApi(api: Api, form: CreatedForm, a: Applicant) {
  const opened = await api.query<{ fillToken: string }>('applicationForm.getPublicForm', { formId: form.id });
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
  return api.mutation('applicationForm.submitApplication', { formId: form.id, fillToken: opened.fillToken, ...submissionBody(a, form.courses[0].id) });
}

/** The applicant's part of the public page: the form below the heading. */
export class ApplyPageView {
  readonly page: Page;
  readonly scope: Page | Locator;
  constructor(page: Page, scope?: Locator) {
    this.page = page;
    this.scope = scope ?? page;
  }

  field(label: string) {
    return this.scope.getByLabel(label, { exact: true });
  }

  /** Fills every field as a person would and ticks the consent; does not send. */
  async fill(a: Applicant, course: string | RegExp) {
    await this.scope.getByRole('radio', { name: course }).check();
    await this.field('Jméno').fill(a.firstName);
    await this.field('Příjmení').fill(a.lastName);
    const birth = this.field('Datum narození');
    await birth.click();
    await birth.fill(a.birthDate.typed);
    await birth.press('Enter');
    await expect(birth).toHaveValue(a.birthDate.typed);
    await this.field('Místo narození').fill(a.birthPlace);
    await this.field('Doklad totožnosti').fill(a.docId);
    await this.field('Telefon (volitelné)').fill(a.phone);
    if (a.email) await this.field('E-mail (volitelné)').fill(a.email);
    await this.field('Ulice').fill(a.street);
    await this.field('Číslo popisné').fill(a.streetCode);
    await this.field('Město').fill(a.city);
    await this.field('PSČ').fill(a.postCode);
    if (a.note) await this.field('Poznámka (volitelné)').fill(a.note);
    await this.scope.getByRole('checkbox', { name: /Souhlasím se zpracováním osobních údajů/ }).check();
  }

  send() {
    return this.scope.getByRole('button', { name: 'Odeslat přihlášku' }).click();
  }
}

/** Waits until at least `MIN_FILL_MS` passed since `openedAt` (the server refuses faster forms). */
export async function waitFillTime(openedAt: number) {
  const rest = MIN_FILL_MS - (Date.now() - openedAt);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}

export interface StaticSite {
  origin: string;
  /** What the site's page shows from now on. */
  setHtml: (html: string) => void;
  close: () => Promise<void>;
}

/** A school's website: one page on a free 127.0.0.1 port, another origin than the app's. */
export async function startSite(html = '<!doctype html><title>Web</title>'): Promise<StaticSite> {
  let page = html;
  const server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    } else {
      res.writeHead(404).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setHtml: (next) => {
      page = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The school's page with the one-line snippet the office copies. */
export function sitePage(appUrl: string, formId: string) {
  return `<!doctype html><html lang="cs"><head><meta charset="utf-8"><title>Autoškola na vlastním webu</title></head><body>
<h1>Přihlaste se k nám</h1>
<script src="${appUrl}/embed/application-form.js" data-form-id="${formId}" async></script>
</body></html>`;
}

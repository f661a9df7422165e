// Helpers for the students journeys: a fresh school per test, students arranged over the API, and the parts of the
// student screens found by the Czech labels a user sees (spec §2 "Student card", "App shell").
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './api.ts';

export type LicenceGroup = 'B' | 'Ba' | 'B96' | 'BpE' | 'AM' | 'A1' | 'A2' | 'A' | 'C' | 'CpE' | 'D' | 'DpE' | 'T' | 'C1' | 'C1pE' | 'D1' | 'D1pE' | 'B1';

export interface SchoolSession {
  email: string;
  token: string;
  schoolId: string;
}

/** A random lower-case suffix, so names and registration numbers are unique across tests, workers and reruns. */
export function uniqueSuffix(length = 6) {
  let s = '';
  for (let i = 0; i < length; i += 1) s += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return s;
}

/** A confirmed user with a fresh school of their own (so each test sees only its own students). */
export async function freshSchool(api: Api): Promise<SchoolSession> {
  const user = await api.userWithSchool();
  return { email: user.email, token: user.token, schoolId: user.schoolId };
}

export interface StudentSeed {
  firstName: string;
  lastName: string;
  registrationNumber: string;
  birthDate?: string;
  group?: LicenceGroup[];
}

/** Creates a student through the API (for journeys that do not test the form); resolves to its id. */
export async function createStudentViaApi(api: Api, session: SchoolSession, seed: StudentSeed): Promise<string> {
  const created = await api.mutation<{ id: string }>(
    'student.createStudent',
    {
      schoolId: session.schoolId,
      studentInfo: {
        firstName: seed.firstName,
        lastName: seed.lastName,
        birthDate: seed.birthDate ?? '2005-06-20',
        birthPlace: 'Brno',
        citizenship: 'Česká republika',
        docId: `OP${seed.registrationNumber.replace(/\W/g, '')}`,
        phone: '',
        email: '',
      },
      studentAddress: { street: 'Kounicova', streetCode: '5', city: 'Brno', postCode: '602 00' },
      studentStudyInfo: { group: seed.group ?? ['B'], currentGroups: [], trainingKind: 'BASIC', trainingType: 'COURSE', carIdNumber: 'ŘP-1', note: '' },
      student: { registrationNumber: seed.registrationNumber, interpreterId: null },
    },
    session.token,
  );
  return created.id;
}

/** Today's date in the school's zone as the app writes dates (D.M.YYYY), computed independently of the app. */
export function todayCz(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${get('day')}.${get('month')}.${get('year')}`;
}

/** An antd card (a titled section of a screen) by its exact title. */
export function section(scope: Page | Locator, title: string): Locator {
  // A `has` locator is matched inside each candidate, so it is built from the page, not from `scope`.
  return scope.locator('.ant-card').filter({ has: pageOf(scope).locator('.ant-card-head-title').getByText(title, { exact: true }) });
}

function pageOf(scope: Page | Locator): Page {
  return 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
}

/**
 * A labelled value of a description list (e.g. 'Datum narození' in 'Informace o žákovi'): the row holding both the
 * label and the value; on phones the list is vertical (a label row, then the value row), so there it is both rows.
 */
export function row(scope: Locator, label: string): Locator {
  const hasLabel = `.//*[contains(@class, 'ant-descriptions-item-label') and normalize-space(.) = '${label}']`;
  const hasContent = ".//*[contains(@class, 'ant-descriptions-item-content')]";
  const horizontal = `.//tr[${hasLabel}][${hasContent}]`;
  const verticalValue = `.//tr[${hasLabel}][not(${hasContent})]/following-sibling::tr[1]`;
  return scope.locator(`xpath=${horizontal} | ${verticalValue}`);
}

/** A form item of a form by its label, with the field's message under it. */
export function formItem(scope: Page | Locator, label: string): Locator {
  return scope.locator('.ant-form-item').filter({ has: pageOf(scope).locator('label').getByText(label, { exact: true }) });
}

/**
 * Opens `combobox`'s list (typing `search` first) and gives its option `option`. The combobox points at its own list,
 * which lives in its popup (so a popup still closing from the field before cannot be picked from by mistake).
 */
async function openOption(page: Page, combobox: Locator, option: string, search?: string): Promise<Locator> {
  await combobox.click();
  if (search) await combobox.fill(search);
  await expect(combobox).toHaveAttribute('aria-controls', /_list$/);
  const listId = await combobox.getAttribute('aria-controls');
  const popup = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  return popup
    .locator('.ant-select-item-option')
    .filter({ has: page.getByText(option, { exact: true }) })
    .first();
}

/** Picks an option of an antd select by its visible text, in the popup that belongs to `combobox`. */
export async function pickOption(page: Page, combobox: Locator, option: string, search?: string) {
  const item = await openOption(page, combobox, option, search);
  await item.click();
  await expectPicked(combobox, item, option, search);
}

/** Clicks an option of a multiple select once, selected or not (a selected one is taken back), without checking. */
export async function clickOption(page: Page, combobox: Locator, option: string) {
  await (await openOption(page, combobox, option)).click();
}

/**
 * On a busy machine a click while the list still slides open can miss: the field stays empty, or the tag is not added.
 * A single select closes on its pick and shows the option; otherwise the option itself says whether it is selected.
 * Until it is, open the list again and pick it; a selected option is never clicked again in a multiple select (that
 * would take it back), and a single select's list opened only to look is closed by picking the same option.
 */
async function expectPicked(combobox: Locator, item: Locator, option: string, search?: string) {
  const select = combobox.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const multiple = /ant-select-multiple/.test((await select.getAttribute('class')) ?? '');
  await expect(async () => {
    let reopened = false;
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') {
      // antd 6: a single select shows its value in '.ant-select-content-has-value'.
      if (!multiple && (await select.locator('.ant-select-content-has-value').filter({ hasText: option }).count()) > 0) return;
      await combobox.click();
      reopened = true;
    }
    // The search typed before is cleared by the pick; a long list is virtual and may not render the option without it.
    if (search && (await item.count()) === 0) await combobox.fill(search);
    const selected = /ant-select-item-option-selected/.test((await item.getAttribute('class', { timeout: 5_000 })) ?? '');
    if (selected) {
      if (reopened && !multiple) await item.click({ timeout: 5_000 });
      return;
    }
    await item.click({ timeout: 5_000 });
    throw new Error(`'${option}' was picked again: the first click missed`);
  }).toPass({ timeout: 30_000 });
}

/** A pop-up notification (antd notification) carrying `text`. */
export function notice(page: Page, text: string): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: text });
}

/** The global student search in the header. */
export class StudentSearchBox {
  readonly page: Page;
  readonly input: Locator;
  constructor(page: Page) {
    this.page = page;
    this.input = page.getByRole('banner').getByRole('combobox', { name: 'Vyhledat žáka' });
  }

  /** The list under the search: results or recent searches. */
  get results() {
    return this.page.getByRole('listbox', { name: 'Výsledky vyhledávání' });
  }

  get recent() {
    return this.page.getByRole('listbox', { name: 'Nedávné výhledávání' });
  }

  option(text: string | RegExp) {
    return this.page.getByRole('option').filter({ hasText: text });
  }

  async search(text: string) {
    await this.input.click();
    await this.input.fill(text);
  }

  async expectNotFound() {
    await expect(this.page.getByText('Žáka kterého hledáte není v systému')).toBeVisible();
    await expect(this.page.getByRole('option')).toHaveCount(0);
  }
}

/** The student card (page or drawer) inside `scope`. */
export class StudentCardView {
  readonly scope: Locator;
  constructor(scope: Locator) {
    this.scope = scope;
  }

  get header() {
    return this.scope.getByRole('region', { name: 'Záhlaví karty žáka' });
  }

  get info() {
    return section(this.scope, 'Informace o žákovi');
  }

  get training() {
    return section(this.scope, 'Údaje o výcviku');
  }

  get state() {
    return section(this.scope, 'Stav výcviku');
  }

  /** Opens the inline edit of a field by its label ('Upravit jméno'); returns the edit group. */
  async edit(label: string) {
    await this.scope.getByRole('button', { name: `Upravit ${label}`, exact: true }).click();
    const group = this.scope.getByRole('group', { name: `Úprava: ${label}` });
    await expect(group).toBeVisible();
    return group;
  }

  /** Runs a state action ('Zahájit výcvik', 'Ukončit výcvik') with the date left empty (today). */
  async stateAction(label: string) {
    await this.state.getByRole('button', { name: label }).click();
    await this.dateActionPanel(label).getByRole('button', { name: 'Potvrdit' }).click();
  }

  /** The panel a state action opens to ask for its date: a popover, or on a phone a bottom sheet. */
  dateActionPanel(label: string) {
    const page = this.scope.page();
    return page.locator('.ant-popover').or(page.getByRole('dialog')).filter({ hasText: label });
  }
}

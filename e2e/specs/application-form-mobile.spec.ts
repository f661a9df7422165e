// The application form on a phone (375 × 812): an applicant fills the public page, and the office admits them from
// the cards of 'Přihlášky'; the admitted student's card opens as a page. Nothing scrolls sideways.
import type { Page } from '@playwright/test';
import { ApplyPageView, applicant, createFormViaApi, waitFillTime } from '../support/application-form.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool, pickOption, uniqueSuffix } from '../support/students.ts';

const WIDTH = 375;

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

test('an applicant sends the form on a phone and the office admits them on a phone', async ({ api, page, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const form = await createFormViaApi(api, school, {
    name: `Přihláška na mobilu ${sfx}`,
    origins: ['https://www.autoskola-mobil.cz'],
    courses: [
      { name: 'Skupina B', description: 'Osobní automobil, teorie a 28 jízd.', price: 15900 },
      { name: 'Skupina AM', description: 'Malý motocykl od 15 let.', price: 9900 },
    ],
  });

  // The applicant (no login): the page alone, first things first on a narrow screen.
  await page.goto(`/apply/${form.id}`);
  expect(page.viewportSize()).toEqual({ width: WIDTH, height: 812 });
  await expect(page.getByRole('heading', { name: `Přihláška na mobilu ${sfx}` })).toBeVisible();
  // The server's fill clock starts when it answers the form (the heading shows it has): counted from here, not from
  // the navigation, which a slow boot puts seconds before.
  const openedAt = Date.now();
  await expect(page.getByRole('radio', { name: /^Skupina AM\s+9\s900\sKč/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  const view = new ApplyPageView(page);
  const tomas = applicant('Tomáš', `Král ${sfx}`);
  await view.fill(tomas, /Skupina AM/);
  await expectNoHorizontalScroll(page);
  await waitFillTime(openedAt);
  await view.send();
  await expect(page.getByText('Přihláška byla odeslána')).toBeVisible();

  // The office on a phone: the application as a card with its actions.
  const office = await openApp(school.token, '/app/application-form');
  await expect(office.getByRole('heading', { name: 'Přihláškový formulář' })).toBeVisible({ timeout: 20_000 });
  const list = office.getByRole('list', { name: 'Přihlášky' });
  const card = list.getByRole('listitem').filter({ hasText: `Tomáš Král ${sfx}` });
  await expect(card).toContainText('Skupina AM');
  await expect(card).toContainText('9 900 Kč');
  await expectNoHorizontalScroll(office);

  await card.getByRole('button', { name: `Přijmout Tomáš Král ${sfx}` }).click();
  const admit = office.getByRole('dialog', { name: 'Přijmout přihlášku' });
  await expect(admit.getByLabel('Evidenční číslo')).not.toHaveValue('');
  const registrationNumber = `M-${sfx}`;
  await admit.getByLabel('Evidenční číslo').fill(registrationNumber);
  await pickOption(office, admit.getByLabel('Typ výuky'), 'Kurz');
  await pickOption(office, admit.getByLabel('Skupina'), 'AM');
  await admit.getByLabel('Číslo řidičského průkazu').fill('ŘP-9');
  await admit.getByRole('button', { name: 'Přijmout' }).click();
  await expect(admit.getByText('Přihláška byla přijata')).toBeVisible();
  await admit.getByRole('button', { name: 'Otevřít kartu žáka' }).click();

  // A phone opens the student's card as a page.
  await expect(office).toHaveURL(/\/app\/student\/[0-9a-f-]{36}$/);
  await expect(office.getByRole('main')).toContainText(`Král ${sfx}`);
  await expect(office.getByRole('main')).toContainText(registrationNumber);
});

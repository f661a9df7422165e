// The students issue on a phone (375 × 812, the "mobile" project): the header search opens the card as a page,
// starting training lands on the hlášenka, the new-student form works, and nothing scrolls sideways.
import type { Page } from '@playwright/test';
import { expect, expectShell, test } from '../support/fixtures.ts';
import { createStudentViaApi, freshSchool, pickOption, row, StudentCardView, StudentSearchBox, todayCz, uniqueSuffix } from '../support/students.ts';

const WIDTH = 375;

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

test('(m1) search in the header opens the card as a page; "Zahájit výcvik" lands on the hlášenka', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const student = { firstName: 'Jiří', lastName: `Černý ${sfx}`, registrationNumber: `M-${sfx}` };
  const id = await createStudentViaApi(api, school, student);

  const page = await openApp(school.token);
  expect(page.viewportSize()).toEqual({ width: WIDTH, height: 812 });
  await expectShell(page, school.email);
  await expectNoHorizontalScroll(page);

  const search = new StudentSearchBox(page);
  await expect(search.input).toHaveAttribute('placeholder', 'Vyhledat žáka');
  await search.search(`jiri cerny ${sfx}`);
  const hit = search.option(`Jiří Černý ${sfx}`);
  await expect(hit).toContainText(student.registrationNumber);
  await hit.click();

  // A phone navigates to the card's route; no drawer.
  await expect(page).toHaveURL(new RegExp(`/app/student/${id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const card = new StudentCardView(page.getByRole('main'));
  await expect(card.header).toContainText(student.lastName);
  await expect(card.header).toContainText('Nezahájen');
  await expect(row(card.training, 'Evidenční číslo')).toContainText(student.registrationNumber);
  await expectNoHorizontalScroll(page);

  await card.stateAction('Zahájit výcvik');
  await expect(page).toHaveURL(/\/app\/reporting\/detail\/[0-9a-f-]{36}/);
  const today = todayCz();
  await expect(page.getByRole('heading', { name: `Hlášenka ze dne ${today}` })).toBeVisible();
  // On a phone the hlášenka's students are cards, not table rows.
  await expect(page.getByRole('listitem').filter({ hasText: student.registrationNumber })).toContainText(`Jiří ${student.lastName}`);
  await expectNoHorizontalScroll(page);

  await page.goBack();
  await expect(card.header).toContainText('Probíhající');
  await expect(row(card.state, 'Zahájení výcviku')).toContainText(today);
});

test('(m2) the new-student form on a phone: fields in view, submit works, the card opens', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const lastName = `Veselá ${sfx}`;

  const page = await openApp(school.token);
  await expectShell(page, school.email);
  await page.getByRole('button', { name: 'Nový žák' }).click();
  await expect(page).toHaveURL(/\/app\/new-student$/);
  const reg = page.getByLabel('Evidenční číslo');
  await expect(reg).toHaveValue(/\S/);
  await expectNoHorizontalScroll(page);

  const fill = async (label: string, value: string) => {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(value);
    await expect(field).toBeInViewport();
  };
  await fill('Jméno', 'Marie');
  await fill('Příjmení', lastName);
  const birth = page.getByLabel('Datum narození');
  await birth.click();
  await birth.fill('1.2.2006');
  await birth.press('Enter');
  await expect(birth).toHaveValue('1.2.2006');
  await fill('Místo narození', 'Olomouc');
  await fill('Doklad totožnosti', `OP${sfx}`);
  await fill('Telefon (volitelné)', '603 111 222');
  await fill('Ulice', 'Masarykova');
  await fill('Číslo popisné', '8');
  await fill('Město', 'Olomouc');
  await fill('PSČ', '779 00');
  await pickOption(page, page.getByLabel('Typ výuky'), 'Kurz');
  await pickOption(page, page.getByLabel('Skupina', { exact: true }), 'B', 'B');
  await page.keyboard.press('Escape');
  await fill('Evidenční číslo', `MB-${sfx}`);
  // A first licence (Základní): the number is optional; only an extension requires it.
  await fill('Číslo řidičského průkazu (volitelné)', 'EB 654321');
  await expectNoHorizontalScroll(page);

  const submit = page.getByRole('button', { name: 'Vytvořit žáka' });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  await submit.click();
  await expect(page.getByText('Žák byl úspěšně vytvořen')).toBeVisible();
  await page.getByRole('button', { name: 'Otevřít kartu žáka' }).click();
  await expect(page).toHaveURL(/\/app\/student\/[0-9a-f-]{36}/);

  const card = new StudentCardView(page.getByRole('main'));
  await expect(card.header).toContainText(lastName);
  await expect(row(card.info, 'Datum narození')).toContainText('1.2.2006');
  await expect(row(card.info, 'Adresa')).toContainText('Masarykova 8, 779 00 Olomouc');
  await expect(row(card.training, 'Evidenční číslo')).toContainText(`MB-${sfx}`);
  await expect(row(card.training, 'Skupina')).toContainText('B');
  await expectNoHorizontalScroll(page);
});

test('(m3) "Vyhledat" in the bottom navigation opens the search with the recent searches', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  await createStudentViaApi(api, school, { firstName: 'Žofie', lastName: `Malá ${sfx}`, registrationNumber: `S-${sfx}` });

  const page = await openApp(school.token);
  await expectShell(page, school.email);
  await page.getByRole('navigation').getByText('Vyhledat', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/search$/);
  const input = page.getByPlaceholder('Vyhledat žáka');
  await expect(input).toHaveCount(1);
  await expect(input).toBeFocused();
  await expect(page.getByText('Zatím neexistuje historie vyhledávání')).toBeVisible();

  await input.fill(`zofie mala ${sfx}`);
  await page
    .getByRole('option')
    .filter({ hasText: `Žofie Malá ${sfx}` })
    .click();
  await expect(page).toHaveURL(/\/app\/student\/[0-9a-f-]{36}$/);
  await expectNoHorizontalScroll(page);
});

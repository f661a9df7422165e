// Accounts: registration to the app shell, login errors, logout.
import { newUserData } from '../support/api.ts';
import { DEMO, dataDir, expect, expectShell, loginViaUi, storedToken, test } from '../support/fixtures.ts';
import { linkFromOutbox } from '../support/outbox.ts';
import { sidebarItem } from '../support/shell.ts';

test('(a) register, confirm the e-mail, log in, set up the school, welcome, and the shell', async ({ page }) => {
  const user = newUserData('novy');

  await page.goto('/register');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Jméno').fill(user.firstName);
  await page.getByLabel('Příjmení').fill(user.lastName);
  await page.getByLabel('Heslo', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Zaregistrovat se' }).click();
  await expect(page.getByText('Registrace proběhla úspěšně')).toBeVisible();

  const link = await linkFromOutbox(dataDir(), user.email, '/email-confirm/');
  await page.goto(link);
  await expect(page.getByText('E-mail byl potvrzen')).toBeVisible();

  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/login-flow/);

  // The login flow: a user without a school sets one up.
  await page.getByLabel('Název autoškoly').fill('Autoškola Nováková');
  await page.getByLabel('Číslo autoškoly').fill('AS-7001');
  await page.getByLabel('Přidělený úřad').fill('Magistrát města Brna');
  await page.getByLabel('Ulice').fill('Kounicova');
  await page.getByLabel('Číslo popisné').fill('12');
  await page.getByLabel('Město').fill('Brno');
  await page.getByLabel('PSČ').fill('602 00');
  await page.getByRole('button', { name: 'Nastavit autoškolu' }).click();

  const welcome = page.getByRole('dialog', { name: 'Účet byl úspěšně nastaven' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Pokračovat do aplikace' }).click();
  await expect(welcome).toBeHidden();

  await expectShell(page, user.email);
  await expect(page).toHaveURL(/\/app(\/home)?\/?$/);
  for (const item of ['Výcviky', 'Kalendář', 'Hlášenky', 'Zkoušky', 'Podpora', 'Nastavení']) {
    await expect(sidebarItem(page, item)).toBeVisible();
  }
});

test('(b) a wrong password and an unconfirmed account show the catalogue errors', async ({ page, api }) => {
  await loginViaUi(page, DEMO.email, 'Spatne-heslo1!');
  await expect(page.getByText('Nesprávné přihlašovací údaje.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  const unconfirmed = newUserData('neaktivni');
  await api.register(unconfirmed);
  await loginViaUi(page, unconfirmed.email, unconfirmed.password);
  await expect(page.getByText('Účet není aktivován. Aktivujte ho prosím přes odkaz v e-mailu.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('(c) logout lands on /login and the old token no longer works', async ({ page, api }) => {
  const user = await api.userWithSchool();
  await loginViaUi(page, user.email, user.password);
  await expectShell(page, user.email);
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  expect(await api.statusOf('user.meV2', token as string)).toBe(200);

  await page.getByRole('banner').getByRole('button', { name: user.email }).click();
  await page.getByRole('menuitem', { name: 'Odhlásit se' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  expect(await api.statusOf('user.meV2', token as string)).toBe(401);
  // The app itself no longer lets the visitor in.
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login$/);
});

// Uživatelské Nastavení on a phone (375 × 812): a new user's Více lists it and Přihláškový formulář (version 2.1 is on
// by default), the header's user menu links it, and the password is changed there.
import { expect, expectLive, test } from '../support/fixtures.ts';

test('on a phone: a new user’s Více lists the 2.1 items, the user menu links Uživatelské Nastavení, and the password is changed there', async ({
  api,
  openApp,
}) => {
  const user = await api.userWithSchool();
  const page = await openApp(user.token, '/app/more');
  await expectLive(page);
  await expect(page.getByRole('link', { name: /^Přihláškový formulář/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Uživatelské Nastavení' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: user.email }).click();
  await expect(page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Odhlásit se' })).toBeVisible();
  await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Uživatelské Nastavení' }).click();
  await expect(page.getByRole('heading', { name: 'Uživatelské Nastavení' })).toBeVisible();

  const password = page.locator('.ant-card').filter({ hasText: 'Změna hesla' });
  await password.getByLabel('Současné heslo').fill(user.password);
  await password.getByLabel('Nové heslo', { exact: true }).fill('TelefonHeslo1!');
  await password.getByLabel('Nové heslo znovu').fill('TelefonHeslo2!');
  await password.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(password.getByText('Hesla se neshodují')).toBeVisible();
  await password.getByLabel('Nové heslo znovu').fill('TelefonHeslo1!');
  await password.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(page.getByText('Heslo bylo změněno. Ostatní zařízení byla odhlášena.')).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);
  expect((await api.mutation<{ state: string }>('user.loginUser', { email: user.email, password: 'TelefonHeslo1!' })).state).toBe('OK');
});

// Uživatelské Nastavení on a phone (375 × 812): reached from Více when the 2.1 flag is on, the password changed there.
import { expect, expectLive, OPERATOR, test } from '../support/fixtures.ts';

test('on a phone: Více lists the 2.1 items, and the password is changed in Uživatelské Nastavení', async ({ api, openApp }) => {
  const user = await api.userWithSchool();
  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  const me = await api.me(user.token);
  await api.mutation('operator.setFeatureFlag', { name: 'VERSION_2_1', targetUserId: me.id, isEnabled: true }, operator);
  const page = await openApp(user.token, '/app/more');
  await expectLive(page);
  await expect(page.getByRole('link', { name: /^Přihláškový formulář/ })).toBeVisible();
  await page.getByRole('link', { name: 'Uživatelské Nastavení' }).click();
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

// Uživatelské Nastavení: the profile (the header shows the new name), the landing page chosen for the next login, and
// a new password that signs out the user's other open window at once (it ends on the login page) and replaces the old one.
import { expect, expectLive, expectShell, loginViaUi, OPERATOR, test } from '../support/fixtures.ts';

test('profile, landing page and a new password that signs out the other window', async ({ api, openApp, browser }) => {
  test.setTimeout(120_000);
  const user = await api.userWithSchool();
  const page = await openApp(user.token, '/app/user-settings');
  const other = await openApp(await api.login(user.email, user.password), '/app/home');
  await expectShell(page, user.email);
  await expect(page.getByRole('heading', { name: 'Uživatelské Nastavení' })).toBeVisible();

  // Profile: a too-short name is refused with the shared message, a good one saved.
  const profile = page.locator('.ant-card').filter({ hasText: 'Profil' });
  await profile.getByLabel('Jméno').fill('K');
  await profile.getByRole('button', { name: 'Uložit profil' }).click();
  await expect(profile.getByText('Jméno musí mít alespoň 2 znaky')).toBeVisible();
  await profile.getByLabel('Jméno').fill('Kateřina');
  await profile.getByLabel('Příjmení').fill('Zelená');
  await profile.getByRole('button', { name: 'Uložit profil' }).click();
  await expect(page.getByText('Profil byl uložen')).toBeVisible();
  await expect(profile.getByText('Jméno musí mít alespoň 2 znaky')).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText(user.email);

  // The landing page: Kalendář after the next login.
  const prefs = page.locator('.ant-card').filter({ hasText: 'Oznámení a výchozí zobrazení' });
  await prefs.getByLabel('Zapsaný výsledek zkoušky').check();
  await prefs.getByLabel('Stránka po přihlášení').click();
  await page.locator('.ant-select-item-option', { hasText: 'Kalendář' }).click();
  await prefs.getByRole('button', { name: 'Uložit nastavení' }).click();
  await expect(page.getByText('Nastavení bylo uloženo')).toBeVisible();

  // A new password: the other window is signed out at once, this one stays.
  await expectLive(other);
  const password = page.locator('.ant-card').filter({ hasText: 'Změna hesla' });
  await password.getByLabel('Současné heslo').fill('spatne-heslo!');
  await password.getByLabel('Nové heslo', { exact: true }).fill('NoveHeslo2026!');
  await password.getByLabel('Nové heslo znovu').fill('NoveHeslo2026!');
  await password.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(password.getByText('Současné heslo není správné.')).toBeVisible();
  await password.getByLabel('Současné heslo').fill(user.password);
  await password.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(page.getByText('Heslo bylo změněno. Ostatní zařízení byla odhlášena.')).toBeVisible();
  await expect(other).toHaveURL(/\/login/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Uživatelské Nastavení' })).toBeVisible();

  // The old password no longer logs in; the new one does, and lands on the chosen page.
  const fresh = await browser.newContext();
  try {
    const login = await fresh.newPage();
    await login.goto('/login');
    await loginViaUi(login, user.email, user.password);
    await expect(login.getByText('Nesprávné přihlašovací údaje.')).toBeVisible();
    await loginViaUi(login, user.email, 'NoveHeslo2026!');
    await expect(login).toHaveURL(/\/app\/calendar/, { timeout: 20_000 });
    await expectShell(login, user.email);
  } finally {
    await fresh.close();
  }
});

test('version 2.1 is on for a new user; the operator hides and shows its sidebar items live; DEBUG shows Debug', async ({ api, openApp }) => {
  const user = await api.userWithSchool();
  const page = await openApp(user.token);
  await expectShell(page, user.email);
  await expectLive(page);
  const sidebar = page.locator('.ant-layout-sider');
  await expect(sidebar.getByRole('link', { name: 'Uživatelské Nastavení' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /^Přihláškový formulář/ })).toBeVisible();
  // The header's user menu leads there too, beside 'Odhlásit se'.
  await page.getByRole('banner').getByRole('button', { name: user.email }).click();
  await expect(page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Odhlásit se' })).toBeVisible();
  await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Uživatelské Nastavení' }).click();
  await expect(page).toHaveURL(/\/app\/user-settings/);
  await expect(page.getByRole('heading', { name: 'Uživatelské Nastavení' })).toBeVisible();
  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  const me = await api.me(user.token);

  await api.mutation('operator.setFeatureFlag', { name: 'VERSION_2_1', targetUserId: me.id, isEnabled: false }, operator);
  await expect(sidebar.getByRole('link', { name: 'Uživatelské Nastavení' })).toHaveCount(0, { timeout: 15_000 });
  await expect(sidebar.getByRole('link', { name: /^Přihláškový formulář/ })).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: user.email }).click();
  await expect(page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Odhlásit se' })).toBeVisible();
  await expect(page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Uživatelské Nastavení' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await api.mutation('operator.setFeatureFlag', { name: 'VERSION_2_1', targetUserId: me.id, isEnabled: true }, operator);
  await expect(sidebar.getByRole('link', { name: 'Uživatelské Nastavení' })).toBeVisible({ timeout: 15_000 });
  await expect(sidebar.getByRole('link', { name: /^Přihláškový formulář/ })).toBeVisible();

  await api.mutation('operator.setFeatureFlag', { name: 'DEBUG', targetUserId: me.id, isEnabled: true }, operator);
  await expect(sidebar.getByRole('link', { name: 'Debug' })).toBeVisible({ timeout: 15_000 });
});

// The mobile shell at 375 × 812 (the "mobile" project): bottom navigation, no sidebar, modals as bottom sheets.
import { OPERATOR, expect, expectShell, test } from '../support/fixtures.ts';

test('(g) the mobile shell: bottom navigation, no sidebar, a modal as a bottom sheet', async ({ api, openApp }) => {
  const user = await api.userWithSchool();
  // A notification gives the shell a modal to show on load.
  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  const me = await api.me(user.token);
  await api.mutation('operator.createNotification', { targetUserId: me.id, type: 'GENERIC', title: 'Zpráva pro mobil', message: 'Platba přijata.' }, operator);

  const page = await openApp(user.token);
  const sheet = page.getByRole('dialog').filter({ hasText: 'Zpráva pro mobil' });
  await expect(sheet).toBeVisible();
  const viewport = page.viewportSize();
  expect(viewport).toEqual({ width: 375, height: 812 });
  if (!viewport) throw new Error('no viewport');
  // The bottom sheet spans the width and sits on the bottom edge.
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box && Math.round(box.y + box.height) >= viewport.height - 2 && box.width >= viewport.width - 2;
    })
    .toBe(true);
  await sheet.getByRole('button', { name: 'Potvrzuji přečtení' }).click();
  await expect(sheet).toBeHidden();

  const bottomNav = page.getByRole('navigation').filter({ hasText: 'Přehled' });
  for (const label of ['Přehled', 'Kalendář', 'Vyhledat', 'Zkoušky', 'Více']) await expect(bottomNav.getByRole('link', { name: label })).toBeVisible();
  const navBox = await bottomNav.boundingBox();
  expect(navBox && Math.round(navBox.y + navBox.height)).toBeGreaterThanOrEqual(viewport.height - 2);
  // No desktop sidebar, nor its own entries.
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Hlášenky' })).toHaveCount(0);
  await expectShell(page, user.email);
});

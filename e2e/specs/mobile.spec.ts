// The mobile shell at 375 × 812 (the "mobile" project): bottom navigation, no sidebar, modals as bottom sheets.
import type { Locator } from '@playwright/test';
import { OPERATOR, expect, expectShell, test } from '../support/fixtures.ts';

const VIEWPORT = { width: 375, height: 812 };

/** A bottom sheet spans the screen's width and sits on its bottom edge. */
async function expectBottomSheet(sheet: Locator) {
  await expect(sheet).toBeVisible();
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return !!box && Math.round(box.y + box.height) >= VIEWPORT.height - 2 && box.width >= VIEWPORT.width - 2;
    })
    .toBe(true);
}

test('(g) the mobile shell: bottom navigation, no sidebar, a modal as a bottom sheet', async ({ api, openApp }) => {
  const user = await api.userWithSchool();
  // A second school, so the school switcher (on the 'Více' page on phones) has something to offer.
  await api.mutation(
    'school.createSchool',
    {
      info: { name: 'Autoškola Druhá', number: 'AS-9002', office: 'Magistrát města Brna' },
      address: { street: 'Kounicova', streetCode: '11', city: 'Brno', postCode: '602 00' },
    },
    user.token,
  );
  await api.mutation('user.setActiveSchool', { schoolId: user.schoolId }, user.token);
  // A notification gives the shell a modal to show on load.
  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  const me = await api.me(user.token);
  await api.mutation('operator.createNotification', { targetUserId: me.id, type: 'GENERIC', title: 'Zpráva pro mobil', message: 'Platba přijata.' }, operator);

  const page = await openApp(user.token);
  expect(page.viewportSize()).toEqual(VIEWPORT);
  const sheet = page.getByRole('dialog').filter({ hasText: 'Zpráva pro mobil' });
  await expectBottomSheet(sheet);
  await sheet.getByRole('button', { name: 'Potvrzuji přečtení' }).click();
  await expect(sheet).toBeHidden();

  const bottomNav = page.getByRole('navigation').filter({ hasText: 'Přehled' });
  for (const label of ['Přehled', 'Kalendář', 'Vyhledat', 'Zkoušky', 'Více']) await expect(bottomNav.getByRole('link', { name: label })).toBeVisible();
  const navBox = await bottomNav.boundingBox();
  expect(navBox && Math.round(navBox.y + navBox.height)).toBeGreaterThanOrEqual(VIEWPORT.height - 2);
  // No desktop sidebar, nor its own entries.
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Hlášenky' })).toHaveCount(0);
  await expectShell(page, user.email);

  // A closable modal on a phone: the school switcher opens as a bottom sheet with a close button.
  await bottomNav.getByRole('link', { name: 'Více' }).click();
  await page.getByRole('button', { name: 'Změnit' }).click();
  const switcher = page.getByRole('dialog', { name: 'Vyberte autoškolu, kterou chcete spravovat' });
  await expectBottomSheet(switcher);
  await expect(switcher.getByRole('button', { name: 'Autoškola Druhá' })).toBeVisible();
  await switcher.getByRole('button', { name: /close|zavřít/i }).click();
  await expect(switcher).toBeHidden();
});

// Doklady on a phone (375 × 812): an invoice issued from Platba in the full-screen drawer, the student's documents as
// cards, Platby reached through 'Více', the list as cards, the detail without sideways scroll, Stornovat in the sheet.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { docNumber, kc, setOperator } from '../support/invoices.ts';
import { freshSchool } from '../support/students.ts';

const WIDTH = 375;
const SHOTS = process.env.INVWEB_SHOTS;
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);

test('Doklady on a phone: issued from Platba, listed as cards under Platby, opened and cancelled, no sideways scroll', async ({ api, openApp }) => {
  test.setTimeout(180_000);
  const school = await freshSchool(api);
  await setOperator(api, school);
  const s = await student(api, school);
  await api.mutation('paymentItem.setStudentPrice', { schoolId: school.schoolId, studentId: s.id, price: 15000 }, school.token);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`);
  await expect(page.getByText('Zatím žádné doklady')).toBeVisible({ timeout: 45_000 });

  const open = page.getByRole('button', { name: 'Vystavit doklad' });
  await expect(open).toBeEnabled({ timeout: 30_000 });
  await open.click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Vystavení dokladu' });
  await expect(drawer.getByRole('group', { name: 'Položka 1' }).getByLabel('Cena za jednotku (Kč)')).toHaveValue('15000,00');
  const box = await page.getByRole('dialog', { name: 'Vystavení dokladu' }).boundingBox();
  expect(box && Math.round(box.width)).toBe(WIDTH);
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(page.locator('.ant-message').getByText('Doklad byl vystaven.')).toBeVisible();
  const first = docNumber(1);
  const card = page.getByRole('list', { name: 'Doklady žáka' }).getByRole('listitem').filter({ hasText: first });
  await expect(card).toContainText(kc('15 000,00 Kč'));
  await expect(card).toContainText('Platný');
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);

  // Platby through 'Více', the Doklady tab as cards.
  await page.getByRole('navigation', { name: 'Hlavní navigace' }).getByText('Více').click();
  await page.getByRole('link', { name: 'Platby' }).click();
  await page.getByRole('tab', { name: 'Doklady' }).click();
  const listed = page.getByRole('list', { name: 'Doklady' }).getByRole('listitem').filter({ hasText: first });
  await expect(listed).toContainText('Faktura');
  await expect(listed).toContainText(`Eva ${s.lastName}`);
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/list-375.png`, fullPage: true });
  }

  await listed.getByRole('link', { name: `Doklad ${first}` }).click();
  await expect(page.getByRole('heading', { name: `Faktura č. ${first}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Položky dokladu' })).toContainText('Výcvik skupiny B – kurz');
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-375.png`, fullPage: true });

  await page.getByRole('button', { name: 'Stornovat' }).click();
  const sheet = page.getByRole('dialog').filter({ hasText: `Stornovat doklad č. ${first}` });
  await sheet.getByLabel('Důvod storna').fill('Duplicitní doklad');
  await sheet.getByRole('button', { name: 'Stornovat' }).click();
  await expect(page.getByRole('heading', { name: `Opravný doklad č. ${docNumber(2)}` })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  await page.getByRole('link', { name: `č. ${first}` }).click();
  await expect(page.locator('.ant-tag').filter({ hasText: 'Stornováno' })).toBeVisible();
  await expect(page.locator('.ant-alert-error')).toContainText('Důvod: Duplicitní doklad');
});

test('on a phone: the account warning in the drawer, the account field in Nastavení → Provozovatel, no sideways scroll (issue 17)', async ({
  api,
  openApp,
}) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  await setOperator(api, school, { bankAccount: null });
  const s = await student(api, school);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`);
  await expect(page.getByText('Zatím žádné doklady')).toBeVisible({ timeout: 45_000 });
  const open = page.getByRole('button', { name: 'Vystavit doklad' });
  await expect(open).toBeEnabled({ timeout: 30_000 });
  await open.click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Vystavení dokladu' });
  await expect(drawer.locator('.ant-alert-warning')).toContainText('Pro doklad s platbou převodem vyplňte bankovní účet v Nastavení → Provozovatel.');
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/drawer-account-375.png` });
  }
  await drawer.getByRole('link', { name: 'Otevřít Nastavení → Provozovatel' }).first().click();
  const form = page.locator('.ant-card').filter({ hasText: 'Provozovatel' });
  await form.getByLabel('Bankovní účet (volitelné)').fill('19-2000145398/0800');
  await form.getByRole('button', { name: 'Uložit' }).click();
  await expect(form.locator('.ant-form-item').filter({ hasText: 'Bankovní účet' })).toContainText('Neplatné');
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/operator-account-375.png`, fullPage: true });
});

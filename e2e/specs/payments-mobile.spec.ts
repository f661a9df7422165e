// Tab 4 Platba on a phone (375 × 812): the payments as cards, recording one in the drawer, deleting it with the
// confirmation, no sideways scroll.
import { student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

const WIDTH = 375;
const sideways = (page: import('@playwright/test').Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);

test('Platba on a phone: a payment recorded and shown as a card, the circle, deleted with confirmation, no sideways scroll', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  await api.mutation('paymentItem.setStudentPrice', { schoolId: school.schoolId, studentId: s.id, price: 10000 }, school.token);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`);
  await expect(page.getByText('Zatím žádné platby')).toBeVisible({ timeout: 45_000 });
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);

  await page.getByRole('button', { name: 'Zaevidovat platbu' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Evidence platby' });
  await drawer.getByLabel('Částka (Kč)').fill('2500');
  await drawer.getByLabel('Poznámka').fill('První splátka');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();

  const card = page.getByRole('list', { name: 'Platby' }).getByRole('listitem').filter({ hasText: 'První splátka' });
  await expect(card).toContainText(/2\s500,00\sKč/);
  await expect(card).toContainText('Hotově');
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  const remove = card.getByRole('button', { name: 'Odstranit platbu' });
  const box = await remove.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= WIDTH).toBe(true);

  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(page.getByRole('progressbar', { name: 'Platba' })).toContainText('25 %', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Platba' }).click();

  await card.getByRole('button', { name: 'Odstranit platbu' }).click();
  await page.locator('.ant-popconfirm').filter({ hasText: 'Opravdu chcete odstranit platbu?' }).getByRole('button', { name: 'Ano' }).click();
  await expect(page.getByText('Zatím žádné platby')).toBeVisible({ timeout: 30_000 });
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
});

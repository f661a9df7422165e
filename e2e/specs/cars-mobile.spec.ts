// Settings → Vozidla on a phone (375 × 812): the cars as cards, the actions reachable, a car added, no sideways scroll.
import { createCarViaApi, dayFromToday } from '../support/cars.ts';
import { expect, test } from '../support/fixtures.ts';
import { formItem, freshSchool, pickOption } from '../support/students.ts';

const WIDTH = 375;
const sideways = (page: import('@playwright/test').Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);

test('the cars page on a phone: cards with every field, reachable actions, adding a car, no sideways scroll', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const car = await createCarViaApi(api, school, { carType: 'Volkswagen Golf Variant', targetGroup: ['B', 'BpE'], stkValidUntil: dayFromToday(5) });
  const page = await openApp(school.token, '/app/settings/cars');
  await expect(page.getByRole('heading', { name: 'Vozidla' })).toBeVisible({ timeout: 20_000 });

  const list = page.getByRole('list', { name: 'Vozidla' });
  const card = list.getByRole('listitem').filter({ hasText: car.regNumber });
  await expect(card).toContainText('Volkswagen Golf Variant');
  await expect(card).toContainText('B, B+E');
  await expect(card).toContainText('STK brzy vyprší');
  await expect(card).toContainText('Aktivní');
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);

  const retire = card.getByRole('button', { name: `Vyřadit vozidlo ${car.regNumber}` });
  const box = await retire.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= WIDTH).toBe(true);

  await page.getByRole('button', { name: 'Přidat vozidlo' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Nové vozidlo' });
  await drawer.getByLabel('Značka').fill('Toyota Yaris');
  await drawer.getByLabel('SPZ').fill('2b7 7777');
  await pickOption(page, formItem(drawer, 'Skupiny').getByRole('combobox'), 'B');
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();
  await expect(list.getByRole('listitem').filter({ hasText: '2B7 7777' })).toContainText('Toyota Yaris');
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
});

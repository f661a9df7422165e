// Settings → Ceník on a phone (375 × 812): the prices as cards, the form reachable, no sideways scroll.
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

const WIDTH = 375;
const sideways = (page: import('@playwright/test').Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);

test('the price list on a phone: cards, the form, no sideways scroll', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  await api.mutation('paymentItem.setPriceListItem', { schoolId: school.schoolId, group: 'B', kind: 'BASIC', variant: 'ISP', price: 15500 }, school.token);
  const page = await openApp(school.token, '/app/settings/price-list');
  await expect(page.getByRole('heading', { name: 'Ceník' })).toBeVisible({ timeout: 30_000 });
  const card = page.getByRole('list', { name: 'Ceník' }).getByRole('listitem').first();
  await expect(card).toContainText(/15\s500,00\sKč/);
  await expect(card).toContainText('ISP');
  await expect(page.getByRole('button', { name: 'Uložit cenu' })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
});

// The busy day on a phone (375 px, issue 20 §4): 'Učitelé a vozidla' scrolls its columns inside the view, the page
// never sideways, and a ride's surname is legible.
import { buildBusyDay } from '../support/busy-day.ts';
import { dayInWeek, expectNoSidewaysScroll, showResourceDay } from '../support/calendar.ts';
import { legibility } from '../support/clipping.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test('busy day on a phone: the resource view scrolls inside, not the page', async ({ api, openApp }) => {
  test.setTimeout(60_000);
  const session = await freshSchool(api);
  const day = dayInWeek();
  const busy = await buildBusyDay(api, session, day, { teachers: 8, cars: 6 });
  const page = await openApp(session.token, '/app/calendar');
  await page.getByRole('radiogroup', { name: 'Zobrazení' }).getByText('Učitelé a vozidla').click();
  const view = page.getByTestId('resource-view');
  await showResourceDay(page, day);
  await expect(view).toBeVisible({ timeout: 20_000 });
  await expect(view.getByTestId('resource-item')).toHaveCount(busy.rides.length + busy.rides.filter((r) => r.schoolCarId).length);
  await expectNoSidewaysScroll(page);
  // The columns scroll inside the view.
  const scroll = await view.evaluate((el) => ({ width: el.scrollWidth, client: el.clientWidth }));
  expect(scroll.width).toBeGreaterThan(scroll.client);
  const before = await view.locator('.volant-res__axis').boundingBox();
  await view.evaluate((el) => el.scrollTo({ left: 600 }));
  await expectNoSidewaysScroll(page);
  expect((await view.locator('.volant-res__axis').boundingBox())?.x).toBe(before?.x);
  const report = await legibility(page, '[data-testid="resource-view"] [data-testid="item-surname"]');
  expect(report.clipped).toEqual([]);
  await page.screenshot({ path: '/work/shots/cal/busy-resource-375.png' });
});

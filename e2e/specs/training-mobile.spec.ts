// The Výcvik tab on a phone (375 × 812, the "mobile" project): a ride registered with both signatures drawn with a
// finger, shown as a card of the Jízdy list, and nothing scrolls sideways.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { dayFromToday, field, fillRide, openSignature, signWithFinger, startedStudentWithCar, trainingDrawer } from '../support/training.ts';

const WIDTH = 375;

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

test('(m) register a ride with finger-drawn signatures; the Jízdy card list shows it', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const setup = await startedStudentWithCar(api);
  const page = await openApp(setup.school.token, `/app/student/${setup.studentId}?activeTab=3`);
  expect(page.viewportSize()).toEqual({ width: WIDTH, height: 812 });
  await expect(page.getByRole('button', { name: 'Zaevidovat výcvik' })).toBeVisible({ timeout: 20_000 });
  await expectNoHorizontalScroll(page);

  const day = dayFromToday(-2);
  await page.getByRole('button', { name: 'Zaevidovat výcvik' }).click();
  const drawer = trainingDrawer(page, 'Zaevidovat výcvik');
  await fillRide(drawer, { day, time: '15:00', teacher: setup.teacherName, car: setup.car.label });
  await expect(field(drawer, 'Čas konce').locator('input')).toHaveValue('16:30');
  await field(drawer, 'Tachometr před jízdou (volitelné)').locator('input').fill('500');
  await field(drawer, 'Tachometr po jízdě (volitelné)').locator('input').fill('548');

  // The signature canvas fits the phone and takes a finger.
  const { pad, canvas, box } = await openSignature(drawer, 'Podpis žáka');
  expect(box.width).toBe(300);
  expect(box.height).toBe(400);
  expect(box.x >= 0 && box.x + box.width <= WIDTH).toBe(true);
  await expect(canvas).toHaveCSS('touch-action', 'none');
  await expectNoHorizontalScroll(page);
  await pad.getByRole('button', { name: 'Zrušit' }).click();
  await expect(field(drawer, 'Podpis žáka').getByRole('button', { name: 'Podepsat' })).toBeVisible();

  await signWithFinger(drawer, 'Podpis žáka');
  await signWithFinger(drawer, 'Podpis učitele');
  await expectNoHorizontalScroll(page);
  await drawer.getByRole('button', { name: 'Zaevidovat', exact: true }).click();
  await expect(page.getByText('Výcvik byla zaevidován')).toBeVisible();

  // On a phone the rides are cards, not table rows.
  const rides = page.getByRole('list', { name: 'Jízdy' });
  await expect(page.getByRole('region', { name: 'Jízdy' }).locator('table')).toHaveCount(0);
  const ride = rides.getByRole('listitem').filter({ hasText: day });
  await expect(ride).toContainText('15:00–16:30');
  await expect(ride).toContainText('48 km');
  await expect(ride).toContainText(setup.teacherName);
  await expect(ride).toContainText(setup.car.label);
  await expect(ride.getByRole('img', { name: 'Podpis žáka: podepsáno' })).toBeVisible();
  await expect(ride.getByRole('img', { name: 'Podpis učitele: podepsáno' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // The card says only whether the ride is signed; its edit drawer reads the whole ride, pictures included.
  await ride.getByRole('button', { name: /^Upravit / }).click();
  const editDrawer = trainingDrawer(page, 'Upravit výcvik');
  await expect(field(editDrawer, 'Podpis žáka').getByRole('img', { name: 'Podpis žáka' })).toBeVisible();
  await expect(field(editDrawer, 'Podpis učitele').getByRole('img', { name: 'Podpis učitele' })).toBeVisible();
});

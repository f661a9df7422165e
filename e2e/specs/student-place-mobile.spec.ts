// The student place on a phone (375 px, issue 19 §2): the same reads as on a desktop, one column, no sideways scroll.
import { expect, test } from '../support/fixtures.ts';
import { signInStudent } from '../support/student-portal.ts';
import { DEMO_LEARNERS, demoStudentWithPayment, openStudentTab } from '../support/student-place.ts';

const WIDTH = 375;
const sideways = (page: import('@playwright/test').Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);

test('on a phone: progress, a planned and a completed ride in words, the owed amount with QR Platba, exams; no sideways scroll', async ({ api, page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTH, height: 812 });
  const learner = DEMO_LEARNERS.dolezal;
  await demoStudentWithPayment(api, learner, 700);
  await signInStudent(page, { email: learner.email });
  // The bottom bar holds all six tabs inside the screen: none is cut off or needs a sideways swipe to reach.
  const tabs = page.getByRole('navigation', { name: 'Můj výcvik' }).getByRole('link');
  await expect(tabs).toHaveText(['Přehled', 'Jízdy', 'Rezervace', 'Platby', 'Zkoušky', 'Průkaz']);
  for (const box of await Promise.all((await tabs.all()).map((t) => t.boundingBox()))) {
    expect(box && box.x >= 0 && box.x + box.width <= WIDTH, 'the tab lies inside the screen').toBe(true);
  }

  await openStudentTab(page, 'Přehled');
  await expect(page.locator('.ant-card').filter({ hasText: 'Odjeto' }).first()).toContainText(/Odjeto \d+ ze? \d+ hodin/, { timeout: 45_000 });
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  await page.screenshot({ path: '/work/shots/views/progress-375.png', fullPage: true });

  await openStudentTab(page, 'Jízdy');
  await expect(page.getByRole('list', { name: 'Nadcházející jízdy a lekce' }).getByText('Naplánovaná').first()).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('list', { name: 'Proběhlé jízdy a lekce' }).getByText('Absolvovaná').first()).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  await page.screenshot({ path: '/work/shots/views/rides-375.png', fullPage: true });

  await openStudentTab(page, 'Platby');
  await expect(page.locator('.ant-card').filter({ hasText: 'Přehled' }).first()).toContainText('Zbývá zaplatit', { timeout: 45_000 });
  await expect(
    page
      .getByRole('list', { name: 'Platby' })
      .getByRole('listitem')
      .filter({ hasText: /700,00\sKč/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Platba' })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
  await page.screenshot({ path: '/work/shots/views/money-375.png', fullPage: true });

  await openStudentTab(page, 'Zkoušky');
  await expect(page.locator('.ant-card').filter({ hasText: 'Termíny' }).first()).toBeVisible({ timeout: 45_000 });
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);
});

// Issue 22 §3 at 375 px: the student's own 'Cesta ke zkoušce' on 'Přehled' of 'Můj výcvik' — one column, no sideways
// scroll. Kristýna Kučerová (demo) has theory missing that nothing plans: 'Nelze odhadnout' with the reason.
import { expect, test } from '../support/fixtures.ts';
import { DEMO_LEARNERS, openStudentTab } from '../support/student-place.ts';
import { signInStudent } from '../support/student-portal.ts';

const WIDTH = 375;

test('on a phone: the student reads their road to the exam on Přehled', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTH, height: 812 });
  await signInStudent(page, { email: DEMO_LEARNERS.kucerova.email });
  await openStudentTab(page, 'Přehled');
  const block = page.locator('.ant-card').filter({ hasText: 'Cesta ke zkoušce' });
  await expect(block).toContainText('Nelze odhadnout', { timeout: 45_000 });
  await expect(block.getByRole('list', { name: 'Chybí do zákonného rozsahu' })).toContainText('Jízdy: chybí');
  await expect(block.getByRole('list', { name: 'Proč nelze odhadnout' })).toContainText(/PPV: \d+ lekc/);
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(WIDTH);
  const box = await block.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= WIDTH).toBe(true);
  await block.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/work/shots/forecast/portal-375.png', fullPage: true });
});

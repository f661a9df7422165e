// 'Rezervace' on a 375 px phone (issue 19 §3): the strip of days scrolls by itself, not the page; the student books a
// slot and cancels it. Screenshots for the lead under /work/shots/book/.
import { expect, test } from '../support/fixtures.ts';
import { openStudentTab } from '../support/student-place.ts';
import { signInStudent } from '../support/student-portal.ts';

test.use({ viewport: { width: 375, height: 740 } });

/** Kristýna Kučerová of the demo school (in training, the admin teaches her; demo seed). */
const STUDENT = { email: 'kucerova@example.cz' };

test('on a phone: picks a day in the strip, books, and cancels', async ({ page }) => {
  await signInStudent(page, STUDENT);
  await openStudentTab(page, 'Rezervace');
  const tab = page.getByTestId('booking-tab');
  const days = tab.getByRole('tablist', { name: 'Vyberte den' }).getByRole('tab');
  await days.nth((await days.count()) - 2).click();
  const slot = tab.locator('section:not([aria-label="Čekací listina"])').first().getByRole('button').first();
  await expect(slot).toBeVisible();
  await page.screenshot({ path: '/work/shots/book/booking-375.png', fullPage: true }).catch(() => undefined);
  // The page never scrolls sideways; the strip does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await slot.click();
  await page.getByRole('dialog', { name: 'Rezervovat jízdu' }).getByRole('button', { name: 'Rezervovat jízdu' }).click();
  await expect(page.getByText('Jízda je rezervovaná')).toBeVisible();
  const cancel = page.getByRole('button', { name: 'Zrušit jízdu' }).first();
  await cancel.click();
  await page.getByRole('dialog').filter({ hasText: 'Zrušení je zdarma' }).getByRole('button', { name: 'Zrušit jízdu' }).click();
  await expect(page.getByText('Jízda je zrušená')).toBeVisible();
});

// 'Rezervace' on a 375 px phone (issue 19 §3): the strip of days scrolls by itself, not the page; the student books a
// slot and cancels it. Screenshots for the lead under /work/shots/book/.
import { expect, test } from '../support/fixtures.ts';
import { openStudentTab } from '../support/student-place.ts';
import { bookFromWaitlistMail, freeWatchedSlot, signInStudent } from '../support/student-portal.ts';

test.use({ viewport: { width: 375, height: 740 } });

/** Kristýna Kučerová of the demo school (in training, the admin teaches her; demo seed). */
const STUDENT = { email: 'kucerova@example.cz', registrationNumber: '2026/005' };

test('on a phone: picks a day in the strip, books, cancels, and books the freed slot from the waiting list e-mail', async ({ page, api }) => {
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
  const startText = /\d{1,2}:\d{2}/.exec((await slot.textContent()) ?? '')?.[0] ?? '';
  await slot.click();
  await page.getByRole('dialog', { name: 'Rezervovat jízdu' }).getByRole('button', { name: 'Rezervovat jízdu' }).click();
  await expect(page.getByText('Jízda je rezervovaná')).toBeVisible();
  // Her own booking of that day (the seed may have given her other rides): date and time in 'Moje rezervace'.
  const pickedDay = (await days.and(page.locator('[aria-selected="true"]')).getAttribute('aria-label')) ?? '';
  const mine = page.getByRole('listitem').filter({ hasText: `${pickedDay} ${startText}` });
  await mine.getByRole('button', { name: 'Zrušit jízdu' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Zrušení je zdarma' }).getByRole('button', { name: 'Zrušit jízdu' }).click();
  await expect(page.getByText('Jízda je zrušená')).toBeVisible();

  // The day on the waiting list; a slot of it freed by the office comes by e-mail and is booked from the link.
  const waitlist = tab.getByRole('region', { name: 'Čekací listina' });
  await waitlist.getByRole('button', { name: /na čekací listinu$/ }).click();
  const watched = waitlist.getByText(/^Hlídáte: \d+\.\d+\.$/);
  await expect(watched).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const freed = await freeWatchedSlot(api, STUDENT, (await watched.textContent()) ?? '', startText);
  await bookFromWaitlistMail(page, freed, startText);
});

// 'Rezervace' in Můj výcvik (issue 19 §3), desktop: a demo student in training books a free slot after reading the
// cancellation terms, is refused a second ride the same day with the legal daily limit, and cancels the ride.
// Signs in with signInStudent (e2e/support/student-portal.ts, by the access helper); the tab is wired by the lead.
import { expect, test } from '../support/fixtures.ts';
import { openStudentTab } from '../support/student-place.ts';
import { bookFromWaitlistMail, freeWatchedSlot, signInStudent } from '../support/student-portal.ts';

/** Adéla Horáková of the demo school: in training, group B, her training teacher has working hours (demo seed). */
const STUDENT = { email: 'horakova@example.cz', registrationNumber: '2026/003' };

test('books a free slot, is refused past the daily limit, cancels, waits for a freed slot and books it from the e-mail', async ({ page, api }) => {
  await signInStudent(page, STUDENT);
  await openStudentTab(page, 'Rezervace');
  const tab = page.getByTestId('booking-tab');
  await expect(tab.getByText('Pravidla autoškoly')).toBeVisible();
  // A day late in the horizon (nothing of other tests there yet): its first free slot.
  const days = tab.getByRole('tablist', { name: 'Vyberte den' }).getByRole('tab');
  await days.nth((await days.count()) - 3).click();
  const slots = tab.locator('section:not([aria-label="Čekací listina"])').first().getByRole('button');
  await expect(slots.first()).toBeVisible();
  const first = (await slots.first().textContent()) ?? '';
  await slots.first().click();
  const dialog = page.getByRole('dialog', { name: 'Rezervovat jízdu' });
  await expect(dialog.getByText(/Jízdu můžete zrušit zdarma nejpozději 24 h před začátkem/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Rezervovat jízdu' }).click();
  await expect(page.getByText('Jízda je rezervovaná')).toBeVisible();
  const mine = page.getByRole('listitem').filter({ hasText: first });
  await expect(mine.getByRole('button', { name: 'Zrušit jízdu' })).toBeVisible();

  // A second ride that day: two teaching hours a day is the law for group B.
  await tab.locator('section:not([aria-label="Čekací listina"])').first().getByRole('button').last().click();
  await page.getByRole('dialog', { name: 'Rezervovat jízdu' }).getByRole('button', { name: 'Rezervovat jízdu' }).click();
  await expect(tab.getByText('Denní limit výcviku je 2 hodiny')).toBeVisible();

  // Cancel: days ahead, free of charge.
  await mine.getByRole('button', { name: 'Zrušit jízdu' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Zrušení je zdarma' });
  await confirm.getByRole('button', { name: 'Zrušit jízdu' }).click();
  await expect(page.getByText('Jízda je zrušená')).toBeVisible();
  await expect(mine).toHaveCount(0);

  // 'Čekací listina': the picked day goes on the list (a freed slot of it is then mailed: booking/waitlist.int.test.ts)
  // and stays there after a reload.
  const waitlist = tab.getByRole('region', { name: 'Čekací listina' });
  await waitlist.getByRole('button', { name: /na čekací listinu$/ }).click();
  const watched = waitlist.getByText(/^Hlídáte: \d+\.\d+\.$/);
  await expect(watched).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Čekací listina' }).getByText(/^Hlídáte: \d+\.\d+\.$/)).toBeVisible();

  // The office plans another student's ride into that very slot with her teacher and deletes it again: the freed slot
  // is mailed to her (a job of the runner, after the write) with a link to 'Rezervace', where she books it.
  const startText = /\d{1,2}:\d{2}/.exec(first)?.[0] ?? '';
  const freedSlot = await freeWatchedSlot(api, STUDENT, (await watched.textContent()) ?? '', startText);
  expect(freedSlot.mail.body).toContain(startText);
  await bookFromWaitlistMail(page, freedSlot, startText);
});

// The student place on a desktop (issue 19 §2): a demo student in training signs in by the e-mail link and reads
// 'Průběh' (theory and rides done of required, not yet 'Připraven ke zkoušce'), 'Jízdy' (a planned and a completed
// ride in words, with the server's times), 'Platby' (the payment, what is left to pay and its QR Platba) and 'Zkoušky'.
import { expect, test } from '../support/fixtures.ts';
import { signInStudent } from '../support/student-portal.ts';
import { DEMO_LEARNERS, demoStudentWithPayment, openStudentTab } from '../support/student-place.ts';

test('a student in training sees progress, rides in words with times, payments with QR Platba and exams', async ({ api, page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const learner = DEMO_LEARNERS.kucerova;
  await demoStudentWithPayment(api, learner, 1500);
  await signInStudent(page, { email: learner.email });

  await openStudentTab(page, 'Přehled');
  const driving = page
    .getByRole('region', { name: 'Jízdy' })
    .or(page.locator('.ant-card').filter({ hasText: 'Odjeto' }))
    .first();
  await expect(driving).toContainText(/Odjeto \d+ ze? \d+ hodin/, { timeout: 45_000 });
  await expect(page.locator('.ant-card').filter({ hasText: 'Teorie' }).first()).toContainText(/PPV\s*\d+ ze? \d+ lekc/);
  await expect(page.getByText('Připraven ke zkoušce')).toHaveCount(0);

  await openStudentTab(page, 'Jízdy');
  const upcoming = page.getByRole('list', { name: 'Nadcházející jízdy a lekce' });
  const past = page.getByRole('list', { name: 'Proběhlé jízdy a lekce' });
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Naplánovaná' }).first()).toBeVisible({ timeout: 45_000 });
  const done = past.getByRole('listitem').filter({ hasText: 'Absolvovaná' }).filter({ hasText: 'Jízda' }).first();
  await expect(done).toContainText('Učitel');
  await expect(done).toContainText('Vozidlo');
  await expect(done).toContainText(/Ujeto\s*\d+ km/);
  // Seeded rides predate the server's times: said so, never invented.
  await expect(done).toContainText(/Zaevidováno\s*(\d+\.\d+\.\d{4} \d\d:\d\d|čas neznámý)/);
  await expect(done).toContainText(/Podpis žáka\s*Ano/);
  await page.screenshot({ path: '/work/shots/views/rides-1440.png', fullPage: true });

  await openStudentTab(page, 'Platby');
  const summary = page.locator('.ant-card').filter({ hasText: 'Přehled' }).first();
  await expect(summary).toContainText('Zbývá zaplatit', { timeout: 45_000 });
  await expect(summary).toContainText(/Zaplaceno\s*[\d\s]+,\d\d\sKč/);
  await expect(
    page
      .getByRole('list', { name: 'Platby' })
      .getByRole('listitem')
      .filter({ hasText: 'Převodem' })
      .filter({ hasText: /1\s500,00\sKč/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Platba' })).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: 'QR Platba' })).toContainText('CZ6508000000192000145399');
  await page.screenshot({ path: '/work/shots/views/money-1440.png', fullPage: true });

  await openStudentTab(page, 'Zkoušky');
  await expect(page.locator('.ant-card').filter({ hasText: 'Termíny' }).first()).toBeVisible({ timeout: 45_000 });
});

// Issue 22 §3 on a desktop: 'Připraveni ke zkoušce / Brzy připraveni' reached from Zkoušky, filtered and linking to the
// card, whose 'Cesta ke zkoušce' shows the estimate ('Odhad') or says 'Nelze odhadnout' and why. The demo school's
// Lukáš Procházka (A2) has 2 driving hours missing, both booked this week: soon ready; Kristýna Kučerová has theory
// missing that nothing plans. Screenshots for the lead under /work/shots/forecast/.
import { formatDate } from '@volant/shared/format';
import type { Page } from '@playwright/test';
import { DEMO, DEMO_SCHOOLS, expect, test } from '../support/fixtures.ts';

interface Row {
  studentId: string;
  lastName: string;
  readiness: 'READY' | 'SOON';
  trainingEnd: string;
  earliestExamDate: string;
}

/** The demo's welcome notice opens as a modal whenever it is still unread: confirm it whenever it is in the way. */
async function dismissWelcome(page: Page) {
  const ok = page.getByRole('button', { name: 'Potvrzuji přečtení' });
  await page.addLocatorHandler(ok, () => ok.click());
}

test('the list of ready and soon ready students, its filter, and the forecast on the card', async ({ api, openApp }) => {
  test.setTimeout(180_000);
  const token = await api.login(DEMO.email, DEMO.password);
  const school = (await api.schools(token)).find((s) => s.name === DEMO_SCHOOLS.main);
  if (!school) throw new Error('no demo school');
  const schoolId = school.id;
  const answer = await api.query<{ rows: Row[] }>('examReadiness.listReadiness', { schoolId, soonDays: 30 }, token);
  const prochazka = answer.rows.find((r) => r.lastName === 'Procházka');
  expect(prochazka?.readiness).toBe('SOON');
  if (!prochazka) return;
  // A term a week after the earliest exam day: the list names it for him.
  const place = `Brno, Kounicova ${Date.now().toString(36)}`;
  const termDay = new Date(`${prochazka.earliestExamDate}T12:00:00Z`);
  termDay.setUTCDate(termDay.getUTCDate() + 7);
  const termIso = termDay.toISOString().slice(0, 10);
  await api.mutation('exam.createExam', { schoolId, date: termIso, place, types: ['PPV', 'TZBJ', 'ZP', 'OP'] }, token);

  const page = await openApp(token, '/app/exams');
  await dismissWelcome(page);
  await page.goto('/app/exams');
  await expect(page.getByRole('heading', { name: 'Zkoušky' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Připraveni ke zkoušce' }).click();
  await expect(page.getByRole('heading', { name: 'Připraveni ke zkoušce / Brzy připraveni' })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row').filter({ hasText: 'Procházka Lukáš' });
  await expect(row).toContainText('Brzy připraven', { timeout: 30_000 });
  await expect(row).toContainText(formatDate(prochazka.trainingEnd));
  await expect(row).toContainText(`${formatDate(termIso)} · ${place}`);
  await expect(row).toContainText('Jízdy: 2');
  await page.screenshot({ path: '/work/shots/forecast/list-desktop.png', fullPage: true });

  // 'Připraveni' only: he is not ready yet, so he leaves the list; 'Vše' brings him back.
  await page.getByText(/^Připraveni \(\d+\)$/).click();
  await expect(row).toHaveCount(0);
  await page.getByText(/^Vše \(\d+\)$/).click();
  await expect(row).toHaveCount(1);
  // Sorting by the forecast end keeps him listed (the column sorts both ways).
  await page.getByRole('columnheader', { name: 'Konec výcviku (odhad)' }).click();
  await expect(row).toHaveCount(1);

  // The row links to the card; its 'Cesta ke zkoušce' is the same estimate.
  await row.getByRole('link', { name: /Procházka Lukáš/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/student/${prochazka.studentId}`));
  const block = page.locator('.ant-card').filter({ hasText: 'Cesta ke zkoušce' });
  await expect(block).toContainText('Odhad', { timeout: 30_000 });
  await expect(block.getByRole('list', { name: 'Chybí do zákonného rozsahu' })).toContainText('Jízdy: chybí 2 hodiny');
  await expect(block).toContainText(`Nejdříve konec výcviku${formatDate(prochazka.trainingEnd)}`);
  await expect(block).toContainText(`${formatDate(termIso)} · ${place}`);
  await block.getByText('Odhad: co předpokládá').click();
  await expect(block).toContainText('nejvýše 2 hodiny výcviku v řízení denně');
  await block.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/work/shots/forecast/card-desktop.png', fullPage: true });

  // Kučerová: theory missing and not planned — no date, the reason instead.
  const list = await api.query<{ items: { id: string; lastName: string }[] }>('student.students', { schoolId, fullText: '2026/005', pageSize: 10 }, token);
  const kucerova = list.items.find((s) => s.lastName === 'Kučerová');
  await page.goto(`/app/student/${kucerova?.id}`);
  const unknown = page.locator('.ant-card').filter({ hasText: 'Cesta ke zkoušce' });
  await expect(unknown.getByRole('alert')).toContainText('Nelze odhadnout', { timeout: 30_000 });
  await expect(unknown.getByRole('list', { name: 'Proč nelze odhadnout' })).toContainText(/PPV: \d+ lekc/);
  await expect(unknown).not.toContainText('Nejdříve konec výcviku');
  await unknown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/work/shots/forecast/card-unknown-desktop.png', fullPage: true });
});

// Print routes (spec §2, issue 10): 'Tisk' on the hlášenka detail opens export-report in a new tab with a short-lived
// link, no login there and no boot screen: the A4 form with the school, the office and the students, and 'Tisknout'.
// The same link works in a browser that never logged in; a changed link says it is invalid.
import { student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test('Tisk on a hlášenka opens its print route; the link works without login, a changed one is refused', async ({ api, openApp, browser }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school, `Hlášený${Date.now().toString(36).slice(-3)}`);
  const { reportId } = await api.mutation<{ reportId: string }>(
    'student.setDateOfInProgress',
    { schoolId: school.schoolId, studentsIds: [s.id], date: '2026-03-16' },
    school.token,
  );

  const page = await openApp(school.token, `/app/reporting/detail/${reportId}`);
  const button = page.getByRole('button', { name: 'Tisk', exact: false }).filter({ hasText: /^Tisk$/ });
  await expect(button).toBeVisible({ timeout: 45_000 });
  const opening = page.context().waitForEvent('page');
  await button.click();
  const tab = await opening;
  await tab.waitForURL(/\/export-report#t=/, { timeout: 30_000 });
  await expect(tab.getByRole('heading', { name: 'Seznam žadatelů zařazených do výuky a výcviku' })).toBeVisible({ timeout: 30_000 });
  const sheet = tab.locator('article.print-doc');
  await expect(sheet).toContainText('zahájení 16.3.2026');
  await expect(sheet).toContainText('Obecní úřad obce s rozšířenou působností');
  await expect(sheet.getByRole('row').filter({ hasText: s.lastName })).toContainText(`${s.lastName} ${s.firstName}`);
  await expect(tab.getByRole('button', { name: 'Tisknout' })).toBeVisible();
  // No boot screen and no app shell on a print route.
  await expect(tab.locator('.loading-screen')).toHaveCount(0);
  await expect(tab.getByRole('button', { name: 'Nový žák' })).toHaveCount(0);
  const url = tab.url();

  // A browser that never logged in opens the same link.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await other.goto(url);
    await expect(other.getByRole('heading', { name: 'Seznam žadatelů zařazených do výuky a výcviku' })).toBeVisible({ timeout: 30_000 });
    await expect(other.locator('article.print-doc')).toContainText(s.lastName);
    // The token changed by one character: refused, nothing of the document shown.
    const forged = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await other.goto('about:blank');
    await other.goto(forged);
    await expect(other.getByRole('alert')).toHaveText('Odkaz je neplatný nebo jeho platnost vypršela.', { timeout: 30_000 });
    await expect(other.locator('article.print-doc')).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test("the card's Evidence tab prints the class book and the ride record on their print routes", async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school, `Evidovaný${Date.now().toString(36).slice(-3)}`);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=5`);
  const cases = [
    { button: 'Tisk třídní knihy', path: /\/export-school-book#t=/, heading: 'Třídní kniha' },
    { button: 'Tisk evidence výcviku', path: /\/export-evidence-of-trainings#t=/, heading: 'Evidence o výcviku v řízení vozidla' },
  ];
  for (const c of cases) {
    const button = page.getByRole('button', { name: c.button });
    await expect(button).toBeVisible({ timeout: 45_000 });
    const opening = page.context().waitForEvent('page');
    await button.click();
    const tab = await opening;
    await tab.waitForURL(c.path, { timeout: 30_000 });
    await expect(tab.getByRole('heading', { name: c.heading })).toBeVisible({ timeout: 30_000 });
    await expect(tab.locator('article.print-doc')).toContainText(s.lastName);
    await tab.close();
  }
});

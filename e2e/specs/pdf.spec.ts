// PDF exports as jobs on a desktop (issue 10, spec §4): from the card's Evidence tab the class book is asked for, the
// persistent 'Připravuji PDF…' notice shows, the file downloads as report_class_book-<id>.pdf (a real PDF) and the
// notice goes; Nastavení → Historie PDF lists it with the student, who asked and 'Hotovo', and downloads it again.
// The hlášenka's 'Exportovat PDF' and the reporting page's Evidenční kniha go the same way.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

const PREPARING = 'Připravuji PDF…';

/** Records every notice title the page shows from now on (a fast job may take the notice away before a check). */
async function watchNotices(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __notices: string[] }).__notices = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ant-notification-notice-title')) {
        const text = el.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}
const noticesSeen = (page: Page) => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices);

async function expectPdf(download: Download, name: RegExp) {
  expect(download.suggestedFilename()).toMatch(name);
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes.byteLength;
}

test('Evidence tab: the class book as PDF — notice, download, then listed in Historie PDF', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school, `Knihová${Date.now().toString(36).slice(-3)}`);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=5`);
  const button = page.getByRole('button', { name: 'Třídní kniha (PDF)' });
  await expect(button).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Evidence výcviku (PDF)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Potvrzení o částečném absolvování (PDF)' })).toBeVisible();

  await watchNotices(page);
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await button.click();
  const download = await downloading;
  await expectPdf(download, /^report_class_book-[0-9a-f-]{36}\.pdf$/);
  expect(await noticesSeen(page)).toContain(PREPARING);
  await expect(page.locator('.ant-notification-notice').filter({ hasText: PREPARING })).toHaveCount(0);

  // The history: kind, the student, who asked, status; 'Stáhnout' downloads it again.
  await page.goto('/app/settings/pdf-history');
  await expect(page.getByRole('heading', { name: 'Historie PDF' })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row').filter({ hasText: s.lastName });
  await expect(row).toContainText('Třídní kniha');
  await expect(row).toContainText('Hotovo');
  await expect(row).toContainText('Tereza Nováková');
  const again = page.waitForEvent('download');
  await row.getByRole('button', { name: /Stáhnout/ }).click();
  expect((await again).suggestedFilename()).toBe(download.suggestedFilename());

  // Filters: no Evidenční kniha yet; the class book under its own kind.
  await page.getByRole('combobox', { name: 'Dokument' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Evidenční kniha' }).click();
  await expect(page.getByText('Zatím žádné PDF').first()).toBeVisible();
});

test('a hlášenka and the Evidenční kniha as PDF', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  // Starting training puts the student on a hlášenka.
  const { reportId } = await api.mutation<{ reportId: string }>(
    'student.setDateOfInProgress',
    { schoolId: school.schoolId, studentsIds: [s.id] },
    school.token,
  );
  expect(reportId).toBeTruthy();

  const page = await openApp(school.token, `/app/reporting/detail/${reportId}`);
  const exportButton = page.getByRole('button', { name: 'Exportovat PDF' });
  await expect(exportButton).toBeVisible({ timeout: 45_000 });
  const report = page.waitForEvent('download', { timeout: 60_000 });
  await exportButton.click();
  await expectPdf(await report, /^report-[0-9a-f-]{36}\.pdf$/);

  await page.goto('/app/reporting');
  const book = page.getByRole('button', { name: 'Evidenční kniha (PDF)' });
  await expect(book).toBeEnabled({ timeout: 30_000 });
  const register = page.waitForEvent('download', { timeout: 60_000 });
  await book.click();
  await expectPdf(await register, /^register_book-[0-9a-f-]{36}\.pdf$/);
});

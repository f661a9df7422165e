// 'Podklady pro kontrolu' on a desktop (issue 22 §2): the admin opens the page from the menu, keeps a range around
// today, presses 'Vytvořit podklady', sees the pack's progress, then 'Stáhnout'; the downloaded ZIP's entries are listed
// (the evidenční kniha, the consistency report as PDF, CSV and text, obsah.txt) and its texts read. A teacher of the same
// school does not see the menu item and the page refuses. Screenshots at 1440 px with INSPECTION_SHOTS=<dir>.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { schoolToday } from '../../packages/shared/src/school-time.ts';
import { unzipSync } from 'fflate';
import { student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { joinAsTeacher } from '../support/my-day.ts';
import { freshSchool } from '../support/students.ts';

const SHOTS = process.env.INSPECTION_SHOTS;

/** Records whether a progress bar was ever on the page (a small school's pack may be built within a second). */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __progressSeen: boolean };
    w.__progressSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.ant-progress')) w.__progressSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

test('creates the pack as a job, shows its progress, downloads the ZIP and lists its entries', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school, `Kontrolní${Date.now().toString(36).slice(-3)}`);
  const page = await openApp(school.token, '/app', { viewport: { width: 1440, height: 900 } });
  await page.getByRole('menuitem', { name: 'Podklady pro kontrolu' }).click({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Podklady pro kontrolu' })).toBeVisible();
  await expect(page.getByLabel('Od', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Do', { exact: true })).toHaveValue(schoolToday(new Date()).split('-').reverse().map(Number).join('.'));
  await expect(page.getByText('Zatím žádné podklady')).toBeVisible();
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/inspection-pack-empty-1440.png` });
  }

  await watchProgress(page);
  await page.getByRole('button', { name: 'Vytvořit podklady' }).click();
  const download = page.getByRole('button', { name: 'Stáhnout' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { __progressSeen: boolean }).__progressSeen)).toBe(true);
  await expect(page.getByText('Hotovo')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/inspection-pack-done-1440.png` });

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^podklady-pro-kontrolu-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await file.path()) as string)));
  const names = Object.keys(zip).sort();
  expect(names).toEqual([
    'evidencni-kniha.pdf',
    'kontrola-konzistence.csv',
    'kontrola-konzistence.pdf',
    'kontrola-konzistence.txt',
    'obsah.txt',
    'overeni-zaznamu.json',
    'overeni-zaznamu.txt',
  ]);
  for (const n of names.filter((x) => x.endsWith('.pdf'))) expect(new TextDecoder().decode(zip[n]?.subarray(0, 5))).toBe('%PDF-');
  const contents = new TextDecoder().decode(zip['obsah.txt']);
  expect(contents).toContain('Podklady pro kontrolu');
  expect(contents).toContain('evidencni-kniha.pdf');
  const report = new TextDecoder().decode(zip['kontrola-konzistence.txt']);
  expect(report).toContain('Kontrola konzistence záznamů');
  // A new school with one admitted student and no rides: every section is clean.
  expect(report.match(/\(Bez nálezů\)/g)).toHaveLength(10);
  expect(s.lastName).toBeTruthy();
});

test('a teacher of the school has no such menu item and the page refuses', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  const teacher = await joinAsTeacher(api, school);
  const page = await openApp(teacher.token, '/app/podklady-pro-kontrolu', { viewport: { width: 1440, height: 900 } });
  await expect(page.getByText('Podklady pro kontrolu může vytvořit jen administrátor autoškoly.')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('menuitem', { name: 'Podklady pro kontrolu' })).toHaveCount(0);
});

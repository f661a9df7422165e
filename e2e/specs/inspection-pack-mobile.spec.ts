// 'Podklady pro kontrolu' on a phone (375 px, issue 22 §2): reached from 'Více', the range and 'Vytvořit podklady' fit
// the screen, and the finished pack offers 'Stáhnout'. Screenshots with INSPECTION_SHOTS=<dir>.
import { mkdirSync } from 'node:fs';
import { expectNoSidewaysScroll } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

const SHOTS = process.env.INSPECTION_SHOTS;

test('from Více to a finished pack on a phone', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const page = await openApp(school.token, '/app/more');
  await page.getByRole('link', { name: 'Podklady pro kontrolu' }).click({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Podklady pro kontrolu' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Vytvořit podklady' }).click();
  await expect(page.getByRole('button', { name: 'Stáhnout' })).toBeVisible({ timeout: 60_000 });
  await expectNoSidewaysScroll(page);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/inspection-pack-done-375.png`, fullPage: true });
  }
});

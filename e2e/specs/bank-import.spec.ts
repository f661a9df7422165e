// 'Import výpisu' on a desktop (issue 21 §1): a GPC statement (Windows-1250, generated here) and a camt.053 statement
// are uploaded on Platby; the preview shows 'Spárováno' by the student's variable symbol and the rule ('Jak párujeme');
// 'Potvrdit párování' turns the matches into payments and the owing list changes; the same file again adds nothing.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { camt053Text, gpcText, windows1250 } from '../../packages/shared/src/bank-statement/sample-files.ts';
import { expect, test } from '../support/fixtures.ts';
import { setOperator } from '../support/invoices.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';

const kc = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));
const SHOTS = '/work/shots/bank';

async function upload(page: Page, name: string, bytes: Uint8Array) {
  const modal = page.locator('.ant-modal').filter({ hasText: 'Import výpisu' });
  await modal.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
  return modal;
}

test('imports a GPC and a camt.053 statement, confirms the matches, the owing list changes', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  await setOperator(api, school);
  const suffix = uniqueSuffix(4);
  const regA = `${Date.now() % 100000}1`;
  const regB = `${Date.now() % 100000}2`;
  const a = await createStudentViaApi(api, school, { firstName: 'Jan', lastName: `Novák${suffix}`, registrationNumber: regA });
  const b = await createStudentViaApi(api, school, { firstName: 'Eva', lastName: `Malá${suffix}`, registrationNumber: regB });
  for (const id of [a, b]) await api.mutation('paymentItem.setStudentPrice', { schoolId: school.schoolId, studentId: id, price: 10000 }, school.token);

  const page = await openApp(school.token, '/app/payments', { viewport: { width: 1440, height: 900 } });
  const rowA = page.getByRole('row').filter({ hasText: `Novák${suffix}` });
  const rowB = page.getByRole('row').filter({ hasText: `Malá${suffix}` });
  await expect(rowA).toContainText(kc('10 000,00 Kč'), { timeout: 45_000 });
  await expect(rowB).toContainText(kc('10 000,00 Kč'));

  // GPC: 4 000 Kč from Jan by his variable symbol, and an outgoing payment that is left out.
  const gpc = windows1250(
    gpcText('0000192000145399', [
      { id: `5${suffix.length}${Date.now() % 1e9}`, amount: 400_000, vs: regA, name: 'Novák Jan', message: 'Kurz B záloha' },
      { id: `6${Date.now() % 1e9}`, amount: 10_000, credit: false, name: 'Poplatek' },
    ]),
  );
  await page.getByRole('button', { name: 'Import výpisu' }).click();
  let modal = await upload(page, 'vypis.gpc', gpc);
  const gpcRow = modal.getByRole('row').filter({ hasText: 'Novák Jan' });
  await expect(gpcRow).toContainText('Spárováno');
  await expect(gpcRow).toContainText(kc('4 000,00 Kč'));
  await expect(modal).toContainText('odchozí platby vynechány: 1');
  await modal.getByText('Jak párujeme').click();
  await expect(modal).toContainText('variabilní symbol žáka');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/import-gpc-1440.png` });
  await modal.getByRole('button', { name: 'Potvrdit párování (1)' }).click();
  await expect(page.getByText('Zaúčtováno plateb: 1')).toBeVisible();
  await expect(rowA).toContainText(kc('6 000,00 Kč'));

  // The same file again: every item is already imported, nothing to confirm.
  await page.getByRole('button', { name: 'Import výpisu' }).click();
  modal = await upload(page, 'vypis.gpc', gpc);
  await expect(modal.getByRole('row').filter({ hasText: 'Novák Jan' })).toContainText('Již importováno');
  await expect(modal.getByRole('button', { name: /Potvrdit párování/ })).toBeDisabled();
  await modal.getByRole('button', { name: 'Zavřít' }).first().click();

  // camt.053: Eva pays everything by her variable symbol; she leaves the owing list.
  const camt = new TextEncoder().encode(camt053Text('CZ6508000000192000145399', [{ id: `CAMT-${suffix}-1`, amount: 1_000_000, vs: regB, name: 'Eva Malá' }]));
  await page.getByRole('button', { name: 'Import výpisu' }).click();
  modal = await upload(page, 'camt053.xml', camt);
  await expect(modal.getByRole('row').filter({ hasText: 'Eva Malá' })).toContainText('Spárováno');
  await modal.getByRole('button', { name: 'Potvrdit párování (1)' }).click();
  await expect(page.getByText('Zaúčtováno plateb: 1')).toBeVisible();
  await expect(rowB).toHaveCount(0);
  await expect(rowA).toContainText(kc('6 000,00 Kč'));
  await page.screenshot({ path: `${SHOTS}/owing-after-1440.png` });

  // At 375 px the preview is a list of cards.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Import výpisu' }).click();
  modal = await upload(page, 'vypis.gpc', gpc);
  const card = modal.getByRole('list', { name: 'Platby z výpisu' }).getByRole('listitem').filter({ hasText: 'Novák Jan' });
  await expect(card).toContainText('Již importováno');
  await page.screenshot({ path: `${SHOTS}/import-375.png` });
});

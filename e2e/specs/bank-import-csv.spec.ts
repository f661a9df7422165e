// 'Import výpisu' with the school's own CSV columns (issue 21 §1): a Raiffeisenbank-like CSV export (Windows-1250,
// semicolons, a decimal comma, thousands spaces, no line of its own account above the header) made here; the office
// picks CSV → 'Vlastní sloupce', maps each column from the file's header, saves the mapping, previews, confirms the
// match and sees the owing list change. The next import starts with the saved columns and adds nothing.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { windows1250 } from '../../packages/shared/src/bank-statement/sample-files.ts';
import { expect, test } from '../support/fixtures.ts';
import { setOperator } from '../support/invoices.ts';
import { createStudentViaApi, freshSchool, pickOption, uniqueSuffix } from '../support/students.ts';
import { field } from '../support/training.ts';

const kc = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));
const SHOTS = '/work/shots/bank-csv';

const HEADER = [
  'Datum provedení',
  'Datum zaúčtování',
  'Číslo účtu',
  'Název účtu',
  'Kategorie transakce',
  'Číslo protiúčtu',
  'Název protiúčtu',
  'Typ transakce',
  'Zpráva',
  'Poznámka',
  'VS',
  'KS',
  'SS',
  'Zaúčtovaná částka',
  'Měna účtu',
  'Původní částka a měna',
  'Poplatek',
  'Id transakce',
];

function statement(reg: string, suffix: string): Uint8Array {
  const row = (o: { amount: string; vs: string; name: string; message: string; id: string; type: string }) =>
    [
      '27.11.2026 09:14',
      '27.11.2026',
      '19-2000145399/0800',
      'Autoškola Volant',
      'Příjem',
      '670100-2212345678/6210',
      o.name,
      o.type,
      `"${o.message}"`,
      '',
      o.vs,
      '0308',
      '',
      `"${o.amount}"`,
      'CZK',
      '',
      '0,00',
      o.id,
    ].join(';');
  return windows1250(
    [
      HEADER.join(';'),
      row({ amount: '4 000,00', vs: reg, name: `Novák${suffix} Jan`, message: 'Kurz B; 1. splátka', id: `RB-${suffix}-1`, type: 'Příchozí platba' }),
      row({ amount: '-1 250,00', vs: '', name: 'Pronájem učebny', message: 'Nájem 11/2026', id: `RB-${suffix}-2`, type: 'Odchozí platba' }),
    ].join('\r\n'),
  );
}

/** Picks a header name in the form's select, typing it first (the list is virtual: a long header is not all rendered). */
async function choose(form: Locator, label: string, option: string) {
  const item = field(form, label);
  await expect(async () => {
    await pickOption(form.page(), item.getByRole('combobox'), option, option);
    await expect(item.locator('.ant-select')).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function upload(page: Page, name: string, bytes: Uint8Array): Promise<Locator> {
  const modal = page.locator('.ant-modal').filter({ hasText: 'Import výpisu' });
  await modal.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(bytes) });
  return modal;
}

test('maps the columns of a bank CSV, saves them, confirms the match; the next import reuses them and adds nothing', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  await setOperator(api, school);
  const suffix = uniqueSuffix(4);
  const reg = `${Date.now() % 100000}7`;
  const student = await createStudentViaApi(api, school, { firstName: 'Jan', lastName: `Novák${suffix}`, registrationNumber: reg });
  await api.mutation('paymentItem.setStudentPrice', { schoolId: school.schoolId, studentId: student, price: 10000 }, school.token);

  const page = await openApp(school.token, '/app/payments', { viewport: { width: 1440, height: 900 } });
  const row = page.getByRole('row').filter({ hasText: `Novák${suffix}` });
  await expect(row).toContainText(kc('10 000,00 Kč'), { timeout: 45_000 });

  await page.getByRole('button', { name: 'Import výpisu' }).click();
  let modal = page.locator('.ant-modal').filter({ hasText: 'Import výpisu' });
  await pickOption(page, modal.getByRole('combobox', { name: 'Formát výpisu' }), 'CSV');
  await pickOption(page, modal.getByRole('combobox', { name: 'Banka (CSV)' }), 'Vlastní sloupce');
  const file = statement(reg, suffix);
  modal = await upload(page, 'Pohyby_na_uctu.csv', file);
  const form = modal.getByRole('form', { name: 'Vlastní sloupce' });
  await expect(form).toContainText(`Záhlaví souboru: ${HEADER.length} sloupců`);

  // A mapping without the amount is refused at the field.
  await choose(form, 'Datum', 'Datum zaúčtování');
  await form.getByRole('button', { name: 'Zobrazit náhled' }).click();
  await expect(form).toContainText('Vyberte sloupec částky, nebo sloupec příjmů.');

  await choose(form, 'Částka (sloupec)', 'Zaúčtovaná částka');
  await choose(form, 'Měna', 'Měna účtu');
  await choose(form, 'Variabilní symbol', 'VS');
  await choose(form, 'Plátce', 'Název protiúčtu');
  await choose(form, 'Zpráva', 'Zpráva');
  await choose(form, 'Protiúčet (číslo nebo číslo/kód)', 'Číslo protiúčtu');
  await choose(form, 'ID transakce', 'Id transakce');
  await choose(form, 'Vlastní účet', 'Sloupec „Číslo účtu“');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/columns-1440.png` });
  await form.getByRole('button', { name: 'Uložit nastavení sloupců' }).click();
  await expect(page.getByText('Nastavení sloupců uloženo')).toBeVisible();

  await form.getByRole('button', { name: 'Zobrazit náhled' }).click();
  const line = modal.getByRole('row').filter({ hasText: `Novák${suffix} Jan` });
  await expect(line).toContainText('Spárováno');
  await expect(line).toContainText(kc('4 000,00 Kč'));
  await expect(line).toContainText('Kurz B; 1. splátka');
  await expect(modal).toContainText('odchozí platby vynechány: 1');
  await page.screenshot({ path: `${SHOTS}/preview-1440.png` });
  await modal.getByRole('button', { name: 'Potvrdit párování (1)' }).click();
  await expect(page.getByText('Zaúčtováno plateb: 1')).toBeVisible();
  await expect(row).toContainText(kc('6 000,00 Kč'));

  // The next import: 'Vlastní sloupce' is the default with the saved columns, the file is previewed at once.
  await page.getByRole('button', { name: 'Import výpisu' }).click();
  modal = page.locator('.ant-modal').filter({ hasText: 'Import výpisu' });
  await pickOption(page, modal.getByRole('combobox', { name: 'Formát výpisu' }), 'CSV');
  await expect(modal.getByRole('combobox', { name: 'Banka (CSV)' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText(
    'Vlastní sloupce',
  );
  modal = await upload(page, 'Pohyby_na_uctu.csv', file);
  await expect(modal.getByRole('row').filter({ hasText: `Novák${suffix} Jan` })).toContainText('Již importováno');
  await expect(modal.getByRole('button', { name: /Potvrdit párování/ })).toBeDisabled();

  // At 375 px: the preview as cards, and the columns form opened again.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(
    modal
      .getByRole('list', { name: 'Platby z výpisu' })
      .getByRole('listitem')
      .filter({ hasText: `Novák${suffix} Jan` }),
  ).toContainText('Již importováno');
  await page.screenshot({ path: `${SHOTS}/preview-375.png` });
  await modal.getByText('Vlastní sloupce (použity pro náhled)').click();
  await expect(modal.getByRole('form', { name: 'Vlastní sloupce' }).getByText('Záhlaví souboru: 18 sloupců')).toBeInViewport();
  await page.waitForTimeout(400); // the panel's opening motion
  await page.screenshot({ path: `${SHOTS}/columns-375.png` });

  // The student's payments show the transfer.
  await modal.getByRole('button', { name: 'Zavřít' }).first().click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/app/student/${student}?activeTab=4`);
  const payment = page.getByRole('row').filter({ hasText: 'Bankovní převod (výpis)' });
  await expect(payment).toContainText(kc('4 000,00 Kč'));
  await expect(payment).toContainText('Převodem');
});

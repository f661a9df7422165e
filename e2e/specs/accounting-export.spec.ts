// 'Export pro účetní' on a desktop (issue 21 §3): a VAT payer's invoice of 1 234,50 Kč, a cancelled one (its
// 'Opravný daňový doklad') and a payment, all in March 2026; Platby → Doklady → 'Export pro účetní' for 1.3.–31.3.2026
// downloads the Pohoda XML (root dat:dataPack with Stormware's namespaces, the cancelled document marked) and then the
// two CSV files for Czech Excel (UTF-8 BOM, ';', '1234,50', D.M.YYYY), each checked as text.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { setOperator } from '../support/invoices.ts';
import { freshSchool } from '../support/students.ts';

const SHOTS = process.env.EXPORT_SHOTS;

const text = async (d: Download) => readFileSync((await d.path()) as string, 'utf8');

async function typeDay(page: Page, label: string, day: string) {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

test('exports a period as Pohoda XML and as CSV for Excel, checked as text', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  await setOperator(api, school, { vatPayer: true });
  const s = await student(api, school);
  const q = { schoolId: school.schoolId, studentId: s.id };
  const line = { text: 'Výcvik skupiny B', quantity: 1, unitPrice: 1234.5, vatRate: 21 };
  const invoice = await api.mutation<{ id: string; number: string }>('invoice.issueInvoice', { ...q, issuedOn: '2026-03-02', lines: [line] }, school.token);
  const wrong = await api.mutation<{ id: string; number: string }>('invoice.issueInvoice', { ...q, issuedOn: '2026-03-03', lines: [line] }, school.token);
  const { creditNote } = await api.mutation<{ creditNote: { number: string } }>(
    'invoice.cancelInvoice',
    { schoolId: school.schoolId, id: wrong.id, reason: 'Duplicita', issuedOn: '2026-03-04' },
    school.token,
  );
  await api.mutation('invoice.issueInvoice', { ...q, issuedOn: '2026-04-01', lines: [line] }, school.token);
  await api.mutation('paymentItem.createPayment', { ...q, price: 1234.5, paidOn: '2026-03-05', method: 'TRANSFER' }, school.token);

  const page = await openApp(school.token, '/app/payments?tab=doklady', SHOTS ? { viewport: { width: 1440, height: 900 } } : {});
  await page.getByRole('button', { name: 'Export pro účetní' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Pohoda XML')).toBeVisible({ timeout: 45_000 });
  await typeDay(page, 'Od', '1.3.2026');
  await typeDay(page, 'Do', '31.3.2026');
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/export-dialog-1440.png` });
  }

  // Pohoda XML.
  const [xmlFile] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Stáhnout' }).click()]);
  expect(xmlFile.suggestedFilename()).toBe('pohoda-2026-03-01-2026-03-31.xml');
  const xml = await text(xmlFile);
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<dat:dataPack /);
  expect(xml).toContain('xmlns:dat="http://www.stormware.cz/schema/version_2/data.xsd"');
  expect(xml).toContain('xmlns:inv="http://www.stormware.cz/schema/version_2/invoice.xsd"');
  expect(xml).toContain('xmlns:typ="http://www.stormware.cz/schema/version_2/type.xsd"');
  expect(xml.match(/<inv:invoice version="2\.0">/g)).toHaveLength(3);
  expect(xml).toContain(`<typ:numberRequested checkDuplicity="true">${invoice.number}</typ:numberRequested>`);
  expect(xml).toContain('<inv:storno>cancelledDocument</inv:storno>');
  expect(xml).toContain(`<inv:text>Opravný daňový doklad č. ${creditNote.number}</inv:text>`);
  expect(xml).toContain('<typ:priceHighSum>1234.50</typ:priceHighSum>');
  await expect(dialog.getByText('dokladů: 3')).toBeVisible();

  // CSV: two files.
  await dialog.getByText('CSV (Excel)').click();
  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await dialog.getByRole('button', { name: 'Stáhnout' }).click();
  await expect.poll(() => downloads.length).toBe(2);
  const byName = Object.fromEntries(await Promise.all(downloads.map(async (d) => [d.suggestedFilename(), await text(d)] as const)));
  const docs = byName['doklady-2026-03-01-2026-03-31.csv'] as string;
  const pays = byName['platby-2026-03-01-2026-03-31.csv'] as string;
  for (const csv of [docs, pays]) {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')[0]).toContain('";"');
  }
  expect(docs).toContain(`"${invoice.number}";"Faktura";"Platný";"2.3.2026"`);
  expect(docs).toContain('"1020,25";"214,25";"1234,50"');
  expect(docs).toContain(`"${wrong.number}";"Faktura";"Stornován"`);
  expect(docs).toContain(`"${creditNote.number}";"Opravný doklad";"Platný";"4.3.2026"`);
  expect(docs).toContain('"-1234,50"');
  expect(pays.split('\r\n')[1]).toMatch(/^"5\.3\.2026";"[^"]+";"[^"]*";"Převodem";"1234,50";/);
  await expect(dialog.getByText('plateb: 1')).toBeVisible();

  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/export-done-1440.png` });
    // The phone's bottom sheet: closed and opened again at 375 px.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Export pro účetní' }).click();
    await expect(page.getByRole('dialog').getByText('Pohoda XML')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/export-dialog-375.png`, animations: 'disabled' });
  }
});

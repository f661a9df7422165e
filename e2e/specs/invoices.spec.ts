// Doklady on a desktop (issue 9): the operator first (the refusal links to Nastavení → Provozovatel), an invoice issued
// from the student's Platba tab at the price after the discount, found in Platby → Doklady, opened, cancelled with a
// reason into a credit note; a receipt for a payment; a VAT payer's invoice to a company; a document issued elsewhere
// appearing live in the list.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { student } from '../support/calendar.ts';
import { expect, expectLive, test } from '../support/fixtures.ts';
import { docNumber, kc, setOperator } from '../support/invoices.ts';
import { formItem, freshSchool, pickOption, todayCz } from '../support/students.ts';

const SHOTS = process.env.INVWEB_SHOTS;

const issueDrawer = (page: Page) => page.locator('.ant-drawer').filter({ hasText: 'Vystavení dokladu' });
const documentsOnCard = (page: Page) => page.getByRole('table', { name: 'Doklady žáka' });
const success = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
/** A labelled value of the document's dates and payment (a row of its description list). */
const field = (page: Page, label: string) => page.locator('.ant-descriptions-row').filter({ hasText: label });

async function openIssueDrawer(page: Page): Promise<Locator> {
  const open = page.getByRole('button', { name: 'Vystavit doklad' });
  await expect(open).toBeEnabled({ timeout: 30_000 });
  await open.click();
  const drawer = issueDrawer(page);
  await expect(drawer).toBeVisible();
  return drawer;
}

test('operator first, an invoice from Platba, found in Platby → Doklady, cancelled with a reason into a credit note', async ({ api, openApp }) => {
  test.setTimeout(180_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  await api.mutation('paymentItem.setStudentPrice', { schoolId: school.schoolId, studentId: s.id, price: 20000, discount: 2000 }, school.token);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`, SHOTS ? { viewport: { width: 1440, height: 900 } } : {});
  await expect(page.getByText('Zatím žádné doklady')).toBeVisible({ timeout: 45_000 });

  // No operator yet: the drawer warns, the server refuses, and the link leads to the settings.
  let drawer = await openIssueDrawer(page);
  await expect(drawer).toContainText('Nejdříve vyplňte provozovatele v Nastavení → Provozovatel.');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer.locator('.ant-alert-error')).toContainText('Nejdříve vyplňte provozovatele');
  await drawer.getByRole('link', { name: 'Otevřít Nastavení → Provozovatel' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/operator$/);

  // Nastavení → Provozovatel: a payer needs a DIČ; this school is not a payer.
  const form = page.locator('.ant-card').filter({ hasText: 'Provozovatel' });
  await form.getByLabel('Název provozovatele').fill('Volant Test s.r.o.');
  await form.getByLabel('IČO').fill('27584231');
  await form.getByLabel('Ulice').fill('Kounicova');
  await form.getByLabel('Číslo popisné').fill('688/38');
  await form.getByLabel('Město').fill('Brno');
  await form.getByLabel('PSČ').fill('602 00');
  await form.getByRole('switch', { name: 'Plátce DPH' }).click();
  await form.getByRole('button', { name: 'Uložit' }).click();
  await expect(formItem(form, 'DIČ')).toContainText('Prosím zadejte DIČ!');
  await form.getByRole('switch', { name: 'Plátce DPH' }).click();
  await form.getByLabel('Bankovní účet (volitelné)').fill('19-2000145399/0800');
  await expect(form.getByLabel('Splatnost faktur ve dnech')).toHaveValue('14');
  await form.getByRole('button', { name: 'Uložit' }).click();
  await expect(page.getByText('Změny byly uloženy')).toBeVisible();

  // The invoice: one line, the course at the price after the discount.
  await page.goto(`/app/student/${s.id}?activeTab=4`);
  drawer = await openIssueDrawer(page);
  await expect(drawer).not.toContainText('Nejdříve vyplňte provozovatele');
  const line = drawer.getByRole('group', { name: 'Položka 1' });
  await expect(line.getByLabel('Text položky')).toHaveValue('Výcvik skupiny B – kurz');
  await expect(line.getByLabel('Cena za jednotku (Kč)')).toHaveValue('18000,00');
  await expect(drawer.getByLabel('Sazba DPH')).toHaveCount(0);
  await expect(drawer).toContainText(kc('Celkem k úhradě: 18 000,00 Kč'));
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(success(page, 'Doklad byl vystaven.')).toBeVisible();
  await expect(drawer).toBeHidden();
  const first = docNumber(1);
  const onCard = documentsOnCard(page).getByRole('row').filter({ hasText: first });
  await expect(onCard).toContainText('Faktura');
  await expect(onCard).toContainText(kc('18 000,00 Kč'));
  await expect(onCard).toContainText('Platný');

  // Platby → Doklady (the tab in the URL), the filters.
  await page.getByRole('complementary').getByRole('menuitem', { name: 'Platby' }).click();
  await page.getByRole('tab', { name: 'Doklady' }).click();
  await expect(page).toHaveURL(/\/app\/payments\?tab=doklady$/);
  const row = page.getByRole('row').filter({ hasText: first });
  await expect(row).toContainText('Faktura');
  await expect(row).toContainText(`Eva ${s.lastName}`);
  await expect(row).toContainText(todayCz());
  await expect(row).toContainText(kc('18 000,00 Kč'));
  await page.getByLabel('Hledat doklad').fill('neexistuje');
  await expect(page.getByText('Žádné doklady neodpovídají filtru').first()).toBeVisible();
  await page.getByLabel('Hledat doklad').fill(s.lastName.toLowerCase());
  await expect(row).toBeVisible();
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/list-1440.png`, fullPage: true });
  }

  // The detail: supplier, customer, dates, total; a non-payer's note.
  await row.getByRole('link', { name: `Doklad ${first}` }).click();
  await expect(page).toHaveURL(/\/app\/payments\/invoice\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: `Faktura č. ${first}` })).toBeVisible();
  const supplier = page.getByRole('region', { name: 'Dodavatel' });
  await expect(supplier).toContainText('Volant Test s.r.o.');
  await expect(supplier).toContainText('IČO: 27584231');
  await expect(supplier).toContainText('Neplátce DPH');
  await expect(supplier).toContainText('Bankovní účet: 19-2000145399/0800');
  await expect(page.getByRole('region', { name: 'Odběratel' })).toContainText(`Eva ${s.lastName}`);
  await expect(page.getByRole('table', { name: 'Položky dokladu' })).toContainText('Výcvik skupiny B – kurz');
  await expect(page.getByText('Celkem k úhradě').locator('..')).toContainText(kc('18 000,00 Kč'));
  await expect(field(page, 'Variabilní symbol')).toContainText(first);
  await expect(page.getByRole('button', { name: 'Stáhnout PDF' })).toBeVisible();
  // 'Vytisknout' opens the A4 print route of the same document in a new tab.
  const opening = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Vytisknout' }).click();
  const tab = await opening;
  await tab.waitForURL(/\/export-invoice#t=/, { timeout: 30_000 });
  await expect(tab.locator('article.print-doc')).toContainText(first, { timeout: 30_000 });
  await expect(tab.locator('article.print-doc')).toContainText('Volant Test s.r.o.');
  await tab.close();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-1440.png`, fullPage: true });

  // Stornovat: the reason is required; the credit note opens and names the invoice, which now shows Stornováno.
  await page.getByRole('button', { name: 'Stornovat' }).click();
  const modal = page.getByRole('dialog').filter({ hasText: `Stornovat doklad č. ${first}` });
  await modal.getByRole('button', { name: 'Stornovat' }).click();
  await expect(formItem(modal, 'Důvod storna')).toContainText('Prosím zadejte důvod storna!');
  await modal.getByLabel('Důvod storna').fill('Chybná částka');
  await modal.getByRole('button', { name: 'Stornovat' }).click();
  const second = docNumber(2);
  await expect(page.getByRole('heading', { name: `Opravný doklad č. ${second}` })).toBeVisible();
  await expect(page.getByText('Celkem k úhradě').locator('..')).toContainText(kc('-18 000,00 Kč'));
  await expect(page.getByRole('button', { name: 'Stornovat' })).toHaveCount(0);
  await page.getByRole('link', { name: `č. ${first}` }).click();
  await expect(page.getByRole('heading', { name: `Faktura č. ${first}` })).toBeVisible();
  await expect(page.locator('.ant-tag').filter({ hasText: 'Stornováno' })).toBeVisible();
  await expect(page.locator('.ant-alert-error')).toContainText('Důvod: Chybná částka');
  await expect(page.locator('.ant-alert-error').getByRole('link', { name: `č. ${second}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stornovat' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-cancelled-1440.png`, fullPage: true });

  // The list: both documents; the state filter.
  await page.getByRole('link', { name: 'Doklady' }).click();
  await expect(page.getByRole('row').filter({ hasText: second })).toContainText('Opravný doklad');
  await pickOption(page, page.getByLabel('Stav dokladu'), 'Stornované');
  await expect(page.getByRole('row').filter({ hasText: first })).toContainText('Stornováno');
  await expect(page.getByRole('row').filter({ hasText: second })).toHaveCount(0);
});

test('a bank transfer needs the account: refused without it, set in Nastavení → Provozovatel, then account, VS and QR Platba on the print route and the PDF named by the number', async ({
  api,
  openApp,
}) => {
  test.setTimeout(180_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  await setOperator(api, school, { bankAccount: null });
  await api.mutation('paymentItem.setStudentPrice', { schoolId: school.schoolId, studentId: s.id, price: 22900.5, discount: 0 }, school.token);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`, SHOTS ? { viewport: { width: 1440, height: 900 } } : {});
  await expect(page.getByText('Zatím žádné doklady')).toBeVisible({ timeout: 45_000 });

  // 'Převodem' (the default) without an account: said before saving, and saving stops there.
  const missing = 'Pro doklad s platbou převodem vyplňte bankovní účet v Nastavení → Provozovatel.';
  let drawer = await openIssueDrawer(page);
  await expect(drawer.locator('.ant-alert-warning')).toContainText(missing);
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer.locator('.ant-alert-error')).toContainText(missing);
  await expect(drawer).toBeVisible();
  // Cash needs no account.
  await pickOption(page, drawer.getByLabel('Způsob platby'), 'Hotově');
  await expect(drawer.locator('.ant-alert-warning')).toHaveCount(0);
  await pickOption(page, drawer.getByLabel('Způsob platby'), 'Převodem');
  await expect(drawer.locator('.ant-alert-warning')).toContainText(missing);
  await drawer.getByRole('link', { name: 'Otevřít Nastavení → Provozovatel' }).first().click();
  await expect(page).toHaveURL(/\/app\/settings\/operator$/);
  expect((await api.query<{ items: unknown[] }>('invoice.getInvoices', { schoolId: school.schoolId }, school.token)).items).toEqual([]);

  // The account: checked (mod-11 of the number), an IBAN accepted and kept in the Czech form.
  const form = page.locator('.ant-card').filter({ hasText: 'Provozovatel' });
  const account = form.getByLabel('Bankovní účet (volitelné)');
  await account.fill('123456789/0800');
  await form.getByRole('button', { name: 'Uložit' }).click();
  await expect(form.locator('.ant-form-item').filter({ hasText: 'Bankovní účet' })).toContainText('Neplatné číslo účtu (nesouhlasí kontrolní součet)');
  await account.fill('CZ65 0800 0000 1920 0014 5399');
  await form.getByRole('button', { name: 'Uložit' }).click();
  await expect(page.getByText('Změny byly uloženy')).toBeVisible();
  await page.reload();
  await expect(page.locator('.ant-card').filter({ hasText: 'Provozovatel' }).getByLabel('Bankovní účet (volitelné)')).toHaveValue('19-2000145399/0800', {
    timeout: 30_000,
  });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/operator-account-1440.png`, fullPage: true });

  // The invoice by transfer now goes through.
  await page.goto(`/app/student/${s.id}?activeTab=4`);
  drawer = await openIssueDrawer(page);
  await expect(drawer.locator('.ant-alert-warning')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(success(page, 'Doklad byl vystaven.')).toBeVisible();
  const number = docNumber(1);
  await documentsOnCard(page).getByRole('row').filter({ hasText: number }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: `Faktura č. ${number}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Dodavatel' })).toContainText('Bankovní účet: 19-2000145399/0800');

  // The print route: the account, its IBAN, the VS and the QR Platba of the amount.
  const opening = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Vytisknout' }).click();
  const tab = await opening;
  await tab.waitForURL(/\/export-invoice#t=/, { timeout: 30_000 });
  const sheet = tab.locator('article.print-doc');
  await expect(sheet).toContainText(number, { timeout: 30_000 });
  await expect(sheet.locator('.print-fields')).toContainText('Bankovní účet19-2000145399/0800');
  await expect(sheet.locator('.print-fields')).toContainText('IBANCZ65 0800 0000 1920 0014 5399');
  await expect(sheet.locator('.print-fields')).toContainText(`Variabilní symbol${number}`);
  const qr = sheet.locator('.print-qr');
  await expect(qr).toContainText('QR Platba');
  await expect(qr).toContainText(`Variabilní symbol: ${number}`);
  await expect(qr).toHaveAttribute(
    'data-qr-payment',
    new RegExp(`^SPD\\*1\\.0\\*ACC:CZ6508000000192000145399\\*AM:22900\\.50\\*CC:CZK\\*DT:\\d{8}\\*X-VS:${number}\\*MSG:Faktura ${number}$`),
  );
  const image = qr.getByRole('img', { name: 'QR Platba' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth > 0 && img.complete)).toBe(true);
  if (SHOTS) await tab.screenshot({ path: `${SHOTS}/print-qr-1440.png`, fullPage: true });
  await tab.close();

  // The PDF is saved under the document's number, also from Historie PDF.
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Stáhnout PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`faktura-${number}.pdf`);
  await page.goto('/app/settings/pdf-history');
  const row = page.getByRole('row').filter({ hasText: 'Faktura' });
  await expect(row).toContainText('Hotovo', { timeout: 30_000 });
  const again = page.waitForEvent('download');
  await row.getByRole('button', { name: /Stáhnout/ }).click();
  expect((await again).suggestedFilename()).toBe(`faktura-${number}.pdf`);
});

test('a receipt for a payment: the payment picked with its amount and method, then no second document for it', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  await setOperator(api, school);
  const s = await student(api, school);
  await api.mutation('paymentItem.createPayment', { schoolId: school.schoolId, studentId: s.id, price: 4500.5, method: 'CASH', note: 'Záloha' }, school.token);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`);
  await expect(page.getByText('Zatím žádné doklady')).toBeVisible({ timeout: 45_000 });

  let drawer = await openIssueDrawer(page);
  await drawer.getByText('Příjmový doklad', { exact: true }).click();
  const line = drawer.getByRole('group', { name: 'Položka 1' });
  await expect(line.getByLabel('Text položky')).toHaveValue(`Platba za kurz – ${todayCz()}`);
  await expect(line.getByLabel('Cena za jednotku (Kč)')).toHaveValue('4500,50');
  await expect(formItem(drawer, 'Způsob platby')).toContainText('Hotově');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(success(page, 'Doklad byl vystaven.')).toBeVisible();
  const onCard = documentsOnCard(page)
    .getByRole('row')
    .filter({ hasText: docNumber(1) });
  await expect(onCard).toContainText('Příjmový doklad');
  await expect(onCard).toContainText(kc('4 500,50 Kč'));

  // The payment has its document now: it cannot be picked again.
  drawer = await openIssueDrawer(page);
  await drawer.getByText('Příjmový doklad', { exact: true }).click();
  await expect(drawer).toContainText('Žák nemá platbu bez dokladu.');
  await drawer.getByRole('button', { name: 'Zrušit' }).click();

  await onCard.getByRole('link', { name: `Doklad ${docNumber(1)}` }).click();
  await expect(page.getByRole('heading', { name: `Příjmový doklad č. ${docNumber(1)}` })).toBeVisible();
  await expect(field(page, 'Způsob platby')).toContainText('Hotově');
});

test("a VAT payer's invoice to a company: IČO checked, two lines at two rates, the VAT recap and DUZP", async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  await setOperator(api, school, { vatPayer: true });
  const s = await student(api, school);
  await api.mutation('paymentItem.setStudentPrice', { schoolId: school.schoolId, studentId: s.id, price: 12100 }, school.token);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`, SHOTS ? { viewport: { width: 1440, height: 900 } } : {});
  await expect(page.getByText('Zatím žádné doklady')).toBeVisible({ timeout: 45_000 });

  const drawer = await openIssueDrawer(page);
  await drawer.getByText('Firma', { exact: true }).click();
  await drawer.getByLabel('Název firmy').fill('Dopravní firma a.s.');
  await drawer.getByLabel('IČO').fill('123');
  await drawer.getByLabel('Adresa firmy').fill('Náměstí Svobody 1, 602 00 Brno');
  await expect(drawer.getByLabel('DUZP')).toHaveValue(todayCz());
  await drawer.getByRole('button', { name: 'Přidat položku' }).click();
  const second = drawer.getByRole('group', { name: 'Položka 2' });
  await second.getByLabel('Text položky').fill('Učebnice pravidel');
  await second.getByLabel('Cena za jednotku s DPH (Kč)').fill('560');
  await pickOption(page, second.getByLabel('Sazba DPH'), '12 %');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(formItem(drawer, 'IČO')).toContainText('IČO musí mít 8 číslic');
  await drawer.getByLabel('IČO').fill('12345678');
  await expect(drawer).toContainText(kc('Celkem k úhradě: 12 660,00 Kč'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/drawer-1440.png` });
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(success(page, 'Doklad byl vystaven.')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/platba-1440.png`, fullPage: true });

  await documentsOnCard(page)
    .getByRole('link', { name: `Doklad ${docNumber(1)}` })
    .click();
  await expect(page.getByRole('heading', { name: `Faktura – daňový doklad č. ${docNumber(1)}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dodavatel' })).toContainText('DIČ: CZ27584231');
  const customer = page.getByRole('region', { name: 'Odběratel' });
  await expect(customer).toContainText('Dopravní firma a.s.');
  await expect(customer).toContainText('IČO: 12345678');
  await expect(customer).toContainText(`Žák: Eva ${s.lastName}`);
  await expect(field(page, 'DUZP')).toContainText(todayCz());
  const recap = page.getByRole('table', { name: 'Rekapitulace DPH' });
  await expect(recap.getByRole('row').filter({ hasText: '21 %' })).toContainText(kc('10 000,00 Kč'));
  await expect(recap.getByRole('row').filter({ hasText: '21 %' })).toContainText(kc('2 100,00 Kč'));
  await expect(recap.getByRole('row').filter({ hasText: '12 %' })).toContainText(kc('500,00 Kč'));
  await expect(recap.getByRole('row').filter({ hasText: '12 %' })).toContainText(kc('60,00 Kč'));
  await expect(page.getByText('Celkem k úhradě').locator('..')).toContainText(kc('12 660,00 Kč'));
});

test('a document issued elsewhere appears live in Platby → Doklady (InvoiceMessage), without a reload', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  await setOperator(api, school);
  const s = await student(api, school);
  const page = await openApp(school.token, '/app/payments?tab=doklady');
  await expect(page.getByText('Zatím žádné doklady')).toBeVisible({ timeout: 45_000 });
  await expectLive(page);
  await api.mutation(
    'invoice.issueInvoice',
    { schoolId: school.schoolId, studentId: s.id, lines: [{ text: 'Kondiční jízda', quantity: 2, unitPrice: 650 }] },
    school.token,
  );
  const row = page.getByRole('row').filter({ hasText: docNumber(1) });
  await expect(row).toContainText(kc('1 300,00 Kč'), { timeout: 30_000 });
});

// Tab 4 Platba on a desktop (issue 9, spec §2 Platba): the admin sets the course price, records a payment in Kč (the
// field messages first), sees it in the table with the summary and the card's Platba circle move, and deletes it
// after 'Opravdu chcete odstranit platbu?'.
import { student } from '../support/calendar.ts';
import { expect, expectLive, test } from '../support/fixtures.ts';
import { formItem, freshSchool, pickOption } from '../support/students.ts';

/** Czech money as the app prints it (the thousands separator is a no-break space). */
const kc = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));

test('sets the price, records a payment, sees it and the circle move, deletes it with confirmation', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`);
  await expect(page.getByText('Zatím žádné platby')).toBeVisible({ timeout: 45_000 });
  const summary = page.locator('.ant-card').filter({ hasText: 'Přehled plateb' });
  // A fresh school has no price list: the price is named as missing (not 0 Kč), with the way to the Ceník.
  await expect(summary).toContainText('Chybí v ceníku');
  await expect(summary).toContainText('Ceník nemá cenu pro skupinu B, Základní, Kurz.');
  await expect(summary.getByRole('link', { name: 'Nastavení → Ceník' })).toHaveAttribute('href', '/app/settings/price-list');

  // The course price (admin): 20 000 Kč, discount 2 000 Kč.
  await summary.getByRole('button', { name: 'Upravit cenu' }).click();
  const priceDrawer = page.locator('.ant-drawer').filter({ hasText: 'Důvod slevy' });
  await priceDrawer.getByLabel('Cena kurzu (Kč)').fill('20000');
  await priceDrawer.getByLabel('Sleva (Kč)').fill('2000');
  await priceDrawer.getByLabel('Důvod slevy').fill('Sourozenec');
  await priceDrawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(priceDrawer).toBeHidden();
  await expect(summary).toContainText(/20\s000,00\sKč \(vlastní cena\)/);
  await expect(summary).not.toContainText('Chybí v ceníku');
  await expect(summary).toContainText('Sourozenec');
  await expect(summary).toContainText(kc('18 000,00 Kč'));

  // 'Zaevidovat platbu': the amount is required, then 4 500,50 Kč by transfer.
  await page.getByRole('button', { name: 'Zaevidovat platbu' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Evidence platby' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(formItem(drawer, 'Částka (Kč)')).toContainText('Prosím zadejte částku!');
  await drawer.getByLabel('Částka (Kč)').fill('4500,5');
  await pickOption(page, formItem(drawer, 'Způsob platby').getByRole('combobox'), 'Převodem');
  await drawer.getByLabel('Poznámka').fill('Záloha na kurz');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'Záloha na kurz' });
  await expect(row).toContainText(kc('4 500,50 Kč'));
  await expect(row).toContainText('Převodem');
  await expect(summary).toContainText(kc('13 499,50 Kč'));
  const stored = await api.query<{ items: { price: number }[] }>('paymentItem.getPaymentItems', { schoolId: school.schoolId, studentId: s.id }, school.token);
  expect(stored.items.map((p) => p.price)).toEqual([450050]);

  // The card's circle: 4 500,50 of 18 000 Kč = 25 %.
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(page.getByRole('progressbar', { name: 'Platba' })).toContainText('25 %', { timeout: 30_000 });

  // Delete: the confirmation first; 'Zrušit' keeps it, 'Ano' deletes it.
  await page.getByRole('tab', { name: 'Platba' }).click();
  await row.getByRole('button', { name: 'Odstranit platbu' }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Opravdu chcete odstranit platbu?' });
  await confirm.getByRole('button', { name: 'Zrušit' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Odstranit platbu' }).click();
  await confirm.getByRole('button', { name: 'Ano' }).click();
  await expect(page.getByText('Zatím žádné platby')).toBeVisible({ timeout: 30_000 });
  await expect(summary).toContainText(kc('18 000,00 Kč'));
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(page.getByRole('progressbar', { name: 'Platba' })).toContainText('0 %', { timeout: 30_000 });
});

test('a payment recorded elsewhere appears live on an open card (PaymentItemMessage), without a reload', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=4`);
  await expect(page.getByText('Zatím žádné platby')).toBeVisible({ timeout: 45_000 });
  await expectLive(page);
  await api.mutation('paymentItem.createPayment', { schoolId: school.schoolId, studentId: s.id, price: 777.7, note: 'Z pokladny' }, school.token);
  const row = page.getByRole('row').filter({ hasText: 'Z pokladny' });
  await expect(row).toContainText(kc('777,70 Kč'), { timeout: 30_000 });
  await expect(row).toContainText('Hotově');
});

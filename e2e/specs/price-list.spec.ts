// Settings → Ceník (issue 9 price list): the admin sets the B course price in Kč, and a B course student without an
// own price sees it on the Platba tab as the course price 'dle ceníku'; a price is removed with confirmation.
import { student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { formItem, freshSchool, pickOption } from '../support/students.ts';

test('sets a price of the price list, sees it as a student’s default price, removes it', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  const page = await openApp(school.token, '/app/settings/price-list');
  await expect(page.getByRole('heading', { name: 'Ceník' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Ceník je zatím prázdný')).toBeVisible();

  const form = page.locator('.ant-card').filter({ hasText: 'Nastavit cenu' });
  await form.getByRole('button', { name: 'Uložit cenu' }).click();
  await expect(formItem(form, 'Cena (Kč)')).toContainText('Prosím zadejte částku!');
  await pickOption(page, formItem(form, 'Skupina').getByRole('combobox'), 'B');
  await form.getByLabel('Cena (Kč)').fill('18990');
  await form.getByRole('button', { name: 'Uložit cenu' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Kurz' });
  await expect(row).toContainText(/18\s990,00\sKč/);
  await expect(row).toContainText('Základní');
  const stored = await api.query<{ price: number }[]>('paymentItem.getPriceList', { schoolId: school.schoolId }, school.token);
  expect(stored.map((p) => p.price)).toEqual([1_899_000]);

  // The student's Platba: the price list's price as the course price.
  const card = await openApp(school.token, `/app/student/${s.id}?activeTab=4`);
  const summary = card.locator('.ant-card').filter({ hasText: 'Přehled plateb' });
  await expect(summary).toContainText(/18\s990,00\sKč \(dle ceníku\)/, { timeout: 45_000 });
  await card.close();

  await row.getByRole('button', { name: /Odstranit cenu/ }).click();
  await page.locator('.ant-popconfirm').filter({ hasText: 'Opravdu chcete odstranit cenu?' }).getByRole('button', { name: 'Ano' }).click();
  await expect(page.getByText('Ceník je zatím prázdný')).toBeVisible();
});

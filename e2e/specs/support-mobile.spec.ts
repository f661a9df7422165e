// At 375 px: an admin asks for another tier from the Tarif page (the request opens as a bottom sheet), and the Support
// page shows the support contacts, the server's state and the contact form.
import { expect, test } from '../support/fixtures.ts';

test('on a phone an admin asks for Premium and finds support, the server state and the contact form', async ({ api, openApp }) => {
  const admin = await api.userWithSchool();
  const page = await openApp(admin.token, '/app/settings/tier');
  await expect(page.getByRole('banner').getByRole('button', { name: admin.email })).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Vybrat tarif Premium' }).click();
  const sheet = page.getByRole('dialog', { name: 'Žádost o změnu tarifu' });
  await expect(sheet.getByRole('radio', { name: /^Premium/ })).toBeChecked();
  await sheet.getByRole('button', { name: 'Odeslat žádost' }).click();
  await expect(page.getByText(/Žádost o tarif Premium byla odeslána \d{1,2}\.\d{1,2}\.\d{4} a čeká na vyřízení\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zrušit žádost' })).toBeVisible();

  await page.goto('/app/support');
  await expect(page.getByRole('heading', { name: 'Podpora', level: 2 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'podpora@volant.local' })).toBeVisible();
  await expect(page.getByText('Server je v pořádku')).toBeVisible();
  await page.getByLabel('Zpráva').fill('Na telefonu se mi nezobrazuje kalendář.');
  await page.getByRole('button', { name: 'Odeslat zprávu' }).click();
  await expect(page.getByText('Zpráva byla odeslána')).toBeVisible();
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

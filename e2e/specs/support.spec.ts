// Podpora (support contacts, the inline contact form, versions and server state), the search page's guard, and the
// generic error screen that replaces a failing page inside the app shell.
import type { Page } from '@playwright/test';
import { dataDir, expect, expectShell, test } from '../support/fixtures.ts';
import { newestMail } from '../support/outbox.ts';
import { sidebarItem } from '../support/shell.ts';

test('the Support page shows how to reach support, sends a message from the inline form and checks the server', async ({ api, openApp }) => {
  const admin = await api.userWithSchool();
  const page = await openApp(admin.token, '/app/support');
  await expectShell(page, admin.email);
  await expect(page.getByRole('heading', { name: 'Podpora', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'podpora@volant.local' })).toHaveAttribute('href', 'mailto:podpora@volant.local');
  await expect(page.getByText('Server je v pořádku')).toBeVisible();
  await expect(page.getByText(/^\d+ \(všechny provedeny\)$/)).toBeVisible();
  await expect(page.getByText('Verze webové aplikace')).toBeVisible();

  // The server goes away: the next check says so; back again, it is fine.
  await page.route('**/healthz', (route) => route.abort());
  await page.route('**/readyz', (route) => route.abort());
  await page.getByRole('button', { name: 'Zkontrolovat znovu' }).click();
  await expect(page.getByText('Server je nedostupný')).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Zkontrolovat znovu' }).click();
  await expect(page.getByText('Server je v pořádku')).toBeVisible();

  // The form starts with the user's e-mail and keeps the spec's rule on the message.
  await expect(page.getByLabel('E-mail')).toHaveValue(admin.email);
  await page.getByLabel('Zpráva').fill('Ahoj');
  await page.getByRole('button', { name: 'Odeslat zprávu' }).click();
  await expect(page.getByText('Zpráva musí mít alespoň 5 znaků')).toBeVisible();
  await page.getByLabel('Zpráva').fill(`Nejde mi vytisknout hlášenka (${admin.schoolName}).`);
  await page.getByRole('button', { name: 'Odeslat zprávu' }).click();
  await expect(page.getByText('Zpráva byla odeslána')).toBeVisible();
  const mail = await newestMail(dataDir(), 'podpora@volant.local', { containing: admin.schoolName });
  expect(mail.body).toContain(admin.email);

  await page.getByRole('button', { name: 'Otevřít návod' }).click();
  await expect(page).toHaveURL(/\/doc$/);
});

test('a user with no school who opens /app/search does not get the search page', async ({ api, openApp }) => {
  const user = await api.confirmedUser('bezskoly');
  const page = await openApp(user.token, '/app/search');
  // '/' sends a signed-in user on to the app root, and a user with no school to the login flow.
  await expect(page).toHaveURL(/\/app\/login-flow$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Vyhledat žáka' })).toHaveCount(0);
});

/** Answers one procedure of the page's batched tRPC calls with `null`, which the Tarif page cannot render. */
async function breakTierResponse(page: Page) {
  await page.route(/\/api\/trpc\/[^?]*account\.getTier(?:,|\?|$)/, async (route) => {
    const response = await route.fetch();
    const paths = decodeURIComponent(new URL(route.request().url()).pathname.split('/api/trpc/')[1]).split(',');
    const body = await response.json();
    const broken = { result: { data: { json: null } } };
    const json = Array.isArray(body) ? body.map((one, i) => (paths[i] === 'account.getTier' ? broken : one)) : broken;
    await route.fulfill({ response, json });
  });
}

test('a page that fails to render shows the generic error screen inside the app shell, and navigating elsewhere recovers', async ({ api, openApp }) => {
  const admin = await api.userWithSchool();
  const page = await openApp(admin.token, '/app/home');
  await expectShell(page, admin.email);
  await breakTierResponse(page);
  const sidebar = page.getByRole('complementary');
  await sidebarItem(page, 'Nastavení').click();
  await sidebar.getByRole('menuitem', { name: 'Tarif' }).click();

  await expect(page.getByText('Jejda, něco se pokazilo')).toBeVisible();
  await expect(page.getByText('Je nám líto, ale něco se nepovedlo. Zkuste to prosím znovu za chvilku.')).toBeVisible();
  // The shell is still there around it.
  await expect(page.getByRole('banner').getByRole('button', { name: admin.email })).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: 'Podpora' })).toBeVisible();

  await page.unrouteAll();
  await sidebar.getByRole('menuitem', { name: 'Podpora' }).click();
  await expect(page.getByRole('heading', { name: 'Podpora', level: 2 })).toBeVisible();
  await expect(page.getByText('Jejda, něco se pokazilo')).toHaveCount(0);
});

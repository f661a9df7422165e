// Tarif: an admin asks for another tier, the operator gets a notification and an e-mail and settles it in Debug;
// every open session of the school sees the request and the answer live (TierChangedMessage).
import { dataDir, expect, expectLive, expectShell, OPERATOR, test } from '../support/fixtures.ts';
import { newestMail } from '../support/outbox.ts';

const pendingPremium = /Žádost o tarif Premium byla odeslána \d{1,2}\.\d{1,2}\.\d{4} a čeká na vyřízení\./;

test('an admin asks for Premium, the operator approves it in Debug, and both open sessions of the school follow live', async ({ api, openApp }) => {
  const admin = await api.userWithSchool(`Autoškola Tarif ${Date.now().toString(36)}`);
  const page = await openApp(admin.token, '/app/settings/tier');
  await expectShell(page, admin.email);
  // The same school open elsewhere (another device), never reloaded.
  const other = await openApp(await api.login(admin.email, admin.password), '/app/settings/tier');
  await expect(other.getByText('Vaše autoškola má tarif')).toBeVisible({ timeout: 20_000 });
  await expectLive(other);

  await page.getByRole('button', { name: 'Požádat o změnu tarifu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Žádost o změnu tarifu' });
  await dialog.getByRole('radio', { name: /^Premium/ }).check();
  await dialog.getByLabel('Poznámka pro provozovatele (nepovinné)').fill('Od března čekáme dvojnásobek žáků.');
  await dialog.getByRole('button', { name: 'Odeslat žádost' }).click();
  await expect(page.getByText(pendingPremium)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Požádat o změnu tarifu' })).toHaveCount(0);
  await expect(other.getByText(pendingPremium)).toBeVisible();

  const mail = await newestMail(dataDir(), OPERATOR.email, { containing: admin.schoolName });
  expect(mail.subject).toBe(`Žádost o změnu tarifu: ${admin.schoolName}`);
  expect(mail.body).toContain('Od března čekáme dvojnásobek žáků.');

  const operatorToken = await api.login(OPERATOR.email, OPERATOR.password);
  // The request's notification is in the operator's bell; read, it covers nothing.
  await api.readAllNotifications(operatorToken);
  const operator = await openApp(operatorToken, '/app/debug');
  const panel = operator.locator('.ant-card').filter({ has: operator.getByText('Žádosti o změnu tarifu', { exact: true }) });
  await expect(panel.getByText(`${admin.schoolName} (č. AS-9001)`)).toBeVisible({ timeout: 20_000 });
  await panel.getByRole('button', { name: `Schválit žádost autoškoly ${admin.schoolName}` }).click();
  await operator.getByRole('tooltip').getByRole('button', { name: 'Schválit' }).click();
  await expect(operator.getByText(`Tarif autoškoly ${admin.schoolName} byl změněn na Premium`)).toBeVisible();

  for (const p of [page, other]) {
    await expect(p.getByText('Tarif byl změněn na Premium.')).toBeVisible();
    await expect(p.getByText('Počet nových žáků není omezen.', { exact: false })).toBeVisible();
  }
});

test('an admin withdraws a request, asks again, and sees the refusal', async ({ api, openApp }) => {
  const admin = await api.userWithSchool(`Autoškola Zamítnutí ${Date.now().toString(36)}`);
  const page = await openApp(admin.token, '/app/settings/tier');
  await expectShell(page, admin.email);
  await expectLive(page);

  await page.getByRole('button', { name: 'Vybrat tarif Enterprise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Žádost o změnu tarifu' });
  await expect(dialog.getByRole('radio', { name: /^Enterprise/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Odeslat žádost' }).click();
  await expect(page.getByText(/Žádost o tarif Enterprise byla odeslána/)).toBeVisible();

  await page.getByRole('button', { name: 'Zrušit žádost' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Zrušit žádost' }).click();
  await expect(page.getByText(/Žádost o tarif Enterprise byla odeslána/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Požádat o změnu tarifu' })).toBeVisible();

  const { id } = await api.mutation<{ id: string }>('account.requestTierUpgrade', { schoolId: admin.schoolId, tier: 'PREMIUM' }, admin.token);
  await expect(page.getByText(pendingPremium)).toBeVisible();
  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  await api.mutation('operator.resolveTierUpgradeRequest', { requestId: id, approve: false }, operator);
  await expect(page.getByText('Žádost byla zamítnuta.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Požádat o změnu tarifu' })).toBeVisible();
});

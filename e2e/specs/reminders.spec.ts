// Reminders (issue 19 §4): a member turns on 'Ranní přehled dne e-mailem' in Uživatelské nastavení and it stays after a
// reload. The reminders themselves are proven by the API tests (features/reminders/reminders.int.test.ts).
import { expect, test } from '../support/fixtures.ts';

test('the morning agenda switch stays on after a reload', async ({ api, openApp }) => {
  const admin = await api.userWithSchool();
  const page = await openApp(admin.token, '/app/user-settings');
  const agenda = page.getByRole('switch', { name: 'Ranní přehled dne e-mailem' });
  await expect(agenda).not.toBeChecked();
  await agenda.click();
  await expect(agenda).toBeChecked();
  await expect(agenda).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Ranní přehled dne e-mailem' })).toBeChecked();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/work/shots/remind/user-settings-1440.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/work/shots/remind/user-settings-375.png', fullPage: true });
});

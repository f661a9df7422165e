// Settings → Osnova výuky: the law's figures with their marks, and an admin's raise (never below the law).
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test('shows the law’s plan for B and raises the driving hours, refusing a figure below the law', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const page = await openApp(school.token, '/app/settings/lesson-plan');
  await expect(page.getByRole('heading', { name: 'Osnova výuky' })).toBeVisible({ timeout: 20_000 });

  const driving = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Jízdy', exact: true }) });
  await expect(driving).toContainText('28');
  await expect(driving).toContainText('ověřeno');

  await driving.getByRole('button', { name: 'Upravit Jízdy Kurz' }).click();
  const dialog = page.getByRole('dialog');
  const hours = dialog.getByRole('spinbutton', { name: 'Počet hodin' });
  await hours.fill('20');
  await dialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(dialog.getByText('Počet hodin nesmí být nižší, než stanoví zákon (28)')).toBeVisible();

  await hours.fill('32');
  await dialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(dialog).toBeHidden();
  await expect(driving).toContainText('32');
  await expect(driving).toContainText('(zákon 28)');

  // Another group's unverified figures are marked so.
  await page.getByRole('combobox', { name: 'Skupina a druh výcviku' }).click();
  await page.locator('.ant-select-item-option').getByText('A – Základní', { exact: true }).click();
  await expect(page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'PPV', exact: true }) })).toContainText('neověřeno');
});

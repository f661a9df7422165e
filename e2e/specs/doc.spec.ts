// /doc, the user guide: open without login, a table of contents whose every entry leads to its section, and the
// journeys of the product each explained.
import { expect, test } from '@playwright/test';

const JOURNEYS = [
  'Nový žák',
  'Teoretická výuka',
  'Plánování jízd v kalendáři',
  'Zaevidování jízdy s podpisy',
  'Platby, ceník a doklady',
  'Zkoušky',
  'Dokumenty a PDF',
  'Elektronický průkaz žadatele',
  'Přihláškový formulář na vašem webu',
  'Oznámení',
  'Uživatelské nastavení',
];

test('the guide opens without login, every contents entry leads to its section, every journey is there', async ({ page }) => {
  await page.goto('/doc');
  await expect(page.getByRole('heading', { name: 'Návod k aplikaci Volant' })).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'Obsah návodu' }).getByRole('link');
  const hrefs = await contents.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThanOrEqual(JOURNEYS.length);
  for (const href of hrefs) {
    expect(href).toMatch(/^#[a-z-]+$/);
    await expect(page.locator(`section${href}`)).toHaveCount(1);
  }
  for (const title of JOURNEYS) await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await contents.filter({ hasText: 'Zaevidování jízdy s podpisy' }).click();
  await expect(page).toHaveURL(/#evidence-jizdy$/);
  await expect(page.locator('#evidence-jizdy')).toContainText('Podpis žáka');
});

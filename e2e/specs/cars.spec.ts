// Settings → Vozidla (spec §3 school car, §5 vehicle rules): adding a car with the plate rules, retiring and restoring,
// removing, and the STK warnings.
import { createCarViaApi, dayFromToday } from '../support/cars.ts';
import { expect, test } from '../support/fixtures.ts';
import { formItem, freshSchool, pickOption } from '../support/students.ts';

test('adds a car: a 9-character plate is refused with the spec message, a lower-case plate is saved upper-case', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const page = await openApp(school.token, '/app/settings/cars');
  await expect(page.getByRole('heading', { name: 'Vozidla' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Zatím žádná vozidla')).toBeVisible();

  await page.getByRole('button', { name: 'Přidat vozidlo' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Nové vozidlo' });
  await drawer.getByLabel('Značka').fill('Škoda Octavia');
  const plate = drawer.getByLabel('SPZ');
  await plate.fill('1b234567x');
  // Upper-cased as typed.
  await expect(plate).toHaveValue('1B234567X');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(formItem(drawer, 'SPZ')).toContainText('Maximální délka SPZ je 8 znaků!');
  await expect(formItem(drawer, 'Skupiny')).toContainText('Prosím zadajte skupiny!');

  await plate.fill('1b2 3456');
  await pickOption(page, formItem(drawer, 'Skupiny').getByRole('combobox'), 'B');
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'Škoda Octavia' });
  await expect(row).toContainText('1B2 3456');
  await expect(row).toContainText('Aktivní');
  const cars = await api.query<{ regNumber: string }[]>('schoolCar.getSchoolCar', { schoolId: school.schoolId }, school.token);
  expect(cars.map((c) => c.regNumber)).toEqual(['1B2 3456']);

  // The same plate again is refused by the server, shown in the form (which opens empty again).
  await page.getByRole('button', { name: 'Přidat vozidlo' }).click();
  await expect(drawer.getByLabel('SPZ')).toHaveValue('');
  await drawer.getByLabel('Značka').fill('Kia Ceed');
  await drawer.getByLabel('SPZ').fill('1B2 3456');
  await pickOption(page, formItem(drawer, 'Skupiny').getByRole('combobox'), 'B');
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer.getByText('Vozidlo s touto SPZ již existuje!')).toBeVisible();
});

test('retires a car (it stays listed as Vyřazeno), restores it, and removes a car without rides', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const kept = await createCarViaApi(api, school, { carType: 'Škoda Scala' });
  const gone = await createCarViaApi(api, school, { carType: 'Dacia Sandero' });
  const page = await openApp(school.token, '/app/settings/cars');
  await expect(page.getByRole('heading', { name: 'Vozidla' })).toBeVisible({ timeout: 20_000 });

  const row = page.getByRole('row').filter({ hasText: 'Škoda Scala' });
  await row.getByRole('button', { name: `Vyřadit vozidlo ${kept.regNumber}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Vyřadit' }).click();
  await expect(row).toContainText('Vyřazeno');
  // Active cars come first.
  await expect(page.getByRole('row').nth(1)).toContainText('Dacia Sandero');

  await row.getByRole('button', { name: `Obnovit vozidlo ${kept.regNumber}` }).click();
  await expect(row).toContainText('Aktivní');

  await page
    .getByRole('row')
    .filter({ hasText: 'Dacia Sandero' })
    .getByRole('button', { name: `Odstranit vozidlo ${gone.regNumber}` })
    .click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Odstranit' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Dacia Sandero' })).toHaveCount(0);
  await expect(row).toBeVisible();
});

test('warns of an STK that lapses within 30 days and of one that has lapsed', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  await createCarViaApi(api, school, { carType: 'Brzy', stkValidUntil: dayFromToday(10) });
  await createCarViaApi(api, school, { carType: 'Prošlá', stkValidUntil: dayFromToday(-1) });
  await createCarViaApi(api, school, { carType: 'Platná', stkValidUntil: dayFromToday(200) });
  const page = await openApp(school.token, '/app/settings/cars');
  await expect(page.getByRole('heading', { name: 'Vozidla' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('row').filter({ hasText: 'Brzy' })).toContainText('STK brzy vyprší');
  await expect(page.getByRole('row').filter({ hasText: 'Prošlá' })).toContainText('STK vypršela');
  const ok = page.getByRole('row').filter({ hasText: 'Platná' });
  await expect(ok).toBeVisible();
  await expect(ok).not.toContainText('STK');
});

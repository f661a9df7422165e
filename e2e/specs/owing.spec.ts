// Extras, charges and who owes, on a desktop (issue 9 'Payments', 'Balance and overdue'): the admin prices an extra
// ride in Nastavení → Ceník → 'Další položky'; on the card's Platba 'Přidat položku' prefills it, the charge raises
// what is due and moves the card's circle back; the student shows under Platby → Nedoplatky with since when, the CSV
// export downloads nedoplatky-<day>.csv starting with the UTF-8 BOM; the students list's 'Nedoplatek' filter keeps
// only them; the charge is deleted after 'Opravdu chcete položku odstranit?'.
import { readFileSync } from 'node:fs';
import { student, today } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { formItem, freshSchool, pickOption, todayCz } from '../support/students.ts';

const kc = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));

test('prices an extra, charges it on Platba, sees the balance, the owing list, the CSV and the Nedoplatek filter', async ({ api, openApp }) => {
  test.setTimeout(180_000);
  const school = await freshSchool(api);
  const owes = await student(api, school, `Dlužná${Date.now().toString(36)}`);
  const paidUp = await student(api, school, `Zaplacená${Date.now().toString(36)}`);
  const q = { schoolId: school.schoolId };
  await api.mutation('paymentItem.setStudentPrice', { ...q, studentId: owes.id, price: 10000 }, school.token);
  await api.mutation('paymentItem.createPayment', { ...q, studentId: owes.id, price: 5000 }, school.token);
  await api.mutation('paymentItem.setStudentPrice', { ...q, studentId: paidUp.id, price: 8000 }, school.token);
  await api.mutation('paymentItem.createPayment', { ...q, studentId: paidUp.id, price: 8000 }, school.token);

  // Nastavení → Ceník → Další položky: a 45-minute extra ride for 650 Kč.
  const page = await openApp(school.token, '/app/settings/price-list');
  await expect(page.getByRole('heading', { name: 'Další položky' })).toBeVisible({ timeout: 45_000 });
  const rideRow = page.getByRole('row').filter({ hasText: 'Kondiční jízda (45 min)' });
  await rideRow.getByLabel('Cena – Kondiční jízda (45 min)').fill('650');
  await rideRow.getByRole('button', { name: 'Uložit – Kondiční jízda (45 min)' }).click();
  await expect(page.getByText('Cena byla uložena')).toBeVisible();
  await expect
    .poll(async () => api.query<{ item: string; price: number }[]>('paymentItem.getPriceExtras', q, school.token))
    .toEqual([{ item: 'EXTRA_RIDE', price: 65_000 }]);

  // The card: 5 000 of 10 000 Kč paid = 50 %.
  await page.goto(`/app/student/${owes.id}?activeTab=1`);
  const circle = page.getByRole('progressbar', { name: 'Platba' });
  await expect(circle).toContainText('50 %', { timeout: 45_000 });
  await page.getByRole('tab', { name: 'Platba' }).click();
  await expect(page.getByText('Žádné další položky')).toBeVisible();

  // 'Přidat položku': the item prefills the name and the school's price; two rides.
  await page.getByRole('button', { name: 'Přidat položku' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Cena za kus (Kč)' });
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(formItem(drawer, 'Položka')).toContainText('Prosím vyberte položku!');
  await pickOption(page, formItem(drawer, 'Položka').getByRole('combobox'), 'Kondiční jízda (45 min)');
  await expect(drawer.getByLabel('Název')).toHaveValue('Kondiční jízda (45 min)');
  await expect(drawer.getByLabel('Cena za kus (Kč)')).toHaveValue('650,00');
  await drawer.getByLabel('Množství').fill('2');
  await expect(drawer).toContainText(kc('Celkem: 1 300,00 Kč'));
  await drawer.getByLabel('Poznámka').fill('Před zkouškou');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();

  const chargeRow = page.getByRole('row').filter({ hasText: 'Před zkouškou' });
  await expect(chargeRow).toContainText(kc('650,00 Kč'));
  await expect(chargeRow).toContainText(kc('1 300,00 Kč'));
  await expect(chargeRow).toContainText(todayCz());
  const summary = page.locator('.ant-card').filter({ hasText: 'Přehled plateb' });
  await expect(summary).toContainText(kc('6 300,00 Kč'));
  // 5 000 of 11 300 Kč = 44 %.
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(circle).toContainText('44 %', { timeout: 30_000 });

  // Platby → Nedoplatky: the student who owes, not the one who paid; the total row.
  await page.goto('/app/payments');
  const owingRow = page.getByRole('row').filter({ hasText: owes.lastName });
  await expect(owingRow).toContainText(kc('11 300,00 Kč'), { timeout: 45_000 });
  await expect(owingRow).toContainText(kc('5 000,00 Kč'));
  await expect(owingRow).toContainText(kc('6 300,00 Kč'));
  await expect(owingRow).toContainText(todayCz());
  await expect(owingRow).toContainText('dnes');
  await expect(page.getByRole('row').filter({ hasText: paidUp.lastName })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Celkem (1 žák)' })).toContainText(kc('6 300,00 Kč'));

  // The CSV: nedoplatky-<today>.csv, UTF-8 with the BOM, the header and the student.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportovat CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`nedoplatky-${today()}.csv`);
  const bytes = readFileSync((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('"Žák";"Evidenční číslo";"Skupiny";"Stav";"Cena (Kč)";"Zaplaceno (Kč)";"Dluží (Kč)";"Od kdy";"Dní"');
  expect(csv).toContain(`"Eva ${owes.lastName}"`);
  expect(csv).toContain('"11300,00";"5000,00";"6300,00"');

  // The name opens the card on Platba.
  await owingRow.getByRole('link', { name: `Eva ${owes.lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/student/${owes.id}\\?activeTab=4`));
  await expect(page.getByRole('row').filter({ hasText: 'Před zkouškou' })).toBeVisible({ timeout: 30_000 });

  // The students list: 'Nedoplatek' keeps only the one who owes.
  await page.goto('/app/home');
  const list = page.locator('.ant-table');
  await expect(list.getByRole('row').filter({ hasText: paidUp.lastName })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('checkbox', { name: 'Nedoplatek' }).check();
  await expect(list.getByRole('row').filter({ hasText: paidUp.lastName })).toHaveCount(0);
  await expect(list.getByRole('row').filter({ hasText: owes.lastName })).toBeVisible();

  // Delete the charge: 'Zrušit' keeps it, 'Ano' deletes it; the circle goes back to 50 %.
  await page.goto(`/app/student/${owes.id}?activeTab=4`);
  await chargeRow.getByRole('button', { name: 'Odstranit položku Kondiční jízda (45 min)' }).click({ timeout: 45_000 });
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Opravdu chcete položku odstranit?' });
  await confirm.getByRole('button', { name: 'Zrušit' }).click();
  await expect(chargeRow).toBeVisible();
  await chargeRow.getByRole('button', { name: 'Odstranit položku Kondiční jízda (45 min)' }).click();
  await confirm.getByRole('button', { name: 'Ano' }).click();
  await expect(page.getByText('Žádné další položky')).toBeVisible({ timeout: 30_000 });
  await expect(summary).toContainText(kc('5 000,00 Kč'));
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(circle).toContainText('50 %', { timeout: 30_000 });
});

test('a student in training the price list has no price for is named, not counted as owing 0 Kč', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const missing = await student(api, school, `Bezceníková${Date.now().toString(36)}`);
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [missing.id] }, school.token);
  const page = await openApp(school.token, '/app/payments');
  const alert = page.getByRole('alert').filter({ hasText: 'nemá cenu kurzu' });
  await expect(alert).toContainText('1 žák ve výcviku nemá cenu kurzu', { timeout: 45_000 });
  await expect(alert).toContainText(`${missing.lastName} – Ceník nemá cenu pro skupinu B, Základní, Kurz`);
  await expect(page.getByRole('row').filter({ hasText: missing.lastName })).toHaveCount(0);
  // The link leads to the Ceník, where the price is filled; then the student owes it.
  await alert.getByRole('link', { name: 'Nastavení → Ceník' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/price-list/);
  await api.mutation('paymentItem.setPriceListItem', { schoolId: school.schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price: 24900 }, school.token);
  await page.goto('/app/payments');
  await expect(page.getByRole('row').filter({ hasText: missing.lastName })).toContainText(kc('24 900,00 Kč'), { timeout: 45_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'nemá cenu kurzu' })).toHaveCount(0);
});

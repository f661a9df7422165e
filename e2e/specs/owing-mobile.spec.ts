// Extras and who owes on a phone (375 × 812): Platba's 'Další položky' as cards, a charge added in the full-width
// drawer; Platby → Nedoplatky as cards with the amount and since when, the CSV button in reach; the students list's
// 'Nedoplatek' filter; nothing scrolls sideways.
import { expectNoSidewaysScroll, student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { formItem, freshSchool, pickOption, todayCz } from '../support/students.ts';

const WIDTH = 375;
const kc = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));

test('on a phone: a charge as a card, the circle, the owing list as cards with the CSV button, the Nedoplatek filter', async ({ api, openApp }) => {
  test.setTimeout(180_000);
  const school = await freshSchool(api);
  const owes = await student(api, school, `Dlužná${Date.now().toString(36)}`);
  const other = await student(api, school, `Bezdlužná${Date.now().toString(36)}`);
  const q = { schoolId: school.schoolId };
  await api.mutation('paymentItem.setPriceExtra', { ...q, item: 'EXAM_REPEAT', price: 800 }, school.token);
  await api.mutation('paymentItem.setStudentPrice', { ...q, studentId: owes.id, price: 10000 }, school.token);
  await api.mutation('paymentItem.createPayment', { ...q, studentId: owes.id, price: 2000 }, school.token);

  const page = await openApp(school.token, `/app/student/${owes.id}?activeTab=4`);
  await expect(page.getByText('Žádné další položky')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Přidat položku' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Cena za kus (Kč)' });
  await pickOption(page, formItem(drawer, 'Položka').getByRole('combobox'), 'Opravná zkouška');
  await expect(drawer.getByLabel('Cena za kus (Kč)')).toHaveValue('800,00');
  await expect(drawer.getByRole('button', { name: 'Uložit' })).toBeInViewport();
  await expect(drawer.getByLabel('Poznámka')).toBeInViewport();
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();

  const card = page.getByRole('list', { name: 'Další položky' }).getByRole('listitem').filter({ hasText: 'Opravná zkouška' });
  await expect(card).toContainText(todayCz());
  await expect(card).toContainText(kc('800,00 Kč'));
  const remove = card.getByRole('button', { name: 'Odstranit položku Opravná zkouška' });
  const removeBox = await remove.boundingBox();
  expect(removeBox && removeBox.x >= 0 && removeBox.x + removeBox.width <= WIDTH).toBe(true);
  await expectNoSidewaysScroll(page);
  // 2 000 of 10 800 Kč = 18 %.
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(page.getByRole('progressbar', { name: 'Platba' })).toContainText('18 %', { timeout: 30_000 });

  // Platby → Nedoplatky as cards.
  await page.goto('/app/payments');
  const owing = page.getByRole('list', { name: 'Nedoplatky' }).getByRole('listitem').filter({ hasText: owes.lastName });
  await expect(owing).toContainText(kc('8 800,00 Kč'), { timeout: 45_000 });
  await expect(owing).toContainText(`${todayCz()} (dnes)`);
  await expect(page.getByText(/Celkem dluží 8\s800,00\sKč \(1 žák\)/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Nedoplatky' }).getByRole('listitem')).toHaveCount(1);
  const csv = page.getByRole('button', { name: 'Exportovat CSV' });
  await expect(csv).toBeInViewport();
  const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
  expect(download.suggestedFilename()).toMatch(/^nedoplatky-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectNoSidewaysScroll(page);

  // The students list with 'Nedoplatek'.
  await page.goto('/app/home');
  const rows = page.getByTestId('student-card-row');
  await expect(rows.filter({ hasText: other.lastName })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('checkbox', { name: 'Nedoplatek' }).check();
  await expect(rows.filter({ hasText: other.lastName })).toHaveCount(0);
  await expect(rows.filter({ hasText: owes.lastName })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

// Issue 19 §3, the office's side of self-booking: a teacher's Dostupnost on Učitelé (weekly hours with an overlap
// refused, an absence) and Nastavení → Rezervace jízd turned on with a rule changed; a reload keeps both.
import { createTeacherViaApi } from '../support/cars.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool, section } from '../support/students.ts';

test('the office sets a teacher’s Dostupnost and an absence, turns on Rezervace jízd; a reload keeps them', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const { id: teacherId } = await createTeacherViaApi(api, school, { firstName: 'Jana', lastName: 'Dostupná' });
  const page = await openApp(school.token, '/app/settings/teachers');
  const openAvailability = async () => {
    await section(page, 'Učitelé').getByRole('button', { name: 'Dostupnost – Jana Dostupná' }).click({ timeout: 30_000 });
    return page.locator('.ant-drawer').filter({ hasText: 'Dostupnost – Jana Dostupná' });
  };
  let drawer = await openAvailability();
  const monday = drawer.getByRole('group', { name: 'Pondělí' });
  await monday.getByRole('button', { name: 'Přidat čas – Pondělí' }).click();
  await monday.getByLabel('Pondělí od').fill('8:00');
  await monday.getByLabel('Pondělí do').fill('12:00');
  await monday.getByRole('button', { name: 'Přidat čas – Pondělí' }).click();
  await monday.getByLabel('Pondělí od').nth(1).fill('11:00');
  await monday.getByLabel('Pondělí do').nth(1).fill('17:00');
  await drawer.getByRole('button', { name: 'Uložit pracovní dobu' }).click();
  await expect(monday).toContainText('Časy se v jednom dni nesmí překrývat.');
  await monday.getByLabel('Pondělí od').nth(1).fill('13:00');
  await drawer.getByRole('button', { name: 'Uložit pracovní dobu' }).click();
  await expect(page.getByText('Pracovní doba byla uložena')).toBeVisible();

  await drawer.getByLabel('Nepřítomen od').fill('3.8.2026');
  await drawer.getByLabel('Nepřítomen od').press('Enter');
  await drawer.getByLabel('Nepřítomen do').fill('14.8.2026');
  await drawer.getByLabel('Nepřítomen do').press('Enter');
  await drawer.getByLabel('Poznámka k nepřítomnosti').fill('Dovolená');
  await drawer.getByRole('button', { name: 'Přidat nepřítomnost' }).click();
  await expect(drawer.locator('[aria-label="Nepřítomnosti"]')).toContainText('3.8.2026 – 14.8.2026');

  await page.reload();
  drawer = await openAvailability();
  await expect(drawer.getByLabel('Pondělí od').first()).toHaveValue('8:00');
  await expect(drawer.getByLabel('Pondělí do').nth(1)).toHaveValue('17:00');
  await expect(drawer.getByRole('group', { name: 'Úterý' })).toContainText('Nepracuje');
  await expect(drawer.locator('[aria-label="Nepřítomnosti"]')).toContainText('Dovolená');
  const saved = await api.query<{ week: unknown[] }>('availability.get', { schoolId: school.schoolId, teacherId }, school.token);
  expect(saved.week).toEqual([
    { weekday: 1, startMinute: 480, endMinute: 720 },
    { weekday: 1, startMinute: 780, endMinute: 1020 },
  ]);

  // Nastavení → Rezervace jízd: off by default, the late-cancel extra not priced yet.
  await page.goto('/app/settings/booking');
  await expect(page.getByRole('heading', { name: 'Rezervace jízd' })).toBeVisible({ timeout: 30_000 });
  const enabled = page.getByRole('switch', { name: 'Povolit rezervace žáky' });
  await expect(enabled).not.toBeChecked();
  await expect(page.getByText("Položka ceníku 'Pozdní zrušení jízdy' není nastavena")).toBeVisible();
  await enabled.click();
  await page.getByLabel('Kolik dní dopředu si žák může jízdu rezervovat').fill('21');
  await page.getByRole('radio', { name: 'S kterýmkoli učitelem' }).check();
  await page.getByRole('button', { name: 'Uložit pravidla' }).click();
  await expect(page.getByText('Pravidla rezervací byla uložena')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Povolit rezervace žáky' })).toBeChecked({ timeout: 30_000 });
  await expect(page.getByLabel('Kolik dní dopředu si žák může jízdu rezervovat')).toHaveValue('21');
  await expect(page.getByRole('radio', { name: 'S kterýmkoli učitelem' })).toBeChecked();
  expect(await api.query('bookingSettings.get', { schoolId: school.schoolId }, school.token)).toMatchObject({
    enabled: true,
    horizonDays: 21,
    teacherChoice: 'ANY_TEACHER',
    maxFutureRides: 3,
  });
});

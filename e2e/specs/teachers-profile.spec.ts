// Učitelé → teacher profiles: a teacher added without a login (planned at once, 'Bez přístupu'), groups edited, and
// the warning of a teacher licence about to lapse.
import { createTeacherViaApi, dayFromToday } from '../support/cars.ts';
import { expect, test } from '../support/fixtures.ts';
import { formItem, freshSchool, pickOption, section } from '../support/students.ts';

test('adds a teacher without a login and edits their groups', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const page = await openApp(school.token, '/app/settings/teachers');
  const teachers = section(page, 'Učitelé');
  await teachers.getByRole('button', { name: 'Přidat učitele' }).click({ timeout: 20_000 });

  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Nový učitel' });
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(formItem(drawer, 'Jméno')).toContainText('Prosím zadejte jméno!');
  await drawer.getByLabel('Jméno').fill('Radek');
  await drawer.getByLabel('Příjmení').fill('Bezpřístupný');
  await drawer.getByLabel('E-mail (volitelné)').fill('radek.bezpristupny@autoskola-priklad.cz');
  await pickOption(page, formItem(drawer, 'Skupiny').getByRole('combobox'), 'B');
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();

  const item = teachers.locator('.ant-list-item').filter({ hasText: 'Radek Bezpřístupný' });
  await expect(item).toContainText('Bez přístupu');
  await expect(item).toContainText('Skupiny: B');

  await item.getByRole('button', { name: 'Upravit učitele Radek Bezpřístupný' }).click();
  const edit = page.locator('.ant-drawer').filter({ hasText: 'Upravit učitele' });
  await pickOption(page, formItem(edit, 'Skupiny').getByRole('combobox'), 'C', 'C');
  await page.keyboard.press('Escape');
  await edit.getByRole('button', { name: 'Uložit' }).click();
  await expect(edit).toBeHidden();
  await expect(item).toContainText('Skupiny: B, C');

  const listed = await api.query<{ lastName: string; hasLogin: boolean; groups: string[] }[]>(
    'school.getSchoolTeachers',
    { schoolId: school.schoolId },
    school.token,
  );
  expect(listed.find((t) => t.lastName === 'Bezpřístupný')).toMatchObject({ hasLogin: false, groups: ['B', 'C'] });
});

test('warns of a teacher licence that lapses within 30 days', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  await createTeacherViaApi(api, school, { firstName: 'Ilona', lastName: 'Končící', teacherLicenceValidUntil: dayFromToday(12) });
  await createTeacherViaApi(api, school, { firstName: 'Petr', lastName: 'Prošlý', teacherLicenceValidUntil: dayFromToday(-3) });
  const page = await openApp(school.token, '/app/settings/teachers');
  const teachers = section(page, 'Učitelé');
  await expect(teachers.locator('.ant-list-item').filter({ hasText: 'Ilona Končící' })).toContainText('Osvědčení brzy vyprší', { timeout: 20_000 });
  await expect(teachers.locator('.ant-list-item').filter({ hasText: 'Petr Prošlý' })).toContainText('Osvědčení vypršelo');
});

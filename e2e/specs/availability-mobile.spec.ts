// Issue 19 §3 on a phone (375 px): a teacher sets their own Dostupnost in Uživatelské Nastavení; nothing overflows.
import type { Api } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

/** A confirmed user who accepts the admin's invite as a teacher. */
async function joinAsTeacher(api: Api, admin: { token: string; schoolId: string }) {
  const user = await api.confirmedUser('ucitel');
  await api.mutation('school.inviteMember', { schoolId: admin.schoolId, email: user.email, role: 'TEACHER' }, admin.token);
  const [invite] = await api.query<{ id: string }[]>('schoolInvite.getUnusedInvites', undefined, user.token);
  await api.mutation('schoolInvite.applyInviteInAccount', { id: invite.id }, user.token);
  return user;
}

test('on a phone: a teacher sets their own working hours in Uživatelské Nastavení', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const teacher = await joinAsTeacher(api, school);
  const page = await openApp(teacher.token, '/app/user-settings');
  const card = page
    .locator('.ant-card')
    .filter({ has: page.getByText('Dostupnost', { exact: true }) })
    .first();
  const tuesday = card.getByRole('group', { name: 'Úterý' });
  await tuesday.getByRole('button', { name: 'Přidat čas – Úterý' }).click({ timeout: 30_000 });
  await tuesday.getByLabel('Úterý od').fill('9:00');
  await tuesday.getByLabel('Úterý do').fill('15:10');
  await card.getByRole('button', { name: 'Uložit pracovní dobu' }).click();
  await expect(tuesday).toContainText('Čas musí být po 15 minutách');
  await tuesday.getByLabel('Úterý do').fill('15:15');
  await card.getByRole('button', { name: 'Uložit pracovní dobu' }).click();
  await expect(page.getByText('Pracovní doba byla uložena')).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);

  await page.reload();
  await expect(page.getByRole('group', { name: 'Úterý' }).getByLabel('Úterý do')).toHaveValue('15:15', { timeout: 30_000 });
  const { memberId } = await api.query<{ memberId: string }>('user.getGroupUserSettings', { schoolId: school.schoolId }, teacher.token);
  const saved = await api.query<{ week: unknown[] }>('availability.get', { schoolId: school.schoolId, teacherId: memberId }, teacher.token);
  expect(saved.week).toEqual([{ weekday: 2, startMinute: 540, endMinute: 915 }]);
});

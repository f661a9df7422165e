// Notifications: the operator's unpaid notice reaches the school's admins (not its teachers) in the modal, the block
// moves an open app to the group-blocked page live and the unblock brings it back; an event of the school lands in
// the bell of an open app live, opens where it leads and the badge drops.
import type { Page } from '@playwright/test';
import type { Api } from '../support/api.ts';
import { expect, expectLive, expectShell, OPERATOR, test } from '../support/fixtures.ts';

/** A confirmed user who accepts the admin's invite as a teacher (the admins' bells hear of it). */
async function joinAsTeacher(api: Api, admin: { token: string; schoolId: string }) {
  const user = await api.confirmedUser('ucitel');
  await api.mutation('school.inviteMember', { schoolId: admin.schoolId, email: user.email, role: 'TEACHER' }, admin.token);
  const [invite] = await api.query<{ id: string }[]>('schoolInvite.getUnusedInvites', undefined, user.token);
  await api.mutation('schoolInvite.applyInviteInAccount', { id: invite.id }, user.token);
  return user;
}

async function bellCount(page: Page) {
  const label = await page.getByRole('button', { name: /^Oznámení/ }).getAttribute('aria-label');
  return Number(/\((\d+) nepřečtených\)/.exec(label ?? '')?.[1] ?? 0);
}

test('UNPAID_GROUP: the admins see the notice, a block sends an open app to the group-blocked page, an unblock brings it back', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const admin = await api.userWithSchool();
  const teacher = await joinAsTeacher(api, admin);
  const adminPage = await openApp(admin.token);
  const secondAdminPage = await openApp(admin.token);
  const teacherPage = await openApp(teacher.token);
  for (const p of [adminPage, secondAdminPage]) await expectShell(p, admin.email);
  await expectShell(teacherPage, teacher.email);
  for (const p of [adminPage, secondAdminPage, teacherPage]) await expectLive(p);

  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  await api.mutation(
    'operator.createNotification',
    { targetSchoolId: admin.schoolId, type: 'UNPAID_GROUP', title: 'Neuhrazená platba', message: 'Faktura za listopad zatím nebyla uhrazena.' },
    operator,
  );
  const modal = adminPage.getByRole('dialog', { name: 'Neuhrazená platba' });
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(modal).toContainText('Platba za aktuální období zatím nebyla přijata. Pokud nebude uhrazena, účet autoškoly bude zablokován.');
  await modal.getByRole('button', { name: 'Potvrzuji přečtení' }).click();
  await expect(modal).toBeHidden();
  // The teacher got nothing.
  await expect(teacherPage.getByRole('dialog', { name: 'Neuhrazená platba' })).toHaveCount(0);

  await api.mutation('operator.setSchoolBlocked', { targetSchoolId: admin.schoolId, isBlocked: true }, operator);
  await expect(secondAdminPage).toHaveURL(/\/app\/group-blocked/, { timeout: 15_000 });
  await expect(secondAdminPage.getByText('Autoškola je zablokována')).toBeVisible();
  await secondAdminPage.goto('/app/calendar');
  await expect(secondAdminPage).toHaveURL(/\/app\/group-blocked/);
  await expectLive(secondAdminPage);

  await api.mutation('operator.setSchoolBlocked', { targetSchoolId: admin.schoolId, isBlocked: false }, operator);
  await expect(secondAdminPage).not.toHaveURL(/\/app\/group-blocked/, { timeout: 15_000 });
  await secondAdminPage.goto('/app/calendar');
  await expect(secondAdminPage).toHaveURL(/\/app\/calendar/);
});

test('the bell: an event of the school arrives live, opens where it leads, and the badge drops', async ({ api, openApp }) => {
  const admin = await api.userWithSchool();
  const page = await openApp(admin.token);
  await expectShell(page, admin.email);
  await expectLive(page);
  expect(await bellCount(page)).toBe(0);

  // A teacher accepts the admin's invite: the admin's bell says so, live.
  const teacher = await joinAsTeacher(api, admin);
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(1);

  await page.getByRole('button', { name: /^Oznámení/ }).click();
  const item = page.getByRole('listitem', { name: 'Přijatá pozvánka' });
  await expect(item).toContainText(teacher.email);
  await item.click();
  await expect(page).toHaveURL(/\/app\/settings\/teachers/);
  await expect.poll(() => bellCount(page)).toBe(0);
  // Read ones stay in the list.
  await page.getByRole('button', { name: /^Oznámení/ }).click();
  await expect(page.getByRole('listitem', { name: 'Přijatá pozvánka' })).toBeVisible();
});

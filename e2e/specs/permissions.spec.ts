// The permission table on the screen (issue 17 item 16): a teacher records a payment but sees no way to remove it,
// nor to remove the student or change their training's state; the admin sees both. The server refuses the teacher the same calls (FORBIDDEN).
import type { Api } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';

/** A confirmed user who accepts the admin's invite as a teacher. */
async function joinAsTeacher(api: Api, admin: { token: string; schoolId: string }) {
  const user = await api.confirmedUser('ucitel');
  await api.mutation('school.inviteMember', { schoolId: admin.schoolId, email: user.email, role: 'TEACHER' }, admin.token);
  const [invite] = await api.query<{ id: string }[]>('schoolInvite.getUnusedInvites', undefined, user.token);
  await api.mutation('schoolInvite.applyInviteInAccount', { id: invite.id }, user.token);
  return user;
}

test('a teacher records a payment but removes no payment and no student; the admin may', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const teacher = await joinAsTeacher(api, school);
  const studentId = await createStudentViaApi(api, school, {
    firstName: 'Tereza',
    lastName: `Oprávněná ${uniqueSuffix()}`,
    registrationNumber: `OP-${uniqueSuffix()}`,
  });

  const page = await openApp(teacher.token, `/app/student/${studentId}?activeTab=4`);
  await expect(page.getByText('Zatím žádné platby')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Zaevidovat platbu' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Evidence platby' });
  await drawer.getByLabel('Částka (Kč)').fill('500');
  await drawer.getByLabel('Poznámka').fill('Hotově u učitele');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Hotově u učitele' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Odstranit platbu' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(page.getByText('Historie stavů')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Odstranit žáka' })).toHaveCount(0);
  // Nor starting, ending or changing a student's training: the office's calls.
  for (const name of ['Zahájit výcvik', 'Ukončit výcvik', 'Změnit stav']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [studentId] }, teacher.token)).rejects.toMatchObject({
    status: 403,
  });
  const [payment] = (await api.query<{ items: { id: string }[] }>('paymentItem.getPaymentItems', { schoolId: school.schoolId, studentId }, teacher.token))
    .items;
  await expect(api.mutation('paymentItem.removePayment', { schoolId: school.schoolId, studentId, id: payment.id }, teacher.token)).rejects.toMatchObject({
    status: 403,
  });

  const admin = await openApp(school.token, `/app/student/${studentId}?activeTab=4`);
  await expect(admin.getByRole('row').filter({ hasText: 'Hotově u učitele' }).getByRole('button', { name: 'Odstranit platbu' })).toBeVisible({
    timeout: 45_000,
  });
  await admin.getByRole('tab', { name: 'Údaje' }).click();
  await expect(admin.getByRole('button', { name: 'Odstranit žáka' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Zahájit výcvik' })).toBeVisible();
});

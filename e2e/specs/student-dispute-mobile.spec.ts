// 'Nesouhlasím se záznamem' on a 375 px phone: the dialog fits the screen (a bottom sheet), refuses an empty reason in
// Czech, sends the reason, and the ride then shows 'Rozporováno' without the button.
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll, registerRide } from '../support/calendar.ts';
import { openStudentTab } from '../support/student-place.ts';
import { signInStudent } from '../support/student-portal.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';

test('disputes a past ride from the phone', async ({ api, page }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const email = `zak.${uniqueSuffix(8)}@example.cz`;
  const studentId = await createStudentViaApi(api, school, {
    firstName: 'Ota',
    lastName: `Mobilní${uniqueSuffix(4)}`,
    registrationNumber: `RM-${uniqueSuffix(6)}`,
  });
  const student = await api.query<{ studentInfo: Record<string, unknown> }>('student.student', { schoolId: school.schoolId, id: studentId }, school.token);
  await api.mutation('student.updateStudent', { schoolId: school.schoolId, studentId, studentInfo: { ...student.studentInfo, email } }, school.token);
  await api.mutation('studentAccess.invite', { schoolId: school.schoolId, studentId }, school.token);
  await registerRide(api, school, { studentId, start: new Date(Date.now() - 2 * 86_400_000), length: 45 });

  await signInStudent(page, { email });
  await openStudentTab(page, 'Jízdy');
  await page.getByRole('button', { name: 'Nesouhlasím se záznamem' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nesouhlasím se záznamem' });
  await expect(dialog.getByLabel('Důvod')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await dialog.getByRole('button', { name: 'Odeslat' }).click();
  await expect(dialog.getByText('Prosím napište, s čím nesouhlasíte.')).toBeVisible();
  await dialog.getByLabel('Důvod').fill('Učitel jízdu zrušil, ale je zapsaná jako absolvovaná.');
  await page.screenshot({ path: '/work/shots/disputes/student-dialog-375.png' });
  await dialog.getByRole('button', { name: 'Odeslat' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Rozporováno')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nesouhlasím se záznamem' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/work/shots/disputes/student-disputed-375.png' });
});

// Výcviky: the office's check of the school's rides — unsigned, never recorded, the tachometer's gaps per car.
import { at, createCar, planRide, registerRide, student, today } from '../support/calendar.ts';
import { expect, expectShell, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';
import { addDays } from '../../packages/shared/src/school-time.ts';

test("'Jen nepodepsané' and 'Jen nezaevidované' narrow the list; a car filter shows the tachometer's gaps", async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const car = await createCar(api, session);
  const eva = await student(api, session);
  const yesterday = addDays(today(), -1);
  await registerRide(api, session, { studentId: eva.id, schoolCarId: car.id, start: at(yesterday, '08:00'), tachometer: [1000, 1040] });
  await registerRide(api, session, { studentId: eva.id, schoolCarId: car.id, start: at(yesterday, '10:00'), tachometer: [1052, 1090] });
  await planRide(api, session, { studentId: eva.id, schoolCarId: car.id, start: at(yesterday, '13:00') });

  const page = await openApp(session.token, '/app/trainings');
  await expectShell(page, session.email);
  await page.getByRole('textbox', { name: 'Období' }).first().hover();
  await page.locator('.ant-picker-clear').click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('trainings-total')).toHaveText('Celkem 3');

  // Both registered rides are signed, and a planned one has nothing to sign yet (the API cannot complete a ride
  // without both signatures): nothing is left.
  await page.getByRole('checkbox', { name: 'Jen nepodepsané' }).check();
  await expect(page.getByTestId('trainings-total')).toHaveText('Celkem 0');
  await expect(page.getByText('Žádné výcviky').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Jen nepodepsané' }).uncheck();
  await expect(rows).toHaveCount(3);

  await page.getByRole('checkbox', { name: 'Jen nezaevidované' }).check();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Naplánováno');
  await page.getByRole('checkbox', { name: 'Jen nezaevidované' }).uncheck();
  await expect(rows).toHaveCount(3);

  await page.getByRole('combobox', { name: 'Filtrovat podle vozidla' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(car.regNumber).click();
  await expect(page.getByRole('columnheader', { name: 'Návaznost tachometru' })).toBeVisible();
  await expect(page.getByText('Mezera 12 km')).toBeVisible();

  // The student's name opens the student card in the side drawer; a row opens the ride.
  await rows
    .first()
    .getByRole('button', { name: `Eva ${eva.lastName}` })
    .click();
  const card = page.getByRole('dialog').filter({ hasText: 'Karta žáka' });
  await expect(card).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await rows.nth(1).getByText('Podepsáno').click();
  const edit = page.getByRole('dialog', { name: 'Upravit výcvik' });
  await expect(edit).toBeVisible();
  // The drawer names the ride's student.
  await expect(edit.getByTestId('training-student')).toHaveText(new RegExp(`^Eva ${eva.lastName} \\(K-`));
});

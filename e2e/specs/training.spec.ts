// The Výcvik tab on a desktop (spec §2 Výcvik, training form, signature dialog; §4 lesson states; §5 collisions):
// plan a ride, register one with both signatures drawn with the mouse, a colliding plan of the same car, a ride
// cancelled by the student shown red, and a delete after a confirmation.
import { expect, expectLive, expectShell, test } from '../support/fixtures.ts';
import { addDays } from '../../packages/shared/src/school-time.ts';
import { at, planRide, today } from '../support/calendar.ts';
import { pickOption, StudentSearchBox } from '../support/students.ts';
import { dayFromToday, field, fillRide, pick, signWithMouse, startedStudentWithCar, tableRows, trainingDrawer, typeInPicker } from '../support/training.ts';

test('plan, register with signatures, a car collision, a cancelled ride in red and a delete', async ({ api, openApp }) => {
  // One journey through five saves and two drawn signatures: longer than the default minute on a busy machine.
  test.setTimeout(180_000);
  const setup = await startedStudentWithCar(api);
  const page = await openApp(setup.school.token, `/app/student/${setup.studentId}?activeTab=3`);
  const rides = tableRows(page, 'Jízdy');
  await expect(page.getByRole('button', { name: 'Naplánovat výcvik' })).toBeVisible({ timeout: 20_000 });
  await expect(rides).toHaveCount(0);

  // The default teacher for training prefills new rides.
  await pickOption(page, page.getByRole('combobox', { name: 'Výchozí učitel výcviku' }), setup.teacherName);
  await page.getByRole('button', { name: 'Nastavit učitele' }).click();
  await expect(page.getByText('Výchozí učitel byl nastaven')).toBeVisible();

  // Plan: a 90-minute ride (the default length), its end read-only.
  const planDay = dayFromToday(7);
  await page.getByRole('button', { name: 'Naplánovat výcvik' }).click();
  let drawer = trainingDrawer(page, 'Naplánovat výcvik');
  await expect(field(drawer, 'Učitel')).toContainText(setup.teacherName);
  await fillRide(drawer, { day: planDay, time: '10:00', car: setup.car.label });
  await expect(field(drawer, 'Čas konce').locator('input')).toHaveValue('11:30');
  await expect(field(drawer, 'Čas konce').locator('input')).toBeDisabled();
  await expect(field(drawer, 'Podpis žáka')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Naplánovat', exact: true }).click();
  await expect(page.getByText('Výcvik byl naplánován')).toBeVisible();
  await expect(rides).toHaveCount(1);
  await expect(rides.first()).toContainText(planDay);
  await expect(rides.first()).toContainText('10:00–11:30');
  await expect(rides.first()).toContainText(setup.teacherName);
  await expect(rides.first()).toContainText(setup.car.label);
  await expect(rides.first().getByRole('img', { name: 'Podpis žáka: nepodepsáno' })).toBeVisible();

  // Register yesterday's ride: the save asks for both signatures, which are drawn with the mouse.
  const pastDay = dayFromToday(-1);
  await page.getByRole('button', { name: 'Zaevidovat výcvik' }).click();
  drawer = trainingDrawer(page, 'Zaevidovat výcvik');
  await fillRide(drawer, { day: pastDay, time: '08:00', teacher: setup.teacherName, car: setup.car.label });
  await pick(drawer, 'Délka', '45 min');
  await expect(field(drawer, 'Čas konce').locator('input')).toHaveValue('08:45');
  await field(drawer, 'Tachometr před jízdou (volitelné)').locator('input').fill('12000');
  await field(drawer, 'Tachometr po jízdě (volitelné)').locator('input').fill('12031');
  await drawer.getByRole('button', { name: 'Zaevidovat', exact: true }).click();
  await expect(field(drawer, 'Podpis žáka')).toContainText('Prosím podepište výcvik (žák)!');
  await expect(field(drawer, 'Podpis učitele')).toContainText('Prosím podepište výcvik (učitel)!');
  await signWithMouse(drawer, 'Podpis žáka');
  await signWithMouse(drawer, 'Podpis učitele');
  await drawer.getByRole('button', { name: 'Zaevidovat', exact: true }).click();
  await expect(page.getByText('Výcvik byla zaevidován')).toBeVisible();
  await expect(rides).toHaveCount(2);
  const registered = rides.filter({ hasText: pastDay });
  await expect(registered).toContainText('08:00–08:45');
  await expect(registered).toContainText('31 km');
  await expect(registered.getByRole('img', { name: 'Podpis žáka: podepsáno' })).toBeVisible();
  await expect(registered.getByRole('img', { name: 'Podpis učitele: podepsáno' })).toBeVisible();
  // The list says only whether a ride is signed: its edit drawer reads the whole ride and shows both pictures.
  await registered.getByText('08:00–08:45').click();
  drawer = trainingDrawer(page, 'Upravit výcvik');
  await expect(field(drawer, 'Podpis žáka').getByRole('img', { name: 'Podpis žáka' })).toBeVisible();
  await expect(field(drawer, 'Podpis učitele').getByRole('img', { name: 'Podpis učitele' })).toBeVisible();
  await expect(field(drawer, 'Podpis žáka').getByRole('button', { name: 'Upravit podpis' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Zrušit' }).click();
  // 45 completed minutes are one teaching hour of the B course's 28 (the law's plan).
  await expect(page.getByText('Odjeto 1 h z 28 h')).toBeVisible();

  // A second plan of the same car at an overlapping time: 'Kolize' with the car's message, and no saving.
  await page.getByRole('button', { name: 'Naplánovat výcvik' }).click();
  drawer = trainingDrawer(page, 'Naplánovat výcvik');
  await fillRide(drawer, { day: planDay, time: '11:00', car: setup.car.label });
  const alert = drawer.getByRole('alert').filter({ hasText: 'Kolize' });
  await expect(alert).toContainText(`Automobil není dostupný v ${planDay} 10:00–11:30. Již je rezervován pro jízdu s žákem ${setup.lastName}`);
  await expect(drawer.getByRole('button', { name: 'Naplánovat', exact: true })).toBeDisabled();
  // Moving it after the first ride resolves the collision.
  await typeInPicker(drawer, 'Čas začátku', '11:30');
  await expect(alert).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Naplánovat', exact: true })).toBeEnabled();
  await drawer.getByRole('button', { name: 'Zrušit' }).click();
  await expect(rides).toHaveCount(2);

  // Edit the planned ride: cancelled by the student → the row is red and says so.
  const planned = rides.filter({ hasText: planDay });
  await planned.getByText('10:00–11:30').click();
  drawer = trainingDrawer(page, 'Upravit výcvik');
  await expect(field(drawer, 'Čas začátku').locator('input')).toHaveValue('10:00');
  // The drawer names the student; a ride a week ahead cannot be 'Absolvována' yet, nor signed.
  await expect(drawer.getByTestId('training-student')).toHaveText(`Alžběta ${setup.lastName} (V-${setup.lastName.split(' ')[1]})`);
  await expect(field(drawer, 'Podpis žáka')).toHaveCount(0);
  await field(drawer, 'Stav').getByRole('combobox').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-disabled')).toHaveText('Absolvována (až po skončení)');
  await drawer.locator('.ant-drawer-title').click();
  await pick(drawer, 'Stav', 'Zrušena žákem');
  await drawer.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(page.getByText('Jízda zaevidována')).toBeVisible();
  await expect(planned).toHaveClass(/training-row--cancelled/);
  await expect(planned).toContainText('Zrušena žákem');
  await expect(planned).toHaveCSS('color', 'rgb(207, 19, 34)');

  // The card's Výcvik circle: 1 of the plan's 28 hours.
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(page.getByRole('progressbar', { name: 'Výcvik' })).toContainText('3 %');
  await page.getByRole('tab', { name: 'Výcvik' }).click();

  // Delete after the confirmation. A ride cancelled by the student is a record (in the school's record chain), so its
  // deletion asks for the reason (issue 22 §1).
  await planned.getByRole('button', { name: /^Smazat výcvik/ }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Opravdu chcete smazat výcvik?' });
  await confirm.getByRole('button', { name: 'Ano' }).click();
  const deletion = page.getByRole('dialog', { name: 'Smazání zapsané jízdy' });
  await expect(deletion).toContainText('Jízda je již zapsaná: prosím uveďte důvod smazání.');
  await deletion.getByLabel('Důvod opravy').fill('Zapsáno omylem k jinému žákovi');
  await deletion.getByRole('button', { name: 'Smazat' }).click();
  await expect(rides).toHaveCount(1);
  await expect(rides.first()).toContainText(pastDay);
});

test('the tab follows rides saved elsewhere and says what a ride lacks', async ({ api, openApp }) => {
  const setup = await startedStudentWithCar(api);
  const page = await openApp(setup.school.token, `/app/student/${setup.studentId}?activeTab=3`);
  const rides = tableRows(page, 'Jízdy');
  await expect(page.getByRole('button', { name: 'Naplánovat výcvik' })).toBeVisible({ timeout: 20_000 });
  await expect(rides).toHaveCount(0);
  // The page hears the school's messages from here on (a write before the socket joined would reach it only by the
  // catch-up read after the join).
  await expectLive(page);

  // Planned elsewhere (another browser, the calendar) two days ago, with neither teacher nor car: it shows up live
  // and lacks the registration, the teacher and the car.
  const day = addDays(today(), -2);
  await planRide(api, setup.school, { studentId: setup.studentId, start: at(day, '09:00') });
  await expect(rides).toHaveCount(1);
  const ride = rides.first();
  await expect(ride).toContainText('09:00–10:30');
  for (const text of ['Jízda není zaevidována', 'Učitel není přiřazen', 'Vozidlo není přiřazeno']) {
    await expect(ride.getByRole('img', { name: text })).toBeVisible();
  }
  await ride.getByRole('img', { name: 'Jízda není zaevidována' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Jízda není zaevidována');

  // A PV-ZP lesson goes to its own table, not among the rides.
  await page.getByRole('button', { name: 'Naplánovat výcvik' }).click();
  const drawer = trainingDrawer(page, 'Naplánovat výcvik');
  await pick(drawer, 'Typ', 'PV-ZP');
  await expect(field(drawer, 'Délka')).toHaveCount(0);
  await fillRide(drawer, { day: dayFromToday(3), time: '16:00', teacher: setup.teacherName });
  await expect(field(drawer, 'Čas konce').locator('input')).toHaveValue('17:00');
  await drawer.getByRole('button', { name: 'Naplánovat', exact: true }).click();
  await expect(page.getByText('Výcvik byl naplánován')).toBeVisible();
  await expect(tableRows(page, 'PV-ZP')).toHaveCount(1);
  await expect(tableRows(page, 'PV-ZP').first()).toContainText('16:00–17:00');
  await expect(rides).toHaveCount(1);
});

test('in the card drawer: the training drawer and the signature drawers open over it and take input', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const setup = await startedStudentWithCar(api);
  const page = await openApp(setup.school.token, '/app/reporting');
  await expectShell(page, setup.school.email);
  const search = new StudentSearchBox(page);
  await search.search(setup.lastName.toLowerCase());
  await search.option(`Alžběta ${setup.lastName}`).click();
  const card = page.getByRole('dialog').filter({ hasText: 'Karta žáka' });
  await card.getByRole('tab', { name: 'Výcvik' }).click();

  await card.getByRole('button', { name: 'Zaevidovat výcvik' }).click();
  const drawer = trainingDrawer(page, 'Zaevidovat výcvik');
  await fillRide(drawer, { day: dayFromToday(-3), time: '13:00', teacher: setup.teacherName, car: setup.car.label });
  await signWithMouse(drawer, 'Podpis žáka');
  await signWithMouse(drawer, 'Podpis učitele');
  await drawer.getByRole('button', { name: 'Zaevidovat', exact: true }).click();
  await expect(page.getByText('Výcvik byla zaevidován')).toBeVisible();
  const rides = card.getByRole('region', { name: 'Jízdy' }).locator('tbody tr.training-row');
  await expect(rides).toHaveCount(1);
  await expect(rides.first()).toContainText('13:00–14:30');
  await expect(card).toBeVisible();
});

test('a ride that has not ended is not offered for registering: no later day to pick, a hint and no saving', async ({ api, openApp }) => {
  const setup = await startedStudentWithCar(api);
  const page = await openApp(setup.school.token, `/app/student/${setup.studentId}?activeTab=3`);
  await expect(page.getByRole('button', { name: 'Zaevidovat výcvik' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Zaevidovat výcvik' }).click();
  const drawer = trainingDrawer(page, 'Zaevidovat výcvik');

  // Tomorrow is not a day to pick.
  await field(drawer, 'Datum začátku').locator('input').click();
  const tomorrow = addDays(today(), 1);
  await expect(page.locator(`.ant-picker-dropdown:visible td[title="${tomorrow}"]`)).toHaveClass(/ant-picker-cell-disabled/);
  await drawer.locator('.ant-drawer-title').click();

  // Today at 23:55 ends after midnight, so later than now whenever this runs.
  await fillRide(drawer, { day: dayFromToday(0), time: '23:55', teacher: setup.teacherName, car: setup.car.label });
  const [y, m, d] = tomorrow.split('-').map(Number);
  const hint = drawer.getByTestId('not-ended');
  await expect(hint).toContainText(`Jízdu lze zaevidovat až po jejím skončení (${d}.${m}.${y} 01:25).`);
  await expect(hint).toContainText('Budoucí výcvik naplánujte, zaevidujte ho po skončení.');
  await expect(drawer.getByRole('button', { name: 'Zaevidovat', exact: true })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('register-drawer.png') });

  // Two days ago: the hint goes, the button comes back. (Yesterday's 23:55 ride runs until 01:25 today: not ended yet
  // when this runs just after midnight.)
  await typeInPicker(drawer, 'Datum začátku', dayFromToday(-2));
  await expect(hint).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Zaevidovat', exact: true })).toBeEnabled();
});

// Kalendář on a phone (375 px): the day list a teacher uses one-handed.
import { addDays } from '../../packages/shared/src/school-time.ts';
import { at, createCar, expectNoSidewaysScroll, firstTeacher, planRide, student, today } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test("the day list shows today's ride as a card; a tap opens it for editing; nothing scrolls sideways", async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const car = await createCar(api, session);
  const teacher = await firstTeacher(api, session);
  const eva = await student(api, session);
  const tomorrowsRider = await student(api, session);
  await planRide(api, session, { studentId: eva.id, userId: teacher.id, schoolCarId: car.id, start: at(today(), '10:00') });
  await planRide(api, session, { studentId: tomorrowsRider.id, userId: teacher.id, start: at(addDays(today(), 1), '08:00'), length: 60 });

  const page = await openApp(session.token, '/app/calendar');
  // The shell is up (on a phone 'Nový žák' belongs to the overview only).
  await expect(page.getByRole('banner').getByRole('button', { name: session.email })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Kalendář' })).toBeVisible();
  // No FullCalendar on a phone: the day's items as cards.
  await expect(page.locator('.volant-calendar')).toHaveCount(0);

  const cards = page.getByTestId('day-card');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card).toContainText('10:00–11:30');
  await expect(card).toContainText(`Eva ${eva.lastName}`);
  await expect(card).toContainText(car.regNumber);
  await expect(card).toContainText('Naplánováno');
  await expect(card).toContainText('Jízda není podepsána');
  await expect(page.getByRole('button', { name: 'Naplánovat' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The next day, and back with 'Dnes'.
  await page.getByRole('button', { name: 'Další den' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(tomorrowsRider.lastName);
  await expect(cards.first()).toContainText('08:00–09:00');
  await page.getByRole('button', { name: 'Dnes' }).click();
  await expect(cards.first()).toContainText(eva.lastName);

  await card.click();
  const drawer = page.getByRole('dialog', { name: 'Upravit výcvik' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel('Čas začátku')).toHaveValue('10:00');
  // The drawer names the ride's student.
  await expect(drawer.getByTestId('training-student')).toHaveText(new RegExp(`^Eva ${eva.lastName} \\(K-`));
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('edit-drawer-phone.png') });
});

test('the day list’s teacher filter is remembered after a reload', async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const teacher = await firstTeacher(api, session);
  const [withTeacher, without] = [await student(api, session), await student(api, session)];
  await planRide(api, session, { studentId: withTeacher.id, userId: teacher.id, start: at(today(), '09:00') });
  await planRide(api, session, { studentId: without.id, start: at(today(), '12:00') });

  const page = await openApp(session.token, '/app/calendar');
  const cards = page.getByTestId('day-card');
  // The admin starts on all teachers.
  await expect(cards).toHaveCount(2, { timeout: 20_000 });
  // The day of the new filter comes slowly (a phone in a car): while it loads the previous day's cards stay, and the
  // screen must not re-render itself until React gives up (it did: a new placeholder each render, error #185).
  await page.route(/getCalendarEvents/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByRole('combobox', { name: 'Filtrovat podle učitele' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(`${teacher.firstName} ${teacher.lastName}`).click();
  await page.getByRole('heading', { name: 'Kalendář' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(withTeacher.lastName);
  await page.unrouteAll({ behavior: 'wait' });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kalendář' })).toBeVisible({ timeout: 20_000 });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(withTeacher.lastName);
  await expect(page.locator('.ant-select-selection-item').filter({ hasText: `${teacher.firstName} ${teacher.lastName}` })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
});

test("'Naplánovat' on a day of the strip opens the form on that day at 8:00", async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const page = await openApp(session.token, '/app/calendar');
  await expect(page.getByRole('heading', { name: 'Kalendář' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('V tento den není nic naplánováno')).toBeVisible();

  await page.getByRole('button', { name: 'Další den' }).click();
  await page.getByRole('button', { name: 'Naplánovat' }).click();
  const drawer = page.getByRole('dialog', { name: 'Naplánovat výcvik' });
  await expect(drawer).toBeVisible();
  const [y, m, d] = addDays(today(), 1).split('-').map(Number);
  await expect(drawer.getByLabel('Datum začátku')).toHaveValue(`${d}.${m}.${y}`);
  await expect(drawer.getByLabel('Čas začátku')).toHaveValue('08:00');
  await expectNoSidewaysScroll(page);
});

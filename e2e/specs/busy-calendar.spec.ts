// The office's calendar on a busy day (issue 20 §4) at 1440 px: 20 teachers, 15 cars, 60 rides (20 at 08:00). The
// resource day view ('Učitelé a vozidla') shows every ride in its teacher's and its car's column with the surname
// legible; the week view shows every ride's surname or counts it in '+n'. Then 'Opakovat' with a refused occurrence
// listed, and the teacher and car filters remembered after a reload and after 'Odhlásit se' and a new login (the
// logout wipes the device: the choice is the server's).
import type { Page } from '@playwright/test';
import { dayOfWeek } from '../../packages/shared/src/school-time.ts';
import { buildBusyDay } from '../support/busy-day.ts';
import { at, createCar, dayInWeek, firstTeacher, pick, planRide, showResourceDay, student } from '../support/calendar.ts';
import { createTeacherViaApi } from '../support/cars.ts';
import { legibility, moreCount } from '../support/clipping.ts';
import { expect, loginViaUi, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test.use({ viewport: { width: 1440, height: 900 } });

async function openCalendar(page: Page) {
  await expect(page.getByRole('heading', { name: 'Kalendář' })).toBeVisible({ timeout: 20_000 });
}

test('busy day: every ride legible in the resource day view and counted in the week view', async ({ api, openApp }) => {
  test.setTimeout(60_000);
  const session = await freshSchool(api);
  const day = dayInWeek();
  const busy = await buildBusyDay(api, session, day);
  // Teacher 2 works 8:00–16:00 that weekday; teacher 3 is away that day (background and shading).
  await api.mutation(
    'availability.setWeek',
    { schoolId: session.schoolId, teacherId: busy.teachers[1].id, intervals: [{ weekday: dayOfWeek(day), startMinute: 480, endMinute: 960 }] },
    session.token,
  );
  await api.mutation(
    'availability.addAbsence',
    { schoolId: session.schoolId, teacherId: busy.teachers[2].id, absence: { fromDate: day, toDate: day, note: null } },
    session.token,
  );

  const page = await openApp(session.token, '/app/calendar');
  await openCalendar(page);
  await page.getByRole('radiogroup', { name: 'Zobrazení' }).getByText('Učitelé a vozidla').click();
  const view = page.getByTestId('resource-view');
  await showResourceDay(page, day);
  await expect(view).toBeVisible();
  await expect(view.getByTestId('resource-head')).toHaveCount(busy.teachers.length + busy.cars.length);
  // A ride is in its teacher's column and, when it has a car, in the car's.
  const expected = busy.rides.length + busy.rides.filter((r) => r.schoolCarId).length;
  await expect(view.getByTestId('resource-item')).toHaveCount(expected);
  await expect(view.getByTestId('absence')).toHaveCount(1);
  await expect(view.getByTestId('working-hours')).toHaveCount(1);
  const resource = await legibility(page, '[data-testid="resource-view"] [data-testid="item-surname"]');
  expect(resource.clipped).toEqual([]);
  expect(resource.texts.sort()).toEqual(busy.rides.flatMap((r) => (r.schoolCarId ? [r.lastName, r.lastName] : [r.lastName])).sort());
  await page.screenshot({ path: '/work/shots/cal/busy-resource-1440.png' });
  // Scrolled to the last car, the time axis and the headers stay in place.
  const axisBefore = await view.locator('.volant-res__axis').boundingBox();
  await view.evaluate((el) => el.scrollTo({ left: el.scrollWidth, top: 200 }));
  const axisAfter = await view.locator('.volant-res__axis').boundingBox();
  expect(axisAfter?.x).toBe(axisBefore?.x);
  const viewBox = await view.boundingBox();
  const head = await view.getByTestId('resource-head').last().boundingBox();
  expect(Math.abs((head?.y ?? 0) - (viewBox?.y ?? 0))).toBeLessThanOrEqual(2);
  await page.screenshot({ path: '/work/shots/cal/busy-resource-1440-scrolled.png' });

  // The week view of the same day: each ride's surname legible, or counted in '+n'.
  await page.getByRole('radiogroup', { name: 'Zobrazení' }).getByText('Kalendář').click();
  await expect(page.locator('.volant-calendar')).toBeVisible();
  await expect(page.getByTestId('more-link').first()).toBeVisible({ timeout: 15_000 });
  const column = `.volant-calendar [data-date="${day}"]`;
  const week = await legibility(page, '.volant-calendar .volant-cal-event__who', { xRangeOf: column });
  expect(week.clipped).toEqual([]);
  const hidden = await moreCount(page, column);
  expect(week.texts.length + hidden).toBe(busy.rides.length);
  expect(week.texts.length).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: '/work/shots/cal/busy-week-1440.png' });
});

test('Opakovat lists the refused occurrence; the teacher and car filters survive a reload and a new login', async ({ api, openApp }) => {
  const user = await api.userWithSchool();
  const session = { email: user.email, token: user.token, schoolId: user.schoolId };
  const car = await createCar(api, session);
  const admin = await firstTeacher(api, session);
  const other = await createTeacherViaApi(api, session, { firstName: 'Jan', lastName: 'Filtrový' });
  const eva = await student(api, session);
  const day = dayInWeek();
  const [y, m, d] = day.split('-').map(Number);
  // Next week at 10:00 the student already rides with the other teacher: that occurrence is refused.
  const nextWeek = new Date(at(day, '10:00').getTime() + 7 * 86_400_000);
  await planRide(api, session, { studentId: eva.id, userId: other.id, schoolCarId: null, start: nextWeek });
  // The admin teaches 14:00–16:00 that weekday: a ride at 10:00 is planned with a warning, not refused.
  await api.mutation(
    'availability.setWeek',
    { schoolId: session.schoolId, teacherId: admin.id, intervals: [{ weekday: dayOfWeek(day), startMinute: 840, endMinute: 960 }] },
    session.token,
  );

  const page = await openApp(session.token, '/app/calendar');
  await openCalendar(page);
  await page.getByRole('button', { name: 'Naplánovat' }).click();
  const drawer = page.getByRole('dialog', { name: 'Naplánovat výcvik' });
  await expect(drawer).toBeVisible();
  await pick(page, drawer, 'Žák', new RegExp(eva.lastName));
  await pick(page, drawer, 'Učitel', `${admin.firstName} ${admin.lastName}`);
  await pick(page, drawer, 'Vozidlo', car.regNumber);
  const date = drawer.getByLabel('Datum začátku');
  await date.fill(`${d}.${m}.${y}`);
  await date.press('Enter');
  const time = drawer.getByLabel('Čas začátku');
  await time.fill('10:00');
  await time.press('Enter');
  await expect(drawer.getByTestId('availability-warning')).toContainText('Výcvik je mimo pracovní dobu učitele (14:00–16:00)');
  await drawer.getByText('Opakovat', { exact: true }).click();
  await drawer.getByLabel('nebo počet výcviků').fill('3');
  await drawer.getByRole('button', { name: 'Naplánovat' }).click();
  const result = drawer.getByTestId('repeat-result');
  await expect(result.getByText('Naplánováno 2 z 3 výcviků')).toBeVisible();
  const refused = result.getByTestId('repeat-refused');
  const [ny, nm, nd] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(nextWeek).split('-').map(Number);
  await expect(refused).toContainText(`${nd}.${nm}.${ny} 10:00`);
  await expect(refused).toContainText('Žák není dostupný');
  await page.screenshot({ path: '/work/shots/cal/recurring-refused-1440.png' });
  await result.getByRole('button', { name: 'Zavřít' }).click();
  await expect(drawer).toBeHidden();

  // The filters: the other teacher and the car, remembered for this user after a reload.
  const teacherFilter = page.getByLabel('Filtrovat podle učitele');
  await teacherFilter.click();
  await page.locator('.ant-select-dropdown:visible').getByText('Jan Filtrový').click();
  await page.keyboard.press('Escape');
  const carFilter = page.getByLabel('Filtrovat podle vozidla');
  await carFilter.click();
  await page.locator('.ant-select-dropdown:visible').getByText(new RegExp(car.regNumber)).click();
  await page.keyboard.press('Escape');
  const expectRemembered = async () => {
    await openCalendar(page);
    const bar = page.locator('.ant-select-selector, .ant-select').filter({ has: page.getByLabel('Filtrovat podle učitele') });
    await expect(bar.first()).toContainText('Jan Filtrový');
    await expect(
      page
        .locator('.ant-select')
        .filter({ has: page.getByLabel('Filtrovat podle vozidla') })
        .first(),
    ).toContainText(car.regNumber);
  };
  // Kept on the server (the page's writes answered) before the page is left.
  await expect
    .poll(() => api.query<{ teacherIds: string[] | null; carIds: string[] | null }>('user.getCalendarFilters', { schoolId: session.schoolId }, session.token))
    .toEqual({ teacherIds: [other.id], carIds: [car.id] });
  await page.reload();
  await expectRemembered();

  // 'Odhlásit se' wipes every 'volant.' key of the device; signed in again, the server brings the choice back.
  await page.getByRole('banner').getByRole('button', { name: session.email }).click();
  await page.getByRole('menuitem', { name: 'Odhlásit se' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('volant.calendar.')))).toEqual([]);
  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app/);
  await page.goto('/app/calendar');
  await expectRemembered();
  await page.screenshot({ path: '/work/shots/filters/filters-after-login-1440.png' });
});

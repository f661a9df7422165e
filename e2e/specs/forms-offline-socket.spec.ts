// A form's write shows on the screen from its own answer, with the live socket down (issue 18 A5): the socket.io
// requests are refused, and a ride saved in the calendar or on the student's Výcvik tab appears there without a reload
// or a live message. Before the training form put its answer into the cache, both lists stayed stale here.
import type { Page } from '@playwright/test';
import { createCar, dayInWeek, firstTeacher } from '../support/calendar.ts';
import { expect, expectShell, test } from '../support/fixtures.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';
import { dayFromToday, field, fillRide, pick, startedStudentWithCar, tableRows, trainingDrawer } from '../support/training.ts';

/** No live channel from here on: neither the WebSocket nor the long-polling fallback gets through; the page reloads without it. */
async function withoutSocket(page: Page, email: string) {
  await page.routeWebSocket('**/socket.io/**', (ws) => ws.close());
  await page.route('**/socket.io/**', (route) => route.abort());
  await page.reload();
  await expectShell(page, email);
}

test('with the socket down, a ride planned in the calendar shows there at once, from the save’s answer', async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const car = await createCar(api, session);
  const teacher = await firstTeacher(api, session);
  const lastName = `Offline${uniqueSuffix(4)}`;
  const registrationNumber = `K-${uniqueSuffix(8)}`;
  await createStudentViaApi(api, session, { firstName: 'Eva', lastName, registrationNumber });
  const [y, m, d] = dayInWeek().split('-').map(Number);

  const page = await openApp(session.token, '/app/calendar');
  await withoutSocket(page, session.email);
  await expect(page.locator('.volant-calendar')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Naplánovat' }).click();
  const drawer = trainingDrawer(page, 'Naplánovat výcvik');
  await expect(drawer).toBeVisible();
  await pick(drawer, 'Žák', `${lastName} Eva (${registrationNumber})`);
  await fillRide(drawer, { day: `${d}.${m}.${y}`, time: '10:00', teacher: `${teacher.firstName} ${teacher.lastName}`, car: `Škoda Fabia ${car.regNumber}` });
  await drawer.getByRole('button', { name: 'Naplánovat', exact: true }).click();

  await expect(page.getByText('Výcvik byl naplánován')).toBeVisible();
  await expect(page.locator('.volant-calendar').getByText(`${lastName} · Jízda`, { exact: true })).toBeVisible();
  // The socket never connected: the ride came from the answer, not from a live message.
  await expect(page.locator('html[data-live="connected"]')).toHaveCount(0);
});

test('with the socket down, the Výcvik tab lists a planned ride with its car and shows its edit at once', async ({ api, openApp }) => {
  const setup = await startedStudentWithCar(api);
  const page = await openApp(setup.school.token, `/app/student/${setup.studentId}?activeTab=3`);
  await withoutSocket(page, setup.school.email);
  const rides = tableRows(page, 'Jízdy');
  await expect(page.getByRole('button', { name: 'Naplánovat výcvik' })).toBeVisible({ timeout: 20_000 });
  await expect(rides).toHaveCount(0);

  const day = dayFromToday(5);
  await page.getByRole('button', { name: 'Naplánovat výcvik' }).click();
  let drawer = trainingDrawer(page, 'Naplánovat výcvik');
  await fillRide(drawer, { day, time: '14:00', teacher: setup.teacherName, car: setup.car.label });
  await drawer.getByRole('button', { name: 'Naplánovat', exact: true }).click();
  await expect(page.getByText('Výcvik byl naplánován')).toBeVisible();
  await expect(rides).toHaveCount(1);
  await expect(rides.first()).toContainText('14:00–15:30');
  await expect(rides.first()).toContainText(setup.car.label);

  // An edit: the row follows the answer too (cancelled by the student, red).
  await rides.first().getByText('14:00–15:30').click();
  drawer = trainingDrawer(page, 'Upravit výcvik');
  await expect(field(drawer, 'Čas začátku').locator('input')).toHaveValue('14:00');
  await pick(drawer, 'Stav', 'Zrušena žákem');
  await drawer.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(page.getByText('Jízda zaevidována')).toBeVisible();
  await expect(rides.first()).toContainText('Zrušena žákem');
  await expect(rides.first()).toHaveClass(/training-row--cancelled/);
  await expect(page.locator('html[data-live="connected"]')).toHaveCount(0);
});

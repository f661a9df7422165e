// A form's write shows on the screen from its own answer, with the live socket down (issue 18 A5): the socket.io
// requests are refused, and a ride planned in the calendar appears there without a reload or a live message.
import { createCar, dayInWeek, firstTeacher } from '../support/calendar.ts';
import { expect, expectShell, test } from '../support/fixtures.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';
import { fillRide, pick, trainingDrawer } from '../support/training.ts';

test('with the socket down, a ride planned in the calendar shows there at once, from the save’s answer', async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const car = await createCar(api, session);
  const teacher = await firstTeacher(api, session);
  const lastName = `Offline${uniqueSuffix(4)}`;
  const registrationNumber = `K-${uniqueSuffix(8)}`;
  await createStudentViaApi(api, session, { firstName: 'Eva', lastName, registrationNumber });
  const [y, m, d] = dayInWeek().split('-').map(Number);

  const page = await openApp(session.token, '/app/calendar');
  // No live channel from here on: neither the WebSocket nor the long-polling fallback gets through.
  await page.routeWebSocket('**/socket.io/**', (ws) => ws.close());
  await page.route('**/socket.io/**', (route) => route.abort());
  await page.reload();
  await expectShell(page, session.email);
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

// Výcviky on a phone (375 px): the rides as cards, nothing past the screen's edge, a tap opens the ride.
import { at, createCar, expectNoSidewaysScroll, planRide, student, today } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test("this week's rides as cards; a tap on a card's title opens the ride; nothing scrolls sideways", async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const car = await createCar(api, session);
  const eva = await student(api, session);
  await planRide(api, session, { studentId: eva.id, schoolCarId: car.id, start: at(today(), '15:00') });

  const page = await openApp(session.token, '/app/trainings');
  await expect(page.getByRole('heading', { name: 'Výcviky' })).toBeVisible({ timeout: 20_000 });
  const list = page.getByRole('list', { name: 'Výcviky' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(`Eva ${eva.lastName}`);
  await expect(list).toContainText(car.regNumber);
  await expect(list).toContainText('Naplánováno');
  await expectNoSidewaysScroll(page);

  await list.getByRole('button', { name: /15:00–16:30/ }).click();
  await expect(page.getByRole('dialog', { name: 'Upravit výcvik' })).toBeVisible();
});

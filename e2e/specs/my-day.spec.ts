// 'Můj den' on a desktop (issue 20): the sidebar entry opens the signed-in member's own day (a school's admin teaches
// too) with the student's phone to call, group, car and warnings; 'Zítra' shows the next day's ride.
import { addDays, schoolToday } from '../../packages/shared/src/school-time.ts';
import { createCarViaApi } from '../support/cars.ts';
import { at, planRide } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { studentWithPhone } from '../support/my-day.ts';
import { sidebarItem } from '../support/shell.ts';
import { freshSchool } from '../support/students.ts';

test('on a desktop: Můj den lists the member’s own rides of the day, and tomorrow’s with Zítra', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const me = await api.query<{ memberId: string }>('user.getGroupUserSettings', { schoolId: school.schoolId }, school.token);
  const car = await createCarViaApi(api, school, { stkValidUntil: '2020-01-31' });
  const studentId = await studentWithPhone(api, school, 'Telefonní', '+420 777 123 456');
  const today = schoolToday(new Date());
  await planRide(api, school, { studentId, userId: me.memberId, schoolCarId: car.id, start: at(today, '23:00'), length: 45 });
  await planRide(api, school, { studentId, userId: me.memberId, schoolCarId: car.id, start: at(addDays(today, 1), '09:00') });

  const page = await openApp(school.token, '/app', { viewport: { width: 1440, height: 900 } });
  await sidebarItem(page, 'Můj den').click();
  await expect(page).toHaveURL(/\/app\/muj-den$/);
  const card = page.getByRole('article', { name: 'Jízda Jan Telefonní' });
  await expect(card).toContainText('23:00–23:45');
  await expect(card.getByRole('link', { name: 'Zavolat Jan Telefonní' })).toHaveAttribute('href', 'tel:+420777123456');
  await expect(card).toContainText('Skupina B');
  await expect(card).toContainText(car.regNumber);
  // Warned before driving: the car's STK has lapsed.
  await expect(card.getByRole('alert')).toContainText('STK');
  await expect(card.getByRole('button', { name: 'Zahájit jízdu' })).toBeVisible();
  await page.screenshot({ path: '/work/shots/day/my-day-1440.png' });

  await page.getByRole('button', { name: 'Zítra' }).click();
  await expect(page.getByRole('article', { name: 'Jízda Jan Telefonní' })).toContainText('09:00–10:30');
});

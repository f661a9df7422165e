// 'Odkaz pro kalendář' (issue 19 §4) in Uživatelské Nastavení: the school's admin (a teacher of its rides) generates the
// link, a calendar app's plain GET reads it as iCalendar (parsed with ical.js: Europe/Prague's VTIMEZONE, the planned
// ride with the student's name), and 'Vygenerovat nový odkaz' (confirmed) kills the old URL.
import ICAL from 'ical.js';
import { addDays } from '../../packages/shared/src/school-time.ts';
import { at, firstTeacher, planRide, student, today } from '../support/calendar.ts';
import { expect, expectShell, test } from '../support/fixtures.ts';

test('a teacher subscribes to their own rides, and a new link kills the old one', async ({ api, openApp, request }) => {
  const user = await api.userWithSchool();
  const session = { email: user.email, token: user.token, schoolId: user.schoolId };
  const teacher = await firstTeacher(api, session);
  const eva = await student(api, session);
  const rideId = await planRide(api, session, { studentId: eva.id, userId: teacher.id, start: at(addDays(today(), 3), '09:00') });

  const page = await openApp(user.token, '/app/user-settings');
  await expectShell(page, user.email);
  const card = page.locator('.ant-card').filter({ hasText: 'Odkaz pro kalendář' });
  await expect(card.getByText('Zatím nemáte žádný odkaz.')).toBeVisible();
  await card.getByRole('button', { name: 'Vygenerovat nový odkaz' }).click();
  const link = card.getByLabel('Odkaz pro kalendář');
  await expect(link).toHaveValue(/\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(card.getByRole('button', { name: 'Kopírovat' })).toBeVisible();
  const first = new URL(await link.inputValue()).pathname;

  const res = await request.get(first);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const cal = new ICAL.Component(ICAL.parse(await res.text()));
  expect(cal.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Prague');
  const [ride] = cal.getAllSubcomponents('vevent');
  expect(ride.getFirstPropertyValue('uid')).toBe(`ride-${rideId}@volant`);
  expect(ride.getFirstPropertyValue('summary')).toBe(`Jízda – Eva ${eva.lastName} (B)`);
  expect(new ICAL.Event(ride).startDate.toString()).toBe(`${addDays(today(), 3)}T09:00:00`);

  // A new link, confirmed: the old URL answers 404, the new one the calendar.
  await card.getByRole('button', { name: 'Vygenerovat nový odkaz' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Vygenerovat' }).click();
  await expect(link).not.toHaveValue(new RegExp(`${first}$`));
  const second = new URL(await link.inputValue()).pathname;
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);
});

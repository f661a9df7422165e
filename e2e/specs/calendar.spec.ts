// Kalendář on a desktop: plan a ride from a selected slot, a refused move snaps back with 'Kolize', and a second
// browser sees a new ride live.
import type { Locator, Page } from '@playwright/test';
import { at, createCar, dayInWeek, firstTeacher, planRide, student } from '../support/calendar.ts';
import { expect, expectShell, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

/** The time grid's cell of a day ('YYYY-MM-DD') at a slot time ('HH:mm'): the day column's x, the slot row's y. */
async function slotPoint(page: Page, day: string, time: string) {
  const column = page.locator(`.volant-calendar [data-date="${day}"]`).last();
  const row = page.locator(`.volant-calendar [data-time="${time}:00"]`).first();
  await row.scrollIntoViewIfNeeded();
  const c = await column.boundingBox();
  const r = await row.boundingBox();
  if (!c || !r) throw new Error(`no slot ${day} ${time}`);
  return { x: c.x + c.width / 2, y: r.y + r.height / 2 };
}

/** A calendar event by its title text. */
const event = (page: Page, title: string): Locator => page.locator('.volant-calendar').getByText(title, { exact: true });

/** Pick an option of an antd Select by its form label, in the drawer. */
async function pick(page: Page, drawer: Locator, label: string, option: string | RegExp) {
  await drawer.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option).first().click();
}

test('a slot selected in the week view opens the form with its start; the planned ride appears in the calendar', async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const car = await createCar(api, session);
  const teacher = await firstTeacher(api, session);
  const eva = await student(api, session);
  const day = dayInWeek();

  const page = await openApp(session.token, '/app/calendar');
  await expectShell(page, session.email);
  await expect(page.getByRole('heading', { name: 'Kalendář' })).toBeVisible();

  const slot = await slotPoint(page, day, '10:00');
  await page.mouse.click(slot.x, slot.y);

  const drawer = page.getByRole('dialog', { name: 'Naplánovat výcvik' });
  await expect(drawer).toBeVisible();
  const [y, m, d] = day.split('-').map(Number);
  await expect(drawer.getByLabel('Datum začátku')).toHaveValue(`${d}.${m}.${y}`);
  await expect(drawer.getByLabel('Čas začátku')).toHaveValue('10:00');

  await pick(page, drawer, 'Žák', new RegExp(eva.lastName));
  await pick(page, drawer, 'Učitel', `${teacher.firstName} ${teacher.lastName}`);
  await pick(page, drawer, 'Vozidlo', car.regNumber);
  await drawer.getByRole('button', { name: 'Naplánovat' }).click();

  await expect(page.getByText('Výcvik byl naplánován')).toBeVisible();
  await expect(event(page, `${eva.lastName} · Jízda`)).toBeVisible();
});

test('a ride dragged onto another ride of the same car goes back, with the Kolize message', async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const car = await createCar(api, session);
  const first = await student(api, session);
  const second = await student(api, session);
  const day = dayInWeek();
  await planRide(api, session, { studentId: first.id, schoolCarId: car.id, start: at(day, '08:00') });
  await planRide(api, session, { studentId: second.id, schoolCarId: car.id, start: at(day, '10:00') });

  const page = await openApp(session.token, '/app/calendar');
  await expectShell(page, session.email);
  const moving = event(page, `${second.lastName} · Jízda`);
  await expect(moving).toBeVisible();
  await moving.scrollIntoViewIfNeeded();
  const before = await moving.boundingBox();
  if (!before) throw new Error('no event');

  // Grab the ride near its top and drop it at 8:30, over the first ride of the same car.
  const target = await slotPoint(page, day, '08:30');
  const grab = { x: before.x + before.width / 2, y: before.y + 4 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x, grab.y - 10, { steps: 3 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.up();

  await expect(page.getByText('Kolize', { exact: true })).toBeVisible();
  await expect(page.getByText(/Automobil není dostupný v .*Již je rezervován pro jízdu s žákem/)).toBeVisible();
  // Back where it was.
  await expect
    .poll(async () => {
      const box = await moving.boundingBox();
      return box ? Math.round(box.y) : null;
    })
    .toBe(Math.round(before.y));
});

test('a second browser sees a ride planned elsewhere without a reload', async ({ api, openApp }) => {
  const session = await freshSchool(api);
  const eva = await student(api, session);
  const day = dayInWeek();

  const page = await openApp(session.token, '/app/calendar');
  await expectShell(page, session.email);
  await expect(page.locator('.volant-calendar')).toBeVisible();

  await planRide(api, session, { studentId: eva.id, start: at(day, '11:00') });
  await expect(event(page, `${eva.lastName} · Jízda`)).toBeVisible();
});

// Helpers for the training journeys (spec §2 Výcvik, training form, signature dialog): a started student with a car,
// the training drawer's fields by their labels, and signatures drawn on the canvas with the mouse or a finger.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './api.ts';
import { createStudentViaApi, freshSchool, pickOption, type SchoolSession, uniqueSuffix } from './students.ts';

export interface TrainingSetup {
  school: SchoolSession;
  studentId: string;
  lastName: string;
  car: { id: string; label: string; regNumber: string };
  /** The school's admin teaches too (a member with role ADMIN): the teacher's name in the pickers. */
  teacherName: string;
}

/** A fresh school with one car and one student whose training has started. */
export async function startedStudentWithCar(api: Api): Promise<TrainingSetup> {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const lastName = `Jezdcová ${sfx}`;
  const studentId = await createStudentViaApi(api, school, { firstName: 'Alžběta', lastName, registrationNumber: `V-${sfx}` });
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [studentId] }, school.token);
  const regNumber = `1B${sfx.slice(0, 4).toUpperCase()}`;
  const car = await api.mutation<{ id: string }>(
    'schoolCar.createSchoolCar',
    { schoolId: school.schoolId, carType: 'Škoda Fabia', regNumber, targetGroup: ['B'], stkValidUntil: null },
    school.token,
  );
  return { school, studentId, lastName, car: { id: car.id, label: `Škoda Fabia ${regNumber}`, regNumber }, teacherName: 'Tereza Nováková' };
}

/** A day `days` from today in the school's zone, as 'D.M.YYYY'. */
export function dayFromToday(days: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(
    new Date(Date.now() + days * 86_400_000),
  );
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${get('day')}.${get('month')}.${get('year')}`;
}

/** The training drawer (plan, register or edit) by its title. */
export function trainingDrawer(page: Page, title: string): Locator {
  return page.locator('.ant-drawer-section').filter({ has: page.locator('.ant-drawer-title').getByText(title, { exact: true }) });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form item by its label (exact; a required field's label starts with the '*' mark), inside the drawer. */
export function field(scope: Locator, label: string): Locator {
  const text = new RegExp(`^\\*?\\s*${escapeRegExp(label)}$`);
  return scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: text }) });
}

/** Types into a date or time picker and confirms with Enter. */
export async function typeInPicker(scope: Locator, label: string, text: string) {
  const input = field(scope, label).locator('input');
  await input.click();
  // Typed over the selection as a user does (an emptied picker clears its value first, so no fill()).
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

/**
 * Picks an option of the drawer's select and waits until the field shows it. On a busy machine a click that lands while
 * the list is still opening can miss, and the field keeps its old value (a ride saved without its car): it picks again.
 */
export async function pick(scope: Locator, label: string, option: string) {
  const page = scope.page();
  const item = field(scope, label);
  const combobox = item.getByRole('combobox');
  await expect(async () => {
    // The list may still be open from a missed click: clicking the field again would close it.
    const listId = await combobox.getAttribute('aria-controls');
    if (listId === null) await pickOption(page, combobox, option);
    else
      await page
        .locator('.ant-select-dropdown')
        .filter({ has: page.locator(`[id="${listId}"]`) })
        .locator('.ant-select-item-option')
        .getByText(option, { exact: true })
        .click();
    await expect(item.locator('.ant-select')).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Fills start day and time, teacher and car of the training drawer. */
export async function fillRide(drawer: Locator, ride: { day: string; time: string; teacher?: string; car?: string }) {
  await typeInPicker(drawer, 'Datum začátku', ride.day);
  await typeInPicker(drawer, 'Čas začátku', ride.time);
  if (ride.teacher) await pick(drawer, 'Učitel', ride.teacher);
  if (ride.car) await pick(drawer, 'Vozidlo', ride.car);
}

type Stroke = { x: number; y: number }[];

/** A signature-like scribble inside a 300 × 400 canvas (relative points). */
const STROKES: Stroke[] = [
  [
    { x: 40, y: 200 },
    { x: 80, y: 150 },
    { x: 120, y: 230 },
    { x: 160, y: 160 },
    { x: 200, y: 240 },
    { x: 250, y: 180 },
  ],
];

/** Opens the signature dialog of the form item `label`; resolves once its canvas is ready and still. */
export async function openSignature(drawer: Locator, label: string) {
  const page = drawer.page();
  await field(drawer, label).getByRole('button', { name: 'Podepsat' }).click();
  const pad = trainingDrawer(page, label);
  const canvas = pad.getByLabel('Plocha pro podpis');
  await expect(canvas).toHaveAttribute('data-ready', 'true');
  // The drawer slides in: draw once the canvas is wholly on screen and has stopped moving. Stillness alone is not
  // enough: on a busy machine two reads can both see the drawer at its start, off the right edge, before it moves
  // (the strokes then miss the canvas and 'Uložit' stores no signature).
  await expect(canvas).toBeInViewport({ ratio: 1 });
  let box = await canvas.boundingBox();
  await expect
    .poll(async () => {
      const previous = box;
      box = await canvas.boundingBox();
      return previous !== null && box !== null && previous.x === box.x && previous.y === box.y;
    })
    .toBe(true);
  if (!box) throw new Error('the signature canvas is not on screen');
  return { pad, canvas, box: box as { x: number; y: number; width: number; height: number } };
}

/** Signs in the signature dialog of the form item `label` with the mouse, and saves. */
export async function signWithMouse(drawer: Locator, label: string) {
  const page = drawer.page();
  const { pad, box } = await openSignature(drawer, label);
  for (const stroke of STROKES) {
    await page.mouse.move(box.x + stroke[0].x, box.y + stroke[0].y);
    await page.mouse.down();
    for (const p of stroke.slice(1)) await page.mouse.move(box.x + p.x, box.y + p.y, { steps: 5 });
    await page.mouse.up();
  }
  await pad.getByRole('button', { name: 'Uložit' }).click();
  await expect(field(drawer, label).getByRole('img', { name: label })).toBeVisible();
  await expect(field(drawer, label).getByRole('button', { name: 'Upravit podpis' })).toBeVisible();
}

/** Signs with a finger: touch events through the browser's input pipeline (the page has touch), then saves. */
export async function signWithFinger(drawer: Locator, label: string) {
  const page = drawer.page();
  const { pad, box } = await openSignature(drawer, label);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: box.x + x, y: box.y + y, id: 1 }] });
  for (const stroke of STROKES) {
    await touch('touchStart', stroke[0].x, stroke[0].y);
    for (let i = 1; i < stroke.length; i += 1) {
      const [a, b] = [stroke[i - 1], stroke[i]];
      for (let s = 1; s <= 5; s += 1) await touch('touchMove', a.x + ((b.x - a.x) * s) / 5, a.y + ((b.y - a.y) * s) / 5);
    }
    await touch('touchEnd', 0, 0);
  }
  await cdp.detach();
  await pad.getByRole('button', { name: 'Uložit' }).click();
  await expect(field(drawer, label).getByRole('img', { name: label })).toBeVisible();
}

/** The rows of a Výcvik table (Jízdy, PV-ÚV, PV-ZP) on a desktop. */
export function tableRows(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title }).locator('tbody tr.training-row');
}

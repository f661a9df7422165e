// The Výuka tab on a phone (375 × 812): lessons stack as cards with their fields full width, nothing scrolls sideways,
// and a date saved from a card counts.
import { expect, test } from '../support/fixtures.ts';
import { dayFromToday, markAttended, startedStudent, teachingSection, typeLessonDate } from '../support/teaching.ts';

const WIDTH = 375;
const sideways = (page: import('@playwright/test').Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);

test('the Výuka tab on a phone: lessons as cards, no sideways scroll, a date saved', async ({ api, openApp }) => {
  // A slow first load on a busy machine (the tab renders 42 lessons with their pickers).
  test.setTimeout(150_000);
  const setup = await startedStudent(api);
  const page = await openApp(setup.school.token, `/app/student/${setup.studentId}?activeTab=2`);
  const op = teachingSection(page, 'OP');
  await expect(op.getByText('Zbývá 4 lekce')).toBeVisible({ timeout: 45_000 });
  const cards = op.getByRole('list', { name: 'Lekce OP' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  expect(await sideways(page)).toBeLessThanOrEqual(WIDTH);

  // Each field of a lesson card fits the screen.
  for (const label of ['Datum lekce OP 1', 'Učitel lekce OP 1', 'Téma lekce OP 1']) {
    const box = await page.getByLabel(label, { exact: true }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= WIDTH, label).toBe(true);
  }

  await typeLessonDate(page, 'OP 1', dayFromToday(-1));
  await markAttended(page, 'OP 1');
  // 'Uložit' stays in reach while the lessons scroll: on screen, above the bottom navigation.
  const save = page.getByRole('button', { name: 'Uložit', exact: true });
  const nav = await page.getByRole('navigation', { name: 'Hlavní navigace' }).boundingBox();
  const button = await save.boundingBox();
  expect(button && nav && button.y >= 0 && button.y + button.height <= nav.y).toBe(true);
  await save.click();
  await expect(op.getByText('Zbývá 3 lekce')).toBeVisible();
  // Once the date picker's popup and the saved message have finished moving (one frame of either may stick out).
  await expect.poll(() => sideways(page)).toBeLessThanOrEqual(WIDTH);
});

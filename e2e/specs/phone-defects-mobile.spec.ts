// Defects a new user met on a phone (375 × 812, the "mobile" project; issue 7 §7): the floating 'Nový žák' button
// over other pages, date pickers over their own buttons, a card tab 1 two thousand pixels long, and tables that
// scrolled sideways.
import type { Locator, Page } from '@playwright/test';
import { expect, expectShell, test } from '../support/fixtures.ts';
import { createStudentViaApi, freshSchool, row, type SchoolSession, StudentCardView, todayCz, uniqueSuffix } from '../support/students.ts';

const WIDTH = 375;
/**
 * Tab 1 of a started student's card (two state changes) measured 2,105 px when every label sat above its value,
 * 1,553 px with label beside value, small progress circles and the history as cards. The Zkoušky section (issue 9:
 * the hint to end training first, upcoming terms, results) brought it to 1,892 px; labels stacked again would add the
 * ~550 px above and fail this bound. The legal-minimum status of a started student (issue 17: what is missing by
 * section and the partial-completion certificate) adds ~130 px: 2,020 px. Issue 19's 'Přístup žáka' card (~130 px
 * for a student without an e-mail) and the 'Lékařský posudek' row (~32 px): 2,200 px, 2,246 px when the name wraps to a
 * second line. Issue 22's forecast ('Cesta ke zkoušce': 'Nelze odhadnout' with why, and 'Odhad: co předpokládá')
 * adds ~440 px for a student with nothing planned: 2,690 px. It loads after the header, so the height is measured
 * once it is there (on the embedded database it used to be measured before, and passed by luck).
 */
const TAB1_MAX_HEIGHT = 2740;

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(WIDTH);
}

/** Nothing lies over the middle of the element: a tap there reaches it. */
async function expectUncovered(target: Locator) {
  await expect(target).toBeInViewport();
  const onTop = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !!hit && el.contains(hit);
  });
  expect(onTop).toBe(true);
}

async function studentOf(api: Parameters<typeof freshSchool>[0], school: SchoolSession, firstName: string, lastName: string) {
  const sfx = uniqueSuffix();
  return createStudentViaApi(api, school, { firstName, lastName: `${lastName} ${sfx}`, registrationNumber: `PH-${sfx}` });
}

test("(p1) the floating 'Nový žák' button is on the students overview only, never over the card or settings", async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const id = await studentOf(api, school, 'Jiří', 'Černý');
  const page = await openApp(school.token);
  await expectShell(page, school.email);
  const fab = page.locator('.app-fab');
  await expect(fab).toBeVisible();

  await page.goto(`/app/student/${id}`);
  const card = new StudentCardView(page.getByRole('main'));
  await expect(card.info).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nový žák' })).toHaveCount(0);
  // The edit buttons at the bottom right of the screen, where the button used to float, are free.
  await expectUncovered(page.getByRole('button', { name: 'Upravit doklad totožnosti' }));

  await page.goto('/app/teachers');
  await expect(page.getByRole('heading', { name: 'Učitelé a tým' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nový žák' })).toHaveCount(0);
  await page.goto('/app/settings/tags');
  await expect(page.getByRole('main')).toContainText('Štítek');
  await expect(page.getByRole('button', { name: 'Nový žák' })).toHaveCount(0);

  // Back on the overview it is there again.
  await page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link', { name: 'Přehled' }).click();
  await expect(fab).toBeVisible();
});

test("(p2) 'Zahájit výcvik' on a phone: the open calendar leaves 'Potvrdit' visible and tappable", async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const id = await studentOf(api, school, 'Anna', 'Dvořáková');
  const page = await openApp(school.token, `/app/student/${id}`);
  const card = new StudentCardView(page.getByRole('main'));
  await card.state.getByRole('button', { name: 'Zahájit výcvik' }).click();
  const panel = card.dateActionPanel('Zahájit výcvik');
  await panel.getByRole('textbox', { name: 'Datum' }).click();
  const calendar = page.locator('.ant-picker-dropdown:visible');
  await expect(calendar).toBeVisible();
  await expectUncovered(panel.getByRole('button', { name: 'Potvrdit' }));
  await expectUncovered(panel.getByRole('button', { name: 'Zrušit' }));

  // A tap while the calendar still slides open can miss: tap 'Dnes' again until the field shows today.
  await expect(async () => {
    if (!(await calendar.isVisible())) await panel.getByRole('textbox', { name: 'Datum' }).click();
    await calendar.getByText('Dnes', { exact: true }).click({ timeout: 5_000 });
    await expect(panel.getByRole('textbox', { name: 'Datum' })).toHaveValue(todayCz(), { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Potvrdit' }).click();
  await expect(page).toHaveURL(/\/app\/reporting\/detail\/[0-9a-f-]{36}/);
});

test("(p3) 'Ukončit výcvik' on a phone: the open calendar leaves the dialog's end button visible and tappable", async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const id = await studentOf(api, school, 'Petr', 'Šťastný');
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [id] }, school.token);
  const page = await openApp(school.token, `/app/student/${id}`);
  const card = new StudentCardView(page.getByRole('main'));
  await card.state.getByRole('button', { name: 'Ukončit výcvik' }).click();
  // No lessons or rides yet: the legal minimum is not met, so the dialog offers only the early end (issue 17).
  const dialog = page.getByRole('dialog', { name: 'Ukončit výcvik' });
  const end = dialog.getByRole('button', { name: 'Ukončit předčasně' });
  await expect(end).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('textbox', { name: 'Datum' }).click();
  const calendar = page.locator('.ant-picker-dropdown:visible');
  await expect(calendar).toBeVisible();
  await end.scrollIntoViewIfNeeded();
  await expectUncovered(end);

  await calendar.getByText('Dnes', { exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Datum' })).toHaveValue(todayCz());
  await end.click();
  await expect(card.header).toContainText('Ukončen');
  await expect(row(card.state, 'Ukončení výcviku')).toContainText(todayCz());
});

test('(p4) tab 1 of the card is compact on a phone: label beside value, and the state history as cards', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const id = await studentOf(api, school, 'Marie', 'Nováková');
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [id] }, school.token);
  const page = await openApp(school.token, `/app/student/${id}`);
  const card = new StudentCardView(page.getByRole('main'));
  await expect(card.info).toBeVisible();
  await expect(card.header).toContainText('Probíhající');
  // Every section of the tab is in: the forecast and the student's access come last.
  await expect(page.getByRole('button', { name: 'Odhad: co předpokládá' })).toBeVisible();
  await expect(page.getByText('Bez přístupu do Můj výcvik')).toBeVisible();

  const height = await page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0);
  expect(height).toBeLessThanOrEqual(TAB1_MAX_HEIGHT);
  // Label and value on one line.
  const label = card.info.getByText('Místo narození', { exact: true });
  const value = card.info.getByText('Brno', { exact: true });
  const [l, v] = [await label.boundingBox(), await value.boundingBox()];
  expect(l && v && Math.abs(l.y + l.height / 2 - (v.y + v.height / 2))).toBeLessThan(8);

  const history = page.getByRole('list', { name: 'Historie stavů' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const started = history.getByRole('listitem').filter({ hasText: 'Probíhající' });
  await expect(started).toContainText('Nezahájen');
  await expect(started).toContainText(`Datum${todayCz()}`);
  await expect(started).toContainText('Provedl');
  await expect(started.getByRole('button', { name: 'Upravit datum změny stavu' })).toBeVisible();
  await expect(page.locator('.ant-table')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});

test('(p5) a hlášenka on a phone lists its students as cards with every field the office needs, no sideways scroll', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const a = await studentOf(api, school, 'Adam', 'Bílý');
  const b = await studentOf(api, school, 'Bára', 'Černá');
  const { reportId } = await api.mutation<{ reportId: string }>(
    'student.setDateOfInProgress',
    { schoolId: school.schoolId, studentsIds: [a, b] },
    school.token,
  );
  const page = await openApp(school.token, `/app/reporting/detail/${reportId}`);
  await expect(page.getByRole('heading', { name: `Hlášenka ze dne ${todayCz()}` })).toBeVisible();

  const list = page.getByRole('list', { name: 'Žáci hlášenky' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText('Adam Bílý');
  for (const text of [
    'Evidenční číslo',
    'PH-',
    'Datum narození',
    '20.6.2005',
    'Adresa',
    'Kounicova 5, 602 00 Brno',
    'Skupina',
    'B',
    'Druh výcviku',
    'Základní',
    'Zahájení',
    todayCz(),
  ]) {
    await expect(first).toContainText(text);
  }
  await expect(first.getByRole('button', { name: /^Odebrat Adam Bílý/ })).toBeVisible();
  await expect(page.locator('.ant-table')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});

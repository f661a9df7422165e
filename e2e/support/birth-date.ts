// A birth date after tomorrow (issue 7 §7): disabled in the picker, and when typed, kept and refused with a reason at
// the field, in the new-student form and in the card's inline edit. The same journeys run on a laptop and a phone.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createStudentViaApi, formItem, freshSchool, notice, row, StudentCardView, uniqueSuffix } from './students.ts';

const FUTURE = 'Datum narození nemůže být v budoucnosti';

/** A day counted from today in Prague, computed independently of the app: its ISO form and how a user types it. */
export function pragueDay(offset: number) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const d = new Date(Date.UTC(get('year'), get('month') - 1, get('day') + offset));
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  return { iso: `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`, typed: `${day}.${m}.${y}` };
}

/** The app has booted for the user (their menu is in the header). */
async function expectBooted(page: Page, email: string) {
  await expect(page.getByRole('banner').getByRole('button', { name: email })).toBeVisible({ timeout: 20_000 });
}

/** The open calendar of a date picker. */
function openCalendar(page: Page) {
  return page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
}

/** A day's cell in the open calendar, turning to the next month when the day is not on the page yet. */
async function calendarCell(page: Page, iso: string): Promise<Locator> {
  const calendar = openCalendar(page);
  await expect(calendar).toBeVisible();
  const cell = calendar.locator(`td.ant-picker-cell-in-view[title="${iso}"]`);
  if ((await cell.count()) === 0) await calendar.locator('.ant-picker-header-next-btn').click();
  await expect(cell).toHaveCount(1);
  return cell;
}

/** Types a day into a date field and leaves it, as a user does who does not use the calendar. */
async function typeDay(field: Locator, typed: string) {
  await field.click();
  await field.fill(typed);
  await field.press('Tab');
}

export function birthDateJourneys(shot: (name: string) => { path: string }) {
  test('the new-student form keeps a typed birth date after tomorrow and says at the field why it is refused', async ({ api, openApp }) => {
    const school = await freshSchool(api);
    const page = await openApp(school.token, '/app/new-student');
    await expectBooted(page, school.email);
    await expect(page.getByLabel('Evidenční číslo')).toHaveValue(/\S/);
    const birth = page.getByLabel('Datum narození');
    const dayAfterTomorrow = pragueDay(2);

    await typeDay(birth, dayAfterTomorrow.typed);
    await expect(birth).toHaveValue(dayAfterTomorrow.typed);
    await page.getByRole('button', { name: 'Vytvořit žáka' }).click();
    const item = formItem(page, 'Datum narození');
    await expect(item.locator('.ant-form-item-explain-error')).toHaveText(FUTURE);
    await expect(birth).toHaveValue(dayAfterTomorrow.typed);
    await item.scrollIntoViewIfNeeded();
    await expect(item).toBeInViewport();
    await page.screenshot(shot('form'));

    // Tomorrow is allowed: typed in, the message goes on the next submit.
    const tomorrow = pragueDay(1);
    await typeDay(birth, tomorrow.typed);
    await expect(birth).toHaveValue(tomorrow.typed);
    await page.getByRole('button', { name: 'Vytvořit žáka' }).click();
    await expect(item).not.toContainText(FUTURE);
    await expect(item).not.toContainText('Prosím zadejte datum narození!');
  });

  test('the birth-date calendar offers days up to tomorrow and disables the later ones', async ({ api, openApp }) => {
    const school = await freshSchool(api);
    const page = await openApp(school.token, '/app/new-student');
    await expectBooted(page, school.email);
    await page.getByLabel('Datum narození').click();

    await expect(await calendarCell(page, pragueDay(0).iso)).not.toHaveClass(/ant-picker-cell-disabled/);
    await expect(await calendarCell(page, pragueDay(1).iso)).not.toHaveClass(/ant-picker-cell-disabled/);
    const later = await calendarCell(page, pragueDay(2).iso);
    await expect(later).toHaveClass(/ant-picker-cell-disabled/);
    await openCalendar(page).screenshot(shot('calendar'));
    // A click on a disabled day picks nothing.
    await later.click({ force: true });
    await expect(page.getByLabel('Datum narození')).toHaveValue('');
  });

  test('the card’s inline edit keeps a typed birth date after tomorrow and says why instead of "no changes"', async ({ api, openApp }) => {
    const school = await freshSchool(api);
    const sfx = uniqueSuffix();
    const id = await createStudentViaApi(api, school, {
      firstName: 'Tereza',
      lastName: `Budoucí ${sfx}`,
      registrationNumber: `BD-${sfx}`,
      birthDate: '2005-06-20',
    });
    const page = await openApp(school.token, `/app/student/${id}`);
    await expectBooted(page, school.email);
    const card = new StudentCardView(page.getByRole('main'));
    await expect(row(card.info, 'Datum narození')).toContainText('20.6.2005');

    const edit = await card.edit('datum narození');
    const field = edit.getByLabel('Datum narození');
    const dayAfterTomorrow = pragueDay(2);
    await typeDay(field, dayAfterTomorrow.typed);
    await expect(field).toHaveValue(dayAfterTomorrow.typed);
    await edit.getByRole('button', { name: 'Uložit' }).click();
    await expect(edit.getByRole('alert')).toHaveText(FUTURE);
    await expect(field).toHaveValue(dayAfterTomorrow.typed);
    await expect(notice(page, 'Nebyly provedeny žádné změny!')).toHaveCount(0);
    await edit.screenshot(shot('inline'));

    // Nothing was saved.
    await edit.getByRole('button', { name: 'Zrušit' }).click();
    await expect(row(card.info, 'Datum narození')).toContainText('20.6.2005');
    const saved = await api.query<{ studentInfo: { birthDate: string } }>('student.student', { schoolId: school.schoolId, id }, school.token);
    expect(saved.studentInfo.birthDate).toBe('2005-06-20');
  });
}

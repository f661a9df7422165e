// 'Nesouhlasím se záznamem' (issue 19 §2) on a desktop, both sides live: the student signs in to 'Můj výcvik', disputes
// a past ride with a reason ('Rozporováno'); the office's bell rings, the student card shows 'Rozporováno' with the
// reason on the ride, the office resolves it with a note; the student then reads 'Vyřešeno' with the note. The pass
// is a tab of the same place.
import type { Page } from '@playwright/test';
import { expect, expectLive, expectShell, test } from '../support/fixtures.ts';
import { registerRide } from '../support/calendar.ts';
import { openStudentTab } from '../support/student-place.ts';
import { signInStudent } from '../support/student-portal.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';

const REASON = 'Jízda skončila o půl hodiny dřív, než je zapsáno.';
const NOTE = 'Omlouváme se, dalších 30 minut vám přidáme zdarma.';

async function bellCount(page: Page) {
  const label = await page.getByRole('button', { name: /^Oznámení/ }).getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1] ?? 0);
}

test('the student disputes a past ride; the office is rung, sees Rozporováno and resolves it; the student reads Vyřešeno', async ({
  api,
  openApp,
  browser,
}) => {
  test.setTimeout(180_000);
  const school = await freshSchool(api);
  const email = `zak.${uniqueSuffix(8)}@example.cz`;
  const lastName = `Sporná${uniqueSuffix(4)}`;
  const studentId = await createStudentViaApi(api, school, { firstName: 'Klára', lastName, registrationNumber: `RZ-${uniqueSuffix(6)}` });
  const student = await api.query<{ studentInfo: Record<string, unknown> }>('student.student', { schoolId: school.schoolId, id: studentId }, school.token);
  await api.mutation('student.updateStudent', { schoolId: school.schoolId, studentId, studentInfo: { ...student.studentInfo, email } }, school.token);
  await api.mutation('studentAccess.invite', { schoolId: school.schoolId, studentId }, school.token);
  await registerRide(api, school, { studentId, start: new Date(Date.now() - 3 * 86_400_000), length: 90 });

  // The office has the card's Výcvik tab open, live.
  const office = await openApp(school.token, `/app/student/${studentId}?activeTab=3`);
  await office.setViewportSize({ width: 1440, height: 900 });
  await expectShell(office, school.email);
  await expectLive(office);
  const bellBefore = await bellCount(office);

  // The student: signs in by the e-mailed link and disputes the ride.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const me = await context.newPage();
  await signInStudent(me, { email });
  await openStudentTab(me, 'Jízdy');
  await me.getByRole('button', { name: 'Nesouhlasím se záznamem' }).first().click();
  const dialog = me.getByRole('dialog', { name: 'Nesouhlasím se záznamem' });
  await dialog.getByRole('button', { name: 'Odeslat' }).click();
  await expect(dialog.getByText('Prosím napište, s čím nesouhlasíte.')).toBeVisible();
  await dialog.getByLabel('Důvod').fill(REASON);
  await me.screenshot({ path: '/work/shots/disputes/student-dialog-1440.png' });
  await dialog.getByRole('button', { name: 'Odeslat' }).click();
  await expect(dialog).toBeHidden();
  await expect(me.getByText('Rozporováno')).toBeVisible();
  await expect(me.getByText(REASON)).toBeVisible();
  await expect(me.getByRole('button', { name: 'Nesouhlasím se záznamem' })).toHaveCount(0);

  // The office: the bell rings and the ride shows 'Rozporováno' with the reason, live.
  await expect.poll(() => bellCount(office), { timeout: 20_000 }).toBe(bellBefore + 1);
  const rides = office.locator('section[aria-label="Jízdy"]');
  await expect(rides.getByText('Rozporováno')).toBeVisible();
  await expect(rides.getByText(REASON)).toBeVisible();
  await office.getByRole('button', { name: /^Oznámení/ }).click();
  await expect(office.getByRole('listitem', { name: 'Nesouhlas se záznamem' })).toContainText(lastName);
  await office.keyboard.press('Escape');
  await office.screenshot({ path: '/work/shots/disputes/office-card-1440.png' });

  // 'Vyřešit' with a note: the card shows 'Vyřešeno' and the note.
  await rides.getByRole('button', { name: 'Vyřešit' }).click();
  const resolve = office.getByRole('dialog', { name: 'Vyřešit rozpor' });
  await expect(resolve.getByText(REASON)).toBeVisible();
  await resolve.getByLabel('Jak byl rozpor vyřešen (žák poznámku uvidí)').fill(NOTE);
  await resolve.getByRole('button', { name: 'Vyřešit' }).click();
  await expect(rides.getByText('Vyřešeno')).toBeVisible();
  await expect(rides.getByText(NOTE)).toBeVisible();

  // The student reads the answer.
  await me.reload();
  await openStudentTab(me, 'Jízdy');
  await expect(me.getByText('Vyřešeno')).toBeVisible();
  await expect(me.getByText(NOTE)).toBeVisible();
  await me.screenshot({ path: '/work/shots/disputes/student-resolved-1440.png' });

  // The pass is a tab of the same place: the student's name and registration number, the rides, 'Podepsat průkaz'.
  await openStudentTab(me, 'Průkaz');
  const pass = me.getByRole('article', { name: 'Průkaz žadatele' });
  await expect(pass.getByText(lastName)).toBeVisible();
  await expect(pass.getByRole('heading', { name: 'Jízdy' })).toBeVisible();
  await expect(me.getByRole('button', { name: /Podepsat průkaz/ })).toBeVisible();
  await me.screenshot({ path: '/work/shots/disputes/pass-tab-1440.png' });
  await context.close();
});

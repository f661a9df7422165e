// Tamper-evident records (issue 22 §1) on a desktop: the office edits a signed ride — the form asks for 'Důvod
// opravy' and the server refuses the change without it — then finds the correction in 'Opravy a rozpory' (who, why,
// old → new, the entry's fingerprint); the student sees in 'Jízdy' the ride's fingerprint and its history of
// corrections. Deleting a registered ride and unmarking an attended theory hour ask for 'Důvod opravy' in a dialog
// (only when the server asks for it) and the corrections carry it.
import { expect, expectShell, test } from '../support/fixtures.ts';
import { registerRide } from '../support/calendar.ts';
import { sidebarItem } from '../support/shell.ts';
import { openStudentTab } from '../support/student-place.ts';
import { signInStudent } from '../support/student-portal.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';
import { field, tableRows, trainingDrawer } from '../support/training.ts';
import { teachingSection } from '../support/teaching.ts';

const REASON = 'Učitel zapsal chybný stav tachometru.';
const DELETE_REASON = 'Jízda byla zapsána k nesprávnému žákovi.';
const UNMARK_REASON = 'Žákyně na hodině nebyla.';

/** Three days ago at 07:00 UTC (08:00 in Prague in winter, 09:00 in summer). */
function threeDaysAgo() {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - 3);
  d.setUTCHours(7, 0, 0, 0);
  return d;
}
const pragueTime = (d: Date) => new Intl.DateTimeFormat('cs-CZ', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

test('the office corrects a signed ride with its reason, lists it in Opravy a rozpory; the student sees the fingerprint and the correction', async ({
  api,
  openApp,
  browser,
}) => {
  test.setTimeout(180_000);
  const school = await freshSchool(api);
  const email = `zak.${uniqueSuffix(8)}@example.cz`;
  const lastName = `Opravená${uniqueSuffix(4)}`;
  const studentId = await createStudentViaApi(api, school, { firstName: 'Jana', lastName, registrationNumber: `RC-${uniqueSuffix(6)}` });
  const student = await api.query<{ studentInfo: Record<string, unknown> }>('student.student', { schoolId: school.schoolId, id: studentId }, school.token);
  await api.mutation('student.updateStudent', { schoolId: school.schoolId, studentId, studentInfo: { ...student.studentInfo, email } }, school.token);
  await api.mutation('studentAccess.invite', { schoolId: school.schoolId, studentId }, school.token);
  const start = threeDaysAgo();
  await registerRide(api, school, { studentId, start, length: 90, tachometer: [1000, 1042] });

  // The office: the signed ride's edit shows 'Důvod opravy'; without it the change is refused in Czech.
  const office = await openApp(school.token, `/app/student/${studentId}?activeTab=3`);
  await office.setViewportSize({ width: 1440, height: 900 });
  await expectShell(office, school.email);
  const rides = tableRows(office, 'Jízdy');
  await rides
    .first()
    .getByText(`${pragueTime(start)}–`)
    .click();
  const drawer = trainingDrawer(office, 'Upravit výcvik');
  await expect(field(drawer, 'Důvod opravy')).toBeVisible();
  await field(drawer, 'Tachometr po jízdě (volitelné)').locator('input').fill('1050');
  await drawer.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(drawer.getByText('Jízda je již podepsaná: prosím uveďte důvod opravy.').first()).toBeVisible();
  await field(drawer, 'Důvod opravy').locator('textarea').fill(REASON);
  await office.screenshot({ path: '/work/shots/record-chain/office-edit-signed-1440.png' });
  await drawer.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(office.getByText('Jízda zaevidována')).toBeVisible();
  await expect(rides.first()).toContainText('50 km');

  // 'Opravy a rozpory' from the menu: the correction with who, why and old → new.
  await sidebarItem(office, 'Opravy a rozpory').click();
  await expect(office.getByRole('heading', { name: 'Opravy a rozpory' })).toBeVisible({ timeout: 45_000 });
  const item = office.getByRole('list', { name: 'Opravy a rozpory' }).getByRole('listitem').filter({ hasText: REASON });
  await expect(item).toContainText(lastName);
  await expect(item).toContainText('Oprava');
  await expect(item).toContainText('Tachometr po: 1042 km → 1050 km');
  await expect(item.locator('code')).toHaveText(/^[0-9a-f]{12}$/);
  await office.screenshot({ path: '/work/shots/record-chain/office-corrections-1440.png', fullPage: true });

  // The student: the ride's fingerprint (the whole hash in the tooltip) and its history of corrections.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const me = await context.newPage();
  await signInStudent(me, { email });
  await openStudentTab(me, 'Jízdy');
  const past = me.getByRole('list', { name: 'Proběhlé jízdy a lekce' });
  const fingerprint = past.locator('.student-place__chain code').first();
  await expect(fingerprint).toHaveText(/^[0-9a-f]{12}$/);
  const hash = await fingerprint.getAttribute('data-hash');
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(hash?.startsWith((await fingerprint.textContent()) ?? '-')).toBe(true);
  await fingerprint.hover();
  await expect(me.getByRole('tooltip')).toHaveText(hash as string);
  const history = past.getByRole('region', { name: 'Historie oprav' });
  await expect(history).toContainText(`Důvod opravy: ${REASON}`);
  await expect(history).toContainText('Tachometr po: 1042 km → 1050 km');
  await me.screenshot({ path: '/work/shots/record-chain/student-rides-1440.png', fullPage: true });
  await context.close();
});

test('the office deletes a registered ride and unmarks an attended hour, each asked for Důvod opravy, and finds both reasons in Opravy a rozpory', async ({
  api,
  openApp,
}) => {
  test.setTimeout(180_000);
  const school = await freshSchool(api);
  const lastName = `Smazaná${uniqueSuffix(4)}`;
  const studentId = await createStudentViaApi(api, school, { firstName: 'Eva', lastName, registrationNumber: `RD-${uniqueSuffix(6)}` });
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [studentId] }, school.token);
  const start = threeDaysAgo();
  await registerRide(api, school, { studentId, start, length: 90, tachometer: [2000, 2030] });
  // One TZBJ hour attended three days ago (through the API: the journey is taking it back).
  type Records = { sections: { type: string; lessons: { id: string; position: number }[] }[] };
  const records = await api.query<Records>('teachingLessonRecord.getTeachingLessonRecords', { schoolId: school.schoolId, studentId }, school.token);
  const tzbj1 = records.sections.find((x) => x.type === 'TZBJ')?.lessons.find((l) => l.position === 1) as { id: string };
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Prague' }).format(start);
  await api.mutation(
    'teachingLessonRecord.updateTeachingLessonRecord',
    { schoolId: school.schoolId, studentId, data: [{ id: tzbj1.id, date: day, userId: null, topic: 'Zákon o silničním provozu', attended: true }] },
    school.token,
  );

  // The ride: 'Smazat výcvik', confirmed; the server asks for the reason, the dialog sends it.
  const office = await openApp(school.token, `/app/student/${studentId}?activeTab=3`);
  await office.setViewportSize({ width: 1440, height: 900 });
  await expectShell(office, school.email);
  const rides = tableRows(office, 'Jízdy');
  await expect(rides).toHaveCount(1, { timeout: 45_000 });
  await rides
    .first()
    .getByRole('button', { name: /^Smazat výcvik/ })
    .click();
  await office.locator('.ant-popconfirm').filter({ hasText: 'Opravdu chcete smazat výcvik?' }).getByRole('button', { name: 'Ano' }).click();
  const deletion = office.getByRole('dialog', { name: 'Smazání zapsané jízdy' });
  await expect(deletion).toContainText('Jízda je již zapsaná: prosím uveďte důvod smazání.');
  // Without a reason the dialog does not send.
  await deletion.getByRole('button', { name: 'Smazat' }).click();
  await expect(deletion.getByLabel('Důvod opravy')).toBeVisible();
  await expect(rides).toHaveCount(1);
  await deletion.getByLabel('Důvod opravy').fill(DELETE_REASON);
  await office.screenshot({ path: '/work/shots/record-chain/office-delete-reason-1440.png' });
  await deletion.getByRole('button', { name: 'Smazat' }).click();
  await expect(office.getByText('Výcvik byl smazán')).toBeVisible();
  await expect(deletion).toBeHidden();
  await expect(rides).toHaveCount(0);

  // Výuka: 'Přítomen' of TZBJ 1 unticked and saved; the reason asked the same way.
  await office.getByRole('tab', { name: 'Výuka' }).click();
  const tzbj = teachingSection(office, 'TZBJ');
  await expect(tzbj.getByText('Zbývá 9 lekcí')).toBeVisible({ timeout: 45_000 });
  await office.getByRole('checkbox', { name: 'Přítomen na lekci TZBJ 1', exact: true }).uncheck();
  await office.getByRole('button', { name: 'Uložit', exact: true }).click();
  const unmark = office.getByRole('dialog', { name: 'Oprava zapsaného záznamu' });
  await expect(unmark).toContainText('Hodina je již zapsána jako odučená: prosím uveďte důvod opravy.');
  await unmark.getByLabel('Důvod opravy').fill(UNMARK_REASON);
  await unmark.getByRole('button', { name: 'Uložit' }).click();
  await expect(unmark).toBeHidden();
  await expect(tzbj.getByText('Zbývá 10 lekcí')).toBeVisible({ timeout: 30_000 });

  // Both corrections with their reasons instead of 'neuveden'.
  await sidebarItem(office, 'Opravy a rozpory').click();
  await expect(office.getByRole('heading', { name: 'Opravy a rozpory' })).toBeVisible({ timeout: 45_000 });
  const list = office.getByRole('list', { name: 'Opravy a rozpory' });
  await expect(list.getByRole('listitem').filter({ hasText: DELETE_REASON })).toContainText(lastName);
  await expect(list.getByRole('listitem').filter({ hasText: UNMARK_REASON })).toContainText(lastName);
  await expect(list).not.toContainText('neuveden');
  await office.screenshot({ path: '/work/shots/record-chain/office-corrections-reasons-1440.png', fullPage: true });
});

// The public applicant pass on a phone (375 × 812; issue 10, spec §2 Student pass): the student opens the mailed
// link without a login (the code in its fragment leaves the address bar), sees the school, their name, number and
// groups, the rides with their signature pictures and a cancelled lesson in red, signs the pass with a finger-sized
// drawing through 'Podepsat průkaz', and finds it signed again on reopening (the code is remembered). A typed wrong
// code gets 'Nastala chyba' with the message; the right one opens the pass. The page is not indexed.
import type { Page } from '@playwright/test';
import { createCar, expectNoSidewaysScroll, firstTeacher, registerRide } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';

/** Draws two strokes on the signature canvas with the mouse and saves. */
async function drawSignature(page: Page) {
  const pad = page.locator('.ant-drawer').filter({ hasText: 'Podpis žadatele' });
  const canvas = pad.getByLabel('Plocha pro podpis');
  await expect(canvas).toHaveAttribute('data-ready', 'true');
  let box = await canvas.boundingBox();
  await expect
    .poll(async () => {
      const previous = box;
      box = await canvas.boundingBox();
      return previous !== null && box !== null && previous.x === box.x && previous.y === box.y;
    })
    .toBe(true);
  if (!box) throw new Error('no signature canvas');
  const b = box as { x: number; y: number };
  for (const stroke of [
    [40, 200, 120, 150, 200, 240],
    [60, 260, 240, 260, 0, 0],
  ]) {
    await page.mouse.move(b.x + stroke[0], b.y + stroke[1]);
    await page.mouse.down();
    await page.mouse.move(b.x + stroke[2], b.y + stroke[3], { steps: 6 });
    if (stroke[4]) await page.mouse.move(b.x + stroke[4], b.y + stroke[5], { steps: 6 });
    await page.mouse.up();
  }
  await pad.getByRole('button', { name: 'Uložit' }).click();
}

test('the student opens the pass on a phone, sees the rides, signs it, reopens it; a wrong code is refused', async ({ api, browser }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const registrationNumber = `PM-${uniqueSuffix(6)}`;
  const lastName = `Řeháková${uniqueSuffix(3)}`;
  const studentId = await createStudentViaApi(api, school, { firstName: 'Žofie', lastName, registrationNumber, group: ['B', 'AM'] });
  const teacher = await firstTeacher(api, school);
  const car = await createCar(api, school);
  const day = (d: number, h: number) => new Date(Date.UTC(2026, 2, d, h));
  await registerRide(api, school, { studentId, userId: teacher.id, schoolCarId: car.id, start: day(2, 8) });
  await registerRide(api, school, { studentId, userId: teacher.id, schoolCarId: car.id, start: day(3, 8) });
  // The second ride is cancelled by the student.
  const rides = await api.query<{ id: string; startTime: string }[]>(
    'drivingLessonsRecord.getDrivingLessonsRecords',
    { schoolId: school.schoolId, studentId },
    school.token,
  );
  const cancelled = rides.find((r) => r.startTime.startsWith('2026-03-03'));
  if (!cancelled) throw new Error('no ride on 3 March');
  await fetch(`${api.baseURL}/api/trpc/drivingLessonsRecord.updatePlanDrivingLessonsRecordV2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${school.token}` },
    body: JSON.stringify({
      json: {
        schoolId: school.schoolId,
        id: cancelled.id,
        type: 'DRIVING',
        state: 'CANCELLED_BY_STUDENT',
        studentId,
        userId: teacher.id,
        schoolCarId: car.id,
        startTime: day(3, 8).toISOString(),
        endTime: day(3, 9).toISOString(),
        length: 60,
        // The ride was registered with both signatures: a change now is a correction (issue 22 §1).
        correctionReason: 'Žák jízdu zrušil',
      },
      meta: { values: { startTime: ['Date'], endTime: ['Date'] } },
    }),
  }).then(async (r) => expect(r.status, await r.text()).toBe(200));
  const share = await api.query<{ studentCode: string; path: string }>(
    'student.getStudentPassShareInfo',
    { schoolId: school.schoolId, studentId },
    school.token,
  );

  // The mailed link, opened on a phone with no login.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const page = await context.newPage();
  const response = await page.goto(`${share.path}#kod=${share.studentCode}`);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { name: 'Elektronický průkaz žadatele o řidičské oprávnění' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Žofie ${lastName}`)).toBeVisible({ timeout: 30_000 });
  expect(page.url()).not.toContain('#kod');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  const pass = page.getByRole('article', { name: 'Průkaz žadatele' });
  await expect(pass.getByText(registrationNumber)).toBeVisible();
  await expect(pass.getByText('B, AM')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Autoškola' })).toContainText('AS-9001');
  await expect(page.getByRole('region', { name: 'Autoškola' })).toContainText('Kounicova 10, 602 00 Brno');
  const jizdy = page.getByRole('region', { name: 'Jízdy' });
  const items = jizdy.getByTestId('pass-ride');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('2.3.2026');
  await expect(items.nth(0).getByRole('img', { name: /Podpis jízdy/ })).toBeVisible();
  await expect(items.nth(1)).toContainText('Zrušena žákem');
  await expect(items.nth(1)).toHaveCSS('color', 'rgb(207, 19, 34)');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/pass-shots/pass-375.png', fullPage: true });

  // 'Podepsat průkaz' with the signature dialog.
  await page.getByRole('button', { name: 'Podepsat průkaz' }).click();
  await drawSignature(page);
  await expect(pass.getByRole('img', { name: 'Podpis žadatele' })).toBeVisible();
  await expect(pass.getByRole('button', { name: 'Upravit podpis' })).toBeVisible();
  const stored = await api.query<{ signature: string } | null>('studentPassSignature.getStudentPassSignature', {
    schoolId: school.schoolId,
    studentId,
    registrationNumber,
    secretCode: share.studentCode,
  });
  expect(stored?.signature).toMatch(/^<svg/);

  // Reopened without the fragment: the code is remembered on this phone, the signature is there.
  await page.goto(share.path);
  await expect(pass.getByRole('img', { name: 'Podpis žadatele' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/pass-shots/pass-signed-375.png', fullPage: true });

  // Another phone without the code: the form; a wrong code is refused with the message, the right one opens.
  const other = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await other.goto(share.path);
  await other.getByLabel('Kód průkazu').fill('AAAA2222');
  await other.getByRole('button', { name: 'Zobrazit průkaz' }).click();
  await expect(other.getByText('Nastala chyba')).toBeVisible({ timeout: 30_000 });
  await expect(other.getByText('Průkaz se nepodařilo otevřít. Zkontrolujte odkaz a kód průkazu.')).toBeVisible();
  await other.getByLabel('Kód průkazu').fill(share.studentCode.toLowerCase());
  await other.getByRole('button', { name: 'Zobrazit průkaz' }).click();
  await expect(other.getByText(`Žofie ${lastName}`)).toBeVisible({ timeout: 30_000 });
  await other.context().close();
  await context.close();
});

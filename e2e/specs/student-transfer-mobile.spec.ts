// 'Převod žáka' at 375 px (issue 22 §4): a record exported by one school (over the API) is imported on a phone in
// another — the preview with the long key fingerprint, the confirmation and the imported hours fit the screen.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSidewaysScroll, registerRide } from '../support/calendar.ts';
import { dayFromToday } from '../support/exams.ts';
import { expect, test } from '../support/fixtures.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';

const SHOTS = process.env.TRANSFER_SHOTS;

test('imports another school’s record on a phone, the preview and the card within 375 px', async ({ api, openApp }) => {
  test.setTimeout(150_000);
  const A = await freshSchool(api);
  const B = await freshSchool(api);
  const sfx = uniqueSuffix();
  const seed = { firstName: 'Ondřej', lastName: `Stěhovavý ${sfx}`, registrationNumber: `M-${sfx}`, birthDate: '2003-01-05' };
  const studentA = await createStudentViaApi(api, A, seed);
  await api.mutation('student.setDateOfInProgress', { schoolId: A.schoolId, studentsIds: [studentA], date: dayFromToday(-20).iso }, A.token);
  await registerRide(api, A, { studentId: studentA, start: new Date(`${dayFromToday(-5).iso}T06:00:00Z`) });
  const file = await api.mutation<{ content: string; fileName: string; keyFingerprint: string }>(
    'transfer.exportTransfer',
    { schoolId: A.schoolId, studentId: studentA },
    A.token,
  );
  const studentB = await createStudentViaApi(api, B, seed);
  await api.mutation('student.setDateOfInProgress', { schoolId: B.schoolId, studentsIds: [studentB], date: dayFromToday(-2).iso }, B.token);

  const page = await openApp(B.token, `/app/student/${studentB}`);
  await page.getByRole('tab', { name: 'Evidence' }).click();
  await expect(page.getByRole('button', { name: 'Import z jiné autoškoly' })).toBeVisible({ timeout: 45_000 });
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Import z jiné autoškoly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import z jiné autoškoly' });
  const dir = join(tmpdir(), `volant-transfer-m-${sfx}`);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, file.fileName);
  writeFileSync(path, file.content);
  await dialog.locator('input[type=file]').setInputFiles(path);
  await expect(dialog.getByText('Podpis záznamu je platný')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('list', { name: 'Hodiny k importu' })).toContainText('Jízdy: 2 hodiny (90 min)');
  const confirm = dialog.getByRole('checkbox', { name: /Ověřil\(a\) jsem/ });
  await confirm.scrollIntoViewIfNeeded();
  for (const target of [dialog.getByText(file.keyFingerprint), confirm, dialog.getByRole('button', { name: 'Importovat hodiny' })]) {
    const box = await target.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
  await expectNoSidewaysScroll(page);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/transfer-import-preview-375.png`, animations: 'disabled' });
  }
  await confirm.check();
  await dialog.getByRole('button', { name: 'Importovat hodiny' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const prior = page.getByRole('region', { name: 'Hodiny z předchozích autoškol' });
  await expect(prior).toContainText('Z předchozí autoškoly: Autoškola', { timeout: 30_000 });
  await expect(prior).toContainText('Jízdy: 2 hodiny (90 min)');
  await expect(page.getByTestId('prior-hours')).toContainText('Jízdy 2 hodiny');
  await expectNoSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-card-375.png`, fullPage: true });
});

// 'Převod žáka' on a desktop (issue 22 §4), on the demo account, which belongs to two schools: in Autoškola Volant Brno
// a student with 5 attended PPV lessons and two 90-minute rides; 'Převod žáka' on the card downloads the signed record
// (volant.transfer/1) and shows the key's fingerprint; the user switches to Autoškola Praha Jih, where 'Import z jiné
// autoškoly' on a student of that school refuses a tampered copy with the Czech message, previews the real one (the
// issuing school, the fingerprint, the hours) and imports it; the card then lists the hours as from the previous
// school and counts them toward the legal minimum.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerRide } from '../support/calendar.ts';
import { dayFromToday } from '../support/exams.ts';
import { DEMO, DEMO_SCHOOLS, expect, expectShell, loginViaUi, test } from '../support/fixtures.ts';
import { createStudentViaApi, type SchoolSession, uniqueSuffix } from '../support/students.ts';

const SHOTS = process.env.TRANSFER_SHOTS;
type Lessons = { sections: { type: string; lessons: { id: string }[] }[] };

async function startedStudent(api: Parameters<typeof createStudentViaApi>[0], school: SchoolSession, lastName: string, reg: string) {
  const id = await createStudentViaApi(api, school, { firstName: 'Klára', lastName, registrationNumber: reg, birthDate: '2004-03-15' });
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [id], date: dayFromToday(-20).iso }, school.token);
  return id;
}

test('exports the signed record in one school, imports it in the other, the hours count as from the previous school', async ({ page, api }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await api.login(DEMO.email, DEMO.password);
  await api.readAllNotifications(token);
  const schools = await api.schools(token);
  const main = schools.find((s) => s.name === DEMO_SCHOOLS.main);
  const starter = schools.find((s) => s.name === DEMO_SCHOOLS.starter);
  if (!main || !starter) throw new Error('the demo user is not in both demo schools');
  await api.mutation('user.setActiveSchool', { schoolId: main.id }, token);
  const A: SchoolSession = { email: DEMO.email, token, schoolId: main.id };
  const B: SchoolSession = { email: DEMO.email, token, schoolId: starter.id };

  // School A: 5 PPV lessons attended 10 days ago, two completed 90-minute rides.
  const sfx = uniqueSuffix();
  const lastName = `Převáděná ${sfx}`;
  const studentA = await startedStudent(api, A, lastName, `PR-${sfx}`);
  const ids = { schoolId: A.schoolId, studentId: studentA };
  const plan = await api.query<Lessons>('teachingLessonRecord.getTeachingLessonRecords', ids, token);
  const ppv = plan.sections.find((s) => s.type === 'PPV')?.lessons.slice(0, 5) ?? [];
  expect(ppv).toHaveLength(5);
  const data = ppv.map((l) => ({ id: l.id, date: dayFromToday(-10).iso, userId: null, topic: null, attended: true }));
  await api.mutation('teachingLessonRecord.updateTeachingLessonRecord', { ...ids, data }, token);
  for (const days of [-9, -8]) await registerRide(api, A, { studentId: studentA, start: new Date(`${dayFromToday(days).iso}T06:00:00Z`) });
  // School B: the same student, started there, nothing attended yet.
  const studentB = await startedStudent(api, B, lastName, `PJ-${sfx}`);

  // Export in A.
  await loginViaUi(page, DEMO.email, DEMO.password);
  await expectShell(page, DEMO.email);
  const switcher = page.getByRole('button', { name: /^Autoškola/ });
  await expect(switcher).toContainText(DEMO_SCHOOLS.main);
  await page.goto(`/app/student/${studentA}`);
  await page.getByRole('tab', { name: 'Evidence' }).click();
  const transfer = page.getByRole('region', { name: 'Převod žáka' });
  // The partial-completion certificate goes with the record (a PDF job, downloaded when ready).
  const certificate = page.waitForEvent('download', { predicate: (d) => d.suggestedFilename().endsWith('.pdf'), timeout: 90_000 });
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), transfer.getByRole('button', { name: 'Převod žáka' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^prevod-zaka-PR-.*\.json$/);
  const content = readFileSync((await download.path()) as string, 'utf8');
  const doc = JSON.parse(content) as { format: string; record: { theory: unknown[]; rides: unknown[] }; signature: { keyFingerprint: string } };
  expect(doc.format).toBe('volant.transfer/1');
  expect(doc.record.theory).toHaveLength(5);
  expect(doc.record.rides).toHaveLength(2);
  const done = page.getByRole('dialog').filter({ hasText: 'Záznam o převodu žáka je stažen' });
  await expect(done.getByTestId('key-fingerprint')).toContainText(doc.signature.keyFingerprint);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/transfer-export-1440.png`, animations: 'disabled' });
  }
  expect((await certificate).suggestedFilename()).toMatch(/\.pdf$/);
  await done.getByRole('button').last().click();
  await expect(done).toBeHidden();

  // Switch to school B.
  await switcher.click();
  await page.getByRole('dialog', { name: 'Vyberte autoškolu, kterou chcete spravovat' }).getByRole('button', { name: DEMO_SCHOOLS.starter }).click();
  await expect(switcher).toContainText(DEMO_SCHOOLS.starter);
  await page.goto(`/app/student/${studentB}`);
  await page.getByRole('tab', { name: 'Evidence' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Zákonný rozsah výuky a výcviku není splněn' })).toContainText('PPV: chybí 18 z 18 lekcí', {
    timeout: 45_000,
  });
  await page.getByRole('button', { name: 'Import z jiné autoškoly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import z jiné autoškoly' });

  // A tampered copy (one ride made longer) is refused.
  const dir = join(tmpdir(), `volant-transfer-${sfx}`);
  mkdirSync(dir, { recursive: true });
  const tampered = join(dir, 'upraveny.json');
  writeFileSync(tampered, content.replace('"minutes": 90', '"minutes": 900'));
  await dialog.locator('input[type=file]').setInputFiles(tampered);
  await expect(dialog.getByRole('alert')).toContainText('Podpis záznamu nesouhlasí', { timeout: 30_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-import-tampered-1440.png`, animations: 'disabled' });

  // The real file: verified, previewed, confirmed, imported.
  const real = join(dir, download.suggestedFilename());
  writeFileSync(real, content);
  await dialog.locator('input[type=file]').setInputFiles(real);
  await expect(dialog.getByText('Podpis záznamu je platný')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText(DEMO_SCHOOLS.main);
  await expect(dialog).toContainText(doc.signature.keyFingerprint);
  const hours = dialog.getByRole('list', { name: 'Hodiny k importu' });
  await expect(hours).toContainText('PPV: 5 lekcí');
  await expect(hours).toContainText('Jízdy: 4 hodiny (180 min)');
  await expect(dialog).toContainText('5 lekcí výuky, 2 jízdy nebo lekce výcviku, 0 pokusů o zkoušku');
  const importButton = dialog.getByRole('button', { name: 'Importovat hodiny' });
  await expect(importButton).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Ověřil\(a\) jsem/ }).check();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-import-preview-1440.png`, animations: 'disabled' });
  await importButton.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // The card: the imported record, and the hours counted toward the minimum as from the previous school.
  const prior = page.getByRole('region', { name: 'Hodiny z předchozích autoškol' });
  await expect(prior).toContainText(`Z předchozí autoškoly: ${DEMO_SCHOOLS.main}`, { timeout: 30_000 });
  await expect(prior).toContainText('PPV: 5 lekcí · Jízdy: 4 hodiny (180 min)');
  const status = page.getByRole('alert').filter({ hasText: 'Zákonný rozsah výuky a výcviku není splněn' });
  await expect(status.getByTestId('prior-hours')).toContainText(`Započteny hodiny z předchozí autoškoly (${DEMO_SCHOOLS.main}): PPV 5 lekcí, Jízdy 4 hodiny`);
  await expect(status.getByRole('list', { name: 'Co chybí' })).toContainText('PPV: chybí 13 z 18 lekcí');
  await expect(status.getByRole('list', { name: 'Co chybí' })).toContainText('Jízdy: chybí 24 z 28 hodin');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-card-1440.png`, fullPage: true });

  // The certificate of school B (its print view) prints them apart, as from the previous school.
  const [print] = await Promise.all([
    page.waitForEvent('popup', { timeout: 30_000 }),
    status.getByRole('button', { name: 'Tisk potvrzení o částečném absolvování' }).click(),
  ]);
  await expect(print.getByRole('heading', { name: `Z předchozí autoškoly: ${DEMO_SCHOOLS.main}` })).toBeVisible({ timeout: 45_000 });
  // Its own table: PPV 0 of 18 taught here; the previous school's table: the 5 lessons.
  const ppvRows = print.getByRole('row').filter({ hasText: 'PPV – Předpisy o provozu vozidel' });
  await expect(ppvRows).toHaveCount(2);
  await expect(ppvRows.first()).toHaveText(/PPV – Předpisy o provozu vozidel\s*0\s*18/);
  await expect(ppvRows.last()).toHaveText(/PPV – Předpisy o provozu vozidel\s*5/);
  if (SHOTS) await print.screenshot({ path: `${SHOTS}/transfer-certificate-print-1440.png`, fullPage: true });
  await print.close();

  // The same file again adds nothing.
  await page.getByRole('button', { name: 'Import z jiné autoškoly' }).click();
  await page.getByRole('dialog', { name: 'Import z jiné autoškoly' }).locator('input[type=file]').setInputFiles(real);
  await expect(page.getByRole('dialog', { name: 'Import z jiné autoškoly' })).toContainText('Tento záznam už byl v autoškole importován', { timeout: 30_000 });
  // Back to the main school for the other demo journeys.
  await api.mutation('user.setActiveSchool', { schoolId: main.id }, token);
});

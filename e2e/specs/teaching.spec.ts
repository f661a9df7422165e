// The Výuka tab on a desktop (spec §2 Výuka): the planned sections with what remains, the default teacher set with its
// confirmation and filled into lessons that get a date, 'Uložit' sending only the changes, and the result kept after
// a reload; the card's Výuka circle follows.
import { expect, test } from '../support/fixtures.ts';
import { notice, pickOption } from '../support/students.ts';
import { dayFromToday, markAttended, startedStudent, teachingSection, typeLessonDate } from '../support/teaching.ts';

test('default teacher, two TZBJ lessons dated and saved, the rest remaining, kept after a reload', async ({ api, openApp }) => {
  // A slow first load on a busy machine (the tab renders 42 lessons with their pickers).
  test.setTimeout(150_000);
  const setup = await startedStudent(api);
  const page = await openApp(setup.school.token, `/app/student/${setup.studentId}?activeTab=2`);
  const tzbj = teachingSection(page, 'TZBJ');
  await expect(tzbj.getByText('Zbývá 10 lekcí')).toBeVisible({ timeout: 45_000 });
  await expect(teachingSection(page, 'PPV').getByText('Zbývá 18 lekcí')).toBeVisible();
  await expect(teachingSection(page, 'OUV').getByText('Zbývá 2 lekce')).toBeVisible();
  await expect(teachingSection(page, 'PV-ZP').getByText('Zbývá 4 lekce')).toBeVisible();

  // Nothing changed yet: 'Uložit' says so and sends nothing.
  await Promise.all([
    expect(notice(page, 'Nebyly provedeny žádné změny!')).toBeVisible({ timeout: 30_000 }),
    page.getByRole('button', { name: 'Uložit', exact: true }).click(),
  ]);

  await pickOption(page, page.getByRole('combobox', { name: 'Výchozí učitel' }), setup.teacherName);
  // The confirmation stays a few seconds: watched for from the click on, with room for a busy machine's slow answer.
  const confirmation = notice(page, 'Výchozí učitel byl nastaven');
  await Promise.all([expect(confirmation).toBeVisible({ timeout: 30_000 }), page.getByRole('button', { name: 'Nastavit učitele' }).click()]);
  await expect(confirmation).toContainText('Uloženo');

  const first = dayFromToday(-3);
  const second = dayFromToday(-2);
  await typeLessonDate(page, 'TZBJ 1', first);
  await typeLessonDate(page, 'TZBJ 2', second);
  await markAttended(page, 'TZBJ 1');
  await markAttended(page, 'TZBJ 2');
  // The lessons that got a date got the default teacher; the others stay 'Nevybráno'.
  const teacherOf = (lesson: string) => page.getByRole('row').filter({ has: page.getByLabel(`Učitel lekce ${lesson}`, { exact: true }) });
  await expect(teacherOf('TZBJ 1')).toContainText(setup.teacherName);
  await expect(teacherOf('TZBJ 2')).toContainText(setup.teacherName);
  await expect(teacherOf('TZBJ 3')).toContainText('Nevybráno');
  await page.getByLabel('Téma lekce TZBJ 2', { exact: true }).fill('Křižovatky');

  await page.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(tzbj.getByText('Zbývá 8 lekcí')).toBeVisible({ timeout: 30_000 });
  await expect(tzbj.getByText('(2/10)')).toBeVisible();

  await page.reload();
  await expect(tzbj.getByText('Zbývá 8 lekcí')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByLabel('Datum lekce TZBJ 1', { exact: true })).toHaveValue(first);
  await expect(page.getByLabel('Datum lekce TZBJ 2', { exact: true })).toHaveValue(second);
  await expect(page.getByLabel('Téma lekce TZBJ 2', { exact: true })).toHaveValue('Křižovatky');
  await expect(teacherOf('TZBJ 1')).toContainText(setup.teacherName);
  await expect(page.getByRole('combobox', { name: 'Výchozí učitel' }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText(
    setup.teacherName,
  );

  // The card's Výuka circle: 2 of 42 lessons.
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await expect(page.getByRole('progressbar', { name: 'Výuka' })).toContainText('5 %');
});

test('another screen on the same student follows a save live', async ({ api, openApp }) => {
  test.setTimeout(150_000);
  const setup = await startedStudent(api);
  const path = `/app/student/${setup.studentId}?activeTab=2`;
  const [writer, watcher] = [await openApp(setup.school.token, path), await openApp(setup.school.token, path)];
  for (const page of [writer, watcher]) await expect(teachingSection(page, 'OUV').getByText('Zbývá 2 lekce')).toBeVisible({ timeout: 45_000 });

  await typeLessonDate(writer, 'OUV 1', dayFromToday(-1));
  await markAttended(writer, 'OUV 1');
  await writer.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(teachingSection(writer, 'OUV').getByText('Zbývá 1 lekce')).toBeVisible({ timeout: 30_000 });
  // The other screen refetches on the TeachingLessonRecordMessage, without a reload.
  await expect(teachingSection(watcher, 'OUV').getByText('Zbývá 1 lekce')).toBeVisible({ timeout: 30_000 });
  await expect(watcher.getByLabel('Datum lekce OUV 1', { exact: true })).toHaveValue(dayFromToday(-1));
});

test('a started student without the Výuka plan gets it from “Vytvořit osnovu výuky”', async ({ api, openApp }) => {
  test.setTimeout(150_000);
  const setup = await startedStudent(api);
  // Changed to doplňovací (nothing to plan: the undated lessons go), then back to basic training: a student with no
  // lessons is not planned by a study change, so the lessons are not there until asked for.
  const study = { group: ['B'], currentGroups: [], trainingType: 'COURSE', carIdNumber: 'ŘP-1', note: '' };
  const { schoolId, token } = setup.school;
  await api.mutation('student.updateStudent', { schoolId, studentId: setup.studentId, studentStudyInfo: { ...study, trainingKind: 'COMPLEMENTARY' } }, token);
  await api.mutation('student.updateStudent', { schoolId, studentId: setup.studentId, studentStudyInfo: { ...study, trainingKind: 'BASIC' } }, token);
  const page = await openApp(token, `/app/student/${setup.studentId}?activeTab=2`);
  await expect(page.getByText('Žák zatím nemá osnovu výuky')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Vytvořit osnovu výuky' }).click();
  await expect(teachingSection(page, 'TZBJ').getByText('Zbývá 10 lekcí')).toBeVisible({ timeout: 30_000 });
  await expect(teachingSection(page, 'PV-UV').getByText('Zbývá 2 lekce')).toBeVisible();
});

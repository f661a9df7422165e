// Issue 17 on a desktop: a lesson marked attended counts, a dated one does not; 'Ukončit výcvik' with hours missing
// lists them by section and ends only early, with a reason; the Evidence tab then offers the partial-completion
// certificate and says the exam application cannot be issued, and the exam term refuses it with the same list.
import { examTerm, dayFromToday as examDay } from '../support/exams.ts';
import { expect, test } from '../support/fixtures.ts';
import { notice } from '../support/students.ts';
import { dayFromToday, markAttended, startedStudent, teachingSection, typeLessonDate } from '../support/teaching.ts';

test('attended lesson, early end with a reason, partial certificate offered, exam application refused with the list', async ({ api, openApp }) => {
  test.setTimeout(180_000);
  const setup = await startedStudent(api);
  const { school, studentId } = setup;
  const page = await openApp(school.token, `/app/student/${studentId}?activeTab=2`);
  const ppv = teachingSection(page, 'PPV');
  await expect(ppv.getByText('Zbývá 18 lekcí')).toBeVisible({ timeout: 45_000 });

  // PPV 1 held yesterday and attended; PPV 2 planned for next week: only the first counts.
  await typeLessonDate(page, 'PPV 1', dayFromToday(-1));
  await markAttended(page, 'PPV 1');
  await typeLessonDate(page, 'PPV 2', dayFromToday(7));
  await expect(page.getByRole('checkbox', { name: 'Přítomen na lekci PPV 2', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(ppv.getByText('Zbývá 17 lekcí')).toBeVisible({ timeout: 30_000 });
  await expect(ppv.getByRole('row').filter({ has: page.getByLabel('Datum lekce PPV 1', { exact: true }) })).toContainText('Absolvováno');
  await expect(ppv.getByRole('row').filter({ has: page.getByLabel('Datum lekce PPV 2', { exact: true }) })).toContainText('Naplánováno');

  // 'Ukončit výcvik': the missing hours by section, and only the early end.
  await page.getByRole('tab', { name: 'Údaje' }).click();
  await page.getByRole('button', { name: 'Ukončit výcvik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ukončit výcvik' });
  const missing = dialog.getByRole('list', { name: 'Co chybí' });
  await expect(missing).toContainText('PPV: chybí 17 z 18 lekcí', { timeout: 30_000 });
  await expect(missing).toContainText('TZBJ: chybí 10 z 10 lekcí');
  await expect(missing).toContainText('Jízdy: chybí 28 z 28 hodin');
  await dialog.getByRole('radio', { name: 'Jiný důvod' }).check();
  await expect(dialog.getByRole('button', { name: 'Ukončit předčasně' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Jiný důvod' }).fill('Stěhování do zahraničí');
  await dialog.getByRole('button', { name: 'Ukončit předčasně' }).click();
  await expect(page.getByRole('main')).toContainText('předčasně (Stěhování do zahraničí)', { timeout: 30_000 });

  // Evidence: the partial certificate is offered, the exam application is not possible.
  await page.getByRole('tab', { name: 'Evidence' }).click();
  const status = page.getByRole('alert').filter({ hasText: 'Výcvik byl ukončen předčasně (Stěhování do zahraničí)' });
  await expect(status).toContainText('Přihlášku ke zkoušce nelze vystavit', { timeout: 30_000 });
  await expect(status.getByRole('list', { name: 'Co chybí' })).toContainText('PPV: chybí 17 z 18 lekcí');
  await expect(status.getByRole('button', { name: 'Tisk potvrzení o částečném absolvování' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Potvrzení o částečném absolvování (PDF)' })).toBeVisible();

  // A student ended early may be signed up, but the exam application refuses with what is missing.
  const term = await examTerm(api, school, examDay(14).iso, ['PPV']);
  await api.mutation('exam.addStudentToExam', { schoolId: school.schoolId, examId: term.id, studentId, newType: { type: 'PPV', group: 'B' } }, school.token);
  await page.goto(`/app/exams/detail/${term.id}`);
  const application = page.getByRole('button', { name: 'Přihláška ke zkoušce (PDF)' });
  await expect(application).toBeVisible({ timeout: 30_000 });
  const refusal = notice(page, 'Přihlášku ke zkoušce nelze vystavit');
  await Promise.all([expect(refusal).toBeVisible({ timeout: 30_000 }), application.click()]);
  await expect(refusal).toContainText('PPV: chybí 17 z 18 lekcí');
});

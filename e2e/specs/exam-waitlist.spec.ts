// The waiting list of an exam term (issue 22 §3) on a desktop: the office puts a student on 'Čekatelé', withdraws a
// signed-up student ('Odhlásit'), sees 'Navrženo: <the listed one>', skips to the next ready student ('Přeskočit') and
// signs them up ('Přihlásit'); nobody is signed up by itself. The exams page shows 'Upozornění na lhůty' (14 and 3 days) and the admin adds 21.
// The nightly deadline sweep itself cannot run here: the e2e server has no movable clock and its cron runs at 01:00
// Prague, so the sweep and the bell's deadline notification are proven by the API test
// (apps/server/src/features/deadline/deadline-sweep.int.test.ts).
import { expect, test } from '../support/fixtures.ts';
import { dayFromToday, examTerm, finishedStudent } from '../support/exams.ts';
import { freshSchool } from '../support/students.ts';

test('withdraw a student from a term, skip the proposal, sign up the next ready student', async ({ api, openApp }) => {
  test.setTimeout(240_000);
  const school = await freshSchool(api);
  const leaving = await finishedStudent(api, school);
  const listed = await finishedStudent(api, school);
  const next = await finishedStudent(api, school);
  const day = dayFromToday(20);
  const term = await examTerm(api, school, day.iso);
  await api.mutation(
    'exam.addStudentToExam',
    { schoolId: school.schoolId, examId: term.id, studentId: leaving.id, newType: { type: 'PPV', group: 'B' } },
    school.token,
  );

  const page = await openApp(school.token, `/app/exams/detail/${term.id}`);
  const signed = page.getByRole('list', { name: 'Přihlášení žáci' });
  await expect(signed).toContainText(leaving.lastName, { timeout: 45_000 });
  const waiting = page.getByRole('list', { name: 'Čekatelé' });
  await expect(waiting).toContainText(listed.lastName);
  await expect(waiting).toContainText(next.lastName);

  // 'Přidat čekatele': the listed student is marked and comes first.
  const add = page.getByRole('combobox', { name: 'Přidat čekatele' });
  await add.click();
  await add.fill(listed.lastName);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: listed.lastName }).click();
  await expect(waiting.locator('li').first()).toContainText('Na seznamu', { timeout: 30_000 });
  await expect(waiting.locator('li').first()).toContainText(listed.lastName);

  // 'Odhlásit' the signed-up student: the freed place proposes the listed student.
  await signed.getByRole('button', { name: 'Odhlásit' }).click();
  await page.locator('.ant-popover').getByRole('button', { name: 'Ano' }).click();
  const proposal = page.getByRole('alert').filter({ hasText: 'Uvolněné místo: PPV B' });
  await expect(proposal).toContainText(`Navrženo: ${listed.lastName}`, { timeout: 30_000 });
  await expect(signed).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/work/shots/deadlines/exam-waitlist-proposal-1440.png', fullPage: true });

  // 'Přeskočit': the next ready student; 'Přihlásit' signs them up for PPV B.
  await proposal.getByRole('button', { name: 'Přeskočit' }).click();
  await expect(proposal).toContainText(`Navrženo: ${next.lastName}`, { timeout: 30_000 });
  await proposal.getByRole('button', { name: 'Přihlásit' }).click();
  await expect(page.getByText('Žák byl přihlášen na termín')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Přihlášení žáci' })).toContainText(next.lastName, { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Uvolněné místo' })).toHaveCount(0);
  const exam = await api.query<{ signUps: { studentId: string; type: string; group: string }[] }>(
    'exam.getExam',
    { schoolId: school.schoolId, id: term.id },
    school.token,
  );
  expect(exam.signUps.map((s) => [s.studentId, s.type, s.group])).toEqual([[next.id, 'PPV', 'B']]);
  await page.screenshot({ path: '/work/shots/deadlines/exam-waitlist-signed-1440.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/work/shots/deadlines/exam-waitlist-375.png', fullPage: true });

  // The exams page: 'Upozornění na lhůty' with the default 14 and 3 days.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/exams');
  const card = page.locator('.ant-card').filter({ hasText: 'Upozornění na lhůty' });
  await expect(card).toContainText('14', { timeout: 45_000 });
  await expect(card).toContainText('3');
  await page.screenshot({ path: '/work/shots/deadlines/deadline-settings-1440.png', fullPage: true });
  // The admin adds 21 days: saved, and still there after a reload.
  const leadDays = card.getByRole('combobox', { name: 'Dní předem' });
  // On a busy machine a click while the list still opens can miss: pick again until the field shows the tag.
  await expect(async () => {
    if ((await leadDays.getAttribute('aria-expanded')) !== 'true') await leadDays.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .getByText('21', { exact: true })
      .click({ timeout: 5_000 });
    await expect(card.locator('.ant-select-selection-item').filter({ hasText: /^21$/ })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Uložit upozornění' }).click();
  await expect(page.getByText('Nastavení upozornění bylo uloženo')).toBeVisible({ timeout: 30_000 });
  const saved = await api.query<{ leadDays: number[] }>('deadline.getSettings', { schoolId: school.schoolId }, school.token);
  expect(saved.leadDays).toEqual([21, 14, 3]);
  await page.reload();
  await expect(page.locator('.ant-card').filter({ hasText: 'Upozornění na lhůty' })).toContainText('21', { timeout: 45_000 });
});

// PDF exports on a phone (375 × 812): the Evidence tab's driving-training record downloads after the notice, the
// exam term's application too, and Historie PDF shows the files as cards with 'Stáhnout', with no sideways scroll.
import { readFileSync } from 'node:fs';
import { expectNoSidewaysScroll, student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test('PDF on a phone: Evidence výcviku and the exam application download, Historie PDF as cards', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=5`);
  const button = page.getByRole('button', { name: 'Evidence výcviku (PDF)' });
  await expect(button).toBeVisible({ timeout: 45_000 });
  await expectNoSidewaysScroll(page);
  const box = await page.getByRole('button', { name: 'Potvrzení o částečném absolvování (PDF)' }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);

  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^report_vehicle_driving_training-[0-9a-f-]{36}\.pdf$/);
  expect(
    readFileSync((await download.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // An exam term's application, from the term's page.
  const { id: examId } = await api.mutation<{ id: string }>(
    'exam.createExam',
    { schoolId: school.schoolId, date: '2030-05-14', place: 'Magistrát města Brna', types: ['PPV'] },
    school.token,
  );
  await page.goto(`/app/exams/detail/${examId}`);
  const application = page.getByRole('button', { name: 'Přihláška ke zkoušce (PDF)' });
  await expect(application).toBeVisible({ timeout: 30_000 });
  const exam = page.waitForEvent('download', { timeout: 60_000 });
  await application.click();
  expect((await exam).suggestedFilename()).toMatch(/^exam-[0-9a-f-]{36}\.pdf$/);

  await page.goto('/app/settings/pdf-history');
  const list = page.getByRole('list', { name: 'Historie PDF' });
  const card = list.getByRole('listitem').filter({ hasText: 'Evidence o výcviku v řízení vozidla' });
  await expect(card).toContainText(s.lastName, { timeout: 30_000 });
  await expect(card).toContainText('Hotovo');
  await expect(list.getByRole('listitem').filter({ hasText: 'Přihláška ke zkoušce' })).toContainText('14.5.2030');
  await expectNoSidewaysScroll(page);
  const again = page.waitForEvent('download');
  await card.getByRole('button', { name: /Stáhnout/ }).click();
  expect((await again).suggestedFilename()).toBe(download.suggestedFilename());
});

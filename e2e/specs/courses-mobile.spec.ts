// 'Docházka' on a phone (375 px, issue 20 §3): the teacher marks each student of a group lesson present or absent;
// the Kurzy page and the lesson read at that width.
import { courseWithStudents, pastLesson } from '../support/courses.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

const SHOTS = '/work/shots/theory';

test('marking attendance of a group lesson at 375 px', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  const c = await courseWithStudents(api, school, 3);
  const lessonId = await pastLesson(api, school, c);

  const page = await openApp(school.token, `/app/courses/${c.courseId}`);
  await expect(page.getByRole('heading', { name: c.name })).toBeVisible({ timeout: 45_000 });
  await page.screenshot({ path: `${SHOTS}/course-detail-375.png`, fullPage: true });
  await page.getByRole('link', { name: /^Docházka / }).click();
  await expect(page).toHaveURL(new RegExp(`/app/courses/lesson/${lessonId}$`));
  // 'Upravit hodinu' (before any attendance): a new topic.
  await page.getByRole('button', { name: 'Upravit hodinu' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Upravit hodinu výuky' });
  await drawer.getByLabel('Téma').fill('Přednost v jízdě');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText(/Přednost v jízdě/)).toBeVisible();
  const [a, b, d] = c.students;
  await page
    .getByRole('group', { name: `Docházka ${a.lastName} ${a.firstName}` })
    .getByText('Přítomen', { exact: true })
    .click();
  await expect(page.getByText('Přítomno 1 z 3')).toBeVisible();
  await page
    .getByRole('group', { name: `Docházka ${b.lastName} ${b.firstName}` })
    .getByText('Nepřítomen')
    .click();
  await page
    .getByRole('group', { name: `Docházka ${d.lastName} ${d.firstName}` })
    .getByText('Přítomen', { exact: true })
    .click();
  await expect(page.getByText('Přítomno 2 z 3')).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.locator('.ant-segmented-thumb')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/lesson-attendance-375.png`, fullPage: true });
  // Unmarking takes the attendance back: a correction of an attended hour, with its reason (issue 22 §1).
  await page
    .getByRole('group', { name: `Docházka ${d.lastName} ${d.firstName}` })
    .getByText('Nezapsáno')
    .click();
  const reason = page.getByRole('dialog', { name: 'Oprava docházky' });
  await expect(reason).toContainText('Hodina je již zapsána jako odučená: prosím uveďte důvod opravy.');
  await reason.getByLabel('Důvod opravy').fill('Žák odešel před začátkem hodiny.');
  await reason.getByRole('button', { name: 'Uložit' }).click();
  await expect(reason).toBeHidden();
  await expect(page.getByText('Přítomno 1 z 3')).toBeVisible();
  const records = await api.query<{ sections: { type: string; done: number }[] }>(
    'teachingLessonRecord.getTeachingLessonRecords',
    { schoolId: school.schoolId, studentId: a.id },
    school.token,
  );
  expect(records.sections.find((s) => s.type === 'PPV')?.done).toBe(2);
});

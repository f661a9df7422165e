// 'Kurzy' on a desktop (issue 20 §3): a course of 12 students (arranged over the API), its weekly theory schedule
// made in the UI with 'Opakovat každý týden do …', attendance marked for one lesson, and the course's class book PDF
// read back: exactly the attended hours, nothing of the lessons without attendance.
import { addDays, schoolToday } from '../../packages/shared/src/school-time.ts';
import { courseWithStudents, cz, downloadedPdfText } from '../support/courses.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool, pickOption } from '../support/students.ts';

const SHOTS = '/work/shots/theory';

test('a weekly schedule for a course of 12, attendance of one lesson, and the class book shows exactly the attended hours', async ({ api, openApp }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const c = await courseWithStudents(api, school, 12);
  const first = addDays(schoolToday(new Date()), -14);
  const until = addDays(first, 28);

  const page = await openApp(school.token, `/app/courses/${c.courseId}`);
  await expect(page.getByRole('heading', { name: c.name })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Přidat hodinu' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Přidat hodinu výuky' });
  const date = drawer.getByLabel('Datum');
  await date.click();
  await date.fill(cz(first));
  await page.locator(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${first}"]`).click();
  await drawer.getByLabel('Začátek').fill('17:00');
  await pickOption(page, drawer.getByLabel('Učitel'), `${c.teacher.firstName} ${c.teacher.lastName}`);
  await pickOption(page, drawer.getByLabel('Oddíl výuky'), 'PPV');
  await drawer.getByLabel('Téma').fill('Křižovatky');
  await pickOption(page, drawer.getByLabel('Učebna'), 'Učebna 1 (20 míst)');
  const repeat = drawer.getByLabel('Opakovat každý týden do …');
  await repeat.click();
  await repeat.fill(cz(until));
  await page.locator(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${until}"]`).click();
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText('Vytvořeno hodin: 5')).toBeVisible();
  const lessons = page.locator('.ant-card').filter({ hasText: 'Hodiny výuky (5)' });
  await expect(lessons.getByRole('row')).toHaveCount(6);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/course-detail-1440.png`, fullPage: true });

  // Attendance of the first lesson: one absent, the other eleven present.
  await lessons.getByRole('link', { name: new RegExp(`^Docházka ${cz(first).replaceAll('.', '\\.')} 17:00`) }).click();
  const absent = c.students[0];
  await page
    .getByRole('group', { name: `Docházka ${absent.lastName} ${absent.firstName}` })
    .getByText('Nepřítomen')
    .click();
  await expect(page.getByText('Přítomno 0 z 12')).toBeVisible();
  // Saved (the row says so from the server's answer): until then 'Ostatní přítomni' is loading and takes no click.
  const absentRow = page
    .getByRole('list', { name: 'Žáci na hodině' })
    .getByRole('listitem')
    .filter({ hasText: `${absent.lastName} ${absent.firstName}` });
  await expect(absentRow.getByText('nepřítomen', { exact: true })).toBeVisible();
  const others = page.getByRole('button', { name: 'Ostatní přítomni' });
  await expect(others).not.toHaveClass(/ant-btn-loading/);
  await others.click();
  await expect(page.getByText('Přítomno 11 z 12')).toBeVisible();
  await expect(page.locator('.ant-segmented-thumb')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/lesson-attendance-1440.png`, fullPage: true });

  // Each present student's Výuka counts the two hours; the absent one's none.
  const done = async (studentId: string) => {
    const r = await api.query<{ sections: { type: string; done: number }[] }>(
      'teachingLessonRecord.getTeachingLessonRecords',
      { schoolId: school.schoolId, studentId },
      school.token,
    );
    return r.sections.find((s) => s.type === 'PPV')?.done;
  };
  expect(await done(c.students[1].id)).toBe(2);
  expect(await done(absent.id)).toBe(0);

  // The class book of the course.
  await page.getByRole('link', { name: c.name }).click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Třídní kniha (PDF)' }).click();
  const text = await downloadedPdfText(await downloading);
  expect(text).toContain('Třídní kniha');
  expect(text).toContain('Průběh výuky');
  // Two hours (2 × 45 min) of the one lesson with attendance, 11 of 12 present each; the absent student's number.
  expect(text.match(/11\/12/g)).toHaveLength(2);
  expect(text.match(/2\/18/g)).toHaveLength(11);
  expect(text.match(/0\/18/g)).toHaveLength(1);
  // The week after (held, no attendance) is not in the book.
  expect(text).not.toContain(cz(addDays(first, 7)));

  // The list of courses with its rooms.
  await page.goto('/app/courses');
  await expect(page.getByRole('link', { name: `Detail kurzu ${c.name}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/courses-1440.png`, fullPage: true });
});

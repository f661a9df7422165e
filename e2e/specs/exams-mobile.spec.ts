// Exams on a phone (375 × 812): the terms as cards, signing up from the card's exams section, no sideways scroll.
import { expectNoSidewaysScroll } from '../support/calendar.ts';
import { dayFromToday, examTerm, finishedStudent } from '../support/exams.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test('exams on a phone: terms as cards, sign-up on the card, no sideways scroll', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await finishedStudent(api, school);
  const day = dayFromToday(7);
  await examTerm(api, school, day.iso, ['PPV', 'ZP', 'OP']);

  const page = await openApp(school.token, '/app/exams');
  const card = page.getByRole('list', { name: 'Termíny zkoušek' }).getByRole('listitem').filter({ hasText: day.cz });
  await expect(card).toContainText('PPV, ZP, OP', { timeout: 45_000 });
  await expectNoSidewaysScroll(page);

  await page.goto(`/app/student/${s.id}`);
  const box = page.getByRole('list', { name: 'Nadcházející termíny' }).getByRole('checkbox', { name: `ZP B ${day.cz}` });
  await expect(box).toBeEnabled({ timeout: 45_000 });
  await box.click(); // controlled: ticked once the server answers
  await expect(box).toBeChecked({ timeout: 30_000 });
  await expectNoSidewaysScroll(page);

  await page.goto(
    `/app/exams/detail/${(await api.query<{ id: string }[]>('exam.exams', { schoolId: school.schoolId, dateGte: day.iso }, school.token))[0]?.id}`,
  );
  await expect(page.getByRole('list', { name: 'Přihlášení žáci' })).toContainText(s.lastName, { timeout: 45_000 });
  await expect(page.getByRole('list', { name: 'Přihlášení žáci' })).toContainText('Pokus 1/3');
  await expectNoSidewaysScroll(page);
});

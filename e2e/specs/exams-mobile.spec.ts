// Exams on a phone (375 × 812): the terms as cards, signing up from the card's exams section, no sideways scroll;
// three fails → the retraining reason → 'Zaznamenat novou výuku/výcvik' in a full-screen drawer → 1/3 of the
// '2. cyklus'; the demo's application deadlines on the exams page.
import { expectNoSidewaysScroll } from '../support/calendar.ts';
import { dayFromToday, examTerm, finishedStudent, studentNeedingRetraining } from '../support/exams.ts';
import { DEMO, DEMO_SCHOOLS, expect, test } from '../support/fixtures.ts';
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

test('on a phone: three fails → Zaznamenat novou výuku/výcvik → signed up as 1/3 of the 2. cyklus, no sideways scroll', async ({ api, openApp }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const s = await studentNeedingRetraining(api, school);
  const next = dayFromToday(10);
  await examTerm(api, school, next.iso);

  const page = await openApp(school.token, `/app/student/${s.id}`);
  const part = page.getByRole('listitem', { name: 'Část PPV B' });
  await expect(part).toContainText('Nutná nová výuka/výcvik', { timeout: 45_000 });
  const box = page.getByRole('list', { name: 'Nadcházející termíny' }).getByRole('checkbox', { name: `PPV B ${next.cz}` });
  await expect(box).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await page
    .locator('.ant-card')
    .filter({ has: page.getByRole('list', { name: 'Části zkoušky' }) })
    .screenshot({ path: '/tmp/exams-shots/retraining-needed-375.png' });

  await part.getByRole('button', { name: 'Zaznamenat novou výuku/výcvik' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Datum absolvování' });
  await expect(drawer.getByLabel('Datum absolvování')).toHaveValue(dayFromToday(0).cz);
  // Slid in: the full-screen drawer's footer is whole on the screen.
  await expect(drawer.getByRole('button', { name: 'Uložit' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: '/tmp/exams-shots/retraining-drawer-375.png' });
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();
  await expect(part).toContainText('2. cyklus', { timeout: 30_000 });
  await box.click(); // controlled: ticked once the server answers
  await expect(box).toBeChecked({ timeout: 30_000 });
  await expect(part).toContainText('Přihlášen, pokus 1/3');
  await expectNoSidewaysScroll(page);
});

test('on a phone: the exams page lists the demo students whose exam application is due', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const token = await api.login(DEMO.email, DEMO.password);
  await api.readAllNotifications(token);
  const school = (await api.schools(token)).find((x) => x.name === DEMO_SCHOOLS.main);
  if (!school) throw new Error('the demo school is missing');
  await api.mutation('user.setActiveSchool', { schoolId: school.id }, token);
  const page = await openApp(token, '/app/exams');
  const item = page.getByRole('list', { name: 'Lhůta pro podání přihlášky ke zkoušce' }).getByRole('listitem').filter({ hasText: 'Pokorný Ondřej' });
  await expect(item).toContainText(`Lhůta pro podání přihlášky uplynula ${dayFromToday(-15).cz}`, { timeout: 45_000 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/exams-shots/deadlines-375.png', fullPage: true });
});

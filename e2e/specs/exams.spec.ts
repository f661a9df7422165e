// Exams on a desktop (issue 9): a term created in 'Nový termín', a FINISHED student signed up from the card's
// exams section, the same type disabled on another term ('Student je přihlášen už na jiný termín'), a fail recorded
// on the results page → the student is in 'Oprava' and the card shows the attempt counter '1/3'. Three fails → the
// retraining reason → 'Zaznamenat novou výuku/výcvik' → 1/3 of the '2. cyklus'; the application deadlines of the demo.
import { DEMO, DEMO_SCHOOLS, expect, expectLive, test } from '../support/fixtures.ts';
import { dayFromToday, examTerm, finishedStudent, studentNeedingRetraining } from '../support/exams.ts';
import { freshSchool } from '../support/students.ts';

test('creates a term, signs a student up from the card, sees the box disabled elsewhere, records a fail → Oprava and 1/3', async ({ api, openApp }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const s = await finishedStudent(api, school);
  // Today's term: its results can be written (from the term's day on), and the card still offers it.
  const first = dayFromToday(0);
  const second = dayFromToday(20);

  // 'Nový termín': the form's messages first, then a term with PPV and ZP.
  const page = await openApp(school.token, '/app/exams');
  await expect(page.getByText('Žádné termíny zkoušek')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Nový termín' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Druhy zkoušky' });
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toContainText('Prosím zadejte datum!');
  await expect(drawer).toContainText('Prosím zadejte místo!');
  await expect(drawer).toContainText('Vyberte alespoň jeden druh zkoušky!');
  const date = drawer.getByLabel('Datum');
  await date.click();
  await date.fill(first.cz);
  await page.locator(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${first.iso}"]`).click();
  await drawer.getByLabel('Místo').fill('Magistrát města Brna');
  await drawer.getByRole('checkbox', { name: 'PPV' }).check();
  await drawer.getByRole('checkbox', { name: 'ZP' }).check();
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: first.cz })).toContainText('PPV, ZP');
  const terms = await api.query<{ id: string; date: string }[]>('exam.exams', { schoolId: school.schoolId, dateGte: first.iso }, school.token);
  const termA = terms.find((t) => t.date === first.iso);
  expect(termA).toBeTruthy();
  await examTerm(api, school, second.iso);

  // The card: tick PPV B on the first term; on the second it is disabled.
  await page.goto(`/app/student/${s.id}`);
  const upcoming = page.getByRole('list', { name: 'Nadcházející termíny' });
  const boxA = upcoming.getByRole('checkbox', { name: `PPV B ${first.cz}` });
  await expect(boxA).toBeEnabled({ timeout: 45_000 });
  await boxA.click(); // controlled: ticked once the server answers
  await expect(boxA).toBeChecked({ timeout: 30_000 });
  const boxB = upcoming.getByRole('checkbox', { name: `PPV B ${second.cz}` });
  await expect(boxB).toBeDisabled();
  await boxB.hover({ force: true });
  await expect(page.getByRole('tooltip')).toContainText('Student je přihlášen už na jiný termín');
  await expect(upcoming.getByRole('checkbox', { name: `ZP B ${second.cz}` })).toBeEnabled();

  // Unticking asks first; 'Ne' keeps the sign-up.
  await boxA.click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Opravdu chcete žáka odhlásit ze zkoušky?' });
  await confirm.getByRole('button', { name: 'Ne' }).click();
  await expect(boxA).toBeChecked();

  // The results page: Neprospěl → the student is in 'Oprava', the card counts 1/3.
  await page.goto(`/app/exams/results/${termA?.id}`);
  const result = page.getByRole('combobox', { name: `Výsledek PPV B ${s.lastName} ${s.firstName}` });
  await result.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').getByText('Neprospěl', { exact: true }).click();
  await expect(page.getByRole('list', { name: 'Přihlášení žáci' })).toContainText('Neprospěl', { timeout: 30_000 });
  await page.goto(`/app/student/${s.id}`);
  const results = page.getByRole('list', { name: 'Výsledky zkoušek' });
  await expect(results).toContainText('Neprospěl', { timeout: 45_000 });
  await expect(results).toContainText('Pokus 1/3');
  await expect(page.getByText('Oprava', { exact: true }).first()).toBeVisible();
  const detail = await api.query<{ state: string }>('student.student', { schoolId: school.schoolId, id: s.id }, school.token);
  expect(detail.state).toBe('EXAM_CORRECTION');
});

test("the terms list counts the signed-up students ('Přihlášení žáci'): live after sign-ups and after a reload (issue 17)", async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const [a, b] = [await finishedStudent(api, school), await finishedStudent(api, school)];
  const day = dayFromToday(10);
  const term = await api.mutation<{ id: string }>(
    'exam.createExam',
    { schoolId: school.schoolId, date: day.iso, place: 'Magistrát města Brna', types: ['PPV', 'ZP'], capacity: 6 },
    school.token,
  );
  const page = await openApp(school.token, '/app/exams');
  const row = page.getByRole('row').filter({ hasText: day.cz });
  const count = row.getByRole('cell').nth(3);
  await expect(page.getByRole('columnheader', { name: 'Přihlášení žáci' })).toBeVisible({ timeout: 45_000 });
  await expect(count).toHaveText('0/6');
  await expectLive(page);

  // Signed up elsewhere (another session): the open list follows; one student in two parts counts once.
  const signUp = (studentId: string, type: 'PPV' | 'ZP') =>
    api.mutation('exam.addStudentToExam', { schoolId: school.schoolId, examId: term.id, studentId, newType: { type, group: 'B' } }, school.token);
  await signUp(a.id, 'PPV');
  await expect(count).toHaveText('1/6', { timeout: 30_000 });
  await signUp(a.id, 'ZP');
  await signUp(b.id, 'PPV');
  await expect(count).toHaveText('2/6', { timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: day.cz }).getByRole('cell').nth(3)).toHaveText('2/6', { timeout: 45_000 });
  // The term's detail lists the same students.
  await page.getByRole('link', { name: `Detail termínu ${day.cz}` }).click();
  await expect(page.getByText(a.lastName).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(b.lastName).first()).toBeVisible();
});

test('three fails: the box is disabled with the reason → Zaznamenat novou výuku/výcvik → signed up again as 1/3 of the 2. cyklus', async ({ api, openApp }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const s = await studentNeedingRetraining(api, school);
  const next = dayFromToday(10);
  await examTerm(api, school, next.iso);

  const page = await openApp(school.token, `/app/student/${s.id}`);
  const part = page.getByRole('listitem', { name: 'Část PPV B' });
  await expect(part).toContainText('Pokusy 3/3', { timeout: 45_000 });
  await expect(part).toContainText('Nutná nová výuka/výcvik');
  const box = page.getByRole('list', { name: 'Nadcházející termíny' }).getByRole('checkbox', { name: `PPV B ${next.cz}` });
  await expect(box).toBeDisabled();
  await box.hover({ force: true });
  await expect(page.getByRole('tooltip')).toContainText('Po dvou neúspěšných opravných pokusech musí žák absolvovat novou výuku nebo výcvik.');
  // Only the failed part waits.
  await expect(page.getByRole('list', { name: 'Nadcházející termíny' }).getByRole('checkbox', { name: `ZP B ${next.cz}` })).toBeEnabled();
  await page.setViewportSize({ width: 1440, height: 900 });
  const examsCard = page.locator('.ant-card').filter({ has: page.getByRole('list', { name: 'Části zkoušky' }) });
  await examsCard.screenshot({ path: '/tmp/exams-shots/retraining-needed-1440.png' });

  // The drawer: Datum absolvování (today by default), Poznámka; the rides and lessons since the failed exam.
  await part.getByRole('button', { name: 'Zaznamenat novou výuku/výcvik' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Datum absolvování' });
  await expect(drawer).toContainText('Od poslední neúspěšné zkoušky');
  await expect(drawer.getByLabel('Datum absolvování')).toHaveValue(dayFromToday(0).cz);
  await drawer.getByLabel('Poznámka (volitelné)').fill('Dvě hodiny výuky PPV navíc');
  await drawer.getByRole('button', { name: 'Uložit' }).click();
  await expect(drawer).toBeHidden();
  await expect(part).toContainText('2. cyklus', { timeout: 30_000 });
  await expect(part).toContainText('Pokusy 0/3');
  await expect(part).toContainText('Dvě hodiny výuky PPV navíc');

  // Signing up again: attempt 1/3 of the second cycle.
  await expect(box).toBeEnabled();
  await box.click(); // controlled: ticked once the server answers
  await expect(box).toBeChecked({ timeout: 30_000 });
  await expect(part).toContainText('Přihlášen, pokus 1/3');
  await expect(part).toContainText('2. cyklus');
  await examsCard.screenshot({ path: '/tmp/exams-shots/retraining-cycle2-1440.png' });
  const card = await api.query<{ signUps: { attempt: number; cycle: number; result: string | null }[] }>(
    'exam.getStudentExams',
    { schoolId: school.schoolId, studentId: s.id },
    school.token,
  );
  expect(card.signUps.filter((x) => x.result === null)).toEqual([expect.objectContaining({ attempt: 1, cycle: 2 })]);
});

test('the exams page lists the demo students whose exam application is due (15 days after training ends)', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const token = await api.login(DEMO.email, DEMO.password);
  await api.readAllNotifications(token);
  const school = (await api.schools(token)).find((x) => x.name === DEMO_SCHOOLS.main);
  if (!school) throw new Error('the demo school is missing');
  await api.mutation('user.setActiveSchool', { schoolId: school.id }, token);
  const due = await api.query<{ studentId: string; lastName: string; firstName: string; deadline: string; passed: boolean }[]>(
    'exam.getApplicationDeadlines',
    { schoolId: school.id },
    token,
  );
  // Ondřej Pokorný ended training 30 days ago and has no term.
  const ondrej = due.find((r) => r.lastName === 'Pokorný');
  expect(ondrej).toMatchObject({ firstName: 'Ondřej', passed: true, deadline: dayFromToday(-15).iso });

  const page = await openApp(token, '/app/exams');
  const list = page.getByRole('list', { name: 'Lhůta pro podání přihlášky ke zkoušce' });
  const item = list.getByRole('listitem').filter({ hasText: 'Pokorný Ondřej' });
  await expect(item).toContainText(`Lhůta pro podání přihlášky uplynula ${dayFromToday(-15).cz}`, { timeout: 45_000 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/exams-shots/deadlines-1440.png', fullPage: true });
  await item.getByRole('link', { name: /Pokorný Ondřej/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/student/${ondrej?.studentId}`));
  await expect(page.getByText(`Lhůta pro podání přihlášky uplynula ${dayFromToday(-15).cz}`)).toBeVisible({ timeout: 45_000 });
});

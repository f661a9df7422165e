// Exams on a desktop (issue 9): a term created in 'Nový termín', a FINISHED student signed up from the card's
// exams section, the same type disabled on another term ('Student je přihlášen už na jiný termín'), a fail recorded
// on the results page → the student is in 'Oprava' and the card shows the attempt counter '1/3'.
import { expect, test } from '../support/fixtures.ts';
import { dayFromToday, examTerm, finishedStudent } from '../support/exams.ts';
import { freshSchool } from '../support/students.ts';

test('creates a term, signs a student up from the card, sees the box disabled elsewhere, records a fail → Oprava and 1/3', async ({ api, openApp }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const s = await finishedStudent(api, school);
  const first = dayFromToday(10);
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

// The students issue on a desktop (1366 × 900): the new-student form, the card, global search, inline edits, the
// training state, removal and the overview. Each test has a fresh school of its own, so they do not meet.
import { expect, expectShell, test } from '../support/fixtures.ts';
import {
  createStudentViaApi,
  formItem,
  freshSchool,
  notice,
  pickOption,
  row,
  StudentCardView,
  StudentSearchBox,
  todayCz,
  uniqueSuffix,
  clickOption,
} from '../support/students.ts';

test.use({ viewport: { width: 1366, height: 900 } });

test('(1) "Nový žák" with every field: success, then the card shows the values', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const page = await openApp(school.token);
  await expectShell(page, school.email);
  const sfx = uniqueSuffix();
  const lastName = `Šťastná ${sfx}`;
  const regNumber = `E2E-${sfx}`;

  await page.getByRole('button', { name: 'Nový žák' }).click();
  await expect(page).toHaveURL(/\/app\/new-student$/);
  await expect(page.getByRole('heading', { name: 'Nový žák' })).toBeVisible();

  // Osobní údaje
  await page.getByLabel('Jméno', { exact: true }).fill('Jana');
  await page.getByLabel('Příjmení', { exact: true }).fill(lastName);
  await page.getByLabel('Titul (volitelné)').fill('Bc.');
  // The birth date through the picker: typed, then confirmed on the calendar's cell.
  const birth = page.getByLabel('Datum narození');
  await birth.click();
  await birth.fill('15.3.2004');
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="2004-03-15"]').click();
  await expect(birth).toHaveValue('15.3.2004');
  await page.getByLabel('Místo narození').fill('Bratislava');
  await pickOption(page, page.getByLabel('Státní občanství'), 'Slovensko', 'Slovensko');
  // A foreign citizen may have an interpreter (the school has none, so it stays empty).
  await expect(page.getByLabel('Tlumočník (volitelné)')).toBeVisible();
  await page.getByLabel('Doklad totožnosti').fill('SK123456');
  await page.getByLabel('Telefon (volitelné)').fill('+420 777 123 456');
  await page.getByLabel('E-mail (volitelné)').fill('jana.stastna@example.cz');

  // Adresa
  await page.getByLabel('Ulice').fill('Lidická');
  await page.getByLabel('Číslo popisné').fill('12');
  await page.getByLabel('Město').fill('Brno');
  await page.getByLabel('PSČ').fill('602 00');

  // Údaje o výcviku: a non-basic training asks for current groups and names the group 'Požadovaná skupina'.
  await pickOption(page, page.getByLabel('Druh výcviku'), 'Rozšiřující');
  await pickOption(page, page.getByLabel('Typ výuky'), 'Kurz');
  await pickOption(page, page.getByLabel('Aktuální skupiny'), 'B', 'B');
  await page.keyboard.press('Escape');
  await pickOption(page, page.getByLabel('Požadovaná skupina'), 'C', 'C');
  await page.keyboard.press('Escape');
  // The registration number is prefilled with the school's next one (a fresh school: {year}/001); we change it.
  const reg = page.getByLabel('Evidenční číslo');
  await expect(reg).toHaveValue(/^\d{4}\/001$/);
  await reg.fill(regNumber);
  await page.getByLabel('Číslo řidičského průkazu').fill('EH 123456');
  await page.getByLabel('Poznámka (volitelné)').fill('Preferuje jízdy odpoledne');

  await page.getByRole('button', { name: 'Vytvořit žáka' }).click();
  await expect(page.getByText('Žák byl úspěšně vytvořen')).toBeVisible();
  await page.getByRole('button', { name: 'Otevřít kartu žáka' }).click();
  await expect(page).toHaveURL(/\/app\/student\/[0-9a-f-]{36}/);

  const card = new StudentCardView(page.getByRole('main'));
  // The header carries the name without the degree (spec §2: first name, last name, phone, e-mail).
  await expect(card.header).toContainText('Jana');
  await expect(card.header).toContainText(lastName);
  await expect(card.header).toContainText('Nezahájen');
  await expect(card.header).toContainText('+420 777 123 456');
  await expect(card.header).toContainText('jana.stastna@example.cz');

  const info = card.info;
  await expect(row(info, 'Datum narození')).toContainText('15.3.2004');
  await expect(row(info, 'Místo narození')).toContainText('Bratislava');
  await expect(row(info, 'Státní občanství')).toContainText('Slovensko');
  await expect(row(info, 'Tlumočník')).toBeVisible();
  await expect(row(info, 'Doklad totožnosti')).toContainText('SK123456');
  await expect(row(info, 'Číslo řidičského průkazu')).toContainText('EH 123456');
  await expect(row(info, 'Adresa')).toContainText('Lidická 12, 602 00 Brno');
  await expect(row(info, 'Telefon')).toContainText('+420 777 123 456');
  await expect(row(info, 'E-mail')).toContainText('jana.stastna@example.cz');

  const training = card.training;
  await expect(row(training, 'Evidenční číslo')).toContainText(regNumber);
  await expect(row(training, 'Aktuální skupiny')).toContainText('B');
  await expect(row(training, 'Požadovaná skupina')).toContainText('C');
  await expect(row(training, 'Zahájení výcviku')).toContainText('—');
  await expect(row(training, 'Ukončení výcviku')).toContainText('—');
  await expect(row(training, 'Druh výcviku')).toContainText('Rozšiřující');
  await expect(row(training, 'Typ výuky')).toContainText('Kurz');
  await expect(row(training, 'Interní poznámka')).toContainText('Preferuje jízdy odpoledne');

  // Přehled lists her, with the degree, the number, the group and the state.
  await page.getByRole('link', { name: 'Volant – přehled' }).click();
  await expect(page.getByRole('heading', { name: 'Přehled' })).toBeVisible();
  const listed = page.getByRole('main').getByRole('row').filter({ hasText: regNumber });
  await expect(listed).toContainText(`Bc. Jana ${lastName}`);
  await expect(listed).toContainText('C');
  await expect(listed).toContainText('Nezahájen');
});

test('(2) submitting the empty form shows the spec messages at the fields and creates nothing', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const page = await openApp(school.token, '/app/new-student');
  await expectShell(page, school.email);
  const reg = page.getByLabel('Evidenční číslo');
  // Wait for the prefill, then empty the field, so the form is really empty.
  await expect(reg).toHaveValue(/\S/);
  await reg.fill('');
  await page.getByRole('button', { name: 'Vytvořit žáka' }).click();

  const expected: [string, string][] = [
    ['Jméno', 'Prosím zadejte jméno!'],
    ['Příjmení', 'Prosím zadejte příjmení!'],
    ['Datum narození', 'Prosím zadejte datum narození!'],
    ['Místo narození', 'Prosím zadejte místo narození!'],
    ['Doklad totožnosti', 'Prosím zadejte platný doklad totožnosti!'],
    ['Ulice', 'Prosím zadejte ulici!'],
    ['Číslo popisné', 'Prosím zadejte číslo popisné!'],
    ['Město', 'Prosím zadejte město!'],
    ['Evidenční číslo', 'Prosím zadejte evidenční číslo!'],
  ];
  for (const [label, message] of expected) await expect(formItem(page, label), label).toContainText(message);
  // A first-time applicant has no licence: its number is optional until the training is an extension (Rozšiřující).
  await expect(formItem(page, 'Číslo řidičského průkazu (volitelné)').locator('.ant-form-item-explain-error')).toHaveCount(0);
  await pickOption(page, page.getByLabel('Druh výcviku'), 'Rozšiřující');
  await page.getByRole('button', { name: 'Vytvořit žáka' }).click();
  await expect(formItem(page, 'Číslo řidičského průkazu')).toContainText('Prosím zadejte číslo řidičského průkazu!');
  // Optional fields stay quiet.
  await expect(formItem(page, 'Telefon (volitelné)').locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect(formItem(page, 'E-mail (volitelné)').locator('.ant-form-item-explain-error')).toHaveCount(0);

  await expect(page.getByText('Žák byl úspěšně vytvořen')).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/new-student$/);
  const list = await api.query<{ total: number }>('student.students', { schoolId: school.schoolId }, school.token);
  expect(list.total).toBe(0);

  // Typing into a field clears its message.
  await page.getByLabel('Místo narození').fill('Brno');
  await expect(formItem(page, 'Místo narození')).not.toContainText('Prosím zadejte místo narození!');
});

test('(3) global search: Ctrl+B, no diacritics, keyboard choice opens the drawer, recent searches, nothing found', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const jana = { firstName: 'Jana', lastName: 'Šťastná', registrationNumber: `S-${sfx}-1` };
  const petr = { firstName: 'Petr', lastName: 'Šťastný', registrationNumber: `S-${sfx}-2` };
  const janaId = await createStudentViaApi(api, school, jana);
  await createStudentViaApi(api, school, petr);

  const page = await openApp(school.token);
  await expectShell(page, school.email);
  const search = new StudentSearchBox(page);
  await expect(search.input).toHaveAttribute('placeholder', 'Jméno, příjmení, evidenční číslo (Ctrl+B)');

  // Ctrl+B from anywhere focuses the search; with no history it says so.
  await page.getByRole('heading', { name: 'Přehled' }).click();
  await page.keyboard.press('Control+b');
  await expect(search.input).toBeFocused();
  await expect(page.getByText('Zatím neexistuje historie vyhledávání')).toBeVisible();

  // Lower case without diacritics finds both; up/down wrap around.
  await page.keyboard.type('stastn');
  await expect(page.getByRole('option')).toHaveCount(2);
  const options = page.getByRole('option');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.type('a');
  await expect(search.input).toHaveValue('stastna');
  await expect(options).toHaveCount(1);
  const hit = options.first();
  await expect(hit).toContainText('Jana Šťastná');
  await expect(hit).toContainText(jana.registrationNumber);
  await expect(hit).toContainText('B'); // her group
  await expect(hit).toContainText('Nezahájen');
  await page.keyboard.press('ArrowDown');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  // Desktop: the card opens in a drawer; the page stays where it was.
  const drawer = page.getByRole('dialog').filter({ hasText: 'Karta žáka' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/\/app(\/home)?\/?$/);
  const card = new StudentCardView(drawer);
  await expect(card.header).toContainText('Jana');
  await expect(card.header).toContainText('Šťastná');
  await expect(row(card.training, 'Evidenční číslo')).toContainText(jana.registrationNumber);
  await expect(drawer.getByRole('link', { name: 'Otevřít celou kartu' })).toHaveAttribute('href', `/app/student/${janaId}?activeTab=1`);
  await expect(search.input).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The empty search now offers her as a recent search.
  await search.input.click();
  await expect(search.recent).toBeVisible();
  await expect(page.getByText('Nedávné výhledávání', { exact: true })).toBeVisible();
  await expect(search.recent.getByRole('option')).toHaveCount(1);
  await expect(search.recent.getByRole('option')).toContainText('Jana Šťastná');

  // Nonsense finds nothing; Escape closes and clears.
  await search.input.fill(`qxz${sfx}`);
  await search.expectNotFound();
  await search.input.press('Escape');
  await expect(search.input).toHaveValue('');
  await expect(page.getByText('Žáka kterého hledáte není v systému')).toBeHidden();
});

test('(4) inline edit on the card: a saved change, a no-change warning, a duplicate registration number', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const id = await createStudentViaApi(api, school, { firstName: 'Karel', lastName: `Dvořák ${sfx}`, registrationNumber: `A-${sfx}` });
  await createStudentViaApi(api, school, { firstName: 'Eva', lastName: `Malá ${sfx}`, registrationNumber: `B-${sfx}` });

  const page = await openApp(school.token, `/app/student/${id}`);
  await expectShell(page, school.email);
  const card = new StudentCardView(page.getByRole('main'));
  await expect(card.header).toContainText('Karel');

  // A change is saved and shown.
  let edit = await card.edit('jméno');
  await edit.getByRole('textbox', { name: 'jméno' }).fill('Kryštof');
  await edit.getByRole('button', { name: 'Uložit' }).click();
  await expect(edit).toBeHidden();
  await expect(card.header).toContainText('Kryštof');
  await expect(card.header).not.toContainText('Karel');
  const saved = await api.query<{ studentInfo: { firstName: string } }>('student.student', { schoolId: school.schoolId, id }, school.token);
  expect(saved.studentInfo.firstName).toBe('Kryštof');

  // Saving without a change warns and keeps the editor open.
  edit = await card.edit('jméno');
  await edit.getByRole('button', { name: 'Uložit' }).click();
  const warning = notice(page, 'Nebyly provedeny žádné změny!');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Upozornění');
  await edit.getByRole('button', { name: 'Zrušit' }).click();
  await expect(edit).toBeHidden();

  // Another student's registration number is refused.
  edit = await card.edit('evidenční číslo');
  await edit.getByRole('textbox', { name: 'evidenční číslo' }).fill(`B-${sfx}`);
  await edit.getByRole('button', { name: 'Uložit' }).click();
  const error = notice(page, 'Uživatel s tímto evidenčním číslem již existuje!');
  await expect(error).toBeVisible();
  await expect(error).toContainText('Nastala chyba');
  await edit.getByRole('button', { name: 'Zrušit' }).click();
  await expect(row(card.training, 'Evidenční číslo')).toContainText(`A-${sfx}`);
  const after = await api.query<{ registrationNumber: string }>('student.student', { schoolId: school.schoolId, id }, school.token);
  expect(after.registrationNumber).toBe(`A-${sfx}`);
});

test('(5) "Zahájit výcvik" lands on the hlášenka with the student; then "Ukončit výcvik" ends it early, with the reason', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const student = { firstName: 'Lukáš', lastName: `Novotný ${sfx}`, registrationNumber: `Z-${sfx}` };
  const id = await createStudentViaApi(api, school, student);
  const today = todayCz();

  const page = await openApp(school.token, `/app/student/${id}`);
  await expectShell(page, school.email);
  const card = new StudentCardView(page.getByRole('main'));
  await expect(card.header).toContainText('Nezahájen');
  await expect(card.state.getByRole('button', { name: 'Ukončit výcvik' })).toHaveCount(0);

  await card.stateAction('Zahájit výcvik');
  await expect(page).toHaveURL(/\/app\/reporting\/detail\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: `Hlášenka ze dne ${today}` })).toBeVisible();
  const reportRow = page.getByRole('row').filter({ hasText: student.registrationNumber });
  await expect(reportRow).toContainText(`${student.firstName} ${student.lastName}`);
  await expect(reportRow).toContainText(today);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/app/student/${id}`));
  await expect(card.header).toContainText('Probíhající');
  await expect(row(card.state, 'Zahájení výcviku')).toContainText(today);
  await expect(row(card.training, 'Zahájení výcviku')).toContainText(today);
  await expect(card.state.getByRole('button', { name: 'Zahájit výcvik' })).toHaveCount(0);

  // Nothing attended yet: the dialog lists what the law still requires and offers only the early end, with a reason.
  await card.state.getByRole('button', { name: 'Ukončit výcvik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ukončit výcvik' });
  const missing = dialog.getByRole('list', { name: 'Co chybí' });
  await expect(missing).toContainText('PPV: chybí 18 z 18 lekcí', { timeout: 30_000 });
  await expect(missing).toContainText('Jízdy: chybí 28 z 28 hodin');
  await expect(dialog.getByRole('button', { name: 'Ukončit výcvik' })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Ukončení výcviku žákem' }).check();
  await dialog.getByRole('button', { name: 'Ukončit předčasně' }).click();
  await expect(card.header).toContainText('Ukončen');
  await expect(row(card.state, 'Ukončení výcviku')).toContainText(`${today} – předčasně (Ukončení výcviku žákem)`);
  await expect(row(card.training, 'Ukončení výcviku')).toContainText(today);
  await expect(card.state.getByRole('button', { name: 'Ukončit výcvik' })).toHaveCount(0);
});

test('(6) "Odstranit žáka" from the drawer: confirmed, back at the root, no longer found', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const lastName = `Procházka${sfx}`;
  await createStudentViaApi(api, school, { firstName: 'Tomáš', lastName, registrationNumber: `R-${sfx}` });

  const page = await openApp(school.token, '/app/reporting');
  await expectShell(page, school.email);
  const search = new StudentSearchBox(page);
  await search.search(lastName.toLowerCase());
  await search.option(`Tomáš ${lastName}`).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Karta žáka' });
  await expect(drawer).toBeVisible();

  await drawer.getByRole('button', { name: 'Odstranit žáka' }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: `Opravdu chcete odstranit žáka Tomáš ${lastName}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Ano' }).click();

  await expect(page.getByText('Žák byl úspěšně odstraněn')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/app(\/home)?\/?$/);
  await expect(page.getByRole('heading', { name: 'Přehled' })).toBeVisible();

  await search.search(lastName.toLowerCase());
  await search.expectNotFound();
  const list = await api.query<{ total: number }>('student.students', { schoolId: school.schoolId }, school.token);
  expect(list.total).toBe(0);
});

test('(7) Přehled lists the students and filters them by state', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const waiting = { firstName: 'Alena', lastName: `Čekalová ${sfx}`, registrationNumber: `P-${sfx}-1` };
  const running = { firstName: 'Bohumil', lastName: `Jezdec ${sfx}`, registrationNumber: `P-${sfx}-2` };
  await createStudentViaApi(api, school, waiting);
  const runningId = await createStudentViaApi(api, school, running);
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [runningId] }, school.token);

  const page = await openApp(school.token);
  await expectShell(page, school.email);
  await expect(page.getByRole('heading', { name: 'Přehled' })).toBeVisible();
  const table = page.getByRole('main').getByRole('table');
  const waitingRow = table.getByRole('row').filter({ hasText: waiting.registrationNumber });
  const runningRow = table.getByRole('row').filter({ hasText: running.registrationNumber });
  await expect(waitingRow).toContainText(`${waiting.firstName} ${waiting.lastName}`);
  await expect(waitingRow).toContainText('Nezahájen');
  await expect(runningRow).toContainText(`${running.firstName} ${running.lastName}`);
  await expect(runningRow).toContainText('Probíhající');
  await expect(runningRow).toContainText(todayCz());

  await pickOption(page, page.getByRole('combobox', { name: 'Filtrovat podle stavu' }), 'Probíhající');
  await page.keyboard.press('Escape');
  await expect(runningRow).toBeVisible();
  await expect(waitingRow).toHaveCount(0);

  // Picking it again deselects it: both are back.
  await clickOption(page, page.getByRole('combobox', { name: 'Filtrovat podle stavu' }), 'Probíhající');
  await page.keyboard.press('Escape');
  await expect(waitingRow).toBeVisible();
  await expect(runningRow).toBeVisible();

  await pickOption(page, page.getByRole('combobox', { name: 'Filtrovat podle stavu' }), 'Nezahájen');
  await page.keyboard.press('Escape');
  await expect(waitingRow).toBeVisible();
  await expect(runningRow).toHaveCount(0);

  // A row opens the student in the drawer.
  await waitingRow.click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Karta žáka' });
  await expect(new StudentCardView(drawer).header).toContainText(waiting.lastName);
});

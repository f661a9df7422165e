// Defects a new user met on a laptop (issue 7 §7), at the size where they were met: 1440 × 900. Each test has a
// fresh school of its own.
import { expect, expectShell, test } from '../support/fixtures.ts';
import { createStudentViaApi, formItem, freshSchool, section, StudentCardView, StudentSearchBox, uniqueSuffix } from '../support/students.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const shot = (name: string) => ({ path: `/tmp/desktop-defects-${name}.png` });

test('a tag on a student is removed with a click on its visible "×" and stays removed after a reload', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const id = await createStudentViaApi(api, school, { firstName: 'Jana', lastName: `Štítková ${sfx}`, registrationNumber: `T-${sfx}` });
  const tag = await api.mutation<{ id: string }>('tag.createTag', { schoolId: school.schoolId, name: 'Platba předem', color: '#fa541c' }, school.token);
  await api.mutation('tag.addTagToEntity', { schoolId: school.schoolId, entityId: id, entityType: 'STUDENT', tagId: tag.id }, school.token);

  const page = await openApp(school.token, `/app/student/${id}`);
  await expectShell(page, school.email);
  const tags = section(page.getByRole('main'), 'Štítky');
  await expect(tags.getByText('Platba předem', { exact: true })).toBeVisible();
  const remove = tags.getByRole('button', { name: 'Odebrat štítek Platba předem' });
  // A control one can see and hit: the cross is drawn and has a size.
  await expect(remove.locator('svg')).toBeVisible();
  const box = await remove.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(8);
  await tags.screenshot(shot('tag'));

  await remove.click();
  await expect(tags.getByText('Platba předem', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(tags.getByRole('combobox', { name: 'Přidat štítek' })).toBeVisible({ timeout: 20_000 });
  await expect(tags.getByText('Platba předem', { exact: true })).toHaveCount(0);
  const attached = await api.query<unknown[]>('tag.getEntityTags', { schoolId: school.schoolId, entityId: id, entityType: 'STUDENT' }, school.token);
  expect(attached).toEqual([]);
});

test('Ctrl+B over an open student drawer puts the search above the mask: the typed text finds, a click opens', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  await createStudentViaApi(api, school, { firstName: 'Alena', lastName: `Prvá${sfx}`, registrationNumber: `C-${sfx}-1` });
  const second = { firstName: 'Bořek', lastName: `Druhý${sfx}`, registrationNumber: `C-${sfx}-2` };
  await createStudentViaApi(api, school, second);

  const page = await openApp(school.token);
  await expectShell(page, school.email);
  const search = new StudentSearchBox(page);
  await search.search(`prva${sfx}`);
  await search.option(`Alena Prvá${sfx}`).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Karta žáka' });
  await expect(new StudentCardView(drawer).header).toContainText(`Prvá${sfx}`);
  // Something in the drawer has the focus, as after working in the card.
  await drawer.getByRole('tab').first().focus();

  await page.keyboard.press('Control+b');
  await expect(search.input).toBeFocused();
  await page.keyboard.type(`druhy${sfx}`);
  await expect(search.input).toHaveValue(`druhy${sfx}`);
  const hit = search.results.getByRole('option').filter({ hasText: `Bořek Druhý${sfx}` });
  await expect(hit).toBeVisible();
  await page.screenshot(shot('ctrl-b'));
  // Nothing covers the result (a click at its centre reaches it, not the drawer's mask).
  await hit.click({ trial: true });
  await hit.click();
  await expect(new StudentCardView(drawer).header).toContainText(`Druhý${sfx}`);
  await expect(drawer).toBeVisible();
});

test('Ctrl+B selects the text already in the search, so typing replaces it', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  await createStudentViaApi(api, school, { firstName: 'Cyril', lastName: `Třetí${sfx}`, registrationNumber: `D-${sfx}` });
  const page = await openApp(school.token);
  await expectShell(page, school.email);
  const search = new StudentSearchBox(page);
  await search.input.fill('něco starého');
  await page.getByRole('heading', { name: 'Přehled' }).click();
  await page.keyboard.press('Control+b');
  await expect(search.input).toBeFocused();
  await page.keyboard.type(`treti${sfx}`);
  await expect(search.input).toHaveValue(`treti${sfx}`);
  await expect(search.results.getByRole('option')).toContainText(`Cyril Třetí${sfx}`);
});

test('with Nastavení open the sidebar menu scrolls on its own: the last item is reachable, nothing lies under the collapse button, Tarif opens', async ({
  api,
  openApp,
}) => {
  const school = await freshSchool(api);
  const page = await openApp(school.token);
  await expectShell(page, school.email);
  const sidebar = page.getByRole('complementary');
  await sidebar.getByText('Nastavení', { exact: true }).click();
  const collapse = sidebar.locator('.ant-layout-sider-trigger');
  const collapseTop = (await collapse.boundingBox())?.y ?? 0;
  expect(collapseTop).toBeGreaterThan(0);

  // The page itself does not scroll: the menu does, and brings its last item above the collapse button.
  const last = sidebar.getByRole('link', { name: 'Průkazky', exact: true });
  // Scrolled again until it holds: the group may still be unfolding (its height animates) at the first scroll.
  await expect(async () => {
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ timeout: 500 });
  }).toPass();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const lastBox = await last.boundingBox();
  expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(collapseTop);
  await page.screenshot(shot('sidebar'));

  const tier = sidebar.getByRole('link', { name: 'Tarif', exact: true });
  await tier.scrollIntoViewIfNeeded();
  const tierBox = await tier.boundingBox();
  expect((tierBox?.y ?? 0) + (tierBox?.height ?? 0)).toBeLessThanOrEqual(collapseTop);
  await tier.click();
  await expect(page).toHaveURL(/\/app\/settings\/tier$/);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Tarif' })).toBeVisible();
  await expect(sidebar).not.toHaveClass(/ant-layout-sider-collapsed/);
  await expect(sidebar.getByRole('button', { name: 'Nový žák' })).toContainText('Nový žák');
});

for (const [kind, code] of [
  ['cut short', 'abc'],
  ['unknown to the server', 'x'.repeat(43)],
] as const) {
  test(`a password-reset link with a code ${kind} says the link is invalid, and an earlier "Hesla se neshodují" does not stay beside it`, async ({ page }) => {
    await page.goto(`/reset-password-confirm/${code}`);
    const again = page.getByLabel('Nové heslo znovu');
    await page.getByLabel('Nové heslo', { exact: true }).fill('NoveHeslo1!');
    await again.fill('JineHeslo1!');
    await page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await expect(formItem(page, 'Nové heslo znovu')).toContainText('Hesla se neshodují');

    await again.fill('NoveHeslo1!');
    await page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Odkaz je neplatný nebo jeho platnost vypršela.' })).toBeVisible();
    await expect(page.getByText('Hesla se neshodují')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'nechat poslat nový odkaz' })).toHaveAttribute('href', '/reset-password');
    await page.screenshot(shot(`reset-${code.length}`));
  });
}

test('a hlášenka is marked sent and back only after a confirmation; an empty one cannot be sent and is not listed', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const started = await createStudentViaApi(api, school, { firstName: 'Hana', lastName: `Hlášená ${sfx}`, registrationNumber: `H-${sfx}-1` });
  const undone = await createStudentViaApi(api, school, { firstName: 'Ivo', lastName: `Vrácený ${sfx}`, registrationNumber: `H-${sfx}-2` });
  const { reportId } = await api.mutation<{ reportId: string }>(
    'student.setDateOfInProgress',
    { schoolId: school.schoolId, studentsIds: [started] },
    school.token,
  );
  const { reportId: emptyId } = await api.mutation<{ reportId: string }>(
    'student.setDateOfInProgress',
    { schoolId: school.schoolId, studentsIds: [undone], date: '2026-01-05' },
    school.token,
  );
  await api.mutation('report.removeStudentFromReport', { schoolId: school.schoolId, reportId: emptyId, studentId: undone }, school.token);
  const sentAt = async (id: string) => (await api.query<{ sentAt: string | null }>('report.getReport', { schoolId: school.schoolId, id }, school.token)).sentAt;

  // The list holds the real hlášenka only.
  const page = await openApp(school.token, '/app/reporting');
  await expectShell(page, school.email);
  const rows = page.getByRole('main').getByRole('row');
  await expect(rows.filter({ hasText: /\d+\.\d+\.\d{4}/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: '5.1.2026' })).toHaveCount(0);

  await rows.filter({ hasText: /\d+\.\d+\.\d{4}/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/reporting/detail/${reportId}$`));
  const markSent = page.getByRole('button', { name: 'Označit jako odeslanou' });
  const confirmSent = page.locator('.ant-popconfirm').filter({ hasText: 'Opravdu označit hlášenku jako odeslanou?' });

  // One click only asks; 'Zrušit' leaves it unsent.
  await markSent.click();
  await expect(confirmSent).toBeVisible();
  await page.screenshot(shot('report-confirm'));
  await confirmSent.getByRole('button', { name: 'Zrušit' }).click();
  await expect(confirmSent).toBeHidden();
  expect(await sentAt(reportId)).toBeNull();

  await markSent.click();
  await confirmSent.getByRole('button', { name: 'Ano' }).click();
  const unsend = page.getByRole('button', { name: 'Vrátit mezi neodeslané' });
  await expect(unsend).toBeVisible();
  expect(await sentAt(reportId)).not.toBeNull();

  await unsend.click();
  const confirmUnsent = page.locator('.ant-popconfirm').filter({ hasText: 'Opravdu vrátit hlášenku mezi neodeslané?' });
  await expect(confirmUnsent).toBeVisible();
  expect(await sentAt(reportId)).not.toBeNull();
  await confirmUnsent.getByRole('button', { name: 'Ano' }).click();
  await expect(markSent).toBeVisible();
  expect(await sentAt(reportId)).toBeNull();

  // The empty one (its only start was taken off) still opens by its address, and cannot be sent: the button says why.
  await page.goto(`/app/reporting/detail/${emptyId}`);
  await expect(page.getByRole('heading', { name: 'Hlášenka ze dne 5.1.2026' })).toBeVisible();
  await expect(markSent).toBeDisabled();
  await markSent.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('Hlášenka nemá žádné žáky, nelze ji označit jako odeslanou.');
  await page.screenshot(shot('report-empty'));
  expect(await sentAt(emptyId)).toBeNull();
});

test('the user menu sits at the right edge of the header', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const page = await openApp(school.token);
  await expectShell(page, school.email);
  const menu = page.getByRole('banner').getByRole('button', { name: school.email });
  const box = await menu.boundingBox();
  expect(1440 - ((box?.x ?? 0) + (box?.width ?? 0))).toBeLessThanOrEqual(24);
  await page.getByRole('banner').screenshot(shot('header'));
});

test('opening the first-name edit in the card header moves neither the surname nor the badges', async ({ api, openApp }) => {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const id = await createStudentViaApi(api, school, { firstName: 'Kateřina', lastName: `Záhlavní${sfx}`, registrationNumber: `Z-${sfx}`, group: ['B', 'C'] });
  const page = await openApp(school.token, `/app/student/${id}`);
  await expectShell(page, school.email);

  const card = new StudentCardView(page.getByRole('main'));
  const surname = card.header.getByText(`Záhlavní${sfx}`, { exact: true });
  const badge = card.header.getByText('Nezahájen', { exact: true });
  const before = { surname: await surname.boundingBox(), badge: await badge.boundingBox() };
  const edit = await card.edit('jméno');
  await expect(edit.getByRole('textbox', { name: 'jméno' })).toBeFocused();
  await page.screenshot(shot('name-edit'));
  expect(await surname.boundingBox()).toEqual(before.surname);
  expect(await badge.boundingBox()).toEqual(before.badge);

  // The edit still saves as before.
  await edit.getByRole('textbox', { name: 'jméno' }).fill('Kája');
  await edit.getByRole('button', { name: 'Uložit' }).click();
  await expect(edit).toBeHidden();
  await expect(card.header).toContainText('Kája');
});

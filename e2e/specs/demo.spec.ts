// Journeys on the demo account (two schools, an unread notification). They run one after another in this file.
import { DEMO, DEMO_SCHOOLS, expect, expectShell, loginViaUi, OPERATOR, test } from '../support/fixtures.ts';
import type { Api } from '../support/api.ts';
import { sidebarItem } from '../support/shell.ts';
import { createStudentViaApi, uniqueSuffix } from '../support/students.ts';

const SWITCHER_TITLE = 'Vyberte autoškolu, kterou chcete spravovat';

/** A demo session with its notifications read and `schoolName` active, so the shell opens with nothing covering it. */
async function demoSession(api: Api, schoolName: string = DEMO_SCHOOLS.main) {
  const token = await api.login(DEMO.email, DEMO.password);
  await api.readAllNotifications(token);
  const schools = await api.schools(token);
  const school = schools.find((s) => s.name === schoolName);
  if (!school) throw new Error(`the demo user is not in ${schoolName}`);
  await api.mutation('user.setActiveSchool', { schoolId: school.id }, token);
  return { token, schools };
}

test('(f) the notification modal: "Potvrzuji přečtení" marks it read and it does not come back', async ({ page, api }) => {
  const token = await api.login(DEMO.email, DEMO.password);
  let unread = await api.notifications(token);
  if (unread.length === 0) {
    // A rerun against the same server: the seeded one is read already, so the operator sends another.
    const operator = await api.login(OPERATOR.email, OPERATOR.password);
    const me = await api.me(token);
    await api.mutation('operator.createNotification', { targetUserId: me.id, type: 'GENERIC', title: 'Vítejte ve Volantu', message: 'Znovu.' }, operator);
    unread = await api.notifications(token);
  }
  expect(unread[0].title).toBe('Vítejte ve Volantu');

  await loginViaUi(page, DEMO.email, DEMO.password);
  const modal = page.getByRole('dialog').filter({ hasText: unread[0].title });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Potvrzuji přečtení' }).click();
  await expect(modal).toBeHidden();

  await expect.poll(async () => (await api.notifications(token)).map((n) => n.id)).not.toContain(unread[0].id);
  await page.reload();
  await expectShell(page, DEMO.email);
  await expect(page.getByRole('dialog').filter({ hasText: unread[0].title })).toHaveCount(0);
});

test('(d) switching between the two demo schools changes the shown school and survives a reload', async ({ page, api }) => {
  const { token, schools } = await demoSession(api, DEMO_SCHOOLS.main);
  await loginViaUi(page, DEMO.email, DEMO.password);
  await expectShell(page, DEMO.email);
  // The switcher is titled 'Autoškola' and shows the active school.
  const switcher = page.getByRole('button', { name: /^Autoškola/ });
  await expect(switcher).toContainText(DEMO_SCHOOLS.main);

  await switcher.click();
  const dialog = page.getByRole('dialog', { name: SWITCHER_TITLE });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: DEMO_SCHOOLS.starter }).click();
  await expect(dialog).toBeHidden();
  await expect(switcher).toContainText(DEMO_SCHOOLS.starter);
  await expect(switcher).not.toContainText(DEMO_SCHOOLS.main);

  await page.reload();
  await expectShell(page, DEMO.email);
  await expect(switcher).toContainText(DEMO_SCHOOLS.starter);
  const starter = schools.find((s) => s.name === DEMO_SCHOOLS.starter);
  expect((await api.me(token)).activeSchoolId).toBe(starter?.id);
});

test("(e) an invite sent by the demo admin appears live in the invitee's open app and is accepted", async ({ page, api, openApp }) => {
  // B: a fresh user with a school of their own, logged in and looking at the app.
  const b = await api.userWithSchool();
  const pageB = await openApp(b.token);
  await expectShell(pageB, b.email);

  // A: the demo admin invites B's e-mail from Nastavení → Učitelé.
  await demoSession(api, DEMO_SCHOOLS.main);
  await loginViaUi(page, DEMO.email, DEMO.password);
  await expectShell(page, DEMO.email);
  const sidebar = page.getByRole('complementary');
  await sidebarItem(page, 'Nastavení').click();
  await sidebar.getByRole('menuitem', { name: 'Učitelé' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/teachers/);
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill(b.email);
  await main.getByRole('button', { name: 'Odeslat pozvánku' }).click();
  await expect(page.getByText(`Pozvánka byla odeslána na ${b.email}`)).toBeVisible();

  // B sees the invite without reloading, accepts it, and is a member.
  const invite = pageB.getByRole('dialog').filter({ hasText: `Přijměte pozvánku do autoškoly ${DEMO_SCHOOLS.main}` });
  await expect(invite).toBeVisible({ timeout: 15_000 });
  await invite.getByRole('button', { name: 'Přijmout pozvánku' }).click();
  await expect(invite).toBeHidden();
  await expect.poll(async () => (await api.schools(b.token)).map((s) => s.name)).toContain(DEMO_SCHOOLS.main);
  // With two schools the switcher shows up for B.
  await expect(pageB.getByRole('button', { name: /^Autoškola/ })).toContainText(DEMO_SCHOOLS.main);
});

test('(p) the demo price list: a new student shows the price dle ceníku, a started one owes it under Nedoplatky', async ({ api, openApp }) => {
  const { token, schools } = await demoSession(api, DEMO_SCHOOLS.main);
  const schoolId = schools.find((s) => s.name === DEMO_SCHOOLS.main)?.id as string;
  const sfx = uniqueSuffix(6);
  const id = await createStudentViaApi(
    api,
    { email: DEMO.email, token, schoolId },
    { firstName: 'Nela', lastName: `Cenová ${sfx}`, registrationNumber: `C-${sfx}` },
  );
  const page = await openApp(token, `/app/student/${id}?activeTab=4`);
  const summary = page.locator('.ant-card').filter({ hasText: 'Přehled plateb' });
  await expect(summary).toContainText(/24\s900,00\sKč \(dle ceníku\)/, { timeout: 45_000 });
  await expect(summary).not.toContainText('Chybí v ceníku');

  // A demo student in training (Adéla Horáková, B, started 40 days ago) owes the price list's 24 900 Kč.
  await page.goto('/app/payments');
  await expect(page.getByRole('row').filter({ hasText: 'Horáková' })).toContainText(/24\s900,00\sKč/, { timeout: 45_000 });
});

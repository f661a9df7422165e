// The applicant pass for staff on a desktop (issue 10, spec §2 Student pass and share dialog): the Evidence tab opens
// the pass in a drawer and shares it — the code hidden behind the eye, the link, 'Odeslat průkazku e-mailem' (the mail
// read from the outbox carries the link with the code), 'Přegenerovat kód a odeslat průkazku e-mailem' (the old link is
// refused), both disabled for a student without an e-mail; Nastavení → Průkazky regenerates the school's code after a
// warning and every old link stops working.
import type { Page } from '@playwright/test';
import { dataDir, expect, test } from '../support/fixtures.ts';
import { newestMail } from '../support/outbox.ts';
import { type SchoolSession, createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';
import type { Api } from '../support/api.ts';

const INVALID = 'Průkaz se nepodařilo otevřít. Zkontrolujte odkaz a kód průkazu.';
/** The two buttons by their text (their icons add a word to the accessible name). */
const SEND = /^(\S+ )?Odeslat průkazku e-mailem$/;
const REGENERATE = /^(\S+ )?Přegenerovat kód a odeslat průkazku e-mailem$/;

/** A student with an e-mail of their own (or none); resolves to its id, number and e-mail. */
async function passStudent(api: Api, school: SchoolSession, withEmail = true) {
  const registrationNumber = `PR-${uniqueSuffix(6)}`;
  const email = withEmail ? `zak.${uniqueSuffix(8)}@example.cz` : null;
  const id = await createStudentViaApi(api, school, { firstName: 'Žofie', lastName: `Řeháková${uniqueSuffix(3)}`, registrationNumber });
  if (email) {
    const student = await api.query<{ studentInfo: Record<string, unknown> }>('student.student', { schoolId: school.schoolId, id }, school.token);
    await api.mutation('student.updateStudent', { schoolId: school.schoolId, studentId: id, studentInfo: { ...student.studentInfo, email } }, school.token);
  }
  return { id, registrationNumber, email };
}

/** The newest pass mail to `email` and its link (code in the fragment). */
async function passMail(email: string, containing?: string) {
  const mail = await newestMail(dataDir(), email, { containing: containing ?? '/student/' });
  const link = /https?:\/\/\S+\/student\/[^\s"'<>]+/.exec(mail.body)?.[0];
  if (!link) throw new Error(`no pass link in ${mail.body}`);
  return { mail, link };
}

async function openPass(page: Page, link: string) {
  const url = new URL(link);
  await page.goto(url.pathname + url.hash);
}

test('shares the pass by e-mail, regenerates the code and the old link is refused; the drawer shows the pass', async ({ api, openApp, browser }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const s = await passStudent(api, school);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=5`);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The pass in a drawer, as the student sees it.
  await page.getByRole('button', { name: 'Zobrazit průkazku' }).click({ timeout: 45_000 });
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Elektronický průkaz žadatele o řidičské oprávnění' });
  await expect(drawer.getByText(s.registrationNumber)).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Jízdy' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The share dialog: the code hidden until the eye shows it, the link without the code.
  await page.getByRole('button', { name: 'Sdílet průkazku' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sdílet průkazku se studentem' });
  await expect(dialog.getByTestId('pass-code')).toHaveText('********');
  const share = await api.query<{ studentCode: string; schoolCode: string; path: string }>(
    'student.getStudentPassShareInfo',
    { schoolId: school.schoolId, studentId: s.id },
    school.token,
  );
  await dialog.getByRole('button', { name: 'Zobrazit kód' }).click();
  await expect(dialog.getByTestId('pass-code')).toHaveText(share.studentCode);
  await expect(dialog.getByLabel('Odkaz na průkazku')).toHaveValue(new RegExp(`${share.path.replace(/[/]/g, '\\/')}$`));
  await expect(dialog.getByText(`E-mail studenta: ${s.email}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/pass-shots/share-dialog-1440.png' });

  // 'Odeslat průkazku e-mailem': the mail in the outbox has the link with the code in its fragment, and the code.
  await dialog.getByRole('button', { name: SEND }).click();
  await expect(page.getByText('Průkazka byla odeslána emailem')).toBeVisible();
  const first = await passMail(s.email as string);
  expect(first.link).toContain(`${share.path}#kod=${share.studentCode}`);
  expect(first.mail.body).toContain(`Kód průkazu: ${share.studentCode}`);
  expect(first.mail.subject).toContain('Elektronický průkaz žadatele o řidičské oprávnění');

  // The student opens the mailed link without a login.
  const visitor = await browser.newContext();
  const phone = await visitor.newPage();
  await openPass(phone, first.link);
  await expect(phone.getByText(s.registrationNumber)).toBeVisible({ timeout: 30_000 });

  // 'Přegenerovat kód a odeslat průkazku e-mailem', confirmed: a new code by mail, the old link refused.
  await dialog.getByRole('button', { name: REGENERATE }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Ano' }).click();
  await expect(dialog.getByTestId('pass-code')).not.toHaveText(share.studentCode);
  const newCode = (await dialog.getByTestId('pass-code').textContent()) as string;
  expect(newCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  const second = await passMail(s.email as string, `#kod=${newCode}`);

  const stale = await (await browser.newContext()).newPage();
  await openPass(stale, first.link);
  await expect(stale.getByText('Nastala chyba')).toBeVisible({ timeout: 30_000 });
  await expect(stale.getByText(INVALID)).toBeVisible();
  await expect(stale.getByLabel('Kód průkazu')).toBeVisible();
  await openPass(stale, second.link);
  await expect(stale.getByText(s.registrationNumber)).toBeVisible({ timeout: 30_000 });
  await visitor.close();
  await stale.context().close();
});

test('a student without an e-mail cannot be sent the pass', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  const s = await passStudent(api, school, false);
  const page = await openApp(school.token, `/app/student/${s.id}?activeTab=5`);
  await page.getByRole('button', { name: 'Sdílet průkazku' }).click({ timeout: 45_000 });
  const dialog = page.getByRole('dialog', { name: 'Sdílet průkazku se studentem' });
  await expect(dialog.getByText('Student nemá vyplněný e-mail.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: SEND })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: REGENERATE })).toBeDisabled();
  await expect(dialog.getByLabel('Odkaz na průkazku')).toHaveValue(/\/student\//);
});

test('Nastavení → Průkazky: regenerating the school code ends every shared link', async ({ api, openApp, browser }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const s = await passStudent(api, school);
  const before = await api.query<{ studentCode: string; path: string }>(
    'student.getStudentPassShareInfo',
    { schoolId: school.schoolId, studentId: s.id },
    school.token,
  );
  const oldLink = `${before.path}#kod=${before.studentCode}`;
  const page = await openApp(school.token, '/app/settings/student-pass');
  await expect(page.getByRole('heading', { name: 'Průkazky' })).toBeVisible({ timeout: 45_000 });
  const oldCode = before.path.split('/')[2];
  await expect(page.getByTestId('school-pass-code')).toHaveText(oldCode);

  await page.getByRole('button', { name: 'Přegenerovat kód' }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText('Všechny dosud sdílené odkazy na průkazky přestanou fungovat.');
  await confirm.getByRole('button', { name: 'Přegenerovat' }).click();
  await expect(page.getByTestId('school-pass-code')).not.toHaveText(oldCode);
  const newCode = (await page.getByTestId('school-pass-code').textContent()) as string;

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(oldLink);
  await expect(visitor.getByText(INVALID)).toBeVisible({ timeout: 30_000 });
  await visitor.goto(`/student/${newCode}/${encodeURIComponent(s.registrationNumber)}#kod=${before.studentCode}`);
  await expect(visitor.getByText(s.registrationNumber)).toBeVisible({ timeout: 30_000 });
  await visitor.context().close();
});

// The public application form (issue 11): the office creates a form, an applicant sends it from the public page, the
// office sees it live, admits one applicant (who then is a student in Přehled with a registration number) and rejects
// another. And the embed: only a site the form lists may show it in an iframe and post to it.
import type { Page } from '@playwright/test';
import { dataDir, expect, expectLive, expectShell, serverUrl, test } from '../support/fixtures.ts';
import {
  ApplyPageView,
  applicant,
  createFormViaApi,
  formOf,
  MIN_FILL_MS,
  sitePage,
  startSite,
  submissionBody,
  submitViaApi,
  waitFillTime,
} from '../support/application-form.ts';
import { newestMail } from '../support/outbox.ts';
import { freshSchool, pickOption, uniqueSuffix } from '../support/students.ts';

/** The status filter of 'Přihlášky' (a segmented control: its options are radios inside their labels). */
async function statusFilter(page: Page, status: 'Čeká na přijetí' | 'Přijat' | 'Zamítnut') {
  const option = page.getByRole('radio', { name: status, exact: true });
  await page.locator('label').filter({ has: option }).click();
  await expect(option).toBeChecked();
}

test('the office creates a form, an applicant sends it, the office admits them and rejects another', async ({ api, openApp, browser }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  // Version 2.1 is on for a new school: the sidebar leads to the forms.
  const office = await openApp(school.token, '/app');
  await expectShell(office, school.email);
  await office
    .locator('.ant-layout-sider')
    .getByRole('link', { name: /^Přihláškový formulář/ })
    .click();
  await expect(office.getByRole('heading', { name: 'Přihláškový formulář' })).toBeVisible();
  await office.getByRole('tab', { name: 'Formuláře' }).click();
  await expect(office.getByText('Autoškola zatím nemá žádný přihláškový formulář.')).toBeVisible();

  // The editor: a form with one origin and one course; the origin rule first.
  await office.getByRole('button', { name: 'Nový formulář' }).click();
  const editor = office.getByRole('dialog', { name: 'Nový formulář' });
  await editor.getByRole('textbox', { name: 'Název formuláře' }).fill(`Přihláška ${sfx}`);
  await editor.getByRole('button', { name: 'Odebrat doménu 1' }).click();
  await editor.getByRole('textbox', { name: 'Název kurzu' }).fill('Skupina B – osobní auto');
  await editor.getByRole('textbox', { name: /^\W*Popis$/ }).fill('Teorie a 28 jízd, začínáme každý měsíc.');
  await editor.getByRole('spinbutton', { name: 'Cena' }).fill('22900');
  await editor.getByRole('button', { name: 'Uložit' }).click();
  await expect(editor.getByText('Musí být alespoň jedna doména')).toBeVisible();
  await editor.getByRole('button', { name: 'Přidat doménu' }).click();
  // 'self' and data: are no sites.
  await editor.getByRole('textbox', { name: 'Doména 1' }).fill("'self'");
  await editor.getByRole('button', { name: 'Uložit' }).click();
  await expect(editor.getByText('Zadejte adresu webu, například https://www.autoskola.cz')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Doména 1' }).fill('data:');
  await editor.getByRole('button', { name: 'Uložit' }).click();
  await expect(editor.getByText('Adresa webu musí začínat https:// (http:// jen pro localhost při zkoušení).')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Doména 1' }).fill('www.autoskola-test.cz');
  // The preview shows the course as the applicant will see it.
  const preview = editor.getByRole('region', { name: 'Náhled formuláře' });
  await expect(preview.getByRole('radio', { name: /Skupina B – osobní auto/ })).toBeVisible();
  await expect(preview.getByText(/^22\s900\sKč$/)).toBeVisible();
  await editor.getByRole('button', { name: 'Uložit' }).click();
  await expect(editor.getByText('Formulář byl vytvořen')).toBeVisible();
  const link = await editor.getByRole('textbox', { name: 'Přímý odkaz na formulář' }).inputValue();
  const formId = link.split('/apply/')[1];
  expect(link).toBe(`${serverUrl()}/apply/${formId}`);
  await expect(editor.getByRole('textbox', { name: 'Kód pro vložení na web' })).toHaveValue(
    `<script src="${serverUrl()}/embed/application-form.js" data-form-id="${formId}" async></script>`,
  );
  await editor.getByRole('button', { name: 'Hotovo' }).click();
  await expect(office.getByText('https://www.autoskola-test.cz')).toBeVisible();

  await office.getByRole('tab', { name: 'Přihlášky' }).click();
  await expect(office.getByText('Žádné přihlášky nečekají na přijetí.')).toBeVisible();
  await expectLive(office);

  // The applicant, in a browser of their own (no login).
  const applicantContext = await browser.newContext();
  const page = await applicantContext.newPage();
  const jana = { ...applicant('Jana', `Dvořáková ${sfx}`, `jana.${sfx}@example.cz`), note: 'Nejraději odpoledne.' };
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Přihláška ${sfx}` })).toBeVisible();
  // The server's fill clock starts when it answers the form, which the heading shows it has.
  const openedAt = Date.now();
  const form = new ApplyPageView(page);
  // Sent empty: the new-student form's messages, and the consent.
  await form.send();
  await expect(page.getByText('Prosím zadejte jméno!')).toBeVisible();
  await expect(page.getByText('Pro odeslání přihlášky je nutný souhlas se zpracováním osobních údajů.')).toBeVisible();
  await form.fill(jana, /Skupina B – osobní auto/);
  await waitFillTime(openedAt);
  await form.send();
  await expect(page.getByText('Přihláška byla odeslána')).toBeVisible();
  await applicantContext.close();

  // The office's open list shows it without a reload.
  const pendingRow = office.getByRole('row').filter({ hasText: `Jana Dvořáková ${sfx}` });
  await expect(pendingRow).toBeVisible();
  await expect(pendingRow).toContainText('Skupina B – osobní auto');
  await expect(pendingRow).toContainText(/22\s900\sKč/);
  await expect(pendingRow).toContainText(jana.email);
  await expect(pendingRow).toContainText('Nejraději odpoledne.');
  const ack = await newestMail(dataDir(), jana.email);
  expect(ack.body).toContain('Skupina B – osobní auto');

  // Přijmout: the next registration number is offered; the study info as in the new-student form.
  await pendingRow.getByRole('button', { name: `Přijmout Jana Dvořáková ${sfx}` }).click();
  const admit = office.getByRole('dialog', { name: 'Přijmout přihlášku' });
  const number = admit.getByLabel('Evidenční číslo');
  await expect(number).not.toHaveValue('');
  const registrationNumber = `P-${sfx}`;
  await number.fill(registrationNumber);
  await admit.getByRole('button', { name: 'Přijmout' }).click();
  await expect(admit.getByText('Prosím vyberte typ výuky!')).toBeVisible();
  await pickOption(office, admit.getByLabel('Typ výuky'), 'Kurz');
  await pickOption(office, admit.getByLabel('Skupina'), 'B');
  await admit.getByLabel('Číslo řidičského průkazu').fill('ŘP-123');
  await admit.getByRole('button', { name: 'Přijmout' }).click();
  await expect(admit.getByText('Přihláška byla přijata')).toBeVisible();
  await admit.getByRole('button', { name: 'Zpět na přihlášky' }).click();
  await expect(pendingRow).toHaveCount(0);

  await statusFilter(office, 'Přijat');
  const admittedRow = office.getByRole('row').filter({ hasText: `Jana Dvořáková ${sfx}` });
  await expect(admittedRow).toContainText(registrationNumber);

  // The student is in Přehled with the number.
  await office.goto('/app/home');
  const studentRow = office.getByRole('row').filter({ hasText: `Dvořáková ${sfx}` });
  await expect(studentRow).toContainText(registrationNumber);

  // The card's Platba: the form's 22 900 Kč is the student's own price (issue 17: it was 229,00 Kč).
  const admitted = await api.query<{ studentId: string; registrationNumber: string | null }[]>(
    'applicationForm.getApplications',
    { schoolId: school.schoolId, status: 'ADMITTED' },
    school.token,
  );
  const admittedId = admitted.find((a) => a.registrationNumber === registrationNumber)?.studentId;
  await office.goto(`/app/student/${admittedId}?activeTab=4`);
  const summary = office.locator('.ant-card').filter({ hasText: 'Přehled plateb' });
  await expect(summary).toContainText(/22\s900,00\sKč \(vlastní cena\)/, { timeout: 45_000 });
  await expect(summary).not.toContainText('229,00');

  // A second applicant (sent over the API as the page sends it) is rejected, with an e-mail.
  const created = await formOf(api, school, formId);
  const petr = applicant('Petr', `Malý ${sfx}`, `petr.${sfx}@example.cz`);
  await office.goto('/app/application-form');
  await expectLive(office);
  await submitViaApi(api, created, petr);
  const petrRow = office.getByRole('row').filter({ hasText: `Petr Malý ${sfx}` });
  await expect(petrRow).toBeVisible();
  await petrRow.getByRole('button', { name: `Zamítnout Petr Malý ${sfx}` }).click();
  const reject = office.getByRole('dialog', { name: 'Zamítnout přihlášku' });
  await reject.getByLabel('Důvod (volitelné)').fill('Kurz je již plně obsazen.');
  await reject.getByRole('checkbox', { name: 'Poslat uchazeči e-mail' }).check();
  await reject.getByRole('button', { name: 'Zamítnout' }).click();
  await expect(reject).toBeHidden();
  await expect(petrRow).toHaveCount(0);
  await statusFilter(office, 'Zamítnut');
  await expect(office.getByRole('row').filter({ hasText: `Petr Malý ${sfx}` })).toContainText('Kurz je již plně obsazen.');
  const refusal = await newestMail(dataDir(), petr.email, { containing: 'Kurz je již plně obsazen.' });
  expect(refusal.body).toContain('Kurz je již plně obsazen.');
});

test('only a listed site may embed the form and post to it', async ({ api, page }) => {
  const school = await freshSchool(api);
  // Two school websites on their own ports; the form lists only the first.
  const listed = await startSite();
  const foreign = await startSite();
  try {
    const sfx = uniqueSuffix();
    const form = await createFormViaApi(api, school, {
      name: `Vložený formulář ${sfx}`,
      origins: [listed.origin],
      courses: [{ name: 'Skupina A', description: 'Motocykl bez omezení výkonu.', price: 19900 }],
    });
    for (const site of [listed, foreign]) site.setHtml(sitePage(serverUrl(), form.id));
    const frameOf = () => page.frameLocator('iframe[title="Přihláška do autoškoly"]');
    /** From the page's own origin: the form's public data, then a submission after the fill time. */
    const direct = (body: unknown) =>
      page.evaluate(
        async ({ base, id, body, wait }) => {
          try {
            const opened = await fetch(`${base}/api/public/application-forms/${id}`);
            const { fillToken } = (await opened.json()) as { fillToken: string };
            await new Promise((resolve) => setTimeout(resolve, wait));
            const res = await fetch(`${base}/api/public/application-forms/${id}/submissions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ ...(body as object), fillToken }),
            });
            return { status: res.status };
          } catch (e) {
            return { blocked: String(e) };
          }
        },
        { base: serverUrl(), id: form.id, body, wait: MIN_FILL_MS },
      );

    // From the listed site: the iframe shows the form (sized by the page's height messages), and a direct POST
    // passes CORS.
    await page.goto(`${listed.origin}/`);
    await expect(frameOf().getByRole('heading', { name: `Vložený formulář ${sfx}` })).toBeVisible({ timeout: 20_000 });
    await expect(frameOf().getByRole('radio', { name: /Skupina A/ })).toBeVisible();
    // The embed script sizes the iframe to the page's content (its height messages): no inner scrollbar.
    const contentHeight = await frameOf()
      .locator('.apply-page')
      .evaluate((n) => n.getBoundingClientRect().height);
    expect(contentHeight).toBeGreaterThan(600);
    await expect.poll(async () => Math.abs(((await page.locator('iframe').boundingBox())?.height ?? 0) - contentHeight)).toBeLessThan(2);
    const sent = await direct(submissionBody(applicant('Eva', `Webová ${sfx}`), form.courses[0].id));
    expect(sent).toEqual({ status: 200 });
    const pending = await api.query<{ lastName: string }[]>('applicationForm.getApplications', { schoolId: school.schoolId, status: 'PENDING' }, school.token);
    expect(pending.map((a) => a.lastName)).toContain(`Webová ${sfx}`);

    // From the other site: the browser refuses to frame the page (frame-ancestors), and the calls fail CORS.
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    await page.goto(`${foreign.origin}/`);
    await expect(page.locator('iframe[title="Přihláška do autoškoly"]')).toHaveCount(1);
    await expect.poll(() => consoleLines.some((t) => t.includes('frame-ancestors')), { timeout: 15_000 }).toBe(true);
    await expect(frameOf().getByRole('heading', { name: `Vložený formulář ${sfx}` })).toHaveCount(0);
    expect(await direct(submissionBody(applicant('Karel', `Cizí ${sfx}`), form.courses[0].id))).toHaveProperty('blocked');
    // Without a browser's CORS check, the server itself refuses the foreign origin.
    const res = await fetch(`${serverUrl()}/api/public/application-forms/${form.id}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: foreign.origin },
      body: JSON.stringify({ ...submissionBody(applicant('Karel', `Cizí ${sfx}`), form.courses[0].id), fillToken: 'x' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const after = await api.query<{ lastName: string }[]>('applicationForm.getApplications', { schoolId: school.schoolId }, school.token);
    expect(after.map((a) => a.lastName)).not.toContain(`Cizí ${sfx}`);
  } finally {
    await Promise.all([listed.close(), foreign.close()]);
  }
});

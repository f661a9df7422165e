// 'Přístup žáka' and 'Můj výcvik' (issue 19 §1) on a desktop: the office invites a student with an e-mail from the
// card, the student asks for a link on /zak (the neutral answer), opens the link from the outbox and sees their place
// (name, school, 'Přehled'); the card shows the sign-in; the office revokes access, and the student's next step lands
// on the sign-in page with the message.
import { dataDir, expect, expectShell, test } from '../support/fixtures.ts';
import { linkFromOutbox } from '../support/outbox.ts';
import { PORTAL, signInStudent, studentWithEmail } from '../support/student-portal.ts';
import { freshSchool, section } from '../support/students.ts';

test('the office invites, the student signs in by the e-mailed link, the office revokes and the student is out', async ({ api, openApp, browser }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const student = await studentWithEmail(api, school, { invite: false });

  const office = await openApp(school.token, `/app/student/${student.studentId}`);
  await expectShell(office, school.email);
  const access = section(office, 'Přístup žáka');
  await expect(access).toContainText('Bez přístupu do Můj výcvik', { timeout: 20_000 });
  await access.getByRole('button', { name: 'Pozvat žáka' }).click();
  await expect(access).toContainText('Přístup od');
  await expect(access).toContainText('zatím bez přihlášení');
  const invite = await linkFromOutbox(dataDir(), student.email, '/zak');
  expect(new URL(invite).searchParams.get('email')).toBe(student.email);

  // The student, in a browser of their own, from the invitation's page (the address is filled in).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(new URL(invite).pathname + new URL(invite).search);
  await expect(page.getByRole('heading', { name: 'Můj výcvik' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(student.email);
  await page.screenshot({ path: '/work/shots/access/zak-sign-in-1440.png' });
  await signInStudent(page, { email: student.email });
  const header = page.getByRole('banner');
  await expect(header).toContainText(`${student.firstName} ${student.lastName}`);
  await expect(page.getByRole('link', { name: 'Přehled' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(student.registrationNumber);
  await page.screenshot({ path: '/work/shots/access/zak-overview-1440.png' });
  // The fragment left the address bar; the token is kept under the student's own key.
  expect(await page.evaluate(() => window.location.hash)).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('volant.studentToken'))).toBeTruthy();

  // The card shows the sign-in live.
  await expect(access).toContainText('poslední přihlášení');
  await office.screenshot({ path: '/work/shots/access/card-access-1440.png' });

  await access.getByRole('button', { name: 'Zrušit přístup' }).click();
  await office.getByRole('button', { name: 'Ano, zrušit' }).click();
  await expect(access).toContainText('Bez přístupu do Můj výcvik');

  // The student's next step: the place is gone, the sign-in page says why.
  await page.reload();
  await expect(page.getByText('Byli jste odhlášeni. Přihlaste se prosím znovu.')).toBeVisible();
  await expect(page.getByRole('button', { name: PORTAL.send })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('volant.studentToken'))).toBeNull();
  await context.close();
});

// 'Přehled školy' (issue 21 §4): the admin opens the page from the sidebar, sees the period's figures (payments
// received, outstanding, new students) and charts, and a figure opens the list behind it in a drawer. Screenshots at
// 1440 and 375 px go to /work/shots/dash/ (SHOTS_DIR) when that folder exists.
import { existsSync } from 'node:fs';
import { student } from '../support/calendar.ts';
import { DEMO, DEMO_SCHOOLS, expect, test } from '../support/fixtures.ts';
import { sidebarItem } from '../support/shell.ts';
import { freshSchool } from '../support/students.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/dash';
const shot = (name: string) => (existsSync(SHOTS) ? { path: `${SHOTS}/${name}.png`, fullPage: true } : undefined);
const kc = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));

test('the admin sees the school at a glance and drills from a figure to its rows', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  const q = { schoolId: school.schoolId };
  const payer = await student(api, school, `Plátce${Date.now().toString(36)}`);
  const debtor = await student(api, school, `Dlužník${Date.now().toString(36)}`);
  await api.mutation('paymentItem.setStudentPrice', { ...q, studentId: payer.id, price: 12000 }, school.token);
  await api.mutation('paymentItem.createPayment', { ...q, studentId: payer.id, price: 12000 }, school.token);
  await api.mutation('paymentItem.setStudentPrice', { ...q, studentId: debtor.id, price: 15000 }, school.token);
  await api.mutation('paymentItem.createPayment', { ...q, studentId: debtor.id, price: 4000 }, school.token);

  const page = await openApp(school.token, '/app/home', { viewport: { width: 1440, height: 900 } });
  await sidebarItem(page, 'Přehled školy').click();
  await expect(page.getByRole('heading', { name: 'Přehled školy' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByLabel('Období')).toContainText('Posledních 12 měsíců');

  const received = page.getByRole('button', { name: 'Přijaté platby' });
  await expect(received).toContainText(kc('16 000,00 Kč'));
  await expect(page.getByLabel('Neuhrazeno')).toContainText(kc('11 000,00 Kč'));
  await expect(page.getByRole('button', { name: 'Noví žáci' })).toContainText('2');
  await expect(page.getByRole('img', { name: 'Tržby a platby po měsících' })).toBeVisible();
  await expect(page.getByText('Vozidla nemají v aplikaci dostupnost', { exact: false })).toBeVisible();
  await page.screenshot(shot('dashboard-1440-fresh'));

  // The figure opens the payments behind it.
  await received.click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Přijaté platby' });
  const table = drawer.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(payer.lastName);
  await expect(table).toContainText(kc('4 000,00 Kč'));
  await page.screenshot(shot('dashboard-1440-drill'));
  await drawer.getByRole('link', { name: new RegExp(debtor.lastName) }).click();
  await expect(page).toHaveURL(new RegExp(`/app/student/${debtor.id}`));
});

test('at 375 px the page is readable: charts fit, tables are cards (the demo school)', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const token = await api.login(DEMO.email, DEMO.password);
  await api.readAllNotifications(token);
  const demo = (await api.schools(token)).find((s) => s.name === DEMO_SCHOOLS.main)!;
  await api.mutation('user.setActiveSchool', { schoolId: demo.id }, token);

  const page = await openApp(token, '/app/prehled-skoly', { viewport: { width: 375, height: 812 }, hasTouch: true });
  await expect(page.getByRole('heading', { name: 'Přehled školy' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('img', { name: 'Tržby a platby po měsících' })).toBeVisible();
  // The demo's money (seed/demo-money.ts): Lukáš Procházka's second instalment fell due 4 days ago, unpaid.
  await expect(page.getByLabel('Po splatnosti', { exact: true })).toContainText(/6\s600/);
  await expect(page.getByRole('list', { name: 'Vytížení vozidel' }).or(page.getByText('Žádná data').first())).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.screenshot(shot('dashboard-375'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('table', { name: 'Vytížení vozidel' }).or(page.getByText('Žádná data').first())).toBeVisible();
  await page.screenshot(shot('dashboard-1440-demo'));
});

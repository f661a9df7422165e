// Splátkový kalendář (issue 21 §2), desktop: a student's plan with one instalment overdue shows 'Po splatnosti' on the
// card's Platba tab and in Platby → Nedoplatky; the student's own 'Platby' in Můj výcvik shows it too (375 px shot).
// The plan is built through the API; the reminder e-mail is covered by the API test with the clock.
import { addDays } from '../../packages/shared/src/school-time.ts';
import { today } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { openStudentTab } from '../support/student-place.ts';
import { signInStudent, studentWithEmail } from '../support/student-portal.ts';
import { freshSchool } from '../support/students.ts';

const kc = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));

test('an instalment plan with one overdue instalment: overdue on the card, in the owing list and in the student’s place', async ({ api, openApp, page }) => {
  test.setTimeout(90_000);
  const s = await studentWithEmail(api, await freshSchool(api));
  const q = { schoolId: s.schoolId, studentId: s.studentId };
  const t0 = today();
  await api.mutation('paymentItem.setStudentPrice', { ...q, price: 30000 }, s.staffToken);
  await api.mutation(
    'instalment.setStudentInstalments',
    {
      ...q,
      items: [
        { label: 'Při zápisu', dueOn: addDays(t0, -40), amount: 10000 },
        { label: 'Po 1 měsíci', dueOn: addDays(t0, -10), amount: 10000 },
        { label: 'Před zkouškou', dueOn: addDays(t0, 30), amount: 10000 },
      ],
    },
    s.staffToken,
  );
  await api.mutation('paymentItem.createPayment', { ...q, price: 12500, method: 'TRANSFER', note: null }, s.staffToken);

  // The card's Platba: the plan, the second instalment 'Po splatnosti' with 7 500 Kč left.
  const office = await openApp(s.staffToken, `/app/student/${s.studentId}?activeTab=4`);
  const plan = office.locator('.ant-card').filter({ hasText: 'Splátkový kalendář' });
  await expect(plan.getByRole('row').filter({ hasText: 'Po 1 měsíci' })).toContainText('Po splatnosti', { timeout: 45_000 });
  await expect(plan.getByRole('row').filter({ hasText: 'Po 1 měsíci' })).toContainText(kc('7 500,00 Kč'));
  await expect(plan.getByRole('row').filter({ hasText: 'Při zápisu' })).toContainText('Zaplaceno');
  await expect(plan.getByRole('row').filter({ hasText: 'Před zkouškou' })).toContainText('K úhradě');
  await expect(plan.getByTestId('instalments-overdue')).toHaveText(kc('7 500,00 Kč'));
  await office.setViewportSize({ width: 1440, height: 1000 });
  await plan.screenshot({ path: '/work/shots/instal/platba-plan-1440.png' });

  // Platby → Nedoplatky: the student owes 17 500 Kč, of it 7 500 Kč overdue.
  await office.goto('/app/payments');
  const row = office.getByRole('row').filter({ hasText: s.lastName });
  await expect(row).toContainText(kc('17 500,00 Kč'), { timeout: 45_000 });
  await expect(row).toContainText(kc('7 500,00 Kč'));
  await expect(office.getByRole('columnheader', { name: 'Po splatnosti' })).toBeVisible();
  await office.screenshot({ path: '/work/shots/instal/owing-1440.png' });

  // Nastavení → Ceník: the templates, the payment reminders and the automatic charges are there to set.
  await office.goto('/app/settings/price-list');
  await expect(office.locator('.ant-card').filter({ hasText: 'Šablony splátek' }).getByLabel('Název šablony')).toHaveValue('3 splátky', { timeout: 45_000 });
  await expect(office.getByLabel('Dní před splatností')).toBeVisible();
  await expect(office.getByRole('switch', { name: 'Opravná zkouška' })).toBeVisible();
  await office.screenshot({ path: '/work/shots/instal/settings-1440.png', fullPage: true });

  // The student's own place at 375 px: 'Splátkový kalendář' with the overdue instalment.
  await page.setViewportSize({ width: 375, height: 812 });
  await signInStudent(page, { email: s.email });
  await openStudentTab(page, 'Platby');
  const mine = page.locator('.ant-card').filter({ hasText: 'Splátkový kalendář' });
  await expect(mine).toContainText(kc('Po splatnosti: 7 500,00 Kč'), { timeout: 45_000 });
  await expect(mine.getByRole('listitem').filter({ hasText: 'Po 1 měsíci' })).toContainText('Po splatnosti');
  await page.screenshot({ path: '/work/shots/instal/money-375.png', fullPage: true });
});

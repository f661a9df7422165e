// Splátkový kalendář (issue 21 §2), desktop: a student's plan with one instalment overdue shows 'Po splatnosti' on the
// card's Platba tab and in Platby → Nedoplatky; the student's own 'Platby' in Můj výcvik shows it too (375 px shot).
// The plan is built through the API; the reminder e-mail is covered by the API test with the clock.
import { addDays } from '../../packages/shared/src/school-time.ts';
import { firstTeacher, registerRide, today } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { openStudentTab } from '../support/student-place.ts';
import { signInStudent, studentWithEmail } from '../support/student-portal.ts';
import { freshSchool } from '../support/students.ts';
import { startedStudentWithCar } from '../support/training.ts';

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

test('a ride beyond the course charges a Kondiční jízda by itself, and takes it back when the ride is deleted', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const t = await startedStudentWithCar(api);
  const { schoolId, token } = t.school;
  await api.mutation('paymentItem.setPriceExtra', { schoolId, item: 'EXTRA_RIDE', price: 700 }, token);

  // Nastavení → Ceník → 'Automatické poplatky': the admin turns the rule on.
  const office = await openApp(token, '/app/settings/price-list');
  const rule = office.getByRole('switch', { name: 'Jízdy nad rámec kurzu' });
  await expect(rule).not.toBeChecked({ timeout: 45_000 });
  await rule.click();
  await expect(rule).toBeChecked();

  // The student's 28 hours of the plan, then 90 minutes more: 2 units beyond the course.
  const teacherId = (await firstTeacher(api, t.school)).id;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000);
  await registerRide(api, t.school, { studentId: t.studentId, userId: teacherId, schoolCarId: t.car.id, start: day(9), length: 28 * 45 });
  const extra = await registerRide(api, t.school, { studentId: t.studentId, userId: teacherId, schoolCarId: t.car.id, start: day(3), length: 90 });

  await office.goto(`/app/student/${t.studentId}?activeTab=4`);
  const row = office.getByRole('row').filter({ hasText: 'Kondiční jízda (45 min)' });
  await expect(row).toContainText(/Automaticky: jízda .* \(90 min\) nad rámec kurzu \(28 h v osnově\)/, { timeout: 45_000 });
  await expect(row).toContainText(kc('1 400,00 Kč'));
  await office.setViewportSize({ width: 1440, height: 1000 });
  await office.screenshot({ path: '/work/shots/instal/extra-ride-1440.png', fullPage: true });

  // The ride deleted in the calendar (here through the API, as another office computer would): the charge goes, live.
  await api.mutation('drivingLessonsRecord.deleteDrivingLessonsRecord', { schoolId, id: extra, correctionReason: 'Jízda zapsána dvakrát' }, token);
  await expect(office.getByRole('row').filter({ hasText: 'Kondiční jízda (45 min)' })).toHaveCount(0, { timeout: 45_000 });
});

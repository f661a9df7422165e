// Arranging a demo student for the student place's journeys (issue 19 §2): a student of the demo school in training
// (with the seed's completed and planned rides), a payment recorded by the office, and the school's bank account so
// that what is owed shows as a QR Platba. The tabs are found by their labels, whatever the layout makes of them.
import type { Locator, Page } from '@playwright/test';
import type { Api } from './api.ts';
import { DEMO, DEMO_SCHOOLS } from './fixtures.ts';

/** The demo school's operator as seeded, with an account for payments added. */
const DEMO_OPERATOR = {
  name: 'Volant Brno s.r.o.',
  companyNumber: '27584231',
  street: 'Kounicova',
  streetCode: '688/38',
  city: 'Brno',
  postCode: '602 00',
  vatPayer: false,
  vatId: null,
  bankAccount: '19-2000145399/0800',
  invoiceDueDays: 14,
};

/** Demo students in training with rides done and planned (packages/db/src/seed/demo.ts); the e-mail is the seed's. */
export const DEMO_LEARNERS = {
  kucerova: { registrationNumber: '2026/005', email: 'kucerova@example.cz', name: 'Kristýna Kučerová' },
  dolezal: { registrationNumber: '2026/010', email: 'dolezal@example.cz', name: 'Šimon Doležal' },
} as const;

/** The demo student with a payment of `paid` Kč on record and the school's account set; resolves to the ids. */
export async function demoStudentWithPayment(api: Api, learner: { registrationNumber: string; email: string }, paid: number) {
  const { registrationNumber } = learner;
  const token = await api.login(DEMO.email, DEMO.password);
  const school = (await api.schools(token)).find((s) => s.name === DEMO_SCHOOLS.main);
  if (!school) throw new Error('the demo user is not in the demo school');
  const schoolId = school.id;
  await api.mutation('school.updateSchool', { schoolId, operator: DEMO_OPERATOR }, token);
  const list = await api.query<{ items: { id: string; registrationNumber: string | null }[] }>(
    'student.students',
    { schoolId, fullText: registrationNumber, pageSize: 10 },
    token,
  );
  const student = list.items.find((s) => s.registrationNumber === registrationNumber);
  if (!student) throw new Error(`no demo student ${registrationNumber}`);
  await api.mutation('paymentItem.createPayment', { schoolId, studentId: student.id, price: paid, method: 'TRANSFER', note: null }, token);
  // The office gives the student access to 'Můj výcvik' ('Pozvat žáka'): without it no sign-in link is sent.
  await api.mutation('studentAccess.invite', { schoolId, studentId: student.id }, token);
  return { email: learner.email, studentId: student.id, schoolId };
}

/** A tab of the student place by its label (a tab, a link or a button of the layout's navigation). */
export async function openStudentTab(page: Page, label: string): Promise<Locator> {
  const tab = page
    .getByRole('tab', { name: label, exact: true })
    .or(page.getByRole('link', { name: label, exact: true }))
    .or(page.getByRole('button', { name: label, exact: true }))
    .first();
  await tab.click();
  return tab;
}

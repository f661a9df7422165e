// Test factories for application forms and applications (API tests and isolation rows).
import { schema } from '@volant/db/schema';
import type { SaveApplicationFormInput } from '@volant/shared/application-form/inputs';
import { eq } from 'drizzle-orm';
import type { Caller, TestApp } from '../../testing/harness.ts';
import { fillToken } from './application-form.service.ts';

let seq = 0;

export function formInput(o: Partial<SaveApplicationFormInput> = {}): SaveApplicationFormInput {
  seq += 1;
  return {
    name: `Přihláška ${seq}`,
    colorPrimary: '#1677ff',
    colorError: '#ff4d4f',
    origins: ['https://www.autoskola-test.cz'],
    courses: [{ name: 'Skupina B', description: 'Osobní automobil, 28 jízd.', price: 21900 }],
    ...o,
  };
}

export async function createTestForm(caller: Caller, schoolId: string, o: Partial<SaveApplicationFormInput> = {}) {
  const { id } = await caller.applicationForm.saveApplicationForm({ schoolId, ...formInput(o) });
  const [form] = await caller.applicationForm.getApplicationForms({ schoolId }).then((forms) => forms.filter((f) => f.id === id));
  return { formId: id, courseId: form.courses[0].id };
}

/** A fill token as if the page had been opened `agoMs` ago. */
export async function tokenFor(app: TestApp, formId: string, agoMs = 10_000) {
  const [form] = await app.handle.db.select().from(schema.applicationForms).where(eq(schema.applicationForms.id, formId));
  return fillToken(form, new Date(Date.now() - agoMs));
}

export function applicantInput(formId: string, courseId: string, token: string, o: { lastName?: string; email?: string | null } = {}) {
  seq += 1;
  return {
    formId,
    courseId,
    studentInfo: {
      firstName: 'Eliška',
      lastName: o.lastName ?? `Uchazečová ${seq}`,
      degree: null,
      birthDate: '2007-03-09',
      birthPlace: 'Olomouc',
      citizenship: 'Česká republika',
      docId: '987654321',
      phone: '+420 605 111 222',
      email: o.email === undefined ? 'eliska.uchazecova@example.cz' : o.email,
    },
    studentAddress: { street: 'Třída Svobody', streetCode: '5', city: 'Olomouc', postCode: '77900' },
    note: 'Mohu jezdit odpoledne.',
    consent: true as const,
    fillToken: token,
  };
}

/** A pending application of the victim school (its form, course, application and waiting student). */
export async function anApplication(app: TestApp, v: { caller: Caller; schoolId: string }) {
  const { formId, courseId } = await createTestForm(v.caller, v.schoolId);
  await app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, await tokenFor(app, formId)));
  const [application] = await v.caller.applicationForm.getApplications({ schoolId: v.schoolId, status: 'PENDING' });
  return { formId, courseId, applicationId: application.id, studentId: application.studentId ?? '' };
}

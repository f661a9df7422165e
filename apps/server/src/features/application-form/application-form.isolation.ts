import type { TestApp } from '../../testing/harness.ts';
import { entity, type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { anApplication, createTestForm, formInput } from './application-form.testing.ts';

/** A form of the victim school with one course. */
const aForm = (_app: TestApp, v: Victim) => createTestForm(v.caller, v.schoolId);

export const applicationFormIsolation: IsolationTable = {
  'applicationForm.getApplicationForms': school(aForm, (c, schoolId) => c.applicationForm.getApplicationForms({ schoolId })),
  // Saving with the victim's form id (an update): a new form is the caller's own school's, named by its id alone.
  'applicationForm.saveApplicationForm': entity(aForm, (c, schoolId, { formId }) =>
    c.applicationForm.saveApplicationForm({ schoolId, id: formId, ...formInput() }),
  ),
  'applicationForm.removeApplicationForm': entity(aForm, (c, schoolId, { formId }) => c.applicationForm.removeApplicationForm({ schoolId, id: formId })),
  'applicationForm.getApplications': school(anApplication, (c, schoolId) => c.applicationForm.getApplications({ schoolId })),
  'applicationForm.getPendingApplicationCount': school(
    anApplication,
    (c, schoolId) => c.applicationForm.getPendingApplicationCount({ schoolId }),
    (result) => (result as { count: number }).count > 0,
  ),
  'applicationForm.admitApplication': entity(anApplication, (c, schoolId, { applicationId }) =>
    c.applicationForm.admitApplication({
      schoolId,
      applicationId,
      registrationNumber: `P-${applicationId.slice(0, 8)}`,
      studentStudyInfo: { group: ['B'], currentGroups: [], trainingKind: 'BASIC', trainingType: 'COURSE', carIdNumber: 'EA1', note: null },
    }),
  ),
  'applicationForm.rejectApplication': entity(anApplication, (c, schoolId, { applicationId }) =>
    c.applicationForm.rejectApplication({ schoolId, applicationId, reason: null, notifyApplicant: false }),
  ),
  'applicationForm.getPublicForm': { kind: 'public', why: 'the applicant’s page: a form id opens only that form’s public data (name, colours, courses)' },
  'applicationForm.submitApplication': {
    kind: 'public',
    why: 'the applicant’s submission: the form id decides the school; origin, fill token and rate limit checked',
  },
};

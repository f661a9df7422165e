// What the application form's events mean after commit (events/processors.ts): the forms and applications lists
// refresh, the applicant's student card too; a new application rings the staff's bell, an admitted one adds the
// student to the lists with the course's price.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { Live } from '../../live/live.ts';
import { studentInfoMessage } from '../student/student.service.ts';
import { findApplication } from './application-form.queries.ts';

const applicationMessage = (live: Live, schoolId: SchoolId, applicationId: string) =>
  live.toSchool(schoolId, { ApplicationMessage: { schoolId, applicationId } });

const refreshForm: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) live.toSchool(schoolId, { ApplicationFormMessage: { schoolId, formId: entityId } });
  },
};

export const applicationFormEvents: EventDefinitions<{
  'applicationForm.create': unknown;
  'applicationForm.update': unknown;
  'applicationForm.remove': unknown;
  'applicationForm.submit': unknown;
  'applicationForm.admit': { studentId: string };
  'applicationForm.reject': { studentId: string };
}> = {
  'applicationForm.create': refreshForm,
  'applicationForm.update': refreshForm,
  'applicationForm.remove': refreshForm,
  'applicationForm.submit': {
    async live(live, { schoolId, entityId }, db) {
      if (!schoolId || !entityId) return;
      applicationMessage(live, schoolId, entityId);
      const application = await findApplication(db, schoolId, entityId);
      if (application?.studentId) studentInfoMessage(live, schoolId, application.studentId);
    },
    async notification(db, { schoolId, entityId }) {
      const application = schoolId && entityId ? await findApplication(db, schoolId, entityId) : undefined;
      if (!schoolId || !application) return null;
      return {
        schoolId,
        event: 'NEW_APPLICATION',
        title: 'Nová přihláška',
        message: `${application.firstName} ${application.lastName} se přihlásil(a) do kurzu „${application.courseName}“.`,
        link: '/app/application-form',
      };
    },
  },
  'applicationForm.admit': {
    live(live, { schoolId, entityId, data }) {
      if (!schoolId || !entityId || !data) return;
      const { studentId } = data;
      live.toSchool(schoolId, { OnNewStudentMessage: { schoolId, studentId } });
      studentInfoMessage(live, schoolId, studentId);
      live.toSchool(schoolId, { PaymentItemMessage: { schoolId, studentId } });
      applicationMessage(live, schoolId, entityId);
    },
  },
  'applicationForm.reject': {
    live(live, { schoolId, entityId, data }) {
      if (!schoolId || !entityId || !data) return;
      applicationMessage(live, schoolId, entityId);
      studentInfoMessage(live, schoolId, data.studentId);
    },
  },
};

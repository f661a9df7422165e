// What the student's access events mean after commit (events/processors.ts): the card's 'Přístup žáka' refreshes.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { studentInfoMessage } from '../student/student.service.ts';

const refreshStudent: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) studentInfoMessage(live, schoolId, entityId);
  },
};

export const studentAccessEvents: EventDefinitions = {
  'student.portalInvite': refreshStudent,
  'student.portalRevoke': refreshStudent,
  'student.portalSignIn': refreshStudent,
};

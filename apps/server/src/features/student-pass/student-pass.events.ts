// What the pass's events mean after commit (events/processors.ts): a signed pass and a new student code refresh the
// student's card. The pass mail carries the code, so it is the write's own follow-up, not a processor's.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { studentInfoMessage } from '../student/student.service.ts';

const refreshStudent: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) studentInfoMessage(live, schoolId, entityId);
  },
};

export const studentPassEvents: EventDefinitions = {
  'student.signPass': refreshStudent,
  'student.regeneratePassCode': refreshStudent,
};

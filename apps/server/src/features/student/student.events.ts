// What the student's events mean after commit (events/processors.ts): the school's open screens refresh the student;
// a new one also lands in the lists.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { studentInfoMessage } from './student.service.ts';

const refreshStudent: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) studentInfoMessage(live, schoolId, entityId);
  },
};

export const studentEvents: EventDefinitions = {
  'student.create': {
    live(live, { schoolId, entityId }) {
      if (!schoolId || !entityId) return;
      live.toSchool(schoolId, { OnNewStudentMessage: { schoolId, studentId: entityId } });
      studentInfoMessage(live, schoolId, entityId);
    },
  },
  'student.update': refreshStudent,
  'student.remove': refreshStudent,
  'student.updateLog': refreshStudent,
  'student.setState': refreshStudent,
};

// What a default teacher's events mean after commit (events/processors.ts): a change of the Výuka default teacher
// (it prefills the student's Výuka) refreshes the student's Výuka; other defaults send nothing.
import type { EventDefinitions } from '../../events/event.ts';

export const studentDefaultTeacherEvents: EventDefinitions<{ 'studentDefaultTeacher.set': { type: string } }> = {
  'studentDefaultTeacher.set': {
    live(live, { schoolId, entityId, data }) {
      if (schoolId && entityId && data?.type === 'TEACHING') live.toSchool(schoolId, { TeachingLessonRecordMessage: { schoolId, studentId: entityId } });
    },
  },
};

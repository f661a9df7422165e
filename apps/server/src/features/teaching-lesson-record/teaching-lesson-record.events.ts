// What Výuka's events mean after commit (events/processors.ts): the student's Výuka refreshes on open screens.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { teachingLessonRecordMessage } from './teaching-lesson-record.service.ts';

const refreshLessons: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) teachingLessonRecordMessage(live, schoolId, entityId);
  },
};

export const teachingLessonRecordEvents: EventDefinitions = {
  'teachingLessonRecord.plan': refreshLessons,
  'teachingLessonRecord.update': refreshLessons,
};

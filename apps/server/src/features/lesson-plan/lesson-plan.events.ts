// What the lesson plan's events mean after commit (events/processors.ts): the school's plan refreshes.
import type { EventDefinitions } from '../../events/event.ts';

export const lessonPlanEvents: EventDefinitions = {
  'lessonPlan.setRaise': {
    live(live, { schoolId }) {
      if (schoolId) live.toSchool(schoolId, { LessonPlanMessage: { schoolId } });
    },
  },
};

// What group theory's events mean after commit (events/processors.ts). Attendance refreshes the students' Výuka in
// the service (after.live); a lesson created, moved or cancelled re-schedules its students' reminders (the reminder
// processor, features/reminders/group-lesson-reminders.ts).
import type { EventDefinitions } from '../../events/event.ts';

export const courseEvents: EventDefinitions = {
  'course.create': {},
  'course.update': {},
  'course.students': {},
  'course.classroom': {},
  'groupLesson.create': {},
  'groupLesson.update': {},
  'groupLesson.delete': {},
  'groupLesson.attendance': {},
};

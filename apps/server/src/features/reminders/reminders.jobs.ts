// The reminder job kinds (jobs/runner.ts, issue 19 §4): a student's ride reminder at its run-at (one queued job per
// ride under its key), the teachers' morning agenda at 06:00 and the office's unregistered rides at 19:00 Prague time.
import type { JobDefinition } from '../../jobs/runner.ts';
import type { AppDeps } from '../../trpc/context.ts';
import {
  MORNING_AGENDA_JOB,
  RIDE_REMINDER_JOB,
  type RideReminderPayload,
  sendMorningAgendas,
  sendRideReminder,
  sendUnregisteredRides,
  UNREGISTERED_RIDES_JOB,
} from './reminders.service.ts';
import { GROUP_LESSON_REMINDER_JOB, type GroupLessonReminderPayload, sendGroupLessonReminder } from './group-lesson-reminders.ts';

export function reminderJobs(deps: AppDeps): JobDefinition[] {
  const ride: JobDefinition<RideReminderPayload> = {
    kind: RIDE_REMINDER_JOB,
    queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 5 * 60, deleteAfterSeconds: 7 * 86_400 },
    run: (payload) => sendRideReminder(deps, payload),
  };
  // A group theory lesson's reminder to its students (issue 20 §3), one job per lesson under its key.
  const groupLesson: JobDefinition<GroupLessonReminderPayload> = {
    kind: GROUP_LESSON_REMINDER_JOB,
    queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 5 * 60, deleteAfterSeconds: 7 * 86_400 },
    run: (payload) => sendGroupLessonReminder(deps, payload),
  };
  return [
    ride as unknown as JobDefinition,
    groupLesson as unknown as JobDefinition,
    {
      kind: MORNING_AGENDA_JOB,
      queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 },
      cron: '0 6 * * *',
      run: () => sendMorningAgendas(deps),
    },
    {
      kind: UNREGISTERED_RIDES_JOB,
      queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 },
      cron: '0 19 * * *',
      run: () => sendUnregisteredRides(deps),
    },
  ];
}

// E-mail reminders before group theory lessons (issue 20 §3 / issue 19 §4's leftover), the same way as before rides
// (reminders.service.ts): one job `reminders.groupLesson` per lesson under the key `reminder:group-lesson:<id>`, run
// at start − the school's reminder hours. Creating, moving or cancelling a lesson reschedules it after commit (the
// reminder processor): the queued job is deleted and one for the lesson's current start sent, or none for a lesson
// that is gone. When the job runs it reads the lesson again and mails each of its students (the course's and the
// extra ones, with an e-mail) only if the lesson still starts at the time the job was made for — a moved lesson
// gets the new time from its new job, never the old — each mail marked once in reminder_sends (student, start).
import { TEACHING_SECTION_LABELS } from '@volant/shared/enums';
import { formatDateTime, formatTime, fullName } from '@volant/shared/format';
import { schoolOfOwnWork } from '../../gate/job-tenant.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { rideReminderMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findGroupLessonReminder, type GroupLessonReminder, listGroupLessonRecipients } from './group-lesson-reminders.queries.ts';
import { lockReminder, markSent } from './reminders.queries.ts';
import { DEFAULT_REMINDER_HOURS, LATE_REMINDER_CUTOFF_MS } from './reminders.service.ts';

export const GROUP_LESSON_REMINDER_JOB = 'reminders.groupLesson';
export const groupLessonReminderKey = (lessonId: string) => `reminder:group-lesson:${lessonId}`;

export interface GroupLessonReminderPayload {
  schoolId: string;
  lessonId: string;
  /** The start (ISO) this reminder is for. */
  startTime: string;
}

/** The school's reminder hours, as for rides: no settings row → 24, a row with null → off. */
const reminderHoursOf = (l: Pick<GroupLessonReminder, 'hasSettings' | 'settings'>) =>
  l.hasSettings ? (l.settings?.reminderHours ?? null) : DEFAULT_REMINDER_HOURS;

/** When the lesson's reminder runs, or null: reminders on and the start at least 2 h away (sooner: at once). */
export function groupLessonReminderMoment(lesson: GroupLessonReminder | undefined, now: Date): Date | null {
  if (!lesson) return null;
  const hours = reminderHoursOf(lesson);
  if (hours === null) return null;
  if (lesson.startTime.getTime() - now.getTime() < LATE_REMINDER_CUTOFF_MS) return null;
  return new Date(Math.max(lesson.startTime.getTime() - hours * 3_600_000, now.getTime()));
}

/** Replaces the lesson's queued reminder with one for its current start (none when it is gone or wants none). */
export async function scheduleGroupLessonReminder(deps: AppDeps, schoolId: SchoolId, lessonId: string) {
  const jobs = deps.jobs;
  if (!jobs) return;
  const key = groupLessonReminderKey(lessonId);
  await deps.db.transaction(async (tx) => {
    await lockReminder(tx, key);
    await jobs.cancel(GROUP_LESSON_REMINDER_JOB, key, tx);
    const lesson = await findGroupLessonReminder(tx, schoolId, lessonId);
    const runAt = groupLessonReminderMoment(lesson, deps.now());
    if (!lesson || !runAt) return;
    const payload: GroupLessonReminderPayload = { schoolId, lessonId, startTime: lesson.startTime.toISOString() };
    await jobs.send(GROUP_LESSON_REMINDER_JOB, payload, { tx, runAt, key });
  });
}

/** The job: mails each student of the lesson once, if the lesson still starts when the job was made for. */
export async function sendGroupLessonReminder(deps: AppDeps, payload: GroupLessonReminderPayload) {
  const schoolId = schoolOfOwnWork(payload.schoolId);
  const key = groupLessonReminderKey(payload.lessonId);
  let moved = false;
  await inTransaction(deps, async (tx, after) => {
    await lockReminder(tx, key);
    const lesson = await findGroupLessonReminder(tx, schoolId, payload.lessonId);
    if (!lesson) return;
    if (lesson.startTime.toISOString() !== payload.startTime) {
      moved = true;
      return;
    }
    const now = deps.now();
    if (reminderHoursOf(lesson) === null || lesson.startTime.getTime() <= now.getTime()) return;
    const school = lesson.school;
    const topic = lesson.topic ? ` – ${lesson.topic}` : '';
    const room = lesson.classroomName ? `, ${lesson.classroomName}` : '';
    for (const student of await listGroupLessonRecipients(tx, schoolId, lesson.id, lesson.courseId)) {
      if (!student.email) continue;
      if (!(await markSent(tx, `group-lesson:${lesson.id}:${student.id}:${payload.startTime}`, now))) continue;
      await after.mail(
        'REMINDER',
        rideReminderMail(student.email, {
          what: `Výuka ${TEACHING_SECTION_LABELS[lesson.type]} (${lesson.courseName})${topic}`,
          when: `${formatDateTime(lesson.startTime)}–${formatTime(lesson.endTime)}${room}`,
          teacher: lesson.teacher?.firstName ? fullName(lesson.teacher) : null,
          car: null,
          schoolName: school.name,
          address: `${school.street} ${school.streetCode}, ${school.postCode} ${school.city}`,
          cancelUrl: null,
        }),
      );
    }
  });
  if (moved) await scheduleGroupLessonReminder(deps, schoolId, payload.lessonId);
}

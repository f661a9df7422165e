// What a committed event triggers, in this order: its live messages, the staff's bell, their e-mails, the reminders
// (next: calendar feeds). Called explicitly by record.ts for every event; nothing registers itself. Each processor reads the
// event's definition from its feature's `<feature>.events.ts`, listed below. A processor that throws is logged and the
// next one still runs: the write is committed by then (lib/unit-of-work.ts, follow-ups).
import { inTransaction } from '../lib/unit-of-work.ts';
import type { AppDeps } from '../trpc/context.ts';
import { mailSchoolStaff, ringSchoolStaff } from '../features/notification/notify.ts';
import { examEvents } from '../features/exam/exam.events.ts';
import { interpreterEvents } from '../features/interpreter/interpreter.events.ts';
import { invoiceEvents } from '../features/invoice/invoice.events.ts';
import { lessonPlanEvents } from '../features/lesson-plan/lesson-plan.events.ts';
import { paymentItemEvents } from '../features/payment-item/payment-item.events.ts';
import { bankStatementEvents } from '../features/bank-statement/bank-statement.events.ts';
import { instalmentEvents } from '../features/instalment/instalment.events.ts';
import { reportEvents } from '../features/report/report.events.ts';
import { schoolEvents } from '../features/school/school.events.ts';
import { schoolCarEvents } from '../features/school-car/school-car.events.ts';
import { studentDefaultTeacherEvents } from '../features/student-default-teacher/student-default-teacher.events.ts';
import { studentEvents } from '../features/student/student.events.ts';
import { tagEvents } from '../features/tag/tag.events.ts';
import { teachingLessonRecordEvents } from '../features/teaching-lesson-record/teaching-lesson-record.events.ts';
import { userEvents } from '../features/user/user.events.ts';
import { tierUpgradeEvents } from '../features/account/tier-upgrade.events.ts';
import { operatorEvents } from '../features/operator/operator.events.ts';
import { studentPassEvents } from '../features/student-pass/student-pass.events.ts';
import { schoolInviteEvents } from '../features/school-invite/school-invite.events.ts';
import { applicationFormEvents } from '../features/application-form/application-form.events.ts';
import { drivingLessonsRecordEvents } from '../features/driving-lessons-record/driving-lessons-record.events.ts';
import { recordDisputeEvents } from '../features/record-dispute/record-dispute.events.ts';
import { studentAccessEvents } from '../features/student-access/student-access.events.ts';
import { scheduleRideReminder } from '../features/reminders/reminders.service.ts';
import { scheduleGroupLessonReminder } from '../features/reminders/group-lesson-reminders.ts';
import { queueWaitlistNotice } from '../features/booking/waitlist.service.ts';
import { availabilityEvents } from '../features/availability/availability.events.ts';
import { bookingSettingsEvents } from '../features/booking-settings/booking-settings.events.ts';
import { courseEvents } from '../features/course/course.events.ts';
import { transferEvents } from '../features/transfer/transfer.events.ts';
import type { AppEvent, EventDefinition, EventDefinitions } from './event.ts';

export type Processor = (deps: AppDeps, event: AppEvent, definition: EventDefinition) => unknown;

/** Every feature's events. Built on first use: the features' services import record.ts, which imports this file. */
let definitions: EventDefinitions | null = null;
const allDefinitions = (): EventDefinitions => {
  definitions ??= {
    ...studentEvents,
    ...reportEvents,
    ...teachingLessonRecordEvents,
    ...drivingLessonsRecordEvents,
    ...paymentItemEvents,
    ...bankStatementEvents,
    ...instalmentEvents,
    ...invoiceEvents,
    ...examEvents,
    ...tagEvents,
    ...schoolCarEvents,
    ...interpreterEvents,
    ...lessonPlanEvents,
    ...studentDefaultTeacherEvents,
    ...schoolEvents,
    ...userEvents,
    ...tierUpgradeEvents,
    ...operatorEvents,
    ...studentPassEvents,
    ...schoolInviteEvents,
    ...applicationFormEvents,
    ...recordDisputeEvents,
    ...studentAccessEvents,
    ...availabilityEvents,
    ...bookingSettingsEvents,
    ...courseEvents,
    ...transferEvents,
  };
  return definitions;
};

export const liveProcessor: Processor = (deps, event, definition) => definition.live?.(deps.live, event, deps.db);

export const notificationProcessor: Processor = async (deps, event, definition) => {
  const notification = await definition.notification?.(deps.db, event);
  if (notification) await inTransaction(deps, (tx, after) => ringSchoolStaff(tx, after, notification));
};

export const mailProcessor: Processor = async (deps, event, definition) => {
  const notification = await definition.notification?.(deps.db, event);
  if (notification) await inTransaction(deps, (tx, after) => mailSchoolStaff(deps, tx, after, notification));
};

/** The rides' events whose ride may want its reminder (re)scheduled or dropped (features/reminders, issue 19 §4). */
const RIDE_EVENTS = new Set(['drivingLessonsRecord.create', 'drivingLessonsRecord.update', 'drivingLessonsRecord.delete']);
const GROUP_LESSON_EVENTS = new Set(['groupLesson.create', 'groupLesson.update', 'groupLesson.delete']);

/**
 * Reminders: a ride created, moved, cancelled or deleted gets its queued reminder replaced by one for its state now
 * (none when cancelled or gone). Any future write path of rides (student booking, cancelling) that records one of
 * these events is covered without touching its service.
 */
export const reminderProcessor: Processor = async (deps, event) => {
  if (!event.schoolId || !event.entityId) return;
  if (RIDE_EVENTS.has(event.name)) await scheduleRideReminder(deps, event.schoolId, event.entityId);
  // A group theory lesson created, moved or cancelled (issue 20 §3): its students' reminder follows it.
  if (GROUP_LESSON_EVENTS.has(event.name)) await scheduleGroupLessonReminder(deps, event.schoolId, event.entityId);
};

/**
 * 'Čekací listina': a planned future ride cancelled or deleted frees its slot; the students waiting for its day are
 * told by a job (features/booking/waitlist.service.ts). Whoever writes the ride (office or student) is covered.
 */
export const waitlistProcessor: Processor = async (deps, event) => {
  if ((event.name !== 'drivingLessonsRecord.update' && event.name !== 'drivingLessonsRecord.delete') || !event.schoolId || !event.entityId) return;
  await queueWaitlistNotice(deps, event.schoolId, { name: event.name, entityId: event.entityId, data: event.data });
};

export const PROCESSORS: readonly Processor[] = [liveProcessor, notificationProcessor, mailProcessor, reminderProcessor, waitlistProcessor];

/** Hands a committed event to each processor in turn; a failure is logged and skipped. */
export async function processEvent(deps: AppDeps, event: AppEvent, processors: readonly Processor[] = PROCESSORS) {
  const found = allDefinitions()[event.name] ?? {};
  // The bell and its e-mail read the same notification: built once per event.
  let notification: ReturnType<NonNullable<EventDefinition['notification']>> | undefined;
  const build = found.notification;
  const definition: EventDefinition = build ? { ...found, notification: (db, e) => (notification ??= build(db, e)) } : found;
  for (const processor of processors) {
    try {
      await processor(deps, event, definition);
    } catch (err) {
      deps.log.error({ err, event: event.name }, 'an event processor failed; the write itself is committed');
    }
  }
}

// E-mail reminders through the job runner (issue 19 §4, docs/decisions/0016-reminders.md).
//
// - A student's ride or timed lesson: a job `reminders.ride` under the key `reminder:ride:<id>`, run at
//   start − reminder_hours. Every write of a ride (create, move, cancel, delete) reschedules it after commit
//   (the reminder processor, events/processors.ts): the queued job is deleted and, if the ride still wants a
//   reminder, a new one is sent for its current start — in one transaction under the key's lock.
// - When the job runs it reads the ride again and mails only if it is still planned and still starts at the time the
//   job was scheduled for; a ride that moved meanwhile gets its job for the new time instead, a cancelled one nothing.
// - Each mail is marked in reminder_sends in the transaction that writes it: a job run twice mails once.
// - Teachers' morning agenda (06:00) and the office's unregistered rides (19:00) are cron jobs (one run per tick
//   across instances), with the same once-per-day mark.
import { CALENDAR_EVENT_TYPE_LABELS, type CalendarEventType, TEACHING_SECTION_LABELS } from '@volant/shared/enums';
import { formatDate, formatDateTime, formatTime, fullName } from '@volant/shared/format';
import { type CalendarDate, schoolDay, schoolToday } from '@volant/shared/school-time';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { schoolOfOwnWork } from '../../gate/job-tenant.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { morningAgendaMail, rideReminderMail, unregisteredRidesMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { listTrainings } from '../driving-lessons-record/driving-lessons-record.queries.ts';
import {
  findReminderItem,
  listAgendaMembers,
  listOfficeRecipients,
  listSchoolsWithUnregistered,
  listTeacherDay,
  listTeacherTheory,
  lockReminder,
  markSent,
  type ReminderItem,
} from './reminders.queries.ts';

export const RIDE_REMINDER_JOB = 'reminders.ride';
export const MORNING_AGENDA_JOB = 'reminders.agenda';
export const UNREGISTERED_RIDES_JOB = 'reminders.unregistered';

/** The default when the school has no booking_settings row (its column default). */
export const DEFAULT_REMINDER_HOURS = 24;
export const DEFAULT_FREE_CANCEL_HOURS = 24;
/** A ride starting sooner than this gets no reminder (booked at the last minute: the student knows). */
export const LATE_REMINDER_CUTOFF_MS = 2 * 3_600_000;

const HOUR_MS = 3_600_000;

export interface RideReminderPayload {
  schoolId: string;
  rideId: string;
  /** The start (ISO) this reminder is for. */
  startTime: string;
}

export const rideReminderKey = (rideId: string) => `reminder:ride:${rideId}`;

/** The school's reminder hours: no settings row → 24, a row with null → off. */
export function reminderHoursOf(item: Pick<ReminderItem, 'hasSettings' | 'settings'>): number | null {
  return item.hasSettings ? (item.settings?.reminderHours ?? null) : DEFAULT_REMINDER_HOURS;
}

/**
 * When a ride's reminder runs, or null for none: a planned ride or timed lesson of a student with an e-mail, the
 * school's reminders on, and its start at least 2 h away. Created less than reminder_hours ahead: sent at once.
 */
export function reminderMoment(item: ReminderItem | undefined, now: Date): Date | null {
  if (item?.state !== 'SCHEDULED' || item.type === 'CAR_RESERVATION' || !item.studentId || !item.student?.email) return null;
  const hours = reminderHoursOf(item);
  if (hours === null) return null;
  if (item.startTime.getTime() - now.getTime() < LATE_REMINDER_CUTOFF_MS) return null;
  const at = item.startTime.getTime() - hours * HOUR_MS;
  return new Date(Math.max(at, now.getTime()));
}

/** Replaces the ride's queued reminder with one for its current state (none when it wants none). */
export async function scheduleRideReminder(deps: AppDeps, schoolId: SchoolId, rideId: string) {
  const jobs = deps.jobs;
  if (!jobs) return;
  const key = rideReminderKey(rideId);
  await deps.db.transaction(async (tx) => {
    await lockReminder(tx, key);
    await jobs.cancel(RIDE_REMINDER_JOB, key, tx);
    const item = await findReminderItem(tx, schoolId, rideId);
    const runAt = reminderMoment(item, deps.now());
    if (!item || !runAt) return;
    const payload: RideReminderPayload = { schoolId, rideId, startTime: item.startTime.toISOString() };
    await jobs.send(RIDE_REMINDER_JOB, payload, { tx, runAt, key });
  });
}

const lessonWord = (type: CalendarEventType) => (type === 'DRIVING' ? 'Jízda' : `Lekce ${CALENDAR_EVENT_TYPE_LABELS[type]}`);

/** The job: mails the reminder if the ride is still planned at the start it was scheduled for. */
export async function sendRideReminder(deps: AppDeps, payload: RideReminderPayload) {
  const schoolId = schoolOfOwnWork(payload.schoolId);
  const key = rideReminderKey(payload.rideId);
  let moved = false;
  await inTransaction(deps, async (tx, after) => {
    await lockReminder(tx, key);
    const item = await findReminderItem(tx, schoolId, payload.rideId);
    if (item?.state !== 'SCHEDULED' || !item.student?.email) return;
    if (item.startTime.toISOString() !== payload.startTime) {
      // Moved after this job was queued (and its replacement lost a race): never the old time; the new one gets its own.
      moved = true;
      return;
    }
    const now = deps.now();
    // Reminders turned off meanwhile, or the job ran late past the start: nothing (never a reminder after the fact).
    if (reminderHoursOf(item) === null || item.startTime.getTime() <= now.getTime()) return;
    if (!(await markSent(tx, `ride:${item.id}:${payload.startTime}`, now))) return;
    const booking = item.hasSettings ? item.settings : null;
    const freeCancelHours = booking?.freeCancelHours ?? DEFAULT_FREE_CANCEL_HOURS;
    const freeToCancel = booking?.enabled === true && item.type === 'DRIVING' && item.startTime.getTime() - now.getTime() > freeCancelHours * HOUR_MS;
    const school = item.school;
    await after.mail(
      'REMINDER',
      rideReminderMail(item.student.email, {
        what: lessonWord(item.type as CalendarEventType),
        when: `${formatDateTime(item.startTime)}–${formatTime(item.endTime)}`,
        teacher: item.teacher?.firstName ? fullName(item.teacher) : null,
        car: item.car?.carType ? `${item.car.carType} (${item.car.regNumber})` : null,
        schoolName: school.name,
        address: `${school.street} ${school.streetCode}, ${school.postCode} ${school.city}`,
        cancelUrl: freeToCancel ? `${deps.config.publicUrl}/zak/rezervace` : null,
      }),
    );
  });
  if (moved) await scheduleRideReminder(deps, schoolId, payload.rideId);
}

/** The day of the job's run, in Prague (the cron runs at 06:00 / 19:00 Prague time). */
const todayOf = (deps: AppDeps): CalendarDate => schoolToday(deps.now());

/** 06:00: each opted-in member's rides and lessons of the day; nothing on a day with nothing planned. */
export async function sendMorningAgendas(deps: AppDeps) {
  const day = todayOf(deps);
  const { start, end } = schoolDay(day);
  for (const member of await listAgendaMembers(deps.db)) {
    if (!member.email) continue;
    const schoolId = schoolOfOwnWork(member.schoolId);
    const [rides, theory] = await Promise.all([
      listTeacherDay(deps.db, schoolId, member.memberId, start, end),
      listTeacherTheory(deps.db, schoolId, member.memberId, day),
    ]);
    if (rides.length + theory.length === 0) continue;
    const items = [
      ...rides.map((ride) => {
        const who = ride.student?.firstName ? fullName(ride.student) : 'bez žáka';
        const car = ride.car?.carType ? `, ${ride.car.carType} (${ride.car.regNumber})` : '';
        return `${formatTime(ride.startTime)}–${formatTime(ride.endTime)} ${lessonWord(ride.type as CalendarEventType)}: ${who}${car}`;
      }),
      ...theory.map((lesson) => `Výuka ${TEACHING_SECTION_LABELS[lesson.type]} (${lesson.position}. lekce): ${fullName(lesson.student)}`),
    ];
    const email = member.email;
    await inTransaction(deps, async (tx, after) => {
      if (!(await markSent(tx, `agenda:${member.memberId}:${day}`, deps.now()))) return;
      await after.mail(
        'REMINDER',
        morningAgendaMail(email, { day: formatDate(day), schoolName: member.schoolName, items, url: `${deps.config.publicUrl}/app/calendar` }),
      );
    });
  }
}

/** 19:00: to each school's admins, the day's rides that ended but are still only planned; only if there are any. */
export async function sendUnregisteredRides(deps: AppDeps) {
  const now = deps.now();
  const day = todayOf(deps);
  const { start, end } = schoolDay(day);
  for (const school of await listSchoolsWithUnregistered(deps.db, start, end, now)) {
    // The trainings screen's own 'Nezaevidované' query, limited to the day.
    const { items } = await listTrainings(deps.db, school.schoolId, {
      from: start,
      to: end,
      teacherId: null,
      schoolCarId: null,
      state: null,
      type: null,
      unsigned: false,
      notRegistered: true,
      now,
      limit: 200,
      offset: 0,
    });
    if (items.length === 0) continue;
    const lines = items
      .sort((a, b) => a.startTime.getTime() - b.startTime.getTime())
      .map((ride) => {
        const who = ride.student?.firstName ? fullName(ride.student) : 'bez žáka';
        const teacher = ride.user?.firstName ? `, ${fullName(ride.user)}` : '';
        return `${formatTime(ride.startTime)}–${formatTime(ride.endTime)} ${lessonWord(ride.type as CalendarEventType)}: ${who}${teacher}`;
      });
    const recipients = await listOfficeRecipients(deps.db, school.schoolId);
    await inTransaction(deps, async (tx, after) => {
      if (!(await markSent(tx, `unregistered:${school.schoolId}:${day}`, now))) return;
      for (const r of recipients) {
        await after.mail(
          'REMINDER',
          unregisteredRidesMail(r.email, { day: formatDate(day), schoolName: school.schoolName, items: lines, url: `${deps.config.publicUrl}/app/trainings` }),
        );
      }
    });
  }
}

// 'Čekací listina' (issue 19 §3): a student in training puts days on the list; when a ride of such a day is cancelled
// or deleted, every waiting student who could book the freed slot gets one e-mail with a link to 'Rezervace' (a job
// of the runner, queued by the waitlist processor after the write's commit); the first to book gets the slot — the
// booking's own rules and constraints decide, nothing is held for anyone.
import { isCancelled, type LessonState } from '@volant/shared/enums';
import { timeRangeText } from '@volant/shared/driving-lessons-record/rules';
import { fullName } from '@volant/shared/format';
import { earliestStart, studentRefusal } from '@volant/shared/booking/rules';
import { waitlistRefusal } from '@volant/shared/booking/waitlist';
import { schoolDateOf } from '@volant/shared/school-time';
import { schoolOfOwnWork } from '../../gate/job-tenant.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { waitlistSlotMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { lockReminder, markSent } from '../reminders/reminders.queries.ts';
import { findBookingStudent, hasOverdueInvoice } from './booking.queries.ts';
import { readBookingRules } from './booking.rules.ts';
import { anyoneWaits, countMyWaitlist, deleteWaitlistDay, findFreedRide, insertWaitlistDay, listMyWaitlist, listWaitingStudents } from './waitlist.queries.ts';

export const WAITLIST_JOB = 'booking.waitlist';

export interface WaitlistPayload {
  schoolId: string;
  rideId: string;
  /** The freed slot as it was: the school's day, the times (ISO) and the teacher (a deleted ride is gone). */
  day: string;
  startTime: string;
  endTime: string;
  teacherId: string | null;
  teacherName: string | null;
  /** The ride's own student: never told of their own cancellation. */
  studentId: string | null;
}

/** The student's days on the list (from today on), with whose list it is (the session's student). */
export async function getMyWaitlist(deps: AppDeps, student: ProvenStudent) {
  return { studentId: student.studentId as string, days: await listMyWaitlist(deps.db, student, schoolDateOf(deps.now())) };
}

/** Puts a bookable day on the list: the same rules as booking say who may, and the horizon says which days. */
export function joinWaitlist(deps: AppDeps, student: ProvenStudent, day: string) {
  return inTransaction(deps, async (tx) => {
    const now = deps.now();
    const today = schoolDateOf(now);
    const me = await findBookingStudent(tx, student, true);
    if (!me) throw new AppError('STUDENT_NOT_FOUND');
    const rules = await readBookingRules(tx, student.schoolId);
    const hasOverdue = rules.enabled && rules.requireNoOverdue ? await hasOverdueInvoice(tx, student, today) : false;
    const refusal =
      studentRefusal(rules, { ...me, hasOverdue }) ??
      waitlistRefusal(day, schoolDateOf(earliestStart(rules, now)), today, rules.horizonDays, await countMyWaitlist(tx, student, today));
    const listed = await listMyWaitlist(tx, student, today);
    if (refusal && !listed.includes(day)) throw new AppError('BOOKING_REFUSED', refusal);
    await insertWaitlistDay(tx, student, day);
    return { studentId: student.studentId as string, days: await listMyWaitlist(tx, student, today) };
  });
}

export function leaveWaitlist(deps: AppDeps, student: ProvenStudent, day: string) {
  return inTransaction(deps, async (tx) => {
    await deleteWaitlistDay(tx, student, day);
    return { studentId: student.studentId as string, days: await listMyWaitlist(tx, student, schoolDateOf(deps.now())) };
  });
}

/** A planned ride of a student that no longer holds its time: cancelled (the row stays) or deleted (its audit data). */
interface FreedRide {
  type: string;
  state: LessonState;
  startTime: Date;
  endTime: Date;
  teacherId: string | null;
  teacherName: string | null;
  studentId: string | null;
}

function freedFromDeleted(data: unknown): FreedRide | null {
  const d = data as Record<string, unknown> | null;
  if (!d || (typeof d.startTime !== 'string' && !(d.startTime instanceof Date))) return null;
  const start = new Date(d.startTime as string);
  const end = new Date(d.endTime as string);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return {
    type: String(d.type),
    state: d.state as LessonState,
    startTime: start,
    endTime: end,
    teacherId: typeof d.teacherId === 'string' ? d.teacherId : null,
    teacherName: null,
    studentId: typeof d.studentId === 'string' ? d.studentId : null,
  };
}

/**
 * After a ride's write commits (the waitlist processor): a future DRIVING ride that was cancelled or deleted while
 * planned frees its slot; if anyone of the school waits for its day, one job (keyed by the ride) tells them.
 */
export async function queueWaitlistNotice(deps: AppDeps, schoolId: SchoolId, event: { name: string; entityId: string; data: unknown }) {
  const jobs = deps.jobs;
  if (!jobs) return;
  let freed: FreedRide | null = null;
  if (event.name === 'drivingLessonsRecord.delete') {
    const gone = freedFromDeleted(event.data);
    freed = gone && gone.state === 'SCHEDULED' ? gone : null;
  } else {
    const ride = await findFreedRide(deps.db, schoolId, event.entityId);
    freed =
      ride && isCancelled(ride.state)
        ? {
            ...ride,
            teacherName:
              ride.teacherFirstName || ride.teacherLastName ? fullName({ firstName: ride.teacherFirstName ?? '', lastName: ride.teacherLastName ?? '' }) : null,
          }
        : null;
  }
  if (freed?.type !== 'DRIVING' || freed.startTime.getTime() <= deps.now().getTime()) return;
  const day = schoolDateOf(freed.startTime);
  if (!(await anyoneWaits(deps.db, schoolId, day))) return;
  const payload: WaitlistPayload = {
    schoolId,
    rideId: event.entityId,
    day,
    startTime: freed.startTime.toISOString(),
    endTime: freed.endTime.toISOString(),
    teacherId: freed.teacherId,
    teacherName: freed.teacherName,
    studentId: freed.studentId,
  };
  await jobs.send(WAITLIST_JOB, payload, { key: `waitlist:${event.entityId}:${payload.startTime}` });
}

/** The job: one e-mail per waiting student and freed slot (marked in the mail's own transaction: a rerun sends none). */
export async function sendWaitlistNotices(deps: AppDeps, payload: WaitlistPayload) {
  const schoolId = schoolOfOwnWork(payload.schoolId);
  const start = new Date(payload.startTime);
  const now = deps.now();
  if (start.getTime() <= now.getTime()) return;
  const rules = await readBookingRules(deps.db, schoolId);
  if (!rules.enabled) return;
  const onlyTeacher = rules.teacherChoice === 'DEFAULT_TEACHER' ? payload.teacherId : null;
  if (rules.teacherChoice === 'DEFAULT_TEACHER' && !payload.teacherId) return;
  const waiting = await listWaitingStudents(deps.db, schoolId, payload.day, payload.studentId, onlyTeacher);
  for (const student of waiting) {
    const key = `waitlist:${payload.rideId}:${payload.startTime}:${student.studentId}`;
    await inTransaction(deps, async (tx, after) => {
      await lockReminder(tx, key);
      if (!(await markSent(tx, key, now))) return;
      await after.mail(
        'REMINDER',
        waitlistSlotMail(student.email, {
          firstName: student.firstName,
          schoolName: student.schoolName,
          when: timeRangeText(start, new Date(payload.endTime)),
          teacher: payload.teacherName,
          url: `${deps.config.publicUrl}/zak/rezervace?den=${payload.day}`,
        }),
      );
    });
  }
}

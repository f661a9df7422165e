// 'Můj den' (issue 20 §1–2): the teacher's own day, and the actions of one ride sent from the device's outbox.
// - An action carries a key the device made; the first answer is kept under it (day_action_keys), so a replay gets
//   that answer and writes nothing again (docs/decisions/0017-my-day-offline.md).
// - It carries the ride's updatedAt as the device had it: when the ride changed since (the office edited it), the
//   answer is CONFLICT with the office's version, nothing is written and the teacher decides.
// - 'Zaevidovat' goes through the rides' own checks (driving-lessons-record.service.ts: the ride has ended by the
//   server's clock, the tachometer continues the car's, no collision) and their server times (recordedAt, signedAt,
//   teacherSignedAt); the ride's times become the actual ones the teacher recorded.
import type { dayActionInput, myDayInput } from '@volant/shared/my-day/inputs';
import { MY_DAY_MESSAGES } from '@volant/shared/my-day/inputs';
import { actualMinutes, MY_DAY_LABELS } from '@volant/shared/my-day/rules';
import { dailyLimitWarning, odometerRefusal, stkWarning, teacherLicenceWarning } from '@volant/shared/driving-lessons-record/rules';
import { TRAINING_MESSAGES } from '@volant/shared/driving-lessons-record/inputs';
import { medicalCertificateWarning } from '@volant/shared/student/medical';
import { isCancelled, type LessonState, type StaffRole } from '@volant/shared/enums';
import { schoolDay } from '@volant/shared/school-time';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
// The students of the day are proven by the rides' join on the school (my-day.queries.ts).
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { studentsLegalMinimum } from '../lesson-plan/legal-minimum.ts';
import { findLessonView, listAttendance, listLessonStudents, listTeacherLessons as listTeacherGroupLessons, lockLesson } from '../course/course.queries.ts';
import { canTouch, markAttendanceIn } from '../course/course.service.ts';
import { getBookingSettings } from '../booking-settings/booking-settings.queries.ts';
import { overdueStudents } from '../booking/booking.queries.ts';
import { changes, check, guarded } from '../driving-lessons-record/driving-lessons-record.service.ts';
import { rideChanged, rideFacts } from '../driving-lessons-record/driving-lessons-record.hooks.ts';
import { chainRecords, openChain } from '../record-chain/record-chain.ts';
import { findRecordRow, previousTachometerAfter, type RecordValues, updateRecordRow } from '../driving-lessons-record/driving-lessons-record.queries.ts';
import { recordTimes } from '../driving-lessons-record/driving-lessons-record.times.ts';
import {
  claimKey,
  type DayRideRow,
  drivingMinutesOfStudents,
  findKey,
  findTeacher,
  listTeacherLessons,
  listTeacherRides,
  releaseKey,
  saveAnswer,
  setRideFacts,
} from './my-day.queries.ts';

type DayInput = z.output<typeof myDayInput>;
type ActionInput = z.output<typeof dayActionInput>;

/** A device may run a little ahead of the server's clock; more than this and a time 'in the future' is refused. */
const CLOCK_SLACK_MS = 5 * 60_000;

const notFound = () => new AppError('NOT_FOUND');
const refused = (message: string, field?: string) => (field ? AppError.field('INVALID_INPUT', field, message) : new AppError('INVALID_INPUT', message));

/** A ride as the device keeps it (no signature pictures: only whether signed). */
function toDayRide(row: DayRideRow) {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    startTime: row.startTime,
    endTime: row.endTime,
    length: row.length,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    tachometerBefore: row.tachometerBefore,
    tachometerAfter: row.tachometerAfter,
    note: row.note,
    updatedAt: row.updatedAt,
    recordedAt: row.recordedAt,
    signed: row.signed,
    teacherSigned: row.teacherSigned,
    student: row.student?.id
      ? { id: row.student.id, firstName: row.student.firstName, lastName: row.student.lastName, phone: row.student.phone, groups: row.student.groups }
      : null,
    car: row.car?.id ? { id: row.car.id, regNumber: row.car.regNumber, carType: row.car.carType } : null,
    carLastTachometer: row.carLastTachometer ?? null,
  };
}
export type DayRide = ReturnType<typeof toDayRide>;

const DATE_FIELDS = ['startTime', 'endTime', 'startedAt', 'endedAt', 'updatedAt', 'recordedAt'] as const;

function reviveDates<T>(value: T): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const f of DATE_FIELDS) if (typeof copy[f] === 'string') copy[f] = new Date(copy[f] as string);
  return copy as T;
}

/** The stored answer (JSON) back with its dates, so a replay answers exactly what the first call did. */
function revive(answer: ActionAnswer): ActionAnswer {
  return { status: answer.status, ride: answer.ride ? reviveDates(answer.ride) : null, lesson: answer.lesson ? reviveDates(answer.lesson) : null };
}

/**
 * A group lesson ('Hodina výuky') as the device keeps it for 'Docházka' offline: when, section, topic, course, room,
 * its updatedAt (the base of the teacher's marks) and its students with their marks (no e-mails).
 */
async function readGroupLessons(db: AppDeps['db'], schoolId: SchoolId, lessons: readonly NonNullable<Awaited<ReturnType<typeof findLessonView>>>[]) {
  const [students, marks] = await Promise.all([
    Promise.all(lessons.map((l) => listLessonStudents(db, schoolId, l.id, l.courseId))),
    listAttendance(
      db,
      schoolId,
      lessons.map((l) => l.id),
    ),
  ]);
  return lessons.map((l, i) => {
    const present = new Map(marks.filter((m) => m.lessonId === l.id).map((m) => [m.studentId, m.present]));
    return {
      id: l.id,
      courseId: l.courseId,
      courseName: l.courseName,
      startTime: l.startTime,
      endTime: l.endTime,
      units: l.units,
      section: l.type,
      topic: l.topic,
      teacherId: l.teacherId,
      classroom: l.classroomId ? { id: l.classroomId, name: l.classroomName ?? '' } : null,
      updatedAt: l.updatedAt,
      students: (students[i] ?? []).map((s) => ({
        id: s.id,
        firstName: s.firstName,
        lastName: s.lastName,
        registrationNumber: s.registrationNumber,
        extra: s.extra,
        present: present.get(s.id) ?? null,
      })),
    };
  });
}
export type DayGroupLesson = Awaited<ReturnType<typeof readGroupLessons>>[number];

async function readGroupLesson(db: AppDeps['db'], schoolId: SchoolId, lessonId: string) {
  const lesson = await findLessonView(db, schoolId, lessonId);
  return lesson ? ((await readGroupLessons(db, schoolId, [lesson]))[0] ?? null) : null;
}

/**
 * The teacher's day (the caller's own member id; nothing of another teacher): rides and PV lessons in time order with
 * the student, car, the warnings before driving and the student's progress; theory lessons of the day.
 */
export async function getMyDay(deps: AppDeps, schoolId: SchoolId, memberId: string, input: DayInput) {
  const { start, end } = schoolDay(input.date);
  const [rides, lessons, teacher, settings, groupLessons] = await Promise.all([
    listTeacherRides(deps.db, schoolId, memberId, start, end),
    listTeacherLessons(deps.db, schoolId, memberId, input.date),
    findTeacher(deps.db, schoolId, memberId),
    getBookingSettings(deps.db, schoolId),
    // The caller's own group theory lessons of the day, with their students (Docházka works offline too).
    listTeacherGroupLessons(deps.db, schoolId, memberId, start, end).then((rows) => readGroupLessons(deps.db, schoolId, rows)),
  ]);
  const studentIds = [...new Set(rides.map((x) => x.student?.id).filter((x): x is string => !!x))];
  const now = deps.now();
  const [minutes, minimums, overdue] = await Promise.all([
    drivingMinutesOfStudents(deps.db, schoolId, studentIds, start, end),
    studentsLegalMinimum(deps.db, schoolId, studentIds, input.date, now),
    // An overdue balance only when the school's booking rules want it shown (the same setting as for booking).
    settings.requireNoOverdue ? overdueStudents(deps.db, schoolId, studentIds, input.date) : Promise.resolve(new Set<string>()),
  ]);
  const teacherWarning = teacherLicenceWarning(teacher?.licenceValidUntil ?? null, input.date);
  const items = rides.map((row) => {
    const ride = toDayRide(row);
    const sid = row.student?.id ?? null;
    const m = sid ? minimums.find((x) => x.studentId === sid) : undefined;
    const driving = m?.sections.find((s) => s.item === 'DRIVING');
    const warnings = [
      row.type === 'DRIVING' && sid && row.student ? dailyLimitWarning(minutes.get(sid) ?? 0, row.student.groups ?? []) : null,
      row.student?.id
        ? row.student.medicalCertificateDate
          ? medicalCertificateWarning(row.student.medicalCertificateDate, input.date)
          : MY_DAY_LABELS.noMedicalCertificate
        : null,
      row.car?.id ? stkWarning(row.car.regNumber, row.car.stkValidUntil, input.date) : null,
      teacherWarning,
      sid && overdue.has(sid) ? MY_DAY_LABELS.overdueBalance : null,
    ].filter((w): w is string => w !== null);
    return {
      ...ride,
      warnings,
      progress: driving ? { done: driving.done, required: driving.required, isMet: m?.isMet ?? false } : null,
    };
  });
  return {
    date: input.date,
    rides: items,
    lessons: lessons.map((l) => ({ ...l, student: { ...l.student } })),
    groupLessons,
  };
}

/** The answer to one action: the ride's server version, or for ATTENDANCE the group lesson's (the other null). */
export type ActionAnswer = { status: 'DONE' | 'CONFLICT'; ride: DayRide | null; lesson: DayGroupLesson | null };

async function readRide(db: AppDeps['db'], schoolId: SchoolId, memberId: string, id: string) {
  const [row] = await listTeacherRides(db, schoolId, memberId, new Date(0), new Date(0), id);
  return row ? toDayRide(row) : undefined;
}

/**
 * One action of the outbox, exactly once: a key already processed answers its first answer; a ride changed since the
 * device read it answers CONFLICT (nothing written, the key not kept, so the teacher's decision is sent anew).
 */
export async function applyDayAction(
  deps: AppDeps,
  schoolId: SchoolId,
  memberId: string,
  userId: string,
  input: ActionInput,
  role: StaffRole = 'TEACHER',
): Promise<ActionAnswer> {
  return inTransaction(deps, async (tx, after) => {
    if (!(await claimKey(tx, schoolId, input.key, memberId, input.recordId))) {
      const seen = await findKey(tx, schoolId, input.key);
      // Another teacher's key (or another ride under it) reveals nothing.
      if (!seen || seen.memberId !== memberId || seen.recordId !== input.recordId) throw notFound();
      return revive(seen.answer as ActionAnswer);
    }
    const a = input.action;
    if (a.kind === 'ATTENDANCE') {
      // 'Docházka' of a group lesson: the course's rules (only the lesson's teacher or the office, not before its
      // start, only its students), checked in this transaction so the key is kept only with the marks.
      const lesson = await lockLesson(tx, schoolId, input.recordId);
      if (!lesson) throw new AppError('GROUP_LESSON_NOT_FOUND');
      const caller = { schoolId, role, memberId, userId };
      if (!canTouch(caller, lesson.teacherId)) throw new AppError('GROUP_LESSON_NOT_OWN');
      // The office moved or changed the lesson since the device read it: the teacher decides.
      if (lesson.updatedAt.getTime() !== input.baseUpdatedAt.getTime()) {
        await releaseKey(tx, schoolId, input.key);
        return { status: 'CONFLICT', ride: null, lesson: await readGroupLesson(tx, schoolId, lesson.id) };
      }
      await markAttendanceIn(deps, tx, after, caller, { lessonId: lesson.id, marks: a.marks, correctionReason: a.correctionReason });
      const answer: ActionAnswer = { status: 'DONE', ride: null, lesson: await readGroupLesson(tx, schoolId, lesson.id) };
      await saveAnswer(tx, schoolId, input.key, answer);
      return answer;
    }
    const existing = await findRecordRow(tx, schoolId, input.recordId);
    // Only the caller's own ride (as its teacher) is reached; another teacher's is NOT_FOUND, as another school's.
    if (!existing || existing.teacherId !== memberId || existing.type === 'CAR_RESERVATION') throw notFound();
    if (existing.updatedAt.getTime() !== input.baseUpdatedAt.getTime()) {
      await releaseKey(tx, schoolId, input.key);
      return { status: 'CONFLICT', ride: (await readRide(tx, schoolId, memberId, existing.id)) as DayRide, lesson: null };
    }
    const now = deps.now();
    const state = existing.state as LessonState;
    if (isCancelled(state)) throw refused(MY_DAY_MESSAGES.cancelled);
    // A registered ride is changed only through the office's form (which marks 'Upraveno po podpisu').
    if (state === 'COMPLETED') throw refused(MY_DAY_MESSAGES.alreadyRecorded);
    if ((a.kind === 'START' || a.kind === 'END') && a.at.getTime() > now.getTime() + CLOCK_SLACK_MS) throw refused(MY_DAY_MESSAGES.inFuture, 'at');
    let values: Parameters<typeof setRideFacts>[3] | null = null;
    if (a.kind === 'START') {
      if (existing.startedAt) throw refused(MY_DAY_MESSAGES.alreadyStarted);
      if (existing.schoolCarId && a.tachometerBefore !== null) {
        const previous = await previousTachometerAfter(tx, schoolId, existing.schoolCarId, a.at, existing.id);
        if (previous !== null && a.tachometerBefore < previous) throw refused(odometerRefusal(previous), 'tachometerBefore');
      }
      values = { startedAt: a.at, tachometerBefore: a.tachometerBefore };
    } else if (a.kind === 'END') {
      if (!existing.startedAt) throw refused(MY_DAY_MESSAGES.notStarted);
      if (existing.endedAt) throw refused(MY_DAY_MESSAGES.alreadyEnded);
      if (a.at.getTime() <= existing.startedAt.getTime()) throw refused(MY_DAY_MESSAGES.endBeforeStart, 'at');
      if (a.tachometerAfter !== null && existing.tachometerBefore !== null && a.tachometerAfter < existing.tachometerBefore)
        throw refused(TRAINING_MESSAGES.tachometerAfterBefore, 'tachometerAfter');
      values = { endedAt: a.at, tachometerAfter: a.tachometerAfter };
    } else if (a.kind === 'NOTE') {
      values = { note: a.note };
    }
    if (values) {
      await setRideFacts(tx, schoolId, existing.id, values);
      await recordEvent(deps, tx, after, {
        name: 'drivingLessonsRecord.update',
        schoolId,
        userId,
        entityType: 'drivingLessonsRecord',
        entityId: existing.id,
        data: changes(existing, values as RecordValues),
      });
    } else {
      // 'Zaevidovat': the actual times become the ride's, then the rides' own checks and server times.
      if (!existing.startedAt) throw refused(MY_DAY_MESSAGES.notStarted);
      if (!existing.endedAt) throw refused(MY_DAY_MESSAGES.notEnded);
      const registered: RecordValues = {
        type: existing.type,
        state: 'COMPLETED',
        studentId: existing.studentId,
        teacherId: existing.teacherId,
        schoolCarId: existing.schoolCarId,
        startTime: existing.startedAt,
        endTime: existing.endedAt,
        length: actualMinutes(existing.startedAt, existing.endedAt),
        tachometerBefore: existing.tachometerBefore,
        tachometerAfter: existing.tachometerAfter,
        signature: a.kind === 'REGISTER' ? a.signature : null,
        teacherSignature: a.kind === 'REGISTER' ? a.teacherSignature : null,
        allDay: false,
        note: existing.note,
      };
      // The registered ride (and its signatures) goes into the school's record chain (issue 22 §1).
      await openChain(tx, schoolId, now);
      await check(tx, schoolId, registered, existing, now);
      const times = recordTimes(existing, registered, now);
      await guarded(tx, schoolId, registered, existing.id, (sp) => updateRecordRow(sp, schoolId, existing.id, { ...registered, ...times }));
      await rideChanged(deps, tx, after, { schoolId, userId, rideId: existing.id, before: existing, after: rideFacts(registered) });
      const reason = a.kind === 'REGISTER' ? a.correctionReason : null;
      await chainRecords(tx, schoolId, { studentIds: [], entityIds: [existing.id] }, { userId }, { now, reason });
      await recordEvent(deps, tx, after, {
        name: 'drivingLessonsRecord.update',
        schoolId,
        userId,
        entityType: 'drivingLessonsRecord',
        entityId: existing.id,
        data: changes(existing, registered),
      });
    }
    const answer: ActionAnswer = { status: 'DONE', ride: (await readRide(tx, schoolId, memberId, existing.id)) as DayRide, lesson: null };
    await saveAnswer(tx, schoolId, input.key, answer);
    return answer;
  });
}

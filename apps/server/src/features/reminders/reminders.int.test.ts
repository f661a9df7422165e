// Reminders (issue 19 §4) through the real job runner, with pg-boss's TestClock moved forward instead of sleeping:
// the app's clock and the database's job_now() follow it. Two worker instances on PostgreSQL (each its own pool and
// pg-boss), one on PGlite. The proof is the mail_outbox: exactly one REMINDER per reminder, for the right time.
import { createTrainingInput, updateTrainingInput } from '@volant/shared/driving-lessons-record/inputs';
import { schema } from '@volant/db/schema';
import { formatDateTime } from '@volant/shared/format';
import { schoolDay, schoolMidnight, schoolToday, addDays } from '@volant/shared/school-time';
import { eq, sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSchoolId } from '../../testing/tenant.ts';
import { getTestApp, setupSchool, type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { jobWorkers, reminderMailsTo, workDueJobs } from '../../testing/job-workers.ts';
import { createTraining, deleteTraining, updateTraining } from '../driving-lessons-record/driving-lessons-record.service.ts';
import { insertCar, insertTeacher, rideInput, SIGNATURE_SVG } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { waitlistProcessor } from '../../events/processors.ts';
import type { AppEvent, EventDefinition } from '../../events/event.ts';
import { aBooker, bookingSchool } from '../booking/booking.testing.ts';
import { WAITLIST_JOB } from '../booking/waitlist.service.ts';
import { createCourse, addCourseStudents, type CourseCaller, createGroupLessons, removeGroupLesson, updateGroupLesson } from '../course/course.service.ts';
import { GROUP_LESSON_REMINDER_JOB, groupLessonReminderKey } from './group-lesson-reminders.ts';
import { lessonPeriod } from '@volant/shared/course/rules';
import { MORNING_AGENDA_JOB, RIDE_REMINDER_JOB, rideReminderKey, UNREGISTERED_RIDES_JOB } from './reminders.service.ts';
import { workerDatabaseUrl } from '../../testing/database.ts';

const url = await workerDatabaseUrl();
const HOUR = 3_600_000;

let app: TestApp;
// The tests' clock: a fixed Tuesday 08:00 Prague a while ahead of real time, only ever moved forward.
const clock = new TestClock(new Date('2031-03-04T07:00:00Z'));
const workers = jobWorkers(clock, 'remind');
const { servers, writer } = workers;

beforeAll(async () => {
  app = await getTestApp();
  await workers.start(app);
}, 180_000);

afterAll(() => workers.close());

async function aSchool() {
  const admin = await setupSchool(app);
  const schoolId = testSchoolId(admin.schoolId);
  const studentId = await createTestStudent(admin.caller, schoolId);
  const email = uniqueEmail('zak');
  await app.handle.db.update(schema.students).set({ email }).where(eq(schema.students.id, studentId));
  const teacher = await insertTeacher(app, schoolId, { lastName: 'Novák' });
  const car = await insertCar(app, schoolId);
  return { ...admin, schoolId, studentId, email, teacher, car };
}

type School = Awaited<ReturnType<typeof aSchool>>;

const plan = (s: School, start: Date) =>
  createTraining(
    writer().deps,
    s.schoolId,
    s.user.id,
    createTrainingInput.parse(rideInput({ studentId: s.studentId, userId: s.teacher.id, schoolCarId: s.car.id, start })),
  );

const mailsTo = (recipient: string) => reminderMailsTo(app.handle.db, recipient);

async function queuedRunAt(key: string, kind = RIDE_REMINDER_JOB) {
  const result = await app.handle.db.execute(sql`select start_after from pgboss.job where name = ${kind} and singleton_key = ${key} and state = 'created'`);
  return (result as unknown as { rows: { start_after: string | Date }[] }).rows.map((r) => new Date(r.start_after).getTime());
}

/** Moves the clock to `at` and lets the workers poll until the due jobs of `kind` have all run. */
async function runUntil(at: Date, kind = RIDE_REMINDER_JOB) {
  if (at.getTime() > clock.now()) await clock.setTime(at);
  await workDueJobs(app.handle.db, clock, kind);
}

const now = () => new Date(clock.now());

describe(`reminders${url ? ' on two instances' : ''}`, () => {
  it('a planned ride: exactly one reminder, at start − 24 h, with the time, teacher, car and address; none before', async () => {
    const s = await aSchool();
    const start = new Date(now().getTime() + 3 * 24 * HOUR);
    const ride = await plan(s, start);
    expect(await queuedRunAt(rideReminderKey(ride.id))).toEqual([start.getTime() - 24 * HOUR]);

    await runUntil(new Date(start.getTime() - 25 * HOUR));
    expect(await mailsTo(s.email)).toEqual([]);

    await runUntil(new Date(start.getTime() - 24 * HOUR + 1_000));
    const mails = await mailsTo(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(formatDateTime(start));
    expect(mails[0].text).toContain('Karel Novák');
    expect(mails[0].text).toContain('Škoda Fabia');
    expect(mails[0].text).toContain('Kounicova 1, 60200 Brno');
    expect(mails[0].text).not.toMatch(/absolvoval|proběhl/i);
    // Booking is off at this school (no settings row): no 'Zrušit jízdu'.
    expect(mails[0].text).not.toContain('Zrušit jízdu');

    // The same reminder run again by every instance (a retry, a duplicate): still one mail.
    const payload = { schoolId: s.schoolId, rideId: ride.id, startTime: start.toISOString() };
    for (const server of [...servers, ...servers]) await server.deps.jobs?.send(RIDE_REMINDER_JOB, payload);
    await runUntil(now());
    expect(await mailsTo(s.email)).toHaveLength(1);
  });

  it('a moved ride reminds of the new time only, at the new moment; a cancelled or deleted one sends nothing', async () => {
    const s = await aSchool();
    const start = new Date(now().getTime() + 3 * 24 * HOUR);
    const ride = await plan(s, start);
    const moved = new Date(start.getTime() + 24 * HOUR);
    await updateTraining(
      writer().deps,
      s.schoolId,
      s.user.id,
      updateTrainingInput.parse({
        schoolId: s.schoolId,
        id: ride.id,
        ...rideInput({ studentId: s.studentId, userId: s.teacher.id, schoolCarId: s.car.id, start: moved }),
        state: 'SCHEDULED',
      }),
    );
    expect(await queuedRunAt(rideReminderKey(ride.id))).toEqual([moved.getTime() - 24 * HOUR]);

    // The old moment passes: nothing.
    await runUntil(new Date(start.getTime() - 24 * HOUR + 1_000));
    expect(await mailsTo(s.email)).toEqual([]);
    await runUntil(new Date(moved.getTime() - 24 * HOUR + 1_000));
    const mails = await mailsTo(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(formatDateTime(moved));
    expect(mails[0].text).not.toContain(formatDateTime(start));

    // Cancelled by the school, and another deleted: no reminder for either.
    const second = await plan(s, new Date(moved.getTime() + 2 * 24 * HOUR));
    await updateTraining(
      writer().deps,
      s.schoolId,
      s.user.id,
      updateTrainingInput.parse({
        schoolId: s.schoolId,
        id: second.id,
        ...rideInput({ studentId: s.studentId, userId: s.teacher.id, schoolCarId: s.car.id, start: second.startTime }),
        state: 'CANCELLED_BY_TEACHER',
      }),
    );
    const third = await plan(s, new Date(moved.getTime() + 3 * 24 * HOUR));
    await deleteTraining(writer().deps, s.schoolId, s.user.id, third.id);
    expect(await queuedRunAt(rideReminderKey(second.id))).toEqual([]);
    expect(await queuedRunAt(rideReminderKey(third.id))).toEqual([]);
    await runUntil(new Date(moved.getTime() + 3 * 24 * HOUR));
    expect(await mailsTo(s.email)).toHaveLength(1);
  });

  it('reminders off (null) sends none; a ride booked late is reminded at once, within 2 h not at all; free to cancel shows the link', async () => {
    const off = await aSchool();
    await app.handle.db.insert(schema.bookingSettings).values({ schoolId: off.schoolId, reminderHours: null });
    const offRide = await plan(off, new Date(now().getTime() + 3 * 24 * HOUR));
    expect(await queuedRunAt(rideReminderKey(offRide.id))).toEqual([]);

    const s = await aSchool();
    await app.handle.db.insert(schema.bookingSettings).values({ schoolId: s.schoolId, enabled: true, reminderHours: 48, freeCancelHours: 24 });
    const soon = await plan(s, new Date(now().getTime() + 90 * 60_000));
    expect(await queuedRunAt(rideReminderKey(soon.id))).toEqual([]);
    const late = await plan(s, new Date(now().getTime() + 30 * HOUR));
    expect(await queuedRunAt(rideReminderKey(late.id))).toEqual([clock.now()]);
    await runUntil(new Date(clock.now() + 1_000));
    const mails = await mailsTo(s.email);
    expect(mails).toHaveLength(1);
    // 30 h ahead with free cancelling until 24 h before: the link to the student place, without any token.
    expect(mails[0].text).toContain('Zrušit jízdu: http://volant.test/zak/rezervace');
    await runUntil(new Date(clock.now() + 3 * 24 * HOUR));
    expect(await mailsTo(off.email)).toEqual([]);
  });

  it('morning agenda goes only to opted-in teachers with something planned; end of day lists only unregistered rides', async () => {
    const s = await aSchool();
    const email = uniqueEmail('ucitel');
    const lazy = await insertTeacher(app, s.schoolId, { lastName: 'Líný' });
    const idle = await insertTeacher(app, s.schoolId, { lastName: 'Volný' });
    await app.handle.db.update(schema.schoolMembers).set({ email, morningAgenda: true }).where(eq(schema.schoolMembers.id, s.teacher.id));
    await app.handle.db
      .update(schema.schoolMembers)
      .set({ email: uniqueEmail('lazy') })
      .where(eq(schema.schoolMembers.id, lazy.id));
    await app.handle.db
      .update(schema.schoolMembers)
      .set({ email: uniqueEmail('idle'), morningAgenda: true })
      .where(eq(schema.schoolMembers.id, idle.id));
    const day = addDays(schoolToday(now()), 2);
    const { start } = schoolDay(day);
    const nine = new Date(start.getTime() + 9 * HOUR);
    const eleven = new Date(start.getTime() + 11 * HOUR);
    const tomorrow = new Date(start.getTime() + 33 * HOUR);
    await plan(s, nine);
    const done = await plan(s, eleven);
    await plan(s, tomorrow);
    await createTraining(
      writer().deps,
      s.schoolId,
      s.user.id,
      createTrainingInput.parse(rideInput({ studentId: await createTestStudent(s.caller, s.schoolId, { lastName: 'Malý' }), userId: lazy.id, start: nine })),
    );

    // 06:00 of that day: one agenda for the opted-in teacher with rides (the idle one and the one who did not opt in get none).
    await clock.setTime(new Date(schoolMidnight(day).getTime() + 6 * HOUR));
    await writer().deps.jobs?.send(MORNING_AGENDA_JOB);
    await runUntil(now(), MORNING_AGENDA_JOB);
    const agenda = (await mailsTo(email)).filter((m) => m.subject.startsWith('Přehled dne'));
    expect(agenda).toHaveLength(1);
    expect(agenda[0].text).toContain('Jan Dvořák');
    expect(agenda[0].text).toMatch(/09:00–10:30 Jízda: Jan Dvořák, Škoda Fabia/);
    expect(agenda[0].text).not.toContain('Malý');
    expect(agenda[0].text.match(/Jízda:/g)).toHaveLength(2);

    // At 19:00 the ride at 11:00 is registered; the office hears of the two still planned (9:00 of both teachers).
    await clock.setTime(new Date(schoolMidnight(day).getTime() + 19 * HOUR));
    await updateTraining(
      writer().deps,
      s.schoolId,
      s.user.id,
      updateTrainingInput.parse({
        schoolId: s.schoolId,
        id: done.id,
        ...rideInput({ studentId: s.studentId, userId: s.teacher.id, schoolCarId: s.car.id, start: eleven }),
        mode: 'REGISTER',
        state: 'COMPLETED',
        tachometerBefore: null,
        tachometerAfter: null,
        signature: SIGNATURE_SVG,
        teacherSignature: SIGNATURE_SVG,
      }),
    );
    await writer().deps.jobs?.send(UNREGISTERED_RIDES_JOB);
    await writer().deps.jobs?.send(UNREGISTERED_RIDES_JOB, {}, { key: 'again' });
    await runUntil(now(), UNREGISTERED_RIDES_JOB);
    const office = (await mailsTo(s.user.email)).filter((m) => m.subject.startsWith('Nezaevidované'));
    expect(office).toHaveLength(1);
    expect(office[0].text.match(/Jízda:/g)).toHaveLength(2);
    expect(office[0].text).toContain('Malý');
    expect(office[0].text).not.toContain('11:00–');
  });

  it('Čekací listina: a freed slot is mailed once to each waiting student, whichever instance works the job', async () => {
    const school = await bookingSchool(app);
    const stamp = Date.now();
    const monday = '2031-03-24';
    const booker = await aBooker(app, school, { email: `zrusil.${stamp}@example.cz` });
    const waiting = [await aBooker(app, school, { email: `ceka.${stamp}@example.cz` }), await aBooker(app, school, { email: `taky.${stamp}@example.cz` })];
    for (const w of waiting) await w.at().booking.joinWaitlist({ date: monday });
    const ride = await booker.at().booking.bookRide({ teacherId: school.teacher.id, start: new Date('2031-03-24T07:00:00Z'), length: 90 });
    await booker.at().booking.cancelRide({ rideId: ride.id });

    // The processor after the cancel's commit, run on both instances (as two events would): one job for the slot.
    const event = { name: 'drivingLessonsRecord.update', schoolId: school.schoolId, entityId: ride.id, userId: null, data: {} } as unknown as AppEvent;
    for (const server of servers) await waitlistProcessor(server.deps, event, {} as EventDefinition);
    await runUntil(now(), WAITLIST_JOB);
    for (const email of [`ceka.${stamp}@example.cz`, `taky.${stamp}@example.cz`]) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('24.3.2031 08:00–09:30');
      expect(mails[0].text).toContain(`/zak/rezervace?den=${monday}`);
    }
    expect(await mailsTo(`zrusil.${stamp}@example.cz`)).toEqual([]);
  });

  it('a group theory lesson: each student of the course reminded once, of the new time after a move; a cancelled one sends nothing', async () => {
    const s = await aSchool();
    const caller: CourseCaller = { schoolId: s.schoolId, role: 'ADMIN', memberId: s.member.id, userId: s.user.id };
    const deps = writer().deps;
    const { id: courseId } = await createCourse(deps, caller, { name: 'Kurz B', startDate: schoolToday(now()) });
    await addCourseStudents(deps, caller, { courseId, studentIds: [s.studentId] });
    const day = addDays(schoolToday(now()), 3);
    const lesson = (date: string) => ({
      courseId,
      date,
      startTime: '17:00',
      units: 2,
      teacherId: s.teacher.id,
      type: 'PPV' as const,
      topic: 'Křižovatky',
      classroomId: null,
      extraStudentIds: [],
    });
    const { created } = await createGroupLessons(deps, caller, { ...lesson(day), repeatUntil: null });
    const lessonId = created[0].id;
    const start = lessonPeriod(day, '17:00', 2)?.start as Date;
    expect(await queuedRunAt(groupLessonReminderKey(lessonId), GROUP_LESSON_REMINDER_JOB)).toEqual([start.getTime() - 24 * HOUR]);

    // Moved a day later: the old moment passes with no mail; the new one brings the new time.
    const movedDay = addDays(day, 1);
    const moved = lessonPeriod(movedDay, '17:00', 2)?.start as Date;
    await updateGroupLesson(deps, caller, { ...lesson(movedDay), lessonId, correctionReason: null });
    expect(await queuedRunAt(groupLessonReminderKey(lessonId), GROUP_LESSON_REMINDER_JOB)).toEqual([moved.getTime() - 24 * HOUR]);
    // A second lesson, cancelled: its reminder goes with it.
    const other = (await createGroupLessons(deps, caller, { ...lesson(addDays(day, 7)), repeatUntil: null })).created[0].id;
    await removeGroupLesson(deps, caller, other);
    expect(await queuedRunAt(groupLessonReminderKey(other), GROUP_LESSON_REMINDER_JOB)).toEqual([]);

    await runUntil(new Date(start.getTime() - 24 * HOUR + 1_000), GROUP_LESSON_REMINDER_JOB);
    expect(await mailsTo(s.email)).toEqual([]);
    await runUntil(new Date(moved.getTime() - 24 * HOUR + 1_000), GROUP_LESSON_REMINDER_JOB);
    const mails = await mailsTo(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(formatDateTime(moved));
    expect(mails[0].text).toContain('Výuka PPV (Kurz B) – Křižovatky');
    expect(mails[0].text).not.toContain(formatDateTime(start));
    // Run again by every instance: still one mail per student and start.
    const payload = { schoolId: s.schoolId, lessonId, startTime: moved.toISOString() };
    for (const server of [...servers, ...servers]) await server.deps.jobs?.send(GROUP_LESSON_REMINDER_JOB, payload);
    await runUntil(now(), GROUP_LESSON_REMINDER_JOB);
    expect(await mailsTo(s.email)).toHaveLength(1);
  });
});

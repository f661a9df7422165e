// 'Důvod opravy' for every correction of a legal record (issue 22 §1): the chain refuses a CORRECTION without its
// reason, so each write that would make one — deleting a registered ride, changing a registered ride, unmarking or
// changing an attended theory hour (Výuka), a group lesson's attendance taken back, a group lesson with attendance
// changed — is refused with the field `correctionReason` and writes nothing; with the reason its CORRECTION carries it.
import { schema } from '@volant/db/schema';
import { CORRECTION_MESSAGES } from '@volant/shared/record-chain/inputs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { aCourseWithLesson, aStartedStudentId } from '../course/course.testing.ts';
import { aRegisteredRide } from './record-chain.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const e = schema.recordChainEntries;
const entriesOf = (schoolId: string) => app.handle.db.select().from(e).where(eq(e.schoolId, schoolId)).orderBy(e.seq);
const kindsAndReasons = async (schoolId: string) => (await entriesOf(schoolId)).map((x) => [x.kind, x.entityType, x.reason]);

/** The refusal's tRPC code, the field it names and its message. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (err: { code?: string; message?: string; cause?: { field?: string } }) => `${err.code} ${err.cause?.field ?? '-'}: ${err.message}`,
  );
const reasonAsked = (message: string) => `BAD_REQUEST correctionReason: ${message}`;

const ALL_TIME = { from: '2000-01-01', to: '2099-12-31' };

describe('deleting a registered ride', () => {
  it('is refused without a reason (the ride and the chain stay); with it the CORRECTION carries the reason into Opravy a rozpory', async () => {
    const s = await setupSchool(app);
    const r = await aRegisteredRide(app, s);
    const before = await entriesOf(s.schoolId);

    expect(await refusal(s.caller.drivingLessonsRecord.deleteDrivingLessonsRecord({ schoolId: s.schoolId, id: r.rideId }))).toBe(
      reasonAsked(CORRECTION_MESSAGES.rideDeleteReasonRequired),
    );
    expect(await refusal(s.caller.drivingLessonsRecord.deleteDrivingLessonsRecord({ schoolId: s.schoolId, id: r.rideId, correctionReason: '   ' }))).toBe(
      reasonAsked(CORRECTION_MESSAGES.rideDeleteReasonRequired),
    );
    const rows = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.id, r.rideId));
    expect(rows).toHaveLength(1);
    expect(await entriesOf(s.schoolId)).toEqual(before);

    await s.caller.drivingLessonsRecord.deleteDrivingLessonsRecord({
      schoolId: s.schoolId,
      id: r.rideId,
      correctionReason: 'Jízda zapsána omylem k jinému žákovi',
    });
    expect(await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.id, r.rideId))).toEqual([]);
    expect(await kindsAndReasons(s.schoolId)).toEqual([
      ['RIDE_REGISTERED', 'RIDE', null],
      ['CORRECTION', 'RIDE', 'Jízda zapsána omylem k jinému žákovi'],
    ]);
    const list = await s.caller.recordChain.getCorrections({ schoolId: s.schoolId, ...ALL_TIME });
    expect(list.items).toEqual([expect.objectContaining({ kind: 'CORRECTION', reason: 'Jízda zapsána omylem k jinému žákovi' })]);
  });

  it('a planned ride (not in the chain) is deleted without a reason', async () => {
    const s = await setupSchool(app);
    const r = await aRegisteredRide(app, s);
    await s.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      ...r.update,
      state: 'SCHEDULED',
      signature: null,
      teacherSignature: null,
      tachometerBefore: null,
      tachometerAfter: null,
      correctionReason: 'Jízda se nekonala',
    });
    await s.caller.drivingLessonsRecord.deleteDrivingLessonsRecord({ schoolId: s.schoolId, id: r.rideId });
    expect((await kindsAndReasons(s.schoolId)).map(([kind, , reason]) => [kind, reason])).toEqual([
      ['RIDE_REGISTERED', null],
      ['CORRECTION', 'Jízda se nekonala'],
    ]);
  });
});

describe('changing a registered ride that is not signed', () => {
  it('is refused without a reason like a signed one, with the general message', async () => {
    const s = await setupSchool(app);
    const r = await aRegisteredRide(app, s);
    // The signatures removed (a correction itself, with its reason): the ride stays registered, unsigned.
    const unsigned = { ...r.update, state: 'CANCELLED_BY_STUDENT' as const, signature: null, teacherSignature: null };
    await s.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...unsigned, correctionReason: 'Žák jízdu zrušil' });
    const before = await entriesOf(s.schoolId);
    expect(await refusal(s.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...unsigned, note: 'Zrušeno telefonicky' }))).toBe(
      reasonAsked(CORRECTION_MESSAGES.rideReasonRequired),
    );
    expect(await entriesOf(s.schoolId)).toEqual(before);
    const [row] = await app.handle.db.select().from(schema.drivingLessonRecords).where(eq(schema.drivingLessonRecords.id, r.rideId));
    expect(row?.note).toBeNull();
    await s.caller.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({ ...unsigned, note: 'Zrušeno telefonicky', correctionReason: 'Doplněna poznámka' });
    expect((await kindsAndReasons(s.schoolId)).at(-1)).toEqual(['CORRECTION', 'RIDE', 'Doplněna poznámka']);
  });
});

describe('Výuka: an attended hour', () => {
  async function anAttendedHour() {
    const s = await setupSchool(app);
    const studentId = await aStartedStudentId(s.caller, s.schoolId);
    const records = await s.caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId: s.schoolId, studentId });
    const lesson = records.sections.flatMap((x) => x.lessons)[0] as { id: string };
    const hour = { id: lesson.id, date: '2026-03-03', userId: s.member.id, topic: 'Pravidla provozu' };
    await s.caller.teachingLessonRecord.updateTeachingLessonRecord({ schoolId: s.schoolId, studentId, data: [{ ...hour, attended: true }] });
    const attended = async () =>
      (await s.caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId: s.schoolId, studentId })).sections
        .flatMap((x) => x.lessons)
        .find((l) => l.id === lesson.id);
    return { s, studentId, hour, attended };
  }

  it('unmarked: refused without a reason (still attended, chain unchanged); with it a CORRECTION with the reason', async () => {
    const { s, studentId, hour, attended } = await anAttendedHour();
    const before = await entriesOf(s.schoolId);
    expect(before.map((x) => x.kind)).toContain('LESSON_ATTENDED');
    const unmark = { schoolId: s.schoolId, studentId, data: [{ ...hour, attended: false }] };
    expect(await refusal(s.caller.teachingLessonRecord.updateTeachingLessonRecord(unmark))).toBe(reasonAsked(CORRECTION_MESSAGES.lessonReasonRequired));
    expect(await attended()).toMatchObject({ attended: true, date: '2026-03-03' });
    expect(await entriesOf(s.schoolId)).toEqual(before);

    await s.caller.teachingLessonRecord.updateTeachingLessonRecord({ ...unmark, correctionReason: 'Žák na hodině nebyl' });
    expect(await attended()).toMatchObject({ attended: false });
    const entries = await entriesOf(s.schoolId);
    expect(entries).toHaveLength(before.length + 1);
    expect(entries.at(-1)).toMatchObject({ kind: 'CORRECTION', entityType: 'LESSON', reason: 'Žák na hodině nebyl' });
    // The student's own fingerprints carry the reason in the history of corrections.
    const list = await s.caller.recordChain.getCorrections({ schoolId: s.schoolId, ...ALL_TIME });
    expect(list.items).toEqual([expect.objectContaining({ kind: 'CORRECTION', reason: 'Žák na hodině nebyl' })]);
  });

  it('its topic changed: refused without a reason; with it a CORRECTION', async () => {
    const { s, studentId, hour, attended } = await anAttendedHour();
    const before = await entriesOf(s.schoolId);
    const change = { schoolId: s.schoolId, studentId, data: [{ ...hour, topic: 'Křižovatky' }] };
    expect(await refusal(s.caller.teachingLessonRecord.updateTeachingLessonRecord(change))).toBe(reasonAsked(CORRECTION_MESSAGES.lessonReasonRequired));
    expect(await attended()).toMatchObject({ topic: 'Pravidla provozu' });
    expect(await entriesOf(s.schoolId)).toEqual(before);
    await s.caller.teachingLessonRecord.updateTeachingLessonRecord({ ...change, correctionReason: 'Chybně zapsané téma' });
    expect(await attended()).toMatchObject({ topic: 'Křižovatky' });
    expect((await entriesOf(s.schoolId)).at(-1)).toMatchObject({ kind: 'CORRECTION', reason: 'Chybně zapsané téma' });
  });

  it('a planned hour changed or marked attended needs no reason', async () => {
    const { s, studentId, attended } = await anAttendedHour();
    const records = await s.caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId: s.schoolId, studentId });
    const second = records.sections.flatMap((x) => x.lessons)[1] as { id: string };
    await s.caller.teachingLessonRecord.updateTeachingLessonRecord({
      schoolId: s.schoolId,
      studentId,
      data: [{ id: second.id, date: '2026-03-04', userId: s.member.id, topic: 'Značky', attended: true }],
    });
    expect(await attended()).toMatchObject({ attended: true });
    expect((await entriesOf(s.schoolId)).map((x) => x.kind)).not.toContain('CORRECTION');
  });
});

describe('Docházka of a group lesson', () => {
  it('a student marked present and then absent or unmarked: refused without a reason (nothing changes); with it CORRECTIONs with the reason', async () => {
    const s = await setupSchool(app);
    const { lessonId, studentId } = await aCourseWithLesson(s.caller, s.schoolId, s.member.id);
    await s.caller.course.markAttendance({ schoolId: s.schoolId, lessonId, marks: [{ studentId, present: true }] });
    const before = await entriesOf(s.schoolId);
    expect(before.filter((x) => x.kind === 'LESSON_ATTENDED')).toHaveLength(2);

    for (const present of [false, null]) {
      expect(await refusal(s.caller.course.markAttendance({ schoolId: s.schoolId, lessonId, marks: [{ studentId, present }] }))).toBe(
        reasonAsked(CORRECTION_MESSAGES.lessonReasonRequired),
      );
      expect((await s.caller.course.getGroupLesson({ schoolId: s.schoolId, lessonId })).students.map((x) => x.present)).toEqual([true]);
      expect(await entriesOf(s.schoolId)).toEqual(before);
    }

    await s.caller.course.markAttendance({ schoolId: s.schoolId, lessonId, marks: [{ studentId, present: false }], correctionReason: 'Omylem označen' });
    expect((await s.caller.course.getGroupLesson({ schoolId: s.schoolId, lessonId })).students.map((x) => x.present)).toEqual([false]);
    const added = (await entriesOf(s.schoolId)).slice(before.length);
    expect(added.map((x) => [x.kind, x.entityType, x.reason])).toEqual([
      ['CORRECTION', 'LESSON', 'Omylem označen'],
      ['CORRECTION', 'LESSON', 'Omylem označen'],
    ]);
    // Absent to not marked touches no record: no reason needed.
    await s.caller.course.markAttendance({ schoolId: s.schoolId, lessonId, marks: [{ studentId, present: null }] });
  });

  it('a lesson with attendance whose teacher or topic changes: refused without a reason; with it CORRECTIONs', async () => {
    const s = await setupSchool(app);
    const c = await aCourseWithLesson(s.caller, s.schoolId, s.member.id);
    await s.caller.course.markAttendance({ schoolId: s.schoolId, lessonId: c.lessonId, marks: [{ studentId: c.studentId, present: true }] });
    const before = await entriesOf(s.schoolId);
    const edit = {
      schoolId: s.schoolId,
      lessonId: c.lessonId,
      date: c.date,
      startTime: '17:00',
      units: 2,
      teacherId: s.member.id,
      type: 'PPV' as const,
      topic: 'Křižovatky',
      classroomId: c.classroomId,
      extraStudentIds: [],
    };
    expect(await refusal(s.caller.course.updateGroupLesson(edit))).toBe(reasonAsked(CORRECTION_MESSAGES.lessonReasonRequired));
    expect((await s.caller.course.getGroupLesson({ schoolId: s.schoolId, lessonId: c.lessonId })).topic).toBe('Pravidla provozu');
    expect(await entriesOf(s.schoolId)).toEqual(before);

    await s.caller.course.updateGroupLesson({ ...edit, correctionReason: 'Probíralo se jiné téma' });
    expect((await s.caller.course.getGroupLesson({ schoolId: s.schoolId, lessonId: c.lessonId })).topic).toBe('Křižovatky');
    const added = (await entriesOf(s.schoolId)).slice(before.length);
    expect(added.map((x) => [x.kind, x.reason])).toEqual([
      ['CORRECTION', 'Probíralo se jiné téma'],
      ['CORRECTION', 'Probíralo se jiné téma'],
    ]);
    // The classroom alone is no part of the record: no reason needed.
    await s.caller.course.updateGroupLesson({ ...edit, classroomId: null });
  });
});

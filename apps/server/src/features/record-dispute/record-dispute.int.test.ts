// 'Nesouhlasím se záznamem' (issue 19 §2) end to end through the procedures: the student disputes a past record of
// their own (a ride or a theory lesson) with a reason, once while it is open; the office's bell rings; the card lists
// it as 'Rozporováno' until the office resolves it with a note ('Vyřešeno'), which the student then reads.
import { schema } from '@volant/db/schema';
import { schoolToday, addDays } from '@volant/shared/school-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { aStudentActor, type StudentActor } from '../student-portal/student-portal.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string; message?: string }) => e.code ?? String(e),
  );

async function aRide(me: StudentActor, startTime: Date) {
  const [ride] = await app.handle.db
    .insert(schema.drivingLessonRecords)
    .values({ schoolId: me.schoolId, studentId: me.studentId, type: 'DRIVING', startTime, endTime: new Date(startTime.getTime() + 45 * 60_000), length: 45 })
    .returning({ id: schema.drivingLessonRecords.id });
  return ride.id;
}

async function aLesson(me: StudentActor, date: string | null, position = 1) {
  const [lesson] = await app.handle.db
    .insert(schema.teachingLessonRecords)
    .values({ schoolId: me.schoolId, studentId: me.studentId, type: 'TZBJ', position, date })
    .returning({ id: schema.teachingLessonRecords.id });
  return lesson.id;
}

describe('record disputes', () => {
  it('the student disputes a past ride; the office is rung, sees it on the card and resolves it; the student reads the note', async () => {
    const school = await setupSchool(app);
    const teacher = await createUser(app);
    await addMember(app, school.schoolId, teacher.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacher.id);
    const me = await aStudentActor(app, school);
    const sentBefore = app.deps.live.sent.length;

    const { id } = await me.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: me.rideId, reason: '  Jízda trvala jen 60 minut.  ' });
    const open = {
      id,
      recordKind: 'RIDE',
      recordId: me.rideId,
      reason: 'Jízda trvala jen 60 minut.',
      createdAt: expect.any(Date),
      state: 'OPEN',
      resolvedAt: null,
      resolutionNote: null,
    };
    expect(await me.as().studentDispute.getMyDisputes()).toEqual([open]);
    expect(await school.caller.recordDispute.getStudentDisputes({ schoolId: school.schoolId, studentId: me.studentId })).toEqual([open]);
    // The card refreshes live; the office's bell rings (a teacher reads the tag but is not rung).
    expect(app.deps.live.sent.slice(sentBefore).map((s) => s.message)).toContainEqual({
      RecordDisputeMessage: { schoolId: school.schoolId, studentId: me.studentId },
    });
    const bell = (await school.caller.user.getNotificationList({})).items.find((n) => n.event === 'RECORD_DISPUTED');
    expect(bell).toMatchObject({ title: 'Nesouhlas se záznamem', link: `/app/student/${me.studentId}?activeTab=3`, isRead: false });
    expect(bell?.message).toContain(me.lastName);
    expect(bell?.message).toContain('Jízda trvala jen 60 minut.');
    expect((await teacherCaller.user.getNotificationList({})).items.filter((n) => n.event === 'RECORD_DISPUTED')).toEqual([]);
    expect(await teacherCaller.recordDispute.getStudentDisputes({ schoolId: school.schoolId, studentId: me.studentId })).toEqual([open]);

    // Once while open; a teacher may not resolve it; the office does.
    expect(await refusal(me.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: me.rideId, reason: 'Znovu.' }))).toBe('CONFLICT');
    expect(await refusal(teacherCaller.recordDispute.resolveDispute({ schoolId: school.schoolId, disputeId: id, note: 'Ne.' }))).toBe('FORBIDDEN');
    const resolved = await school.caller.recordDispute.resolveDispute({ schoolId: school.schoolId, disputeId: id, note: 'Doplníme 30 minut zdarma.' });
    expect(resolved).toEqual({ ...open, state: 'RESOLVED', resolvedAt: expect.any(Date), resolutionNote: 'Doplníme 30 minut zdarma.' });
    expect(await me.as().studentDispute.getMyDisputes()).toEqual([resolved]);
    expect(await refusal(school.caller.recordDispute.resolveDispute({ schoolId: school.schoolId, disputeId: id, note: 'Znovu.' }))).toBe('CONFLICT');

    // Resolved: the record may be disputed again.
    await me.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: me.rideId, reason: 'Pořád nesouhlasím.' });
    expect((await me.as().studentDispute.getMyDisputes()).map((d) => d.state)).toEqual(['RESOLVED', 'OPEN']);
  });

  it('refuses a future ride, an undated or future lesson, and takes a past lesson', async () => {
    const school = await setupSchool(app);
    const me = await aStudentActor(app, school);
    const future = await aRide(me, new Date(Date.now() + 2 * 86_400_000));
    const today = schoolToday(new Date());
    const [undated, tomorrow, past] = [await aLesson(me, null, 1), await aLesson(me, addDays(today, 1), 2), await aLesson(me, addDays(today, -3), 3)];
    const dispute = (recordKind: 'RIDE' | 'LESSON', recordId: string) =>
      refusal(me.as().studentDispute.disputeRecord({ recordKind, recordId, reason: 'Nesouhlasím.' }));
    expect({
      futureRide: await dispute('RIDE', future),
      undated: await dispute('LESSON', undated),
      tomorrow: await dispute('LESSON', tomorrow),
      pastLesson: await dispute('LESSON', past),
      // A lesson's id named as a ride is no ride of the student's.
      wrongKind: await dispute('RIDE', past),
    }).toEqual({ futureRide: 'BAD_REQUEST', undated: 'BAD_REQUEST', tomorrow: 'BAD_REQUEST', pastLesson: 'answered', wrongKind: 'NOT_FOUND' });
    const [lesson] = await me.as().studentDispute.getMyDisputes();
    expect(lesson).toMatchObject({ recordKind: 'LESSON', recordId: past, state: 'OPEN' });
    const bell = (await school.caller.user.getNotificationList({})).items.find((n) => n.event === 'RECORD_DISPUTED');
    expect(bell?.link).toBe(`/app/student/${me.studentId}?activeTab=2`);
  });

  it('student A disputes no record of student B, in the same school or another, and the card of another school’s student is NOT_FOUND', async () => {
    const [home, other] = [await setupSchool(app), await setupSchool(app)];
    const [a, b, c] = [await aStudentActor(app, home), await aStudentActor(app, home), await aStudentActor(app, other)];
    const bLesson = await aLesson(b, '2026-01-05');
    const tries = {
      bRide: await refusal(a.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: b.rideId, reason: 'x' })),
      bLesson: await refusal(a.as().studentDispute.disputeRecord({ recordKind: 'LESSON', recordId: bLesson, reason: 'x' })),
      cRide: await refusal(a.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: c.rideId, reason: 'x' })),
      staffToken: await refusal(home.caller.studentDispute.getMyDisputes()),
      studentOnStaff: await refusal(a.as().recordDispute.getStudentDisputes({ schoolId: home.schoolId, studentId: a.studentId })),
      otherSchoolCard: await refusal(other.caller.recordDispute.getStudentDisputes({ schoolId: other.schoolId, studentId: a.studentId })),
    };
    expect(tries).toEqual({
      bRide: 'NOT_FOUND',
      bLesson: 'NOT_FOUND',
      cRide: 'NOT_FOUND',
      staffToken: 'UNAUTHORIZED',
      studentOnStaff: 'UNAUTHORIZED',
      otherSchoolCard: 'NOT_FOUND',
    });
    expect(await b.as().studentDispute.getMyDisputes()).toEqual([]);
    expect(await home.caller.recordDispute.getStudentDisputes({ schoolId: home.schoolId, studentId: b.studentId })).toEqual([]);
  });

  it('refuses an empty or too long reason and note', async () => {
    const school = await setupSchool(app);
    const me = await aStudentActor(app, school);
    expect(await refusal(me.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: me.rideId, reason: '   ' }))).toBe('BAD_REQUEST');
    expect(await refusal(me.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: me.rideId, reason: 'x'.repeat(1001) }))).toBe('BAD_REQUEST');
    const { id } = await me.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: me.rideId, reason: 'x'.repeat(1000) });
    expect(await refusal(school.caller.recordDispute.resolveDispute({ schoolId: school.schoolId, disputeId: id, note: '' }))).toBe('BAD_REQUEST');
  });
});

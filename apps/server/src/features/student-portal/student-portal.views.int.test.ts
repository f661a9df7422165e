// 'Můj výcvik' reads (issue 19 §2) through the real router as the student's own session: progress against the legal
// minimum, rides and lessons with their state in words and the server's times, money with QR Platba and the invoice
// PDF (only the student's own), exams with attempts of 3. The clock is injected: rides of 2031 are registered by
// staff at 2031 times and read by the student at a 2031 moment.
import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudentSession } from '../../gate/student-session.queries.ts';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { callerAt, insertCar, insertTeacher, rideInput, SIGNATURE_SVG } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { createFinishedStudent, dayFromToday, examined } from '../exam/exam.testing.ts';
import { setOperator } from '../invoice/invoice.testing.ts';
import { meetLegalMinimum } from '../lesson-plan/legal-minimum.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { aStudentActor } from './student-portal.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const createCaller = createCallerFactory(appRouter);
const at = (iso: string) => new Date(iso);
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string }) => e.code ?? String(e),
  );

/** The student's own session caller whose requests run at `now`. */
async function studentAt(schoolId: string, studentId: string, now: Date) {
  const token = await createStudentSession(app.handle.db, schoolId, studentId, now, 1);
  return createCaller({ ...app.deps, now: () => now, ip: '127.0.0.1', token, session: null });
}

const READ_AT = at('2031-03-10T12:00:00Z');

describe('studentPortal.getRides', () => {
  it('lists upcoming and past rides and lessons with their state in words, teacher, car, distance, signatures and times', async () => {
    const school = await setupSchool(app);
    const a = await aStudentActor(app, school);
    const b = await aStudentActor(app, school);
    const teacher = await insertTeacher(app, school.schoolId, { lastName: 'Novák' });
    const car = await insertCar(app, school.schoolId, { regNumber: '1B2 3456' });
    const staff = (now: Date) => callerAt(app, school.user.id, now);
    const ride = (start: Date, studentId = a.studentId) => ({
      schoolId: school.schoolId,
      ...rideInput({ studentId, userId: teacher.id, schoolCarId: car.id, start }),
    });

    const doneStart = at('2031-03-03T08:00:00Z');
    const done = await (await staff(at('2031-03-01T08:00:00Z'))).drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2(ride(doneStart));
    const registered = at('2031-03-03T10:00:00Z');
    const signed = {
      ...ride(doneStart),
      id: done.id,
      state: 'COMPLETED' as const,
      tachometerBefore: 1000,
      tachometerAfter: 1042,
      signature: SIGNATURE_SVG,
      teacherSignature: SIGNATURE_SVG,
    };
    await (await staff(registered)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2(signed);
    const edited = at('2031-03-04T09:15:00Z');
    await (await staff(edited)).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      ...signed,
      tachometerAfter: 1045,
      correctionReason: 'Překlep v tachometru',
    });
    const planned = await (await staff(at('2031-03-09T08:00:00Z'))).drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2(ride(at('2031-03-20T08:00:00Z')));
    const cancelledStart = at('2031-03-05T08:00:00Z');
    const cancelled = await (await staff(at('2031-03-01T09:00:00Z'))).drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2(ride(cancelledStart));
    await (await staff(at('2031-03-04T09:00:00Z'))).drivingLessonsRecord.updatePlanDrivingLessonsRecordV2({
      ...ride(cancelledStart),
      id: cancelled.id,
      state: 'CANCELLED_BY_TEACHER',
    });
    const bRide = await (await staff(at('2031-03-01T08:00:00Z'))).drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
      schoolId: school.schoolId,
      ...rideInput({ studentId: b.studentId, start: at('2031-03-21T08:00:00Z') }),
    });
    // Theory: started, one PPV lesson attended on a past day, one dated in the future, one past and never marked.
    await (await staff(READ_AT)).student.setDateOfInProgress({ schoolId: school.schoolId, studentsIds: [a.studentId], date: '2031-02-02' });
    const lessons = await app.handle.db
      .select({ id: schema.teachingLessonRecords.id })
      .from(schema.teachingLessonRecords)
      .where(and(eq(schema.teachingLessonRecords.studentId, a.studentId), eq(schema.teachingLessonRecords.type, 'PPV')))
      .orderBy(schema.teachingLessonRecords.position);
    const setLesson = (id: string, date: string, attendedAt: Date | null) =>
      app.handle.db.update(schema.teachingLessonRecords).set({ date, attendedAt, topic: 'Pravidla' }).where(eq(schema.teachingLessonRecords.id, id));
    await setLesson(lessons[0].id, '2031-03-02', at('2031-03-02T17:00:00Z'));
    await setLesson(lessons[1].id, '2031-03-12', null);
    await setLesson(lessons[2].id, '2031-03-06', null);

    const answer = await (await studentAt(school.schoolId, a.studentId, READ_AT)).studentPortal.getRides();
    const brief = (i: (typeof answer.past)[number]) => [i.kind, i.id, i.state];
    expect(answer.upcoming.map(brief)).toEqual([
      ['LESSON', lessons[1].id, 'Naplánovaná'],
      ['RIDE', planned.id, 'Naplánovaná'],
    ]);
    expect(answer.past.map(brief)).toEqual([
      ['LESSON', lessons[2].id, 'Nezaevidovaná'],
      ['RIDE', cancelled.id, 'Zrušená'],
      ['RIDE', done.id, 'Absolvovaná'],
      ['LESSON', lessons[0].id, 'Absolvovaná'],
      // The factory's planned ride of 2026, never registered: not 'Absolvovaná'.
      ['RIDE', a.rideId, 'Nezaevidovaná'],
    ]);
    expect(answer.past.find((i) => i.id === done.id)).toEqual({
      id: done.id,
      kind: 'RIDE',
      title: 'Jízda',
      state: 'Absolvovaná',
      stateNote: null,
      startTime: doneStart,
      endTime: at('2031-03-03T09:30:00Z'),
      date: null,
      length: 90,
      teacher: 'Karel Novák',
      car: 'Škoda Fabia 1B2 3456',
      distanceKm: 45,
      topic: null,
      studentSigned: true,
      teacherSigned: true,
      recordedAt: registered,
      signedAt: registered,
      teacherSignedAt: registered,
      changedAfterSigningAt: edited,
      bookedByStudent: false,
    });
    expect(answer.past.find((i) => i.id === cancelled.id)).toMatchObject({ stateNote: 'Zrušila autoškola', recordedAt: null, signedAt: null });
    // A row without the times (as before migration 0021) says nothing was recorded: no time invented.
    expect(answer.past.find((i) => i.id === a.rideId)).toMatchObject({
      recordedAt: null,
      signedAt: null,
      teacherSignedAt: null,
      changedAfterSigningAt: null,
      teacher: null,
      car: null,
      distanceKm: null,
    });
    expect(answer.past.find((i) => i.id === lessons[0].id)).toMatchObject({
      title: 'Teorie PPV',
      date: '2031-03-02',
      topic: 'Pravidla',
      recordedAt: at('2031-03-02T17:00:00Z'),
    });
    expect(JSON.stringify(answer)).not.toContain(bRide.id);
    expect(JSON.stringify(answer)).not.toContain(SIGNATURE_SVG.slice(0, 40));

    // Progress of the same student: only the completed ride (90 minutes = 2 hours) and the attended lesson count.
    const progress = await (await studentAt(school.schoolId, a.studentId, READ_AT)).studentPortal.getProgress();
    expect(progress.driving).toEqual({ done: 2, required: expect.any(Number) });
    expect(progress.driving?.required).toBeGreaterThan(2);
    expect(progress.theory.find((s) => s.item === 'PPV')).toMatchObject({ label: 'PPV', done: 1, unit: 'lesson' });
    expect(progress).toMatchObject({ readyForExam: false, readyText: null });
    expect(progress.missing.length).toBeGreaterThan(0);
  });
});

describe('studentPortal.getProgress', () => {
  it('says Připraven ke zkoušce only when the legal minimum of the student’s groups is met', async () => {
    const school = await setupSchool(app);
    const staff = await callerAt(app, school.user.id, READ_AT);
    const [ready, fresh] = [await createTestStudent(staff, school.schoolId), await createTestStudent(staff, school.schoolId)];
    await staff.student.setDateOfInProgress({ schoolId: school.schoolId, studentsIds: [ready, fresh], date: '2031-01-05' });
    await meetLegalMinimum(app.handle.db, school.schoolId, ready, '2031-01-06');
    // A planned ride does not count.
    await staff.drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2({
      schoolId: school.schoolId,
      ...rideInput({ studentId: fresh, start: at('2031-04-01T08:00:00Z') }),
    });
    const yes = await (await studentAt(school.schoolId, ready, READ_AT)).studentPortal.getProgress();
    const no = await (await studentAt(school.schoolId, fresh, READ_AT)).studentPortal.getProgress();
    expect(yes).toMatchObject({ studentId: ready, readyForExam: true, readyText: 'Připraven ke zkoušce', missing: [] });
    expect(yes.theory.every((s) => s.done >= s.required)).toBe(true);
    expect(yes.driving?.done).toBeGreaterThanOrEqual(yes.driving?.required ?? Number.POSITIVE_INFINITY);
    expect(no).toMatchObject({ studentId: fresh, readyForExam: false, readyText: null, driving: { done: 0 } });
    expect(no.theory.map((s) => [s.label, s.done])).toEqual(yes.theory.map((s) => [s.label, 0]));
  });
});

describe('studentPortal.getMoney and getInvoicePdf', () => {
  it('shows price, paid and due, payments, charges, invoices and a QR Platba to the school’s account; the PDF only of the student’s own invoice', async () => {
    const [home, other] = [await setupSchool(app), await setupSchool(app)];
    await setOperator(home.caller, home.schoolId);
    await setOperator(other.caller, other.schoolId);
    const [a, b, c] = [await aStudentActor(app, home), await aStudentActor(app, home), await aStudentActor(app, other)];
    await home.caller.paymentItem.setStudentPrice({ studentId: a.studentId, schoolId: home.schoolId, price: 20000 });
    const payment = await home.caller.paymentItem.createPayment({
      schoolId: home.schoolId,
      studentId: a.studentId,
      price: 5000,
      paidOn: '2026-03-02',
      method: 'TRANSFER',
      note: 'interní poznámka kanceláře',
    });
    await home.caller.paymentItem.addCharge({
      schoolId: home.schoolId,
      studentId: a.studentId,
      item: 'EXTRA_RIDE',
      label: 'Kondiční jízda',
      quantity: 2,
      unitPrice: 500,
    });
    const issue = (caller: typeof home.caller, schoolId: string, studentId: string) =>
      caller.invoice.issueInvoice({ schoolId, studentId, issuedOn: '2026-03-02', lines: [{ text: 'Výcvik skupiny B', quantity: 1, unitPrice: 5000 }] });
    const [mine, bs, cs] = [
      await issue(home.caller, home.schoolId, a.studentId),
      await issue(home.caller, home.schoolId, b.studentId),
      await issue(other.caller, other.schoolId, c.studentId),
    ];

    const money = await a.as().studentPortal.getMoney();
    expect(money.summary).toEqual({ price: 2_000_000, discount: 0, charged: 100_000, paid: 500_000, total: 2_100_000, due: 1_600_000, priceMissing: false });
    expect(money.payments).toEqual([{ id: payment.id, paidOn: '2026-03-02', amount: 500_000, method: 'TRANSFER', methodLabel: 'Převodem' }]);
    expect(money.charges).toEqual([expect.objectContaining({ label: 'Kondiční jízda', quantity: 2, unitPrice: 50_000, total: 100_000 })]);
    expect(money.invoices.map((i) => i.id)).toEqual([mine.id]);
    expect(money.invoices[0]).toMatchObject({ number: mine.number, kindLabel: 'Faktura', total: 500_000, isCancelled: false });
    expect(money.qr?.spayd).toMatch(/^SPD\*1\.0\*ACC:CZ6508000000192000145399\*AM:16000\.00\*CC:CZK\*X-VS:\d+\*MSG:Výcvik /);
    expect(money.noAccountText).toBeNull();
    expect(JSON.stringify(money)).not.toContain('interní poznámka');

    const pdf = await a.as().studentPortal.getInvoicePdf({ invoiceId: mine.id });
    expect(pdf.fileName).toMatch(/^faktura-.*\.pdf$/);
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect({
      sameSchool: await refusal(a.as().studentPortal.getInvoicePdf({ invoiceId: bs.id })),
      otherSchool: await refusal(a.as().studentPortal.getInvoicePdf({ invoiceId: cs.id })),
      unknown: await refusal(a.as().studentPortal.getInvoicePdf({ invoiceId: crypto.randomUUID() })),
      staff: await refusal(home.caller.studentPortal.getInvoicePdf({ invoiceId: mine.id })),
    }).toEqual({ sameSchool: 'NOT_FOUND', otherSchool: 'NOT_FOUND', unknown: 'NOT_FOUND', staff: 'UNAUTHORIZED' });
  });

  it('without the school’s account: no QR, and says so when something is due; nothing due: neither', async () => {
    const school = await setupSchool(app);
    const [owes, paidUp] = [await aStudentActor(app, school), await aStudentActor(app, school)];
    await school.caller.paymentItem.setStudentPrice({ studentId: owes.studentId, schoolId: school.schoolId, price: 1000 });
    const owing = await owes.as().studentPortal.getMoney();
    expect(owing).toMatchObject({ qr: null, noAccountText: 'Škola zatím nemá nastavený účet pro platby', summary: { due: 100_000 } });
    await setOperator(school.caller, school.schoolId);
    expect((await paidUp.as().studentPortal.getMoney()).qr).toBeNull();
  });
});

describe('studentPortal.getExams', () => {
  it('lists the student’s terms with results and the attempts used of 3', async () => {
    const school = await setupSchool(app);
    const studentId = await createFinishedStudent(school.caller, school.schoolId);
    const past = await school.caller.exam.createExam({ schoolId: school.schoolId, date: dayFromToday(-10), place: 'Magistrát Brno', types: ['PPV', 'ZP'] });
    await examined(school.caller, school.schoolId, { examId: past.id, studentId, type: 'PPV', group: 'B' }, 'FAIL');
    const next = await school.caller.exam.createExam({ schoolId: school.schoolId, date: dayFromToday(10), place: 'Magistrát Brno', types: ['PPV', 'ZP'] });
    await school.caller.exam.addStudentToExam({ schoolId: school.schoolId, examId: next.id, studentId, newType: { type: 'PPV', group: 'B' } });
    const me = app.callerWithToken(await createStudentSession(app.handle.db, school.schoolId, studentId, new Date(), 1));
    const exams = await me.studentPortal.getExams();
    expect(exams.signUps.map((s) => [s.examId, s.typeLabel, s.attempt, s.max, s.resultLabel, s.upcoming])).toEqual([
      [past.id, 'PPV', 1, 3, 'Neprospěl', false],
      [next.id, 'PPV', 2, 3, null, true],
    ]);
    expect(exams.parts.find((p) => p.type === 'PPV')).toMatchObject({ attempts: 1, max: 3, passed: false }); // used: the pending term is the second attempt
  });
});

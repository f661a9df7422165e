// The public application form through the real router: the school's forms and their rules, a submission (a waiting
// student with no number, counted nowhere), the bot guards and origins, and the office's admission and rejection.
import { schema } from '@volant/db/schema';
import { ORIGIN_MESSAGES, ORIGINS_REQUIRED } from '@volant/shared/application-form/inputs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { applicantInput, createTestForm, formInput, tokenFor } from './application-form.testing.ts';
import { checkFillToken, fillToken, MIN_FILL_MS } from './application-form.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const study = {
  group: ['B' as const],
  currentGroups: [],
  trainingKind: 'BASIC' as const,
  trainingType: 'COURSE' as const,
  carIdNumber: 'EA778899',
  note: null,
};
const withoutPath = (issue: string) => issue.replace(/^[\w.]+: /, '');
/** The mails, quoted-printable decoded. */
const mails = async () =>
  (await app.outbox()).map((m) =>
    Buffer.from(
      m.text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8'),
  );
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (e: { message?: string }) => e.message,
  );

async function submitted(s: Awaited<ReturnType<typeof setupSchool>>, o: { email?: string | null } = {}) {
  const { formId, courseId } = await createTestForm(s.caller, s.schoolId);
  await app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, await tokenFor(app, formId), o));
  const [application] = await s.caller.applicationForm.getApplications({ schoolId: s.schoolId, status: 'PENDING' });
  return { formId, courseId, application };
}

describe('the school’s forms', () => {
  it('keeps a form with its courses in order, normalises the sites, and replaces the course list on save', async () => {
    const s = await setupSchool(app);
    const { id } = await s.caller.applicationForm.saveApplicationForm({
      schoolId: s.schoolId,
      ...formInput({
        origins: ['www.autoskola-novak.cz', 'https://www.autoskola-novak.cz', 'http://localhost:8080'],
        courses: [
          { name: 'Skupina B', description: 'Auto', price: 21900 },
          { name: 'Skupina A', description: 'Motocykl', price: 18900 },
        ],
      }),
    });
    let [form] = await s.caller.applicationForm.getApplicationForms({ schoolId: s.schoolId });
    expect(form.origins).toEqual(['https://www.autoskola-novak.cz', 'http://localhost:8080']);
    expect(form.courses.map((c) => c.name)).toEqual(['Skupina B', 'Skupina A']);
    const keep = form.courses[1];
    await s.caller.applicationForm.saveApplicationForm({
      schoolId: s.schoolId,
      id,
      ...formInput({
        courses: [
          { ...keep, price: 19900 },
          { name: 'Kondiční jízdy', description: '5 jízd', price: 4500 },
        ],
      }),
    });
    [form] = await s.caller.applicationForm.getApplicationForms({ schoolId: s.schoolId });
    expect(form.courses).toEqual([
      // Koruny in, haléře stored and answered (money.ts): 19 900 Kč, 4 500 Kč.
      { id: keep.id, name: 'Skupina A', description: 'Motocykl', price: 1_990_000 },
      { id: expect.any(String), name: 'Kondiční jízdy', description: '5 jízd', price: 450_000 },
    ]);
    await s.caller.applicationForm.removeApplicationForm({ schoolId: s.schoolId, id });
    expect(await s.caller.applicationForm.getApplicationForms({ schoolId: s.schoolId })).toEqual([]);
  });

  it('refuses a form with the spec’s Czech messages', async () => {
    const s = await setupSchool(app);
    const issues = (
      await inputIssues(
        s.caller.applicationForm.saveApplicationForm({
          schoolId: s.schoolId,
          name: 'x'.repeat(257),
          colorPrimary: 'x'.repeat(257),
          colorError: 'red;}body{display:none',
          origins: [],
          courses: [{ name: '', description: 'd'.repeat(1025), price: 0 }],
        }),
      )
    ).map(withoutPath);
    expect(issues).toEqual(
      expect.arrayContaining([
        'Název může mít nejvýše 256 znaků',
        'Barva může mít nejvýše 256 znaků',
        'Zadejte barvu, například #1677ff',
        ORIGINS_REQUIRED,
        'Prosím zadejte název kurzu!',
        'Popis může mít nejvýše 1024 znaků',
        'Cena musí být alespoň 1 Kč',
      ]),
    );
    expect(
      (await inputIssues(s.caller.applicationForm.saveApplicationForm({ schoolId: s.schoolId, ...formInput({ origins: ['https://a.cz/path'] }) }))).map(
        withoutPath,
      ),
    ).toEqual(['Zadejte jen adresu webu bez cesty, například https://www.autoskola.cz']);
  });

  it("refuses 'self', data:, javascript:, http sites, wildcards and paths as sites, each with a Czech message, and stores none", async () => {
    const s = await setupSchool(app);
    for (const [origin, message] of [
      ["'self'", ORIGIN_MESSAGES.invalid],
      ['data:', ORIGIN_MESSAGES.scheme],
      ['javascript:alert(1)', ORIGIN_MESSAGES.scheme],
      ['http://www.autoskola.cz', ORIGIN_MESSAGES.scheme],
      ['https://*.autoskola.cz', ORIGIN_MESSAGES.wildcard],
      ['/prihlaska', ORIGIN_MESSAGES.invalid],
    ]) {
      const issues = await inputIssues(s.caller.applicationForm.saveApplicationForm({ schoolId: s.schoolId, ...formInput({ origins: [origin] }) }));
      expect(issues.map(withoutPath)).toEqual([message]);
    }
    expect(await s.caller.applicationForm.getApplicationForms({ schoolId: s.schoolId })).toEqual([]);
    // An https site and http://localhost for testing are kept, as origins.
    const { formId } = await createTestForm(s.caller, s.schoolId, { origins: ['www.autoskola.cz', 'http://localhost:5173'] });
    const [form] = await s.caller.applicationForm.getApplicationForms({ schoolId: s.schoolId });
    expect([form.id, form.origins]).toEqual([formId, ['https://www.autoskola.cz', 'http://localhost:5173']]);
  });

  it('lets a teacher read but not change the forms', async () => {
    const s = await setupSchool(app);
    await createTestForm(s.caller, s.schoolId);
    const teacher = await createUser(app);
    await addMember(app, s.schoolId, teacher.id, 'TEACHER');
    const t = await app.callerFor(teacher.id);
    expect(await t.applicationForm.getApplicationForms({ schoolId: s.schoolId })).toHaveLength(1);
    await expect(t.applicationForm.saveApplicationForm({ schoolId: s.schoolId, ...formInput() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a submission', () => {
  it('makes a waiting student with no registration number, counted nowhere, and tells the staff', async () => {
    const s = await setupSchool(app, { tier: 'STARTER' });
    const before = await s.caller.account.getTier({ schoolId: s.schoolId });
    // An address of its own: on PostgreSQL every test file shares one database and the per-recipient mail quota.
    const email = uniqueEmail('eliska.uchazecova');
    const { application } = await submitted(s, { email });
    expect(application).toMatchObject({
      status: 'PENDING',
      courseName: 'Skupina B',
      coursePrice: 2_190_000, // haléře
      firstName: 'Eliška',
      registrationNumber: null,
      phone: '+420 605 111 222',
    });
    const [student] = await app.handle.db
      .select()
      .from(schema.students)
      .where(eq(schema.students.id, application.studentId ?? ''));
    expect(student).toMatchObject({ state: 'WAITING_FOR_ADMISSION', registrationNumber: null, admittedAt: null, note: 'Mohu jezdit odpoledne.' });
    expect(await s.caller.account.getTier({ schoolId: s.schoolId })).toEqual(before);
    // Přehled lists no applicant; the waiting filter does.
    expect((await s.caller.student.students({ schoolId: s.schoolId })).items ?? []).not.toContainEqual(expect.objectContaining({ id: student.id }));
    const notes = await app.handle.db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.schoolId, s.schoolId), eq(schema.notifications.event, 'NEW_APPLICATION')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Nová přihláška', link: '/app/application-form' });
    expect(await s.caller.applicationForm.getPendingApplicationCount({ schoolId: s.schoolId })).toEqual({ count: 1 });
    // The form's card counts its own waiting applications (the outer form's id, not the application's).
    expect((await s.caller.applicationForm.getApplicationForms({ schoolId: s.schoolId })).map((f) => f.pendingCount)).toEqual([1]);
    expect((await mails()).some((m) => m.includes(`To: ${email}`) && m.includes('„Skupina B“'))).toBe(true);
  });

  it('stores nothing for a filled bot trap, and refuses a form sent too fast, a forged token, a foreign course and a foreign origin', async () => {
    const s = await setupSchool(app);
    const { formId, courseId } = await createTestForm(s.caller, s.schoolId);
    const other = await setupSchool(app);
    const foreign = await createTestForm(other.caller, other.schoolId);
    const token = await tokenFor(app, formId);
    expect(await app.anonymous.applicationForm.submitApplication({ ...applicantInput(formId, courseId, token), website: 'http://spam.example' })).toEqual({
      ok: true,
    });
    expect(await s.caller.applicationForm.getApplications({ schoolId: s.schoolId })).toEqual([]);
    expect(await refusal(app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, await tokenFor(app, formId, 500))))).toBe(
      'Formulář byl odeslán příliš rychle. Zkontrolujte prosím údaje a odešlete ho znovu.',
    );
    expect(await refusal(app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, `${Date.now() - 10_000}.forged`)))).toBe(
      'Přihláškový formulář nebyl nalezen.',
    );
    // Another form's token does not open this one.
    expect(await refusal(app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, await tokenFor(app, foreign.formId))))).toBe(
      'Přihláškový formulář nebyl nalezen.',
    );
    expect(await refusal(app.anonymous.applicationForm.submitApplication(applicantInput(formId, foreign.courseId, token)))).toBe(
      'Vybraný kurz už není v nabídce. Načtěte prosím formulář znovu.',
    );
    expect(await s.caller.applicationForm.getApplications({ schoolId: s.schoolId })).toEqual([]);
    expect(
      (await inputIssues(app.anonymous.applicationForm.submitApplication({ ...applicantInput(formId, courseId, token), consent: false as true }))).map(
        withoutPath,
      ),
    ).toEqual(['Pro odeslání přihlášky je nutný souhlas se zpracováním osobních údajů.']);
  });

  it('checks the fill token’s age and its form', () => {
    const form = { id: 'f', secret: 's' };
    const t0 = new Date('2026-11-23T10:00:00Z');
    const token = fillToken(form, t0);
    expect(checkFillToken(form, token, new Date(t0.getTime() + MIN_FILL_MS - 1)).kind).toBe('too-fast');
    expect(checkFillToken(form, token, new Date(t0.getTime() + MIN_FILL_MS))).toMatchObject({ kind: 'ok', expiresAt: new Date(t0.getTime() + 24 * 3_600_000) });
    expect(checkFillToken(form, token, new Date(t0.getTime() + 25 * 3_600_000)).kind).toBe('invalid');
    expect(checkFillToken({ id: 'g', secret: 's' }, token, new Date(t0.getTime() + 5_000)).kind).toBe('invalid');
    // Two pages opened in the same millisecond get two tokens.
    expect(fillToken(form, t0)).not.toBe(token);
  });

  it('takes one application per fill token: a second send, also two at once, is refused with a Czech message', async () => {
    const s = await setupSchool(app);
    const { formId, courseId } = await createTestForm(s.caller, s.schoolId);
    const token = await tokenFor(app, formId);
    expect(await app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, token))).toEqual({ ok: true });
    const again = app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, token, { lastName: 'Podruhé' }));
    await expect(again).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Tato přihláška už byla odeslána. Chcete-li poslat další, načtěte prosím formulář znovu.',
    });
    // Two sends of one fresh token at once: exactly one wins.
    const fresh = await tokenFor(app, formId);
    const both = await Promise.allSettled([
      app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, fresh)),
      app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, fresh)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await s.caller.applicationForm.getApplications({ schoolId: s.schoolId })).toHaveLength(2);
    // A refused send (a course gone) does not use the token up.
    const third = await tokenFor(app, formId);
    const other = await setupSchool(app);
    const foreign = await createTestForm(other.caller, other.schoolId);
    await expect(app.anonymous.applicationForm.submitApplication(applicantInput(formId, foreign.courseId, third))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await app.anonymous.applicationForm.submitApplication(applicantInput(formId, courseId, third))).toEqual({ ok: true });
  });
});

describe('the office’s decision', () => {
  it('admits: a number, NOT_STARTED, the course’s price, counted in the month', async () => {
    const s = await setupSchool(app, { tier: 'STARTER' });
    const { application } = await submitted(s);
    const before = await s.caller.account.getTier({ schoolId: s.schoolId });
    const { studentId } = await s.caller.applicationForm.admitApplication({
      schoolId: s.schoolId,
      applicationId: application.id,
      registrationNumber: 'P-2026/001',
      studentStudyInfo: study,
    });
    expect(studentId).toBe(application.studentId);
    const student = await s.caller.student.student({ schoolId: s.schoolId, id: studentId });
    expect(student).toMatchObject({ registrationNumber: 'P-2026/001', state: 'NOT_STARTED' });
    expect((await s.caller.account.getTier({ schoolId: s.schoolId })).currentUsageStudentsInSchoolPerMonth).toBe(
      before.currentUsageStudentsInSchoolPerMonth + 1,
    );
    // The form's 21 900 Kč, as haléře (issue 17: it used to become 219 Kč).
    expect(await s.caller.paymentItem.getStudentPrice({ schoolId: s.schoolId, studentId })).toMatchObject({ price: 2_190_000, source: 'STUDENT' });
    const [admitted] = await s.caller.applicationForm.getApplications({ schoolId: s.schoolId, status: 'ADMITTED' });
    expect(admitted).toMatchObject({ id: application.id, registrationNumber: 'P-2026/001', decidedByName: expect.any(String) });
    await expect(
      s.caller.applicationForm.admitApplication({
        schoolId: s.schoolId,
        applicationId: application.id,
        registrationNumber: 'P-2026/002',
        studentStudyInfo: study,
      }),
    ).rejects.toMatchObject({ message: 'O této přihlášce už bylo rozhodnuto.' });
  });

  it('refuses a taken number and a full STARTER month', async () => {
    const s = await setupSchool(app, { tier: 'STARTER' });
    const { application } = await submitted(s);
    await s.caller.student.createStudent({
      schoolId: s.schoolId,
      studentInfo: { ...applicantInput('', '', '').studentInfo, email: null },
      studentAddress: applicantInput('', '', '').studentAddress,
      studentStudyInfo: study,
      student: { registrationNumber: 'TAKEN-1', interpreterId: null },
    });
    await expect(
      s.caller.applicationForm.admitApplication({
        schoolId: s.schoolId,
        applicationId: application.id,
        registrationNumber: 'TAKEN-1',
        studentStudyInfo: study,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const [limit] = await app.handle.db.select().from(schema.tierLimits).where(eq(schema.tierLimits.tier, 'STARTER'));
    const used = (await s.caller.account.getTier({ schoolId: s.schoolId })).currentUsageStudentsInSchoolPerMonth;
    await app.handle.db.update(schema.tierLimits).set({ maxStudentsPerMonth: used }).where(eq(schema.tierLimits.tier, 'STARTER'));
    try {
      await expect(
        s.caller.applicationForm.admitApplication({
          schoolId: s.schoolId,
          applicationId: application.id,
          registrationNumber: 'P-FULL',
          studentStudyInfo: study,
        }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await app.handle.db.update(schema.tierLimits).set({ maxStudentsPerMonth: limit.maxStudentsPerMonth }).where(eq(schema.tierLimits.tier, 'STARTER'));
    }
  });

  it('rejects: the applicant’s record goes, the name stays on the application, an e-mail when asked', async () => {
    const s = await setupSchool(app);
    const { application } = await submitted(s, { email: 'odmitnuty.uchazec@example.cz' });
    await s.caller.applicationForm.rejectApplication({
      schoolId: s.schoolId,
      applicationId: application.id,
      reason: 'Kurz je plně obsazen.',
      notifyApplicant: true,
    });
    expect(
      await app.handle.db
        .select()
        .from(schema.students)
        .where(eq(schema.students.id, application.studentId ?? '')),
    ).toEqual([]);
    const [rejected] = await s.caller.applicationForm.getApplications({ schoolId: s.schoolId, status: 'REJECTED' });
    expect(rejected).toMatchObject({ firstName: 'Eliška', studentId: null, rejectReason: 'Kurz je plně obsazen.' });
    expect((await mails()).some((m) => m.includes('To: odmitnuty.uchazec@example.cz') && m.includes('Důvod: Kurz je plně obsazen.'))).toBe(true);
  });
});

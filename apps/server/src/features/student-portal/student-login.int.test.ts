// 'Přístup žáka' and the sign-in of 'Můj výcvik' (/zak, issue 19 §1) through the real router: the office invites and
// revokes, the student asks for a link (one neutral answer), uses it once within 15 minutes, picks a school when the
// address has several, and the session ends on revoke, on STORNO and on logout.
import { schema } from '@volant/db/schema';
import { STUDENT_LOGIN_TEXTS } from '@volant/shared/student-portal/access';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.ts';
import { createSession } from '../../gate/session.queries.ts';
import { RateLimiter } from '../../lib/rate-limit.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { addMember, createUser, getTestApp, setupSchool, type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { freshAddress } from './student-portal.testing.ts';

const createCaller = createCallerFactory(appRouter);
let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const MINUTE = 60_000;
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`,
  );

/** A caller from its own address whose requests run at `now` (and, when given, with tight limits). */
function visitor(now = new Date(), limits = app.deps.limits, token: string | null = null) {
  return createCaller({ ...app.deps, limits, now: () => now, ip: freshAddress(), token, session: null });
}

/** A student of the school with this address (mixed case, as the office may type it). */
async function aStudentWith(school: Awaited<ReturnType<typeof setupSchool>>, email: string | null) {
  const studentId = await createTestStudent(school.caller, school.schoolId);
  await app.handle.db.update(schema.students).set({ email }).where(eq(schema.students.id, studentId));
  return studentId;
}

async function mails(email: string, kind: 'STUDENT_LOGIN' | 'STUDENT_INVITE') {
  const { mailOutbox } = schema;
  return app.handle.db
    .select({ text: mailOutbox.text, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The token of the newest sign-in link mailed to the address. */
async function newestLink(email: string) {
  const [mail] = await mails(email, 'STUDENT_LOGIN');
  const match = /http:\/\/volant\.test\/zak\/prihlaseni#([\w-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no sign-in link for ${email}`);
  return match[1];
}

/** An invited student signed in by a link: the session's token. */
async function signedIn(email: string, now = new Date()) {
  await visitor(now).studentLogin.requestLink({ email });
  const answer = await visitor(now).studentLogin.signIn({ token: await newestLink(email) });
  if (answer.state !== 'SIGNED_IN') throw new Error('expected one school');
  return answer.token;
}

describe('Přístup žáka (the office)', () => {
  it('invites a student with an e-mail (a mail with /zak and the address), shows it, and a teacher may not invite', async () => {
    const school = await setupSchool(app);
    const email = uniqueEmail('zak');
    const studentId = await aStudentWith(school, email.toUpperCase());
    const input = { schoolId: school.schoolId, studentId };
    expect(await school.caller.studentAccess.getAccess(input)).toEqual({ email: email.toUpperCase(), invitedAt: null, lastSignInAt: null });
    await school.caller.studentAccess.invite(input);
    const [invite] = await mails(email, 'STUDENT_INVITE');
    expect(invite.subject).toBe(`Můj výcvik – ${school.school.name}`);
    expect(invite.text).toContain(`http://volant.test/zak?email=${encodeURIComponent(email)}`);
    expect((await school.caller.studentAccess.getAccess(input)).invitedAt).toEqual(expect.any(Date));
    const teacher = await createUser(app);
    await addMember(app, school.schoolId, teacher.id, 'TEACHER');
    const asTeacher = await app.callerFor(teacher.id);
    expect({
      invite: await refusal(asTeacher.studentAccess.invite(input)),
      revoke: await refusal(asTeacher.studentAccess.revoke(input)),
      read: await refusal(asTeacher.studentAccess.getAccess(input)),
    }).toEqual({ invite: 'FORBIDDEN: K této akci nemáte oprávnění.', revoke: 'FORBIDDEN: K této akci nemáte oprávnění.', read: 'answered' });
  });

  it('refuses a student without an e-mail in Czech', async () => {
    const school = await setupSchool(app);
    const studentId = await aStudentWith(school, null);
    expect(await refusal(school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId }))).toBe(
      'BAD_REQUEST: Žák nemá vyplněný e-mail. Pozvat ho lze až po doplnění e-mailu.',
    );
  });
});

describe('/zak sign-in', () => {
  it('answers an unknown address and a known one alike; only the known one gets a link, in the fragment of /zak/prihlaseni', async () => {
    const school = await setupSchool(app);
    const [known, unknown, notInvited] = [uniqueEmail('zak'), uniqueEmail('nikdo'), uniqueEmail('bez')];
    await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId: await aStudentWith(school, known) });
    await aStudentWith(school, notInvited);
    const answers = [known, unknown, notInvited].map((email) => visitor().studentLogin.requestLink({ email }));
    expect(await Promise.all(answers)).toEqual([
      { message: STUDENT_LOGIN_TEXTS.sent },
      { message: STUDENT_LOGIN_TEXTS.sent },
      { message: STUDENT_LOGIN_TEXTS.sent },
    ]);
    expect({
      known: (await mails(known, 'STUDENT_LOGIN')).length,
      unknown: (await mails(unknown, 'STUDENT_LOGIN')).length,
      notInvited: (await mails(notInvited, 'STUDENT_LOGIN')).length,
    }).toEqual({
      known: 1,
      unknown: 0,
      notInvited: 0,
    });
    expect(await newestLink(known)).toMatch(/^[\w-]{43}$/);
  });

  it('signs in once with a link: a session of the student, the card shows the sign-in, the link is then dead', async () => {
    const school = await setupSchool(app);
    const email = uniqueEmail('zak');
    const studentId = await aStudentWith(school, email);
    await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId });
    await visitor().studentLogin.requestLink({ email });
    const token = await newestLink(email);
    const answer = await visitor().studentLogin.signIn({ token });
    expect(answer).toEqual({ state: 'SIGNED_IN', token: expect.any(String) });
    const session = answer.state === 'SIGNED_IN' ? answer.token : '';
    expect(await app.callerWithToken(session).studentPortal.getMe()).toMatchObject({ schoolName: school.school.name });
    expect((await school.caller.studentAccess.getAccess({ schoolId: school.schoolId, studentId })).lastSignInAt).toEqual(expect.any(Date));
    expect(await refusal(visitor().studentLogin.signIn({ token }))).toBe(`BAD_REQUEST: ${STUDENT_LOGIN_TEXTS.linkInvalid}`);
    // The session lives 30 days.
    const [row] = await app.handle.db.select().from(schema.studentSessions).where(eq(schema.studentSessions.studentId, studentId));
    expect(Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000)).toBe(30);
  });

  it('lets a link expire after 15 minutes (the clock moved)', async () => {
    const school = await setupSchool(app);
    const email = uniqueEmail('zak');
    await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId: await aStudentWith(school, email) });
    const sent = new Date();
    await visitor(sent).studentLogin.requestLink({ email });
    const late = await newestLink(email);
    expect(await refusal(visitor(new Date(sent.getTime() + 15 * MINUTE + 1000)).studentLogin.signIn({ token: late }))).toBe(
      `BAD_REQUEST: ${STUDENT_LOGIN_TEXTS.linkInvalid}`,
    );
    await visitor(sent).studentLogin.requestLink({ email });
    const inTime = await newestLink(email);
    expect(await visitor(new Date(sent.getTime() + 14 * MINUTE)).studentLogin.signIn({ token: inTime })).toMatchObject({ state: 'SIGNED_IN' });
  });

  it('limits links per recipient (3 in 15 minutes) and requests per client address, with the same answer', async () => {
    const school = await setupSchool(app);
    const email = uniqueEmail('zak');
    await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId: await aStudentWith(school, email) });
    const now = new Date();
    for (let i = 0; i < 5; i++) expect(await visitor(now).studentLogin.requestLink({ email })).toEqual({ message: STUDENT_LOGIN_TEXTS.sent });
    expect((await mails(email, 'STUDENT_LOGIN')).length).toBe(3);
    await visitor(new Date(now.getTime() + 16 * MINUTE)).studentLogin.requestLink({ email });
    expect((await mails(email, 'STUDENT_LOGIN')).length).toBe(4);
    // One client address: a few requests, then RATE_LIMITED (whatever the addresses asked for).
    const tight = { login: new RateLimiter(3, 15 * MINUTE), public: new RateLimiter(100, MINUTE) };
    const one = visitor(now, tight);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await refusal(one.studentLogin.requestLink({ email: uniqueEmail('x') })));
    expect(answers).toEqual(['answered', 'answered', 'answered', 'TOO_MANY_REQUESTS: Příliš mnoho pokusů. Zkuste to prosím znovu za chvíli.']);
  });

  it('lets an address of students in two schools pick the school with the choice the link gave (once)', async () => {
    const [first, second] = [await setupSchool(app), await setupSchool(app)];
    const email = uniqueEmail('zak');
    for (const school of [first, second]) await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId: await aStudentWith(school, email) });
    const request = await visitor().studentLogin.requestLink({ email });
    // The request shows nothing of the schools; only the link's holder sees them.
    expect(JSON.stringify(request)).not.toContain(first.school.name);
    expect((await mails(email, 'STUDENT_LOGIN'))[0].text).toContain(first.school.name);
    const answer = await visitor().studentLogin.signIn({ token: await newestLink(email) });
    if (answer.state !== 'CHOOSE') throw new Error('expected a choice');
    expect(answer.schools.map((s) => s.schoolId).sort()).toEqual([first.schoolId, second.schoolId].sort());
    const { token } = await visitor().studentLogin.chooseSchool({ choiceToken: answer.choiceToken, schoolId: second.schoolId });
    expect(await app.callerWithToken(token).studentPortal.getMe()).toMatchObject({ schoolName: second.school.name });
    expect(await refusal(visitor().studentLogin.chooseSchool({ choiceToken: answer.choiceToken, schoolId: first.schoolId }))).toBe(
      `BAD_REQUEST: ${STUDENT_LOGIN_TEXTS.linkInvalid}`,
    );
    // A school the address has no access in is no choice.
    const other = await setupSchool(app);
    await visitor().studentLogin.requestLink({ email });
    const again = await visitor().studentLogin.signIn({ token: await newestLink(email) });
    if (again.state !== 'CHOOSE') throw new Error('expected a choice');
    expect(await refusal(visitor().studentLogin.chooseSchool({ choiceToken: again.choiceToken, schoolId: other.schoolId }))).toBe(
      `BAD_REQUEST: ${STUDENT_LOGIN_TEXTS.linkInvalid}`,
    );
  });
});

describe('the end of a student session', () => {
  it('ends every live session when the office revokes access, and sends no more links', async () => {
    const school = await setupSchool(app);
    const email = uniqueEmail('zak');
    const studentId = await aStudentWith(school, email);
    await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId });
    const [phone, laptop] = [await signedIn(email), await signedIn(email)];
    await school.caller.studentAccess.revoke({ schoolId: school.schoolId, studentId });
    expect({
      phone: await refusal(app.callerWithToken(phone).studentPortal.getMe()),
      laptop: await refusal(app.callerWithToken(laptop).studentPortal.getMe()),
    }).toEqual({
      phone: 'UNAUTHORIZED: Přihlášení vypršelo. Přihlaste se prosím znovu.',
      laptop: 'UNAUTHORIZED: Přihlášení vypršelo. Přihlaste se prosím znovu.',
    });
    const count = (await mails(email, 'STUDENT_LOGIN')).length;
    expect(await visitor().studentLogin.requestLink({ email })).toEqual({ message: STUDENT_LOGIN_TEXTS.sent });
    expect((await mails(email, 'STUDENT_LOGIN')).length).toBe(count);
    expect(await school.caller.studentAccess.getAccess({ schoolId: school.schoolId, studentId })).toMatchObject({ invitedAt: null });
  });

  it('ends when the student is cancelled (STORNO), and a link sent before no longer signs in', async () => {
    const school = await setupSchool(app);
    const email = uniqueEmail('zak');
    const studentId = await aStudentWith(school, email);
    await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId });
    const session = await signedIn(email);
    await visitor().studentLogin.requestLink({ email });
    const link = await newestLink(email);
    await school.caller.student.setStudentState({ schoolId: school.schoolId, studentsIds: [studentId], state: 'STORNO' });
    expect(await refusal(app.callerWithToken(session).studentPortal.getMe())).toBe('UNAUTHORIZED: Přihlášení vypršelo. Přihlaste se prosím znovu.');
    expect(await refusal(visitor().studentLogin.signIn({ token: link }))).toBe(`BAD_REQUEST: ${STUDENT_LOGIN_TEXTS.linkInvalid}`);
  });

  it('logs out one session only', async () => {
    const school = await setupSchool(app);
    const email = uniqueEmail('zak');
    await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId: await aStudentWith(school, email) });
    const [phone, laptop] = [await signedIn(email), await signedIn(email)];
    expect(await app.callerWithToken(phone).studentPortal.logout()).toEqual({ ok: true });
    expect(await refusal(app.callerWithToken(phone).studentPortal.getMe())).toMatch(/^UNAUTHORIZED/);
    expect(await app.callerWithToken(laptop).studentPortal.getMe()).toMatchObject({ schoolName: school.school.name });
  });

  it('opens no student procedure with a staff token, and no staff procedure with a student token', async () => {
    const school = await setupSchool(app);
    const email = uniqueEmail('zak');
    const studentId = await aStudentWith(school, email);
    await school.caller.studentAccess.invite({ schoolId: school.schoolId, studentId });
    const student = app.callerWithToken(await signedIn(email));
    const staff = app.callerWithToken(await createSession(app.handle.db, school.user.id, new Date(), 1));
    expect({
      getMe: await refusal(staff.studentPortal.getMe()),
      logout: await refusal(staff.studentPortal.logout()),
      access: await refusal(student.studentAccess.getAccess({ schoolId: school.schoolId, studentId })),
      revoke: await refusal(student.studentAccess.revoke({ schoolId: school.schoolId, studentId })),
    }).toEqual({
      getMe: expect.stringMatching(/^UNAUTHORIZED/),
      logout: expect.stringMatching(/^UNAUTHORIZED/),
      access: expect.stringMatching(/^UNAUTHORIZED/),
      revoke: expect.stringMatching(/^UNAUTHORIZED/),
    });
    expect(await student.studentPortal.getMe()).toMatchObject({ schoolName: school.school.name });
  });
});

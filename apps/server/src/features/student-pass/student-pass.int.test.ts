import { schema } from '@volant/db/schema';
import {
  PASS_FREE_FAILURES_PER_ADDRESS,
  PASS_FREE_FAILURES_PER_PASS,
  PASS_MAX_WAIT_SECONDS,
  passThrottledMessage,
  STUDENT_PASS_MESSAGES,
} from '@volant/shared/student-pass/code';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../lib/rate-limit.ts';
import { addMember, createUser, getTestApp, setupSchool, type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { insertTeacher, SIGNATURE_SVG } from '../driving-lessons-record/driving-lessons-record.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const createCaller = createCallerFactory(appRouter);

/** A caller without a session from an address of its own, with its own clock and limits when given. */
function visitor(o: { ip?: string; now?: () => Date; publicLimit?: number } = {}) {
  return createCaller({
    ...app.deps,
    ip: o.ip ?? freshIp(),
    now: o.now ?? app.deps.now,
    limits: { ...app.deps.limits, public: o.publicLimit ? new RateLimiter(o.publicLimit, 60_000) : app.deps.limits.public },
    token: null,
    session: null,
  });
}

let seq = 0;
/** A school with one student (own e-mail, a planned and a cancelled ride with a signature picture) and its link parts. */
async function aPass() {
  const s = await setupSchool(app);
  const registrationNumber = `P-${Date.now().toString(36)}-${seq++}/2026`;
  const studentId = await createTestStudent(s.caller, s.schoolId, { firstName: 'Žofie', lastName: 'Řeháková', registrationNumber, group: ['B', 'AM'] });
  const email = uniqueEmail('zofie');
  await app.handle.db.update(schema.students).set({ email, degree: 'Bc.', secretCode: 'K7M2P9QX' }).where(eq(schema.students.id, studentId));
  const teacher = await insertTeacher(app, s.schoolId, { lastName: 'Novák' });
  const base = { schoolId: s.schoolId, studentId, teacherId: teacher.id, length: 90, note: 'interní poznámka' };
  await app.handle.db.insert(schema.drivingLessonRecords).values([
    {
      ...base,
      type: 'DRIVING',
      state: 'COMPLETED',
      startTime: new Date('2026-03-02T08:00:00Z'),
      endTime: new Date('2026-03-02T09:30:00Z'),
      signature: SIGNATURE_SVG,
    },
    {
      ...base,
      type: 'PV_UV',
      state: 'CANCELLED_BY_STUDENT',
      startTime: new Date('2026-03-03T08:00:00Z'),
      endTime: new Date('2026-03-03T09:00:00Z'),
      length: 60,
    },
  ]);
  const share = await s.caller.student.getStudentPassShareInfo({ schoolId: s.schoolId, studentId });
  const web = { type: 'web' as const, schoolCode: share.schoolCode, registrationNumber, secretCode: 'K7M2P9QX' };
  const credentials = { schoolId: s.schoolId, studentId, registrationNumber, secretCode: 'K7M2P9QX' };
  return { ...s, studentId, registrationNumber, email, share, web, credentials };
}

/** The pass-attempt rows of a school (one per existing student with wrong codes). */
const passAttemptRows = (schoolId: string) => app.handle.db.select().from(schema.studentPassAttempts).where(eq(schema.studentPassAttempts.schoolId, schoolId));

let addressSeq = 0;
/** An address no other test uses. */
const freshIp = () => `10.${100 + (addressSeq % 100)}.${Math.floor(addressSeq++ / 100) % 250}.${Math.floor(Math.random() * 250)}`;
const THROTTLED = /^Příliš mnoho pokusů, zkuste to prosím za \d+ (s|min)\.$/;

describe('the pass for staff', () => {
  it('shows the school, the student with degree, number and groups, and every ride with its picture, cancelled ones included', async () => {
    const { caller, schoolId, studentId, registrationNumber, school } = await aPass();
    const pass = await caller.student.getStudentPass({ type: 'app', schoolId, studentId });
    if (typeof pass === 'string') throw new Error(pass);
    expect(pass.school).toEqual({ name: school.name, number: 'AS-1', address: 'Kounicova 1, 60200 Brno', operator: null });
    expect(pass.student).toMatchObject({ firstName: 'Žofie', lastName: 'Řeháková', degree: 'Bc.', registrationNumber, groups: ['B', 'AM'] });
    expect(pass.signature).toBeNull();
    expect(pass.rides.map((r) => [r.type, r.state, r.teacher, r.signature])).toEqual([
      ['DRIVING', 'COMPLETED', 'Karel Novák', SIGNATURE_SVG],
      ['PV_UV', 'CANCELLED_BY_STUDENT', 'Karel Novák', null],
    ]);
    expect(JSON.stringify(pass)).not.toContain('interní poznámka');
    expect(JSON.stringify(pass)).not.toContain('K7M2P9QX');
  });

  it('gives the share info of spec §3 and the link without the student’s code', async () => {
    const { share, registrationNumber, email } = await aPass();
    expect(share).toMatchObject({ studentRegistrationNumber: registrationNumber, studentCode: 'K7M2P9QX', email });
    expect(share.schoolCode).toMatch(/^[0-9A-Z]{8}$/);
    expect(share.path).toBe(`/student/${share.schoolCode}/${encodeURIComponent(registrationNumber)}`);
  });

  it('answers NOT_FOUND for another school’s student and refuses a visitor without a code', async () => {
    const victim = await aPass();
    const other = await setupSchool(app);
    for (const schoolId of [victim.schoolId, other.schoolId]) {
      await expect(other.caller.student.getStudentPass({ type: 'app', schoolId, studentId: victim.studentId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(other.caller.student.getStudentPassShareInfo({ schoolId, studentId: victim.studentId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(other.caller.student.sendStudentPassInfo({ schoolId, studentId: victim.studentId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(visitor().student.getStudentPass({ type: 'app', schoolId: victim.schoolId, studentId: victim.studentId })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(visitor().drivingLessonsRecord.getDrivingLessonsRecords({ schoolId: victim.schoolId, studentId: victim.studentId })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('the public pass', () => {
  it('opens with the link’s parts and the code (any case, spaces, dashes) as the same view staff see', async () => {
    const p = await aPass();
    const staff = await p.caller.student.getStudentPass({ type: 'app', schoolId: p.schoolId, studentId: p.studentId });
    expect(await visitor().student.getStudentPass(p.web)).toEqual(staff);
    expect(await visitor().student.getStudentPass({ ...p.web, secretCode: ' k7m2-p9qx ', schoolCode: p.web.schoolCode.toLowerCase() })).toEqual(staff);
  });

  it('gives one answer for a wrong code, an unknown number, an unknown school code and a removed student', async () => {
    const p = await aPass();
    const v = visitor();
    const answers = [
      await v.student.getStudentPass({ ...p.web, secretCode: 'K7M2P9QY' }),
      await v.student.getStudentPass({ ...p.web, registrationNumber: 'nikdo-takovy' }),
      await v.student.getStudentPass({ ...p.web, schoolCode: 'ZZZZZZZZ' }),
    ];
    await p.caller.student.removeStudent({ schoolId: p.schoolId, studentId: p.studentId });
    answers.push(await v.student.getStudentPass(p.web));
    expect(answers).toEqual(Array(4).fill(STUDENT_PASS_MESSAGES.invalid));
  });

  it('never locks the owner out: after an attacker’s 50 wrong codes the right code opens the pass from another address at once, and from the attacker’s address once its wait is over', async () => {
    const p = await aPass();
    let now = new Date('2026-05-04T08:00:00Z');
    const attackerIp = freshIp();
    const attacker = () => visitor({ ip: attackerIp, now: () => now });
    const answers: string[] = [];
    // A patient attacker: 50 wrong codes, each sent as soon as the address may try again.
    let tried = 0;
    while (tried < 50) {
      const answer = await attacker().student.getStudentPass({ ...p.web, secretCode: `WRONG${String(tried).padStart(3, '0')}` });
      if (typeof answer !== 'string') throw new Error('a wrong code opened the pass');
      answers.push(answer);
      if (answer === STUDENT_PASS_MESSAGES.invalid) tried++;
      else {
        expect(answer).toMatch(THROTTLED);
        now = new Date(now.getTime() + PASS_MAX_WAIT_SECONDS * 1000);
      }
    }
    // The attacker had to wait: from the fifth wrong code on, each next code waited.
    expect(answers.filter((a) => a !== STUDENT_PASS_MESSAGES.invalid).length).toBe(50 - PASS_FREE_FAILURES_PER_ADDRESS);
    expect((await passAttemptRows(p.schoolId))[0]).toMatchObject({ studentId: p.studentId, failures: 50 });
    // The owner, from home: the right code opens the pass, and the other calls too.
    expect(typeof (await visitor({ now: () => now, ip: freshIp() }).student.getStudentPass(p.web))).toBe('object');
    expect(await visitor({ now: () => now, ip: freshIp() }).drivingLessonsRecord.getDrivingLessonsRecords(p.credentials)).toHaveLength(2);
    expect(await visitor({ now: () => now, ip: freshIp() }).studentPassSignature.getStudentPassSignature(p.credentials)).toBeNull();
    // The same address as the attacker (one Wi-Fi): its last wrong code set a wait, and nothing is looked at until it is over.
    expect(await attacker().student.getStudentPass(p.web)).toMatch(THROTTLED);
    now = new Date(now.getTime() + PASS_MAX_WAIT_SECONDS * 1000);
    expect(await attacker().student.getStudentPass({ ...p.web, secretCode: 'WRONG999' })).toBe(STUDENT_PASS_MESSAGES.invalid);
    expect(await attacker().student.getStudentPass(p.web)).toBe(passThrottledMessage(PASS_MAX_WAIT_SECONDS));
    await expect(attacker().drivingLessonsRecord.getDrivingLessonsRecords(p.credentials)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: passThrottledMessage(PASS_MAX_WAIT_SECONDS),
    });
    now = new Date(now.getTime() + PASS_MAX_WAIT_SECONDS * 1000);
    expect(typeof (await attacker().student.getStudentPass(p.web))).toBe('object');
  });

  it('slows each address by its own wrong codes: 2, 4, 8 s…, an exact message with the wait, other addresses untouched', async () => {
    const p = await aPass();
    const now = new Date('2026-05-04T08:00:00Z');
    let at = now;
    const v = visitor({ ip: freshIp(), now: () => at });
    for (let i = 0; i < PASS_FREE_FAILURES_PER_ADDRESS; i++)
      expect(await v.student.getStudentPass({ ...p.web, secretCode: `WRONG00${i}` })).toBe(STUDENT_PASS_MESSAGES.invalid);
    expect(await v.student.getStudentPass(p.web)).toBe('Příliš mnoho pokusů, zkuste to prosím za 2 s.');
    at = new Date(now.getTime() + 2000);
    expect(await v.student.getStudentPass({ ...p.web, secretCode: 'WRONG999' })).toBe(STUDENT_PASS_MESSAGES.invalid);
    expect(await v.student.getStudentPass(p.web)).toBe('Příliš mnoho pokusů, zkuste to prosím za 4 s.');
    // Another pass from the same address waits too; another address is not held back.
    expect(await v.student.getStudentPass({ ...p.web, registrationNumber: 'jiny-1' })).toMatch(THROTTLED);
    expect(typeof (await visitor({ ip: freshIp(), now: () => at }).student.getStudentPass(p.web))).toBe('object');
    // After a quiet hour the address starts again.
    at = new Date(now.getTime() + 61 * 60_000);
    for (let i = 0; i < PASS_FREE_FAILURES_PER_ADDRESS - 1; i++)
      expect(await v.student.getStudentPass({ ...p.web, secretCode: `AGAIN00${i}` })).toBe(STUDENT_PASS_MESSAGES.invalid);
    expect(typeof (await v.student.getStudentPass(p.web))).toBe('object');
  });

  it('slows an attack spread over many addresses by the pass’s count, while the owner’s first code opens it', async () => {
    const p = await aPass();
    const now = () => new Date('2026-05-04T08:00:00Z');
    for (let i = 0; i < PASS_FREE_FAILURES_PER_PASS - 1; i++) {
      const bot = visitor({ ip: freshIp(), now });
      expect(await bot.student.getStudentPass({ ...p.web, secretCode: `BOT${String(i).padStart(5, '0')}` })).toBe(STUDENT_PASS_MESSAGES.invalid);
      // Below the pass's threshold a bot's next code is looked at at once.
      expect(await bot.student.getStudentPass({ ...p.web, registrationNumber: 'nikdo', secretCode: 'AAAAAAAA' })).toBe(STUDENT_PASS_MESSAGES.invalid);
    }
    const bot = visitor({ ip: freshIp(), now });
    expect(await bot.student.getStudentPass({ ...p.web, secretCode: 'BOT99999' })).toBe(STUDENT_PASS_MESSAGES.invalid);
    // The pass's tenth wrong code: this address waits before its second code.
    expect(await bot.student.getStudentPass({ ...p.web, secretCode: 'BOT99998' })).toBe('Příliš mnoho pokusů, zkuste to prosím za 2 s.');
    expect(typeof (await visitor({ ip: freshIp(), now }).student.getStudentPass(p.web))).toBe('object');
  });

  it('writes no attempt row for a registration number or a school that does not exist', async () => {
    const p = await aPass();
    const v = visitor({ ip: freshIp() });
    for (const registrationNumber of ['neexistuje-1', 'neexistuje-2', 'neexistuje-3']) {
      expect(await v.student.getStudentPass({ ...p.web, registrationNumber, secretCode: 'AAAAAAAA' })).toBe(STUDENT_PASS_MESSAGES.invalid);
    }
    await expect(
      v.drivingLessonsRecord.getDrivingLessonsRecords({ ...p.credentials, registrationNumber: 'neexistuje-4', secretCode: 'AAAAAAAA' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await passAttemptRows(p.schoolId)).toEqual([]);
    // A wrong code on the existing pass is counted on it.
    await visitor({ ip: freshIp() }).student.getStudentPass({ ...p.web, secretCode: 'AAAAAAAA' });
    expect((await passAttemptRows(p.schoolId)).map((r) => [r.studentId, r.failures])).toEqual([[p.studentId, 1]]);
  });

  it('forgets nothing on the right code: opening one’s own pass does not reset the address’s count', async () => {
    const p = await aPass();
    const v = visitor({ ip: freshIp(), now: () => new Date('2026-05-04T08:00:00Z') });
    for (let i = 0; i < PASS_FREE_FAILURES_PER_ADDRESS - 1; i++) await v.student.getStudentPass({ ...p.web, secretCode: 'AAAAAAAA' });
    expect(typeof (await v.student.getStudentPass(p.web))).toBe('object');
    expect(await v.student.getStudentPass({ ...p.web, secretCode: 'AAAAAAAA' })).toBe(STUDENT_PASS_MESSAGES.invalid);
    expect(await v.student.getStudentPass(p.web)).toMatch(THROTTLED);
  });

  it('looks at codes sent all at once from one address one after another: no more than the free ones are tried', async () => {
    const p = await aPass();
    const v = visitor({ ip: freshIp() });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => v.student.getStudentPass({ ...p.web, secretCode: `GUESS${String(i).padStart(3, '0')}` })),
    );
    expect(answers.filter((a) => a === STUDENT_PASS_MESSAGES.invalid)).toHaveLength(PASS_FREE_FAILURES_PER_ADDRESS);
    expect(await v.student.getStudentPass(p.web)).toMatch(THROTTLED);
  });

  it('is rate-limited per client address', async () => {
    const p = await aPass();
    const limited = visitor({ ip: '10.9.9.9', publicLimit: 3 });
    for (let i = 0; i < 3; i++) expect(typeof (await limited.student.getStudentPass(p.web))).toBe('object');
    await expect(limited.student.getStudentPass(p.web)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another address is not held back.
    expect(typeof (await visitor({ ip: '10.9.9.8', publicLimit: 3 }).student.getStudentPass(p.web))).toBe('object');
  });

  it('lists the rides through drivingLessonsRecord.getDrivingLessonsRecords with the code, without the internal note', async () => {
    const p = await aPass();
    const staff = await p.caller.drivingLessonsRecord.getDrivingLessonsRecords({ schoolId: p.schoolId, studentId: p.studentId });
    expect(staff.map((r) => r.note)).toEqual(['interní poznámka', 'interní poznámka']);
    const pub = await visitor().drivingLessonsRecord.getDrivingLessonsRecords(p.credentials);
    expect(pub).toEqual(staff.map((r) => ({ ...r, note: null })));
  });

  it('refuses the code with another school’s id, another student’s id or number, and a wrong code, alike', async () => {
    const other = await aPass();
    const tries: ((p: Awaited<ReturnType<typeof aPass>>) => typeof p.credentials)[] = [
      (p) => ({ ...p.credentials, schoolId: other.schoolId }),
      (p) => ({ ...p.credentials, studentId: other.studentId }),
      (p) => ({ ...p.credentials, registrationNumber: other.registrationNumber }),
      (p) => ({ ...p.credentials, secretCode: 'K7M2P9QY' }),
      (p) => ({ ...p.credentials, schoolId: crypto.randomUUID() }),
    ];
    for (const make of tries) {
      // A pass and an address of its own per try: three refusals each stay under the wait.
      const p = await aPass();
      const input = make(p);
      const v = visitor();
      await expect(v.drivingLessonsRecord.getDrivingLessonsRecords(input)).rejects.toMatchObject({ code: 'NOT_FOUND', message: STUDENT_PASS_MESSAGES.invalid });
      await expect(v.studentPassSignature.getStudentPassSignature(input)).rejects.toMatchObject({ code: 'NOT_FOUND', message: STUDENT_PASS_MESSAGES.invalid });
      await expect(v.studentPassSignature.createStudentPassSignature({ ...input, signature: SIGNATURE_SVG })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      for (const studentId of [p.studentId, other.studentId]) {
        expect(await app.handle.db.select().from(schema.studentPassSignatures).where(eq(schema.studentPassSignatures.studentId, studentId))).toEqual([]);
      }
    }
  });
});

describe('the student’s signature on the pass', () => {
  it('is signed with the code, read back, shown to staff, audited and announced', async () => {
    const p = await aPass();
    const v = visitor();
    expect(await v.studentPassSignature.getStudentPassSignature(p.credentials)).toBeNull();
    const sentBefore = app.deps.live.sent.length;
    const { signedAt } = await v.studentPassSignature.createStudentPassSignature({ ...p.credentials, signature: SIGNATURE_SVG });
    expect(await v.studentPassSignature.getStudentPassSignature(p.credentials)).toEqual({ signature: SIGNATURE_SVG, signedAt });
    const pass = await p.caller.student.getStudentPass({ type: 'app', schoolId: p.schoolId, studentId: p.studentId });
    expect(typeof pass !== 'string' && pass.signature).toEqual({ svg: SIGNATURE_SVG, signedAt });
    const [entry] = await app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, p.schoolId), eq(schema.auditLog.action, 'student.signPass')));
    expect(entry).toMatchObject({ userId: null, entityId: p.studentId });
    expect(app.deps.live.sent.slice(sentBefore).map((m) => m.message)).toContainEqual({ StudentInfoMessage: { schoolId: p.schoolId, studentId: p.studentId } });
    // Signing again replaces the picture.
    const again = SIGNATURE_SVG.replace('cx="40"', 'cx="41"');
    await v.studentPassSignature.createStudentPassSignature({ ...p.credentials, signature: again });
    expect((await v.studentPassSignature.getStudentPassSignature(p.credentials))?.signature).toBe(again);
  });

  it('refuses a picture outside the safe SVG subset and an empty one', async () => {
    const p = await aPass();
    const v = visitor();
    const evil = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await expect(v.studentPassSignature.createStudentPassSignature({ ...p.credentials, signature: evil })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(v.studentPassSignature.createStudentPassSignature({ ...p.credentials, signature: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await v.studentPassSignature.getStudentPassSignature(p.credentials)).toBeNull();
  });
});

describe('sharing the pass', () => {
  /** The mails to an address, quoted-printable decoded. */
  const mailsTo = async (email: string) =>
    (await app.outbox())
      .filter((m) => m.text.includes(`To: ${email}`))
      .map((m) =>
        Buffer.from(
          m.text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
      );

  it('e-mails the link (its fragment carries the code) and the code through the outbox', async () => {
    const p = await aPass();
    const info = await p.caller.student.sendStudentPassInfo({ schoolId: p.schoolId, studentId: p.studentId });
    expect(info.studentCode).toBe('K7M2P9QX');
    const [mail] = await mailsTo(p.email);
    expect(mail).toContain('elektronický průkaz žadatele o řidičské oprávnění');
    expect(mail).toContain(`http://volant.test${p.share.path}#kod=K7M2P9QX`);
    expect(mail).toContain('Kód průkazu: K7M2P9QX');
    const [entry] = await app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, p.schoolId), eq(schema.auditLog.action, 'student.sendPass')));
    expect(entry).toMatchObject({ userId: p.user.id, entityId: p.studentId });
  });

  it('regenerates the student’s code before sending: the old code is refused, the new one opens', async () => {
    const p = await aPass();
    const info = await p.caller.student.sendStudentPassInfo({ schoolId: p.schoolId, studentId: p.studentId, generateNew: true });
    expect(info.studentCode).not.toBe('K7M2P9QX');
    expect(info.studentCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect((await p.caller.student.getStudentPassShareInfo({ schoolId: p.schoolId, studentId: p.studentId })).studentCode).toBe(info.studentCode);
    const v = visitor();
    expect(await v.student.getStudentPass(p.web)).toBe(STUDENT_PASS_MESSAGES.invalid);
    expect(typeof (await v.student.getStudentPass({ ...p.web, secretCode: info.studentCode }))).toBe('object');
    const [mail] = await mailsTo(p.email);
    expect(mail).toContain(`#kod=${info.studentCode}`);
  });

  it('refuses to send to a student without an e-mail, and sends nothing', async () => {
    const p = await aPass();
    await app.handle.db.update(schema.students).set({ email: null }).where(eq(schema.students.id, p.studentId));
    await expect(p.caller.student.sendStudentPassInfo({ schoolId: p.schoolId, studentId: p.studentId, generateNew: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: STUDENT_PASS_MESSAGES.noEmail,
    });
    // Nothing changed: the old code still opens.
    expect(typeof (await visitor().student.getStudentPass(p.web))).toBe('object');
  });

  it('lets any staff member share; a few mails an hour at most reach one address', async () => {
    const p = await aPass();
    const teacher = await createUser(app);
    await addMember(app, p.schoolId, teacher.id, 'TEACHER');
    const caller = await app.callerFor(teacher.id);
    const send = () => caller.student.sendStudentPassInfo({ schoolId: p.schoolId, studentId: p.studentId });
    for (let i = 0; i < 5; i++) await send();
    await expect(send()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('the school’s pass code (Nastavení → Průkazky)', () => {
  it('regenerates the school code: every old link stops working, the new one opens with the same student code', async () => {
    const p = await aPass();
    expect(await p.caller.studentPass.getSchoolPassCode({ schoolId: p.schoolId })).toEqual({ schoolCode: p.share.schoolCode });
    const { schoolCode } = await p.caller.studentPass.regenerateSchoolPassCode({ schoolId: p.schoolId });
    expect(schoolCode).not.toBe(p.share.schoolCode);
    expect(schoolCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const v = visitor();
    expect(await v.student.getStudentPass(p.web)).toBe(STUDENT_PASS_MESSAGES.invalid);
    expect(typeof (await v.student.getStudentPass({ ...p.web, schoolCode }))).toBe('object');
    expect((await p.caller.student.getStudentPassShareInfo({ schoolId: p.schoolId, studentId: p.studentId })).schoolCode).toBe(schoolCode);
  });

  it('is regenerated by an admin only', async () => {
    const p = await aPass();
    const teacher = await createUser(app);
    await addMember(app, p.schoolId, teacher.id, 'TEACHER');
    const caller = await app.callerFor(teacher.id);
    await expect(caller.studentPass.regenerateSchoolPassCode({ schoolId: p.schoolId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await caller.studentPass.getSchoolPassCode({ schoolId: p.schoolId })).toEqual({ schoolCode: p.share.schoolCode });
  });
});

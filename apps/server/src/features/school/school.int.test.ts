import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCHOOLS_PER_ACCOUNT_PER_DAY } from '@volant/shared/school/limits';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { createSession, findSessionUser } from '../../gate/session.queries.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

async function sessionOf(userId: string) {
  const token = await createSession(app.handle.db, userId, new Date(), 2);
  const session = await findSessionUser(app.handle.db, token, new Date());
  if (!session) throw new Error('no session');
  return { token, session };
}

const address = { street: 'Lidická', streetCode: '12', city: 'Brno', postCode: '60200' };

describe('schools', () => {
  it(`lets one account found ${SCHOOLS_PER_ACCOUNT_PER_DAY} schools in 24 hours, then refuses with a Czech message, counted in the database`, async () => {
    const user = await createUser(app);
    const found = async (now?: Date) => {
      const caller = now
        ? createCallerFactory(appRouter)({ ...app.deps, now: () => now, ip: '127.0.0.1', ...(await sessionOf(user.id)) })
        : await app.callerFor(user.id);
      return caller.school.createSchool({ info: { name: 'Autoškola Limit', number: 'AS-1', office: 'Magistrát města Brna' }, address });
    };
    for (let i = 0; i < SCHOOLS_PER_ACCOUNT_PER_DAY; i++) await found();
    await expect(found()).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Za posledních 24 hodin jste založili 3 autoškoly, víc jich jeden účet za den založit nemůže. Zkuste to prosím zítra.',
    });
    // Founding at once does not slip past the count.
    const other = await createUser(app);
    const caller = await app.callerFor(other.id);
    const all = await Promise.allSettled(
      Array.from({ length: 6 }, () => caller.school.createSchool({ info: { name: 'Autoškola Souběh', number: 'AS-2', office: 'MMB' }, address })),
    );
    expect(all.filter((r) => r.status === 'fulfilled')).toHaveLength(SCHOOLS_PER_ACCOUNT_PER_DAY);
    expect(await caller.user.getUserSchools()).toHaveLength(SCHOOLS_PER_ACCOUNT_PER_DAY);
    // A day later the account may found again; another account was never held back.
    expect(await found(new Date(Date.now() + 24 * 3_600_000 + 60_000))).toMatchObject({ id: expect.any(String) });
  });

  it('creates a school with the caller as its admin and makes it active', async () => {
    const user = await createUser(app);
    const caller = await app.callerFor(user.id);
    const school = await caller.school.createSchool({
      info: { name: 'Autoškola Nová', number: 'AS-77', office: 'Magistrát hlavního města Prahy', numberPrague: 'P-12' },
      address,
    });
    expect(school).toMatchObject({ schoolInfo: { name: 'Autoškola Nová', numberPrague: 'P-12' }, tier: 'STARTER', isBlocked: false });
    expect(await caller.user.getGroupUserSettings({ schoolId: school.id })).toMatchObject({ role: 'ADMIN' });
    const [audit] = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, school.id));
    expect(audit.action).toBe('school.create');
  });

  it('refuses a school without the required fields with the spec messages', async () => {
    const user = await createUser(app);
    const caller = await app.callerFor(user.id);
    const messages = await inputIssues(
      caller.school.createSchool({ info: { name: '', number: '', office: '' }, address: { street: '', streetCode: '', city: '', postCode: '' } }),
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'info.name: Prosím zadejte název autoškoly!',
        'info.number: Prosím zadejte číslo autoškoly!',
        'info.office: Prosím zadejte přidělený úřad!',
        'address.street: Prosím zadejte ulici!',
        'address.streetCode: Prosím zadejte číslo popisné!',
        'address.city: Prosím zadejte město!',
      ]),
    );
  });

  it('lets only admins update the school', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacher.id);
    await expect(teacherCaller.school.updateSchool({ schoolId, address })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const updated = await caller.school.updateSchool({
      schoolId,
      operator: { name: 'Provozovatel s.r.o.', companyNumber: '12345678', ...address },
    });
    expect(updated.schoolOperator).toMatchObject({ name: 'Provozovatel s.r.o.', companyNumber: '12345678' });
  });

  it('refuses school work in a blocked school but still answers the shell', async () => {
    const { schoolId, caller } = await setupSchool(app);
    await app.handle.db.update(schema.schools).set({ isBlocked: true }).where(eq(schema.schools.id, schoolId));
    expect(await caller.user.getIsGroupBlocked({ schoolId })).toBe(true);
    await expect(caller.school.getMembers({ schoolId })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Autoškola je zablokována.' });
  });
});

describe('invites', () => {
  it('invites by e-mail, notifies the invitee live, and the invitee accepts', async () => {
    const { schoolId, caller, school } = await setupSchool(app);
    const invitee = await createUser(app);
    const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email.toUpperCase(), role: 'TEACHER' });
    expect(app.deps.live.sent.at(-1)).toEqual({ room: `user:${invitee.id}`, message: { SchoolInviteCreatedMessage: { inviteId: id } } });
    expect((await app.outbox()).at(-1)?.text).toContain('/school-invite-confirm/');

    const inviteeCaller = await app.callerFor(invitee.id);
    expect(await inviteeCaller.schoolInvite.getUnusedInvites()).toEqual([expect.objectContaining({ id, schoolName: school.name })]);
    await inviteeCaller.schoolInvite.applyInviteInAccount({ id });
    expect(await inviteeCaller.schoolInvite.getUnusedInvites()).toEqual([]);
    expect(await inviteeCaller.user.getGroupUserSettings({ schoolId })).toMatchObject({ role: 'TEACHER' });
    expect((await inviteeCaller.user.meV2()).activeSchoolId).toBe(schoolId);
  });

  it('refuses a second pending invite and inviting a member', async () => {
    const { schoolId, caller, user } = await setupSchool(app);
    const invitee = await createUser(app);
    await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    await expect(caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(caller.school.inviteMember({ schoolId, email: user.email, role: 'TEACHER' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('accepts through the e-mailed link only for the invited e-mail', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const invitee = await createUser(app);
    const other = await createUser(app);
    await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'ASSISTANT' });
    const mail = (await app.outbox()).filter((m) => m.text.includes(invitee.email)).at(-1);
    const code = /school-invite-confirm\/([A-Za-z0-9_-]+)/.exec(mail?.text.replace(/=\r?\n/g, '') ?? '')?.[1] as string;
    expect(await app.anonymous.schoolInvite.describeInviteByCode({ code })).toMatchObject({ email: invitee.email, isPending: true });
    await expect((await app.callerFor(other.id)).schoolInvite.applyInviteByCode({ code })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await (await app.callerFor(invitee.id)).schoolInvite.applyInviteByCode({ code });
    expect(await app.anonymous.schoolInvite.describeInviteByCode({ code })).toMatchObject({ isPending: false });
  });

  it('declines an invite', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const invitee = await createUser(app);
    const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    const inviteeCaller = await app.callerFor(invitee.id);
    await inviteeCaller.schoolInvite.declineInvite({ id });
    expect(await inviteeCaller.schoolInvite.getUnusedInvites()).toEqual([]);
    await expect(inviteeCaller.schoolInvite.applyInviteInAccount({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('removing a member tells them live and ends their access', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const teacher = await createUser(app);
    const member = await addMember(app, schoolId, teacher.id, 'TEACHER');
    await caller.school.removeMember({ schoolId, memberId: member.id });
    expect(app.deps.live.sent.at(-1)).toEqual({ room: `user:${teacher.id}`, message: { SchoolInviteRemovedMessage: { schoolId } } });
    await expect((await app.callerFor(teacher.id)).user.getGroupSettings({ schoolId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('operator', () => {
  it('blocks a school and changes its tier, telling the school live; others are refused', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const operator = await createUser(app, { role: 'ADMIN' });
    const op = await app.callerFor(operator.id);
    await expect(caller.operator.setSchoolBlocked({ targetSchoolId: schoolId, isBlocked: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await op.operator.setSchoolBlocked({ targetSchoolId: schoolId, isBlocked: true });
    expect(app.deps.live.sent.at(-1)).toEqual({ room: `school:${schoolId}`, message: { GroupBlockedMessage: { schoolId, isBlocked: true } } });
    expect(await caller.user.getIsGroupBlocked({ schoolId })).toBe(true);
    await op.operator.setSchoolTier({ targetSchoolId: schoolId, tier: 'STARTER' });
    expect(await caller.account.getTier({ schoolId })).toMatchObject({
      tier: 'STARTER',
      maxStudentsInSchoolPerMonth: 10,
      currentUsageStudentsInSchoolPerMonth: 0,
    });
  });

  it('sends a notification to every member of a school', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const operator = await createUser(app, { role: 'ADMIN' });
    const op = await app.callerFor(operator.id);
    const { id } = await op.operator.createNotification({ targetSchoolId: schoolId, type: 'UNPAID_GROUP', title: 'Nezaplaceno', message: 'Platba nepřišla.' });
    expect((await caller.user.getNotifications()).map((n) => n.id)).toContain(id);
  });
});

describe('feature flags', () => {
  it('has version 2.1 on and DEBUG off by default; the operator switches a flag off and on for one user', async () => {
    const operator = await createUser(app, { role: 'ADMIN' });
    const op = await app.callerFor(operator.id);
    const { caller, user } = await setupSchool(app);
    const other = await setupSchool(app);
    expect(await caller.user.getUserFeatureFlags()).toEqual(['VERSION_2_1']);
    await expect(caller.operator.setFeatureFlag({ name: 'VERSION_2_1', isEnabled: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await op.operator.setFeatureFlag({ name: 'VERSION_2_1', targetUserId: user.id, isEnabled: false });
    expect(await caller.user.getUserFeatureFlags()).not.toContain('VERSION_2_1');
    expect(await other.caller.user.getUserFeatureFlags()).toContain('VERSION_2_1');
    await op.operator.setFeatureFlag({ name: 'VERSION_2_1', targetUserId: user.id, isEnabled: true });
    await op.operator.setFeatureFlag({ name: 'DEBUG', targetUserId: user.id, isEnabled: true });
    expect((await caller.user.getUserFeatureFlags()).sort()).toEqual(['DEBUG', 'VERSION_2_1']);
  });
});

describe('contact', () => {
  it('stores the message and e-mails it to support', async () => {
    await app.anonymous.contact.sendContactMessage({ email: 'Zakaznik@Example.cz', message: 'Dobrý den, mám dotaz.' });
    const rows = await app.handle.db.select().from(schema.contactMessages).where(eq(schema.contactMessages.email, 'zakaznik@example.cz'));
    expect(rows).toHaveLength(1);
    expect((await app.outbox()).at(-1)?.text).toContain('zakaznik@example.cz');
  });

  it('refuses a message shorter than 5 characters', async () => {
    expect(await inputIssues(app.anonymous.contact.sendContactMessage({ email: 'a@example.cz', message: 'ahoj' }))).toEqual([
      'message: Zpráva musí mít alespoň 5 znaků',
    ]);
  });
});

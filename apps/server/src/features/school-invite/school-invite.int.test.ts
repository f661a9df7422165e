// Invites expire 14 days after they are sent; the school sees the expiry and can send an invite again.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const DAY_MS = 86_400_000;

async function latestInviteCode(email: string) {
  const mail = (await app.outbox()).filter((m) => m.text.includes(`To: ${email}`)).at(-1);
  const code = /school-invite-confirm\/([A-Za-z0-9_-]+)/.exec(mail?.text.replace(/=\r?\n/g, '') ?? '')?.[1];
  if (!code) throw new Error(`no invite link for ${email}`);
  return code;
}

/** Moves an invite's expiry into the past, as if it was sent more than 14 days ago. */
async function expire(inviteId: string) {
  await app.handle.db
    .update(schema.schoolInvites)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(schema.schoolInvites.id, inviteId));
}

describe('invite expiry', () => {
  it('an invite expires 14 days after it is sent and is listed with its expiry', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const invitee = await createUser(app);
    const before = Date.now();
    const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    const [listed] = await caller.school.getPendingInvites({ schoolId });
    expect(listed).toMatchObject({ id, isExpired: false });
    expect(listed.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY_MS - 1_000);
    expect(listed.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS + 1_000);
  });

  it('an expired invite cannot be accepted by its link or in the account, and the school sees it as expired', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const invitee = await createUser(app);
    const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    const code = await latestInviteCode(invitee.email);
    await expire(id);

    const inviteeCaller = await app.callerFor(invitee.id);
    expect(await inviteeCaller.schoolInvite.getUnusedInvites()).toEqual([]);
    await expect(inviteeCaller.schoolInvite.applyInviteByCode({ code })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inviteeCaller.schoolInvite.applyInviteInAccount({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await app.anonymous.schoolInvite.describeInviteByCode({ code })).toMatchObject({ isPending: false, isExpired: true });
    expect(await caller.school.getPendingInvites({ schoolId })).toEqual([expect.objectContaining({ id, isExpired: true })]);
  });

  it('sending again renews the code and the expiry: the old link dies, the new one is accepted', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const invitee = await createUser(app);
    const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'ASSISTANT' });
    const oldCode = await latestInviteCode(invitee.email);
    await expire(id);

    expect(await caller.school.resendInvite({ schoolId, inviteId: id })).toEqual({ ok: true });
    const newCode = await latestInviteCode(invitee.email);
    expect(newCode).not.toBe(oldCode);
    const [listed] = await caller.school.getPendingInvites({ schoolId });
    expect(listed).toMatchObject({ id, isExpired: false });
    expect(listed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * DAY_MS);

    const inviteeCaller = await app.callerFor(invitee.id);
    await expect(inviteeCaller.schoolInvite.applyInviteByCode({ code: oldCode })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await inviteeCaller.schoolInvite.applyInviteByCode({ code: newCode })).toMatchObject({ schoolId });
    expect(await inviteeCaller.user.getGroupUserSettings({ schoolId })).toMatchObject({ role: 'ASSISTANT' });
    // An accepted invite is no longer pending and cannot be sent again.
    await expect(caller.school.resendInvite({ schoolId, inviteId: id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('only an admin of the school sends an invite again', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const { id } = await caller.school.inviteMember({ schoolId, email: (await createUser(app)).email, role: 'TEACHER' });
    const teacher = await createUser(app);
    await app.handle.db.insert(schema.schoolMembers).values({ schoolId, userId: teacher.id, role: 'TEACHER', firstName: 'T', lastName: 'U' });
    await expect((await app.callerFor(teacher.id)).school.resendInvite({ schoolId, inviteId: id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('an expired invite does not block inviting the same address again', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const invitee = await createUser(app);
    const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    await expire(id);
    const { id: again } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    expect(again).not.toBe(id);
    expect((await caller.school.getPendingInvites({ schoolId })).map((i) => i.id)).toEqual([again]);
    expect((await (await app.callerFor(invitee.id)).schoolInvite.getUnusedInvites()).map((i) => i.id)).toEqual([again]);
  });
});

describe('an accepted invite', () => {
  it('rings the admins’ bell with the invitee’s name, refreshes the teacher list and is one audit entry', async () => {
    const { schoolId, caller } = await setupSchool(app);
    const invitee = await createUser(app, { firstName: 'Petra', lastName: 'Malá' });
    const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    const inviteeCaller = await app.callerFor(invitee.id);
    const sent = app.deps.live.sent.length;
    await inviteeCaller.schoolInvite.applyInviteInAccount({ id });

    const [bell] = (await caller.user.getNotificationList({})).items;
    expect(bell).toMatchObject({ event: 'INVITE_ACCEPTED', isRead: false, link: '/app/settings/teachers' });
    expect(bell.message).toBe(`Petra Malá (${invitee.email}) přijal(a) pozvánku do autoškoly.`);
    // Admins only, and the invitee (now a teacher) has no bell for their own action.
    expect((await inviteeCaller.user.getNotificationList({})).items).toEqual([]);
    const [member] = await app.handle.db.select().from(schema.schoolMembers).where(eq(schema.schoolMembers.userId, invitee.id));
    expect(app.deps.live.sent.slice(sent)).toContainEqual({ room: `school:${schoolId}`, message: { TeacherMessage: { schoolId, memberId: member.id } } });
    const entries = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(entries.map((e) => [e.action, e.schoolId, e.userId]).sort()).toEqual([
      ['invite.accept', schoolId, invitee.id],
      ['school.invite', schoolId, expect.any(String)],
    ]);
  });
});

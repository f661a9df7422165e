// A write and its audit entry commit together: when the audit entry cannot be written, the write is not made either,
// and nobody hears of it. The audit insert is made to fail for one entity only, by a constraint the test adds and
// drops, so other tests writing audit entries at the same time are not affected.
import { randomUUID } from 'node:crypto';
import { schema } from '@volant/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, getTestApp, setupSchool, type TestApp, uniqueEmail } from '../testing/harness.ts';
import { hashToken, newToken } from './crypto.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** Runs `call` while no audit entry about `entityId` can be written. */
async function withAuditRefusedFor<T>(entityId: string, call: () => Promise<T>) {
  const name = `test_refuse_${randomUUID().replaceAll('-', '')}`;
  await app.handle.db.execute(sql.raw(`alter table audit_log add constraint ${name} check (entity_id is distinct from '${entityId}') not valid`));
  try {
    return await call();
  } finally {
    await app.handle.db.execute(sql.raw(`alter table audit_log drop constraint ${name}`));
  }
}

const liveMessagesSince = (count: number) => app.deps.live.sent.slice(count);

async function pendingInvite() {
  const { schoolId, caller } = await setupSchool(app);
  const invitee = await createUser(app, { email: uniqueEmail('invitee') });
  const { id } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
  return { schoolId, caller, invitee, inviteId: id };
}

describe('writes and their audit entries', () => {
  it('cancelInvite leaves the invite pending and tells nobody when its audit entry fails', async () => {
    const { schoolId, caller, inviteId } = await pendingInvite();
    const sent = app.deps.live.sent.length;
    await expect(withAuditRefusedFor(inviteId, () => caller.school.cancelInvite({ schoolId, inviteId }))).rejects.toThrow();
    expect((await caller.school.getPendingInvites({ schoolId })).map((i) => i.id)).toEqual([inviteId]);
    expect(liveMessagesSince(sent)).toEqual([]);
  });

  it('declineInvite leaves the invite open for the invitee when its audit entry fails', async () => {
    const { invitee, inviteId } = await pendingInvite();
    const inviteeCaller = await app.callerFor(invitee.id);
    await expect(withAuditRefusedFor(inviteId, () => inviteeCaller.schoolInvite.declineInvite({ id: inviteId }))).rejects.toThrow();
    expect((await inviteeCaller.schoolInvite.getUnusedInvites()).map((i) => i.id)).toEqual([inviteId]);
  });

  it('setSchoolBlocked and setSchoolTier change nothing and publish nothing when their audit entry fails', async () => {
    const { schoolId } = await setupSchool(app, { tier: 'STARTER' });
    const operator = await app.callerFor((await createUser(app, { role: 'ADMIN' })).id);
    const sent = app.deps.live.sent.length;
    await expect(withAuditRefusedFor(schoolId, () => operator.operator.setSchoolBlocked({ targetSchoolId: schoolId, isBlocked: true }))).rejects.toThrow();
    await expect(withAuditRefusedFor(schoolId, () => operator.operator.setSchoolTier({ targetSchoolId: schoolId, tier: 'ENTERPRISE' }))).rejects.toThrow();
    const [school] = await app.handle.db.select().from(schema.schools).where(eq(schema.schools.id, schoolId));
    expect({ isBlocked: school.isBlocked, tier: school.tier }).toEqual({ isBlocked: false, tier: 'STARTER' });
    expect(liveMessagesSince(sent)).toEqual([]);
  });

  it('confirmEmail leaves the account unconfirmed and its link usable when its audit entry fails', async () => {
    const user = await createUser(app, { isActivated: false });
    const code = newToken();
    await app.handle.db
      .insert(schema.emailTokens)
      .values({ userId: user.id, kind: 'CONFIRM', tokenHash: hashToken(code), expiresAt: new Date(Date.now() + 86_400_000) });
    await expect(withAuditRefusedFor(user.id, () => app.anonymous.user.confirmEmail({ code }))).rejects.toThrow();
    const [row] = await app.handle.db.select({ isActivated: schema.users.isActivated }).from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.isActivated).toBe(false);
    expect(await app.anonymous.user.confirmEmail({ code })).toEqual({ email: user.email });
  });
});

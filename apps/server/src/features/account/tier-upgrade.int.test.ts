import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const { notifications, mailOutbox, tierUpgradeRequests, users } = schema;

/** A STARTER school (its admin's caller) and a fresh operator (other test files' operators exist in the database too). */
async function arrange() {
  const s = await setupSchool(app, { tier: 'STARTER' });
  const operator = await createUser(app, { role: 'ADMIN', firstName: 'Olga', lastName: 'Provozní' });
  return { ...s, operator, op: await app.callerFor(operator.id) };
}

const mailsTo = (email: string) => app.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
const tierChanged = (schoolId: string) => ({ room: `school:${schoolId}`, message: { TierChangedMessage: { schoolId } } });

describe('tier upgrade request', () => {
  it('reaches every operator as a notification and an e-mail, and the school sees it pending', async () => {
    const { caller, schoolId, school, user, operator } = await arrange();
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id);

    const { id } = await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM', note: 'Přibývá nám žáků.' });
    expect(app.deps.live.sent.at(-1)).toEqual(tierChanged(schoolId));

    // Every member reads it, the teacher too.
    const seen = await (await app.callerFor(teacher.id)).account.getTierUpgradeRequest({ schoolId });
    expect(seen).toMatchObject({
      id,
      requestedTier: 'PREMIUM',
      note: 'Přibývá nám žáků.',
      status: 'PENDING',
      resolvedAt: null,
      requestedByName: 'Test Uživatel',
    });

    const [notification] = await app.handle.db.select().from(notifications).where(eq(notifications.userId, operator.id));
    expect(notification).toMatchObject({ event: 'TIER_UPGRADE_REQUEST', link: '/app/debug', title: 'Žádost o změnu tarifu' });
    expect(notification.message).toContain(`${school.name} (č. AS-1) žádá o změnu tarifu z Starter na Premium.`);
    expect(app.deps.live.sent).toContainEqual({ room: `user:${operator.id}`, message: { NotificationMessage: { id: notification.id, type: 'GENERIC' } } });

    const mails = await mailsTo(operator.email);
    expect(mails.map((m) => m.kind)).toEqual(['TIER_UPGRADE']);
    expect(mails[0].subject).toBe(`Žádost o změnu tarifu: ${school.name}`);
    expect(mails[0].text).toContain(`${school.name} (č. AS-1) žádá o změnu tarifu z Starter na Premium.`);
    expect(mails[0].text).toContain(user.email);
    expect(mails[0].text).toContain('Poznámka: Přibývá nám žáků.');
    expect(mails[0].text).toContain('http://volant.test/app/debug');
  });

  it('sends an operator who gets this event by e-mail one mail, not two', async () => {
    const { caller, schoolId, operator } = await arrange();
    await app.handle.db
      .update(users)
      .set({ emailNotificationEvents: ['TIER_UPGRADE_REQUEST'] })
      .where(eq(users.id, operator.id));
    await caller.account.requestTierUpgrade({ schoolId, tier: 'ENTERPRISE' });
    expect((await mailsTo(operator.email)).map((m) => m.kind)).toEqual(['NOTIFICATION']);
  });

  it('refuses the current tier, a second open request, a member who is not the admin and a missing tier', async () => {
    const { caller, schoolId } = await arrange();
    await expect(caller.account.requestTierUpgrade({ schoolId, tier: 'STARTER' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Tento tarif už máte.',
    });
    await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM' });
    await expect(caller.account.requestTierUpgrade({ schoolId, tier: 'ENTERPRISE' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Žádost o změnu tarifu už byla odeslána a čeká na vyřízení.',
    });
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id);
    const asTeacher = await app.callerFor(teacher.id);
    await expect(asTeacher.account.cancelTierUpgradeRequest({ schoolId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asTeacher.account.requestTierUpgrade({ schoolId, tier: 'ENTERPRISE' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await inputIssues(caller.account.requestTierUpgrade({ schoolId, tier: 'GOLD' as 'PREMIUM' }))).toEqual(['tier: Prosím vyberte tarif!']);
    expect(await inputIssues(caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM', note: 'x'.repeat(1001) }))).toEqual([
      'note: Poznámka může mít nejvýše 1000 znaků',
    ]);
  });

  it('keeps one open request when two admins ask at the same moment', async () => {
    const { caller, schoolId } = await arrange();
    const other = await createUser(app);
    await addMember(app, schoolId, other.id, 'ADMIN');
    const second = await app.callerFor(other.id);
    const results = await Promise.allSettled([
      caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM' }),
      second.account.requestTierUpgrade({ schoolId, tier: 'ENTERPRISE' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'CONFLICT', message: 'Žádost o změnu tarifu už byla odeslána a čeká na vyřízení.' });
    const open = await app.handle.db
      .select()
      .from(tierUpgradeRequests)
      .where(and(eq(tierUpgradeRequests.schoolId, schoolId), eq(tierUpgradeRequests.status, 'PENDING')));
    expect(open).toHaveLength(1);
  });

  it('is withdrawn by the admin, shows as none, and may be asked again', async () => {
    const { caller, schoolId } = await arrange();
    await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM' });
    expect(await caller.account.cancelTierUpgradeRequest({ schoolId })).toEqual({ isCancelled: true });
    expect(app.deps.live.sent.at(-1)).toEqual(tierChanged(schoolId));
    expect(await caller.account.getTierUpgradeRequest({ schoolId })).toBeNull();
    // Nothing open any more (another tab withdrew it): no error, no message.
    const sent = app.deps.live.sent.length;
    expect(await caller.account.cancelTierUpgradeRequest({ schoolId })).toEqual({ isCancelled: false });
    expect(app.deps.live.sent.length).toBe(sent);
    const { id } = await caller.account.requestTierUpgrade({ schoolId, tier: 'ENTERPRISE' });
    expect(await caller.account.getTierUpgradeRequest({ schoolId })).toMatchObject({ id, status: 'PENDING', requestedTier: 'ENTERPRISE' });
  });
});

describe('the operator settles tier requests', () => {
  it('lists open requests first with the school, its number, its tier and who asked; others are refused', async () => {
    const { caller, schoolId, school, user, op } = await arrange();
    const { id } = await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM', note: 'Prosíme' });
    const list = await op.operator.getTierUpgradeRequests();
    const pendingCount = list.filter((r) => r.status === 'PENDING').length;
    expect(list.slice(0, pendingCount).every((r) => r.status === 'PENDING')).toBe(true);
    expect(list.find((r) => r.id === id)).toMatchObject({
      schoolId,
      schoolName: school.name,
      schoolNumber: 'AS-1',
      currentTier: 'STARTER',
      requestedTier: 'PREMIUM',
      note: 'Prosíme',
      status: 'PENDING',
      outcome: 'PENDING',
      requestedByName: 'Test Uživatel',
      requestedByEmail: user.email,
    });
    await expect(caller.operator.getTierUpgradeRequests()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.operator.resolveTierUpgradeRequest({ requestId: id, approve: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('approves: the school gets the requested tier, the request is done and the school is told', async () => {
    const { caller, schoolId, op } = await arrange();
    const { id } = await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM' });
    expect(await op.operator.resolveTierUpgradeRequest({ requestId: id, approve: true })).toEqual({ status: 'DONE' });
    expect(app.deps.live.sent.at(-1)).toEqual(tierChanged(schoolId));
    expect(await caller.account.getTier({ schoolId })).toMatchObject({ tier: 'PREMIUM', maxStudentsInSchoolPerMonth: null });
    const shown = await caller.account.getTierUpgradeRequest({ schoolId });
    expect(shown).toMatchObject({ id, status: 'DONE', requestedTier: 'PREMIUM' });
    expect(shown?.resolvedAt).toBeInstanceOf(Date);
    expect((await op.operator.getTierUpgradeRequests()).find((r) => r.id === id)).toMatchObject({ outcome: 'APPROVED', currentTier: 'PREMIUM' });
    // Settled once: a second answer finds no open request.
    await expect(op.operator.resolveTierUpgradeRequest({ requestId: id, approve: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('rejects: the tier stays, the school sees the refusal and may ask again', async () => {
    const { caller, schoolId, op } = await arrange();
    const { id } = await caller.account.requestTierUpgrade({ schoolId, tier: 'ENTERPRISE' });
    expect(await op.operator.resolveTierUpgradeRequest({ requestId: id, approve: false })).toEqual({ status: 'CANCELLED' });
    expect(app.deps.live.sent.at(-1)).toEqual(tierChanged(schoolId));
    expect(await caller.account.getTier({ schoolId })).toMatchObject({ tier: 'STARTER' });
    expect(await caller.account.getTierUpgradeRequest({ schoolId })).toMatchObject({ id, status: 'CANCELLED' });
    expect((await op.operator.getTierUpgradeRequests()).find((r) => r.id === id)).toMatchObject({ outcome: 'REJECTED' });
    await expect(op.operator.resolveTierUpgradeRequest({ requestId: id, approve: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM' });
  });

  it('settles the request when the operator sets a tier directly: done for the asked tier, refused for another', async () => {
    const { caller, schoolId, op } = await arrange();
    const { id } = await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM' });
    await op.operator.setSchoolTier({ targetSchoolId: schoolId, tier: 'ENTERPRISE' });
    expect(await caller.account.getTierUpgradeRequest({ schoolId })).toMatchObject({ id, status: 'CANCELLED' });
    const again = await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM' });
    await op.operator.setSchoolTier({ targetSchoolId: schoolId, tier: 'PREMIUM' });
    expect(await caller.account.getTierUpgradeRequest({ schoolId })).toMatchObject({ id: again.id, status: 'DONE' });
  });

  it('stops showing an outcome after 30 days', async () => {
    const { caller, schoolId, op } = await arrange();
    const { id } = await caller.account.requestTierUpgrade({ schoolId, tier: 'PREMIUM' });
    await op.operator.resolveTierUpgradeRequest({ requestId: id, approve: false });
    await app.handle.db
      .update(tierUpgradeRequests)
      .set({ resolvedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(tierUpgradeRequests.id, id));
    expect(await caller.account.getTierUpgradeRequest({ schoolId })).toBeNull();
    expect((await op.operator.getTierUpgradeRequests()).some((r) => r.id === id)).toBe(false);
  });
});

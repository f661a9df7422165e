import type { TestApp } from '../../testing/harness.ts';
import { account, type IsolationTable, operatorCaller, school, theSchool, type Victim } from '../../testing/isolation.ts';

/** A notification for every member of the victim's school. */
async function aNotification(app: TestApp, v: Victim) {
  const op = await operatorCaller(app);
  const { id } = await op.operator.createNotification({ targetSchoolId: v.schoolId, type: 'GENERIC', title: 'Zpráva', message: 'Pro vaši autoškolu.' });
  return { notificationId: id };
}

/** The victim's school blocked by the operator (the only value its answer could reveal). */
async function blocked(app: TestApp, v: Victim) {
  await (await operatorCaller(app)).operator.setSchoolBlocked({ targetSchoolId: v.schoolId, isBlocked: true });
  return { schoolId: v.schoolId };
}

/** The victim's school on another tier than the attacker's (PREMIUM). */
async function enterprise(app: TestApp, v: Victim) {
  await (await operatorCaller(app)).operator.setSchoolTier({ targetSchoolId: v.schoolId, tier: 'ENTERPRISE' });
  return { schoolId: v.schoolId };
}

export const userIsolation: IsolationTable = {
  'app.getServerConfig': { kind: 'public', why: 'server configuration, no tenant data' },
  'user.loginUser': { kind: 'public', why: 'login' },
  'user.register': { kind: 'public', why: 'registration' },
  'user.confirmEmail': { kind: 'public', why: 'the code is the secret' },
  'user.requestPasswordReset': { kind: 'public', why: 'same answer for every e-mail' },
  'user.resetPasswordConfirm': { kind: 'public', why: 'the code is the secret' },
  'user.logout': { kind: 'own-account', why: 'revokes the caller’s own session' },
  'user.meV2': { kind: 'own-account', why: 'the caller’s own account' },
  'user.getUserFeatureFlags': { kind: 'own-account', why: 'the caller’s own flags' },
  'user.getNotifications': { kind: 'own-account', why: 'the caller’s own notifications' },
  'user.getUserSchools': { kind: 'own-account', why: 'the caller’s own memberships' },
  'user.readNotification': account(aNotification, (c, { notificationId }) => c.user.readNotification({ id: notificationId })),
  'user.getGroupUserSettings': school(theSchool, (c, schoolId) => c.user.getGroupUserSettings({ schoolId })),
  'user.getGroupSettings': school(theSchool, (c, schoolId) => c.user.getGroupSettings({ schoolId })),
  'user.getIsGroupBlocked': school(
    blocked,
    (c, schoolId) => c.user.getIsGroupBlocked({ schoolId }),
    (isBlocked) => isBlocked === true,
  ),
  'user.setActiveSchool': school(theSchool, (c, schoolId) => c.user.setActiveSchool({ schoolId })),
  // Writes the caller's own membership only: across schools it is refused by the gate, the victim's switch stays off.
  'user.setMorningAgenda': school(theSchool, (c, schoolId) => c.user.setMorningAgenda({ schoolId, enabled: true })),
  'contact.sendContactMessage': { kind: 'public', why: 'contact form' },
  'account.getTier': school(
    enterprise,
    (c, schoolId) => c.account.getTier({ schoolId }),
    (tier) => (tier as { tier: string }).tier === 'ENTERPRISE',
  ),
};

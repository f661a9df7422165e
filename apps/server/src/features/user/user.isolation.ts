import { schema } from '@volant/db/schema';
import type { IsolationTable } from '../../testing/isolation.ts';

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
  'user.readNotification': {
    kind: 'attack',
    run: async (attacker, victim, app) => {
      const [n] = await app.handle.db.insert(schema.notifications).values({ schoolId: victim.schoolId, type: 'GENERIC', title: 'x', message: 'y' }).returning();
      return attacker.user.readNotification({ id: n.id });
    },
  },
  'user.getGroupUserSettings': { kind: 'attack', run: (a, v) => a.user.getGroupUserSettings({ schoolId: v.schoolId }) },
  'user.getGroupSettings': { kind: 'attack', run: (a, v) => a.user.getGroupSettings({ schoolId: v.schoolId }) },
  'user.getIsGroupBlocked': { kind: 'attack', run: (a, v) => a.user.getIsGroupBlocked({ schoolId: v.schoolId }) },
  'user.setActiveSchool': { kind: 'attack', run: (a, v) => a.user.setActiveSchool({ schoolId: v.schoolId }) },
  'contact.sendContactMessage': { kind: 'public', why: 'contact form' },
  'account.getTier': { kind: 'attack', run: (a, v) => a.account.getTier({ schoolId: v.schoolId }) },
};

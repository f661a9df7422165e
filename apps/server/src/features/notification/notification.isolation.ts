import type { IsolationTable } from '../../testing/isolation.ts';

export const notificationIsolation: IsolationTable = {
  'user.getNotificationList': {
    kind: 'own-account',
    why: 'the caller’s own notifications (visibility: addressed to them or their active memberships; notification.int.test.ts)',
  },
  'user.getUnreadNotificationCount': { kind: 'own-account', why: 'counts the caller’s own visible notifications' },
  'user.readAllNotifications': { kind: 'own-account', why: 'marks the caller’s own visible notifications read' },
};

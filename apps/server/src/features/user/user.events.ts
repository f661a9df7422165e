// What the user's own events mean after commit (events/processors.ts): the user's other open sessions reload the
// settings, the schools the user teaches at refresh the teacher's name, a reset password closes every socket.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { listMemberships } from './user-settings.queries.ts';
import { settingsChanged } from './user-settings.service.ts';

const refreshSettings: EventDefinition = {
  live(live, { userId }) {
    if (userId) live.toUser(userId, settingsChanged);
  },
};

export const userEvents: EventDefinitions<{
  'user.updateProfile': unknown;
  'user.setPreferences': unknown;
  'user.changePassword': unknown;
  'user.signOutOtherSessions': unknown;
  'user.confirmEmail': unknown;
  'user.resetPassword': unknown;
}> = {
  'user.updateProfile': {
    async live(live, { userId }, db) {
      if (!userId) return;
      live.toUser(userId, settingsChanged);
      for (const m of await listMemberships(db, userId)) live.toSchool(m.schoolId, { TeacherMessage: { schoolId: m.schoolId, memberId: m.memberId } });
    },
  },
  'user.setPreferences': refreshSettings,
  'user.changePassword': {},
  'user.signOutOtherSessions': {},
  'user.confirmEmail': {},
  'user.resetPassword': {
    live(live, { userId }) {
      if (userId) live.disconnectUser(userId);
    },
  },
};

// What the school's events mean after commit (events/processors.ts): the founder joins the new school's channel, an
// invitee with an account sees the invite come and go, a removed member leaves the school's channel, and the teacher
// list refreshes.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { findInviteEmail } from '../school-invite/school-invite.queries.ts';
import { findUserIdByEmail } from '../user/user.queries.ts';
import { findMemberUserId } from './school.queries.ts';
import { teacherMessage } from './teacher.service.ts';

const refreshTeacher: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) teacherMessage(live, schoolId, entityId);
  },
};

export const schoolEvents: EventDefinitions<{
  'school.create': unknown;
  'school.update': unknown;
  'school.invite': { email: string };
  'school.resendInvite': unknown;
  'school.cancelInvite': unknown;
  'school.removeMember': unknown;
  'school.createTeacher': unknown;
  'school.updateTeacher': unknown;
}> = {
  'school.create': {
    live(live, { schoolId, userId }) {
      if (schoolId && userId) live.joinSchool(userId, schoolId);
    },
  },
  'school.update': {},
  'school.invite': {
    async live(live, { entityId, data }, db) {
      const inviteeId = data && (await findUserIdByEmail(db, data.email));
      if (inviteeId && entityId) live.toUser(inviteeId, { SchoolInviteCreatedMessage: { inviteId: entityId } });
    },
  },
  'school.resendInvite': {},
  'school.cancelInvite': {
    async live(live, { schoolId, entityId }, db) {
      if (!schoolId || !entityId) return;
      const email = await findInviteEmail(db, schoolId, entityId);
      const inviteeId = email && (await findUserIdByEmail(db, email));
      if (inviteeId) live.toUser(inviteeId, { SchoolInviteCreatedMessage: { inviteId: entityId } });
    },
  },
  'school.removeMember': {
    async live(live, { schoolId, entityId }, db) {
      if (!schoolId || !entityId) return;
      const removedUserId = await findMemberUserId(db, schoolId, entityId);
      if (!removedUserId) return;
      live.leaveSchool(removedUserId, schoolId);
      live.toUser(removedUserId, { SchoolInviteRemovedMessage: { schoolId } });
    },
  },
  'school.createTeacher': refreshTeacher,
  'school.updateTeacher': refreshTeacher,
};

// What an accepted invite means after commit (events/processors.ts): the teacher list shows the new (or linked, or
// returning) member, the accepting user joins the school's channel, and the school's admins get the bell.
import type { EventDefinitions } from '../../events/event.ts';
import { findMemberIdOfUser } from '../school/school.queries.ts';
import { teacherMessage } from '../school/teacher.service.ts';
import { getMe } from '../user/user.queries.ts';

export const schoolInviteEvents: EventDefinitions = {
  'invite.accept': {
    async live(live, { schoolId, userId }, db) {
      if (!schoolId || !userId) return;
      const memberId = await findMemberIdOfUser(db, schoolId, userId);
      if (memberId) teacherMessage(live, schoolId, memberId);
      live.joinSchool(userId, schoolId);
    },
    async notification(db, { schoolId, userId }) {
      const user = userId ? await getMe(db, userId) : undefined;
      if (!schoolId || !user) return null;
      return {
        schoolId,
        event: 'INVITE_ACCEPTED',
        title: 'Přijatá pozvánka',
        message: `${user.firstName} ${user.lastName} (${user.email}) přijal(a) pozvánku do autoškoly.`,
        link: '/app/settings/teachers',
        staffRoles: ['ADMIN'],
        actorUserId: user.id,
      };
    },
  },
};

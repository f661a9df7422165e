import { schema } from '@volant/db/schema';
import type { IsolationTable } from '../../testing/isolation.ts';
import { type TestApp, uniqueEmail } from '../../testing/harness.ts';

/** A pending invite of the victim's school, for another e-mail than the attacker's. */
async function seedInvite(app: TestApp, schoolId: string, role: 'ADMIN' | 'TEACHER' = 'TEACHER') {
  const [invite] = await app.handle.db.insert(schema.schoolInvites).values({ schoolId, email: uniqueEmail(), role, tokenHash: uniqueEmail() }).returning();
  return invite;
}

export const schoolIsolation: IsolationTable = {
  'school.createSchool': { kind: 'own-account', why: 'creates a new school owned by the caller' },
  'school.updateSchool': { kind: 'attack', run: (a, v) => a.school.updateSchool({ schoolId: v.schoolId, contact: { email: 'x@example.cz', phone: null } }) },
  'school.getMembers': { kind: 'attack', run: (a, v) => a.school.getMembers({ schoolId: v.schoolId }) },
  'school.getPendingInvites': { kind: 'attack', run: (a, v) => a.school.getPendingInvites({ schoolId: v.schoolId }) },
  'school.inviteMember': { kind: 'attack', run: (a, v) => a.school.inviteMember({ schoolId: v.schoolId, email: uniqueEmail(), role: 'TEACHER' }) },
  'school.cancelInvite': {
    kind: 'attack',
    run: async (a, v, app) => {
      const i = await seedInvite(app, v.schoolId, 'TEACHER');
      return a.school.cancelInvite({ schoolId: v.schoolId, inviteId: i.id });
    },
  },
  'school.resendInvite': {
    kind: 'attack',
    run: async (a, v, app) => {
      const i = await seedInvite(app, v.schoolId, 'TEACHER');
      return a.school.resendInvite({ schoolId: v.schoolId, inviteId: i.id });
    },
  },
  'school.removeMember': { kind: 'attack', run: (a, v) => a.school.removeMember({ schoolId: v.schoolId, memberId: v.member.id }) },
  'schoolInvite.getUnusedInvites': { kind: 'own-account', why: 'invites addressed to the caller’s own e-mail' },
  'schoolInvite.describeInviteByCode': { kind: 'public', why: 'the code is the secret (sent in the body, never in a URL)' },
  'schoolInvite.applyInviteByCode': { kind: 'own-account', why: 'the code must match an invite for the caller’s e-mail' },
  'schoolInvite.declineInvite': {
    kind: 'attack',
    run: async (a, v, app) => {
      const i = await seedInvite(app, v.schoolId, 'TEACHER');
      return a.schoolInvite.declineInvite({ id: i.id });
    },
  },
  'schoolInvite.applyInviteInAccount': {
    kind: 'attack',
    run: async (a, v, app) => {
      const i = await seedInvite(app, v.schoolId, 'ADMIN');
      return a.schoolInvite.applyInviteInAccount({ id: i.id });
    },
  },
  'operator.listSchools': { kind: 'own-account', why: 'operator only (user role ADMIN); refused to others, tested in operator tests' },
  'operator.setSchoolBlocked': { kind: 'own-account', why: 'operator only (user role ADMIN)' },
  'operator.setSchoolTier': { kind: 'own-account', why: 'operator only (user role ADMIN)' },
  'operator.createNotification': { kind: 'own-account', why: 'operator only (user role ADMIN)' },
  'operator.setFeatureFlag': { kind: 'own-account', why: 'operator only (user role ADMIN)' },
};

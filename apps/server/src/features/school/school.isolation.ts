import { addMember, createUser, type TestApp, uniqueEmail } from '../../testing/harness.ts';
import { aStudent } from '../student/student.testing.ts';
import { account, entity, type IsolationTable, operator, school, theSchool, type Victim } from '../../testing/isolation.ts';

/** A pending invite of the victim's school, addressed to a user who has an account (`userId`). */
async function anInvite(app: TestApp, v: Victim, role: 'ADMIN' | 'TEACHER' = 'TEACHER') {
  const invitee = await createUser(app);
  const { id } = await v.caller.school.inviteMember({ schoolId: v.schoolId, email: invitee.email, role });
  return { inviteId: id, userId: invitee.id };
}

/** A teacher of the victim's school besides its admin. */
async function aTeacher(app: TestApp, v: Victim) {
  const teacher = await createUser(app);
  return { memberId: (await addMember(app, v.schoolId, teacher.id)).id };
}

export const teacherProfileExample = {
  firstName: 'Karel',
  lastName: 'Novotný',
  degree: 'Ing.',
  birthDate: '1975-02-14',
  phone: '+420 777 222 333',
  email: 'karel.novotny@example.cz',
  groups: ['B', 'C'] as ('B' | 'C')[],
  teacherLicenceValidUntil: '2030-12-31',
};

/** A teacher of the victim's school without a login (made by the admin). */
async function aTeacherWithoutLogin(_app: TestApp, v: Victim) {
  return { memberId: (await v.caller.school.createTeacher({ schoolId: v.schoolId, ...teacherProfileExample })).id };
}

const invitee = async (app: TestApp, _v: Victim, { userId }: { userId: string }) => app.callerFor(userId);

export const schoolIsolation: IsolationTable = {
  'school.createSchool': { kind: 'own-account', why: 'creates a new school owned by the caller' },
  'school.updateSchool': school(theSchool, (c, schoolId) => c.school.updateSchool({ schoolId, contact: { email: 'x@example.cz', phone: null } })),
  'school.getMembers': school(aTeacher, (c, schoolId) => c.school.getMembers({ schoolId })),
  'school.getPendingInvites': school(anInvite, (c, schoolId) => c.school.getPendingInvites({ schoolId })),
  'school.inviteMember': school(theSchool, (c, schoolId) => c.school.inviteMember({ schoolId, email: uniqueEmail(), role: 'TEACHER' })),
  'school.cancelInvite': entity(anInvite, (c, schoolId, { inviteId }) => c.school.cancelInvite({ schoolId, inviteId })),
  'school.resendInvite': entity(anInvite, (c, schoolId, { inviteId }) => c.school.resendInvite({ schoolId, inviteId })),
  'school.removeMember': entity(aTeacher, (c, schoolId, { memberId }) => c.school.removeMember({ schoolId, memberId })),
  'school.getSchoolTeachers': school(aTeacherWithoutLogin, (c, schoolId) => c.school.getSchoolTeachers({ schoolId })),
  'school.createTeacher': school(theSchool, (c, schoolId) => c.school.createTeacher({ schoolId, ...teacherProfileExample })),
  'school.updateTeacher': entity(aTeacherWithoutLogin, (c, schoolId, { memberId }) =>
    c.school.updateTeacher({ schoolId, memberId, ...teacherProfileExample, degree: 'Mgr.' }),
  ),
  'school.getStudentsForTrainingFields': school(aStudent, (c, schoolId) => c.school.getStudentsForTrainingFields({ schoolId })),
  'schoolInvite.getUnusedInvites': { kind: 'own-account', why: 'invites addressed to the caller’s own e-mail' },
  'schoolInvite.describeInviteByCode': { kind: 'public', why: 'the code is the secret (sent in the body, never in a URL)' },
  'schoolInvite.applyInviteByCode': { kind: 'own-account', why: 'the code must match an invite for the caller’s e-mail' },
  'schoolInvite.declineInvite': account(anInvite, (c, { inviteId }) => c.schoolInvite.declineInvite({ id: inviteId }), invitee),
  'schoolInvite.applyInviteInAccount': account(
    (app, v) => anInvite(app, v, 'ADMIN'),
    (c, { inviteId }) => c.schoolInvite.applyInviteInAccount({ id: inviteId }),
    invitee,
  ),
  'operator.listSchools': operator(theSchool, (c) => c.operator.listSchools()),
  'operator.setSchoolBlocked': operator(theSchool, (c, { schoolId }) => c.operator.setSchoolBlocked({ targetSchoolId: schoolId, isBlocked: true })),
  'operator.setSchoolTier': operator(theSchool, (c, { schoolId }) => c.operator.setSchoolTier({ targetSchoolId: schoolId, tier: 'ENTERPRISE' })),
  'operator.createNotification': operator(theSchool, (c, { schoolId }) =>
    c.operator.createNotification({ targetSchoolId: schoolId, type: 'GENERIC', title: 'Údržba', message: 'V noci nepojedeme.' }),
  ),
  'operator.setFeatureFlag': operator(
    async (_app, v) => ({ userId: v.user.id }),
    (c, { userId }) => c.operator.setFeatureFlag({ name: 'DEBUG', targetUserId: userId, isEnabled: true }),
  ),
};

import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.ts';
import { createCallerFactory } from '../../trpc/init.ts';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';
import { createSession, findSessionUser } from '../../gate/session.queries.ts';
import { teacherProfileExample as profile } from './school.isolation.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const auditActions = async (entityId: string) =>
  (await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId))).map((e) => e.action).sort();

describe('teachers', () => {
  it('creates a teacher without a login who is listed with the school’s teaching members', async () => {
    const { caller, schoolId, member, user } = await setupSchool(app);
    const created = await caller.school.createTeacher({ schoolId, ...profile, firstName: 'Šárka', lastName: 'Čermáková' });
    expect(created).toEqual({
      id: created.id,
      userId: null,
      hasLogin: false,
      role: 'TEACHER',
      firstName: 'Šárka',
      lastName: 'Čermáková',
      degree: 'Ing.',
      birthDate: '1975-02-14',
      phone: '+420 777 222 333',
      email: 'karel.novotny@example.cz',
      groups: ['B', 'C'],
      teacherLicenceValidUntil: '2030-12-31',
      licenceState: 'OK',
    });
    // An assistant does not teach; a removed member is gone; a paramedic teaches first aid.
    const assistant = await addMember(app, schoolId, (await createUser(app)).id, 'ASSISTANT');
    const paramedic = await addMember(app, schoolId, (await createUser(app)).id, 'PARAMEDIC');
    const former = await addMember(app, schoolId, (await createUser(app)).id, 'TEACHER');
    await caller.school.removeMember({ schoolId, memberId: former.id });
    await app.handle.db.update(schema.schoolMembers).set({ lastName: 'Chalupa' }).where(eq(schema.schoolMembers.id, paramedic.id));
    await app.handle.db.update(schema.schoolMembers).set({ lastName: 'Hrubý' }).where(eq(schema.schoolMembers.id, member.id));
    const teachers = await caller.school.getSchoolTeachers({ schoolId });
    // Czech order: Č after C, Ch after H.
    expect(teachers.map((t) => [t.lastName, t.role, t.hasLogin])).toEqual([
      ['Čermáková', 'TEACHER', false],
      ['Hrubý', 'ADMIN', true],
      ['Chalupa', 'PARAMEDIC', true],
    ]);
    expect(teachers.map((t) => t.id)).not.toContain(assistant.id);
    // A member with a login and no e-mail of the member row shows the account's e-mail.
    expect(teachers[1]).toMatchObject({ id: member.id, userId: user.id, email: user.email, groups: [], licenceState: null });
    expect(teachers[2].email).toMatch(/@example\.cz$/);
    expect(await auditActions(created.id)).toEqual(['school.createTeacher']);
  });

  it('updates the profile of a teacher with or without a login', async () => {
    const { caller, schoolId, member } = await setupSchool(app);
    const { id } = await caller.school.createTeacher({ schoolId, ...profile });
    const updated = await caller.school.updateTeacher({
      schoolId,
      memberId: id,
      ...profile,
      degree: '',
      phone: '',
      email: '',
      birthDate: null,
      groups: ['A', 'T'],
      teacherLicenceValidUntil: null,
    });
    expect(updated).toMatchObject({
      id,
      degree: null,
      phone: null,
      email: null,
      birthDate: null,
      groups: ['A', 'T'],
      teacherLicenceValidUntil: null,
      licenceState: null,
    });
    const own = await caller.school.updateTeacher({ schoolId, memberId: member.id, ...profile, firstName: 'Jana', lastName: 'Malá' });
    expect(own).toMatchObject({ id: member.id, hasLogin: true, role: 'ADMIN', firstName: 'Jana', lastName: 'Malá', groups: ['B', 'C'] });
    await expect(caller.school.updateTeacher({ schoolId, memberId: crypto.randomUUID(), ...profile })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Učitel nebyl nalezen.',
    });
    await caller.school.removeMember({ schoolId, memberId: id });
    await expect(caller.school.updateTeacher({ schoolId, memberId: id, ...profile })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await auditActions(id)).toEqual(['school.createTeacher', 'school.removeMember', 'school.updateTeacher']);
    expect(await auditActions(member.id)).toEqual(['school.updateTeacher']);
  });

  it('refuses invalid profiles with the spec messages', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const messages = await inputIssues(
      caller.school.createTeacher({
        schoolId,
        ...profile,
        firstName: '',
        lastName: '',
        phone: 'telefon',
        email: 'není-email',
        birthDate: '2999-01-01',
        groups: ['X' as 'B'],
      }),
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'firstName: Prosím zadejte jméno!',
        'lastName: Prosím zadejte příjmení!',
        'phone: Neplatný formát telefonního čísla',
        'email: Neplatný formát e-mailu',
        'groups.0: Neznámá skupina',
      ]),
    );
    expect(messages.some((m) => m.startsWith('birthDate: '))).toBe(true);
  });

  it('tells the school about a created and an updated teacher', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const sent = app.deps.live.sent.length;
    const { id: memberId } = await caller.school.createTeacher({ schoolId, ...profile });
    await caller.school.updateTeacher({ schoolId, memberId, ...profile });
    await expect(caller.school.updateTeacher({ schoolId, memberId: crypto.randomUUID(), ...profile })).rejects.toBeTruthy();
    const message = { room: `school:${schoolId}`, message: { TeacherMessage: { schoolId, memberId } } };
    expect(app.deps.live.sent.slice(sent)).toEqual([message, message]);
  });

  it('lets members read the teachers and only admins change them', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const { id: memberId } = await caller.school.createTeacher({ schoolId, ...profile });
    for (const role of ['TEACHER', 'ASSISTANT', 'PARAMEDIC'] as const) {
      const user = await createUser(app);
      await addMember(app, schoolId, user.id, role);
      const other = await app.callerFor(user.id);
      expect((await other.school.getSchoolTeachers({ schoolId })).map((t) => t.id)).toContain(memberId);
      expect(await other.school.getStudentsForTrainingFields({ schoolId })).toEqual([]);
      await expect(other.school.createTeacher({ schoolId, ...profile })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(other.school.updateTeacher({ schoolId, memberId, ...profile, degree: 'Bc.' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await caller.school.getSchoolTeachers({ schoolId })).find((t) => t.id === memberId)?.degree).toBe('Ing.');
  });

  it('warns of the teacher licence from the school’s today', async () => {
    const school = await setupSchool(app);
    // 00:30 on 11 March 2026 in Prague (23:30 UTC on the 10th).
    const now = new Date('2026-03-10T23:30:00Z');
    const token = await createSession(app.handle.db, school.user.id, new Date(), 1);
    const session = await findSessionUser(app.handle.db, token, new Date());
    const caller = createCallerFactory(appRouter)({ ...app.deps, now: () => now, ip: '127.0.0.1', token, session });
    const { schoolId } = school;
    const cases = { Aaaa: '2026-03-10', Bbbb: '2026-03-11', Cccc: '2026-04-10', Dddd: '2026-04-11' };
    for (const [lastName, teacherLicenceValidUntil] of Object.entries(cases))
      await caller.school.createTeacher({ schoolId, ...profile, lastName, teacherLicenceValidUntil });
    const states = Object.fromEntries(
      (await caller.school.getSchoolTeachers({ schoolId })).filter((t) => !t.hasLogin).map((t) => [t.lastName, t.licenceState]),
    );
    expect(states).toEqual({ Aaaa: 'EXPIRED', Bbbb: 'SOON', Cccc: 'SOON', Dddd: 'OK' });
  });
});

describe('students for the training fields', () => {
  it('lists the school’s students in Czech order, without removed, finished (DONE) and cancelled (STORNO) ones', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const names = ['Chalupa', 'Cibulka', 'Čech', 'Hrubý', 'Dokončený', 'Stornovaný', 'Odebraný'];
    const ids: Record<string, string> = {};
    for (const lastName of names) ids[lastName] = await createTestStudent(caller, schoolId, { lastName, group: ['B', 'A'] });
    const { students } = schema;
    await app.handle.db.update(students).set({ state: 'DONE' }).where(eq(students.id, ids.Dokončený));
    await app.handle.db.update(students).set({ state: 'STORNO' }).where(eq(students.id, ids.Stornovaný));
    await caller.student.removeStudent({ schoolId, studentId: ids.Odebraný });
    await app.handle.db.update(students).set({ state: 'IN_PROGRESS' }).where(eq(students.id, ids.Hrubý));
    const list = await caller.school.getStudentsForTrainingFields({ schoolId });
    expect(list.map((s) => s.lastName)).toEqual(['Cibulka', 'Čech', 'Hrubý', 'Chalupa']);
    const [row] = await app.handle.db.select().from(students).where(eq(students.id, ids.Cibulka));
    expect(list[0]).toEqual({ id: ids.Cibulka, firstName: 'Jan', lastName: 'Cibulka', registrationNumber: row.registrationNumber, groups: row.groups });
  });
});

describe('an invite links a teacher without a login', () => {
  it('gives the account the school’s teacher row with the same e-mail (any case) instead of a new member', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const invitee = await createUser(app);
    const { id: memberId } = await caller.school.createTeacher({ schoolId, ...profile, email: invitee.email });
    await app.handle.db.update(schema.schoolMembers).set({ email: invitee.email.toUpperCase() }).where(eq(schema.schoolMembers.id, memberId));
    const { id: inviteId } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'ADMIN' });
    const membersBefore = await app.handle.db.select().from(schema.schoolMembers).where(eq(schema.schoolMembers.schoolId, schoolId));
    const sent = app.deps.live.sent.length;
    const inviteeCaller = await app.callerFor(invitee.id);
    await inviteeCaller.schoolInvite.applyInviteInAccount({ id: inviteId });

    const members = await app.handle.db.select().from(schema.schoolMembers).where(eq(schema.schoolMembers.schoolId, schoolId));
    expect(members).toHaveLength(membersBefore.length);
    const [linked] = members.filter((m) => m.id === memberId);
    expect(linked).toMatchObject({
      userId: invitee.id,
      role: 'ADMIN',
      isActive: true,
      firstName: profile.firstName,
      lastName: profile.lastName,
      groups: ['B', 'C'],
    });
    const teacher = (await caller.school.getSchoolTeachers({ schoolId })).find((t) => t.id === memberId);
    expect(teacher).toMatchObject({ userId: invitee.id, hasLogin: true, role: 'ADMIN' });
    // The account now works in the school as that member.
    expect((await inviteeCaller.school.getSchoolTeachers({ schoolId })).map((t) => t.id)).toContain(memberId);
    expect(app.deps.live.sent.slice(sent)).toContainEqual({ room: `school:${schoolId}`, message: { TeacherMessage: { schoolId, memberId } } });
  });

  it('adds a new member when no teacher without a login has the e-mail', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const invitee = await createUser(app);
    const { id: memberId } = await caller.school.createTeacher({ schoolId, ...profile, email: 'someone.else@example.cz' });
    const { id: inviteId } = await caller.school.inviteMember({ schoolId, email: invitee.email, role: 'TEACHER' });
    await (await app.callerFor(invitee.id)).schoolInvite.applyInviteInAccount({ id: inviteId });
    const [own] = await app.handle.db
      .select()
      .from(schema.schoolMembers)
      .where(and(eq(schema.schoolMembers.schoolId, schoolId), eq(schema.schoolMembers.userId, invitee.id)));
    expect(own.id).not.toBe(memberId);
    const [unlinked] = await app.handle.db.select().from(schema.schoolMembers).where(eq(schema.schoolMembers.id, memberId));
    expect(unlinked.userId).toBeNull();
  });
});

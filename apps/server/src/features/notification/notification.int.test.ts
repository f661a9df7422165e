// Who sees which notification: the modal shows the operator's unread messages only, the bell every visible one; a
// school's notification reaches its active members (only admins for UNPAID_GROUP), never another school's staff;
// the member who caused an event has it read; e-mails go only to those who chose the event.
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { PDF_KINDS } from '@volant/shared/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { addMember, createUser, getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { operatorCaller } from '../../testing/isolation.ts';
import { notifyPdfReady, notifySchoolStaff, notifyUser } from './notify.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

async function schoolWithTeacher() {
  const s = await setupSchool(app);
  const teacherUser = await createUser(app);
  await addMember(app, s.schoolId, teacherUser.id, 'TEACHER');
  return { ...s, teacherUser, teacher: await app.callerFor(teacherUser.id) };
}

const event = (schoolId: string, actorUserId: string | null = null) =>
  inTransaction(app.deps, (tx, after) =>
    notifySchoolStaff(app.deps, tx, after, {
      schoolId,
      event: 'EXAM_RESULT',
      title: 'Výsledek zkoušky',
      message: 'Jan Novák: PPV – Prospěl.',
      link: '/app/exams',
      actorUserId,
    }),
  );

describe('notifications', () => {
  it('keeps the modal for the operator’s messages and puts events in the bell, for the school’s staff only', async () => {
    const s = await schoolWithTeacher();
    const other = await setupSchool(app);
    const op = await operatorCaller(app);
    await op.operator.createNotification({ targetSchoolId: s.schoolId, type: 'GENERIC', title: 'Údržba', message: 'V noci bude údržba.' });
    const id = await event(s.schoolId);
    expect((await s.teacher.user.getNotifications()).map((n) => n.title)).toEqual(['Údržba']);
    const list = await s.teacher.user.getNotificationList({});
    expect(list.items.map((n) => [n.title, n.isRead])).toEqual([
      ['Výsledek zkoušky', false],
      ['Údržba', false],
    ]);
    expect(list.items[0]).toMatchObject({ id, event: 'EXAM_RESULT', link: '/app/exams', schoolName: expect.any(String) });
    expect(await s.teacher.user.getUnreadNotificationCount()).toEqual({ count: 2 });
    expect((await other.caller.user.getNotificationList({})).items).toEqual([]);
    await expect(other.caller.user.readNotification({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows UNPAID_GROUP to the school’s admins only', async () => {
    const s = await schoolWithTeacher();
    const op = await operatorCaller(app);
    await op.operator.createNotification({ targetSchoolId: s.schoolId, type: 'UNPAID_GROUP', title: 'Neuhrazená platba', message: 'Uhraďte prosím fakturu.' });
    expect((await s.caller.user.getNotifications()).map((n) => n.type)).toEqual(['UNPAID_GROUP']);
    expect(await s.teacher.user.getNotifications()).toEqual([]);
    expect((await s.teacher.user.getNotificationList({})).items).toEqual([]);
  });

  it('stops showing a school’s notifications to a member who left', async () => {
    const s = await schoolWithTeacher();
    await event(s.schoolId);
    await app.handle.db.update(schema.schoolMembers).set({ isActive: false }).where(eq(schema.schoolMembers.userId, s.teacherUser.id));
    expect((await s.teacher.user.getNotificationList({})).items).toEqual([]);
  });

  it('marks the actor’s copy read, reads one or all, and pages the list', async () => {
    const s = await schoolWithTeacher();
    await event(s.schoolId, s.teacherUser.id);
    expect(await s.teacher.user.getUnreadNotificationCount()).toEqual({ count: 0 });
    expect(await s.caller.user.getUnreadNotificationCount()).toEqual({ count: 1 });
    for (let i = 0; i < 4; i++) await event(s.schoolId);
    const first = await s.caller.user.getNotificationList({ limit: 3 });
    expect(first.items).toHaveLength(3);
    const second = await s.caller.user.getNotificationList({ limit: 3, cursor: first.nextCursor });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(5);
    await s.caller.user.readNotification({ id: first.items[0].id });
    expect(await s.caller.user.getUnreadNotificationCount()).toEqual({ count: 4 });
    expect(await s.caller.user.readAllNotifications()).toEqual({ count: 4 });
    expect(await s.caller.user.getUnreadNotificationCount()).toEqual({ count: 0 });
  });

  it('e-mails only the members who chose the event', async () => {
    const s = await schoolWithTeacher();
    await app.handle.db
      .update(schema.users)
      .set({ emailNotificationEvents: ['EXAM_RESULT'] })
      .where(eq(schema.users.id, s.teacherUser.id));
    const before = (await app.outbox()).length;
    await event(s.schoolId);
    const mails = (await app.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`To: ${s.teacherUser.email}`);
    // A user notification mails its user only when they chose it.
    await inTransaction(app.deps, (tx, after) =>
      notifyUser(app.deps, tx, after, { userId: s.teacherUser.id, event: 'PDF_READY', title: 'PDF', message: 'Hotovo.' }),
    );
    expect((await app.outbox()).length).toBe(before + 1);
  });

  it('tells whoever asked for a PDF that it is ready, in their bell only', async () => {
    const s = await schoolWithTeacher();
    await notifyPdfReady(app.deps, { id: '00000000-0000-4000-8000-000000000001', kind: 'REPORT_CLASS_BOOK', requestedBy: s.teacherUser.id });
    const [item] = (await s.teacher.user.getNotificationList({})).items;
    expect(item).toMatchObject({ event: 'PDF_READY', title: 'PDF je připraveno', link: '/app/settings/pdf-history', isRead: false });
    expect(item.message).toBe('Třídní kniha je připravena ke stažení.');
    expect((await s.caller.user.getNotificationList({})).items).toEqual([]);
  });

  it("says every kind's readiness in its grammatical gender (issue 17: 'Třídní kniha je připraveno')", async () => {
    const s = await schoolWithTeacher();
    for (const kind of PDF_KINDS) await notifyPdfReady(app.deps, { id: crypto.randomUUID(), kind, requestedBy: s.teacherUser.id });
    const messages = (await s.teacher.user.getNotificationList({})).items.map((i) => i.message).sort();
    expect(messages).toEqual(
      [
        'Evidence o výcviku v řízení vozidla je připravena ke stažení.',
        'Evidenční kniha je připravena ke stažení.',
        'Faktura / doklad je připraven ke stažení.',
        'Hlášenka je připravena ke stažení.',
        'Potvrzení o částečném absolvování je připraveno ke stažení.',
        'Přihláška ke zkoušce je připravena ke stažení.',
        'Třídní kniha je připravena ke stažení.',
        'Třídní kniha kurzu je připravena ke stažení.',
      ].sort(),
    );
  });
});

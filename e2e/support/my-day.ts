// 'Můj den' journeys: a teacher who joined a school by invite, their member id, rides planned for them, and a
// signature drawn on a canvas.
import { expect, type Locator, type Page } from '@playwright/test';
import { schoolToday } from '../../packages/shared/src/school-time.ts';
import type { Api } from './api.ts';
import { at } from './calendar.ts';
import type { SchoolSession } from './students.ts';

/** A confirmed user who accepts the admin's invite as a teacher; with their member id in the school. */
export async function joinAsTeacher(api: Api, admin: SchoolSession) {
  const user = await api.confirmedUser('ucitel');
  await api.mutation('school.inviteMember', { schoolId: admin.schoolId, email: user.email, role: 'TEACHER' }, admin.token);
  const [invite] = await api.query<{ id: string }[]>('schoolInvite.getUnusedInvites', undefined, user.token);
  await api.mutation('schoolInvite.applyInviteInAccount', { id: invite.id }, user.token);
  const me = await api.query<{ memberId: string }>('user.getGroupUserSettings', { schoolId: admin.schoolId }, user.token);
  return { ...user, memberId: me.memberId, schoolId: admin.schoolId };
}

/**
 * Two slots of today that do not hold the present moment (the actual times of a ride done now become the ride's,
 * and must not collide with the other ride's planned slot): in the evening when it is morning, else early morning.
 */
export function todaysFreeSlots(now = new Date()): [Date, Date] {
  const day = schoolToday(now);
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Prague' }).format(now));
  return hour < 12 ? [at(day, '20:00'), at(day, '21:45')] : [at(day, '01:00'), at(day, '02:45')];
}

/** Draws a short stroke on a signature canvas (waits until the pad is ready). */
export async function sign(page: Page, canvas: Locator) {
  await expect(canvas).toHaveAttribute('data-ready', 'true');
  // Hovering waits until the canvas stands still (the drawer slides in).
  await canvas.hover({ position: { x: 20, y: 20 } });
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas box');
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width - 20, box.y + 30, { steps: 5 });
  await page.mouse.up();
}

/** A student with a phone number (the day's card calls it). */
export async function studentWithPhone(api: Api, session: SchoolSession, lastName: string, phone: string) {
  const created = await api.mutation<{ id: string }>(
    'student.createStudent',
    {
      schoolId: session.schoolId,
      studentInfo: {
        firstName: 'Jan',
        lastName,
        birthDate: '2005-06-20',
        birthPlace: 'Brno',
        citizenship: 'Česká republika',
        docId: `OP${Date.now().toString(36)}`,
        phone,
        email: '',
      },
      studentAddress: { street: 'Kounicova', streetCode: '5', city: 'Brno', postCode: '602 00' },
      studentStudyInfo: { group: ['B'], currentGroups: [], trainingKind: 'BASIC', trainingType: 'COURSE', carIdNumber: 'ŘP-1', note: '' },
      student: { registrationNumber: `K-${Date.now().toString(36)}`, interpreterId: null },
    },
    session.token,
  );
  return created.id;
}

/** The office edits a planned ride (its note), as the drawer's 'Uložit' would. */
export async function officeSetsNote(
  api: Api,
  session: SchoolSession,
  ride: { id: string; studentId: string; userId: string; schoolCarId: string; start: Date; length?: number },
  note: string,
) {
  const length = ride.length ?? 90;
  const end = new Date(ride.start.getTime() + length * 60_000);
  const res = await fetch(`${api.baseURL}/api/trpc/drivingLessonsRecord.updatePlanDrivingLessonsRecordV2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({
      json: {
        schoolId: session.schoolId,
        id: ride.id,
        type: 'DRIVING',
        state: 'SCHEDULED',
        studentId: ride.studentId,
        userId: ride.userId,
        schoolCarId: ride.schoolCarId,
        startTime: ride.start.toISOString(),
        endTime: end.toISOString(),
        length,
        note,
      },
      meta: { values: { startTime: ['Date'], endTime: ['Date'] } },
    }),
  });
  expect(res.ok, await res.text()).toBe(true);
}

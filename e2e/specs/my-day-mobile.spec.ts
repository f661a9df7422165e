// 'Můj den' on a phone (issue 20): the teacher's morning list, a ride started online, the connection lost mid-flow,
// both rides ended, signed and registered without signal ('Neodesláno (2)'), the page closed, and once back online
// each ride arrives exactly once, COMPLETED with both signatures, and shows in the office's calendar.
import { createCarViaApi } from '../support/cars.ts';
import { expect, test } from '../support/fixtures.ts';
import { student } from '../support/calendar.ts';
import { planRide } from '../support/calendar.ts';
import { joinAsTeacher, officeSetsNote, sign, todaysFreeSlots } from '../support/my-day.ts';
import { freshSchool } from '../support/students.ts';
import { courseWithStudents } from '../support/courses.ts';
import { schoolToday } from '../../packages/shared/src/school-time.ts';

interface Record {
  state: string;
  signed: boolean;
  teacherSigned: boolean;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
}

// The installed app's service worker serves the shell offline (blocked elsewhere in the suite).
test.use({ serviceWorkers: 'allow' });

test('on a phone: two rides registered offline arrive once each, signed, and show in the office calendar', async ({ api, openApp }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  const teacher = await joinAsTeacher(api, school);
  const car = await createCarViaApi(api, school);
  const first = await student(api, school, 'Ranní');
  const second = await student(api, school, 'Pozdější');
  const [slot1, slot2] = todaysFreeSlots();
  const ride1 = await planRide(api, school, { studentId: first.id, userId: teacher.memberId, schoolCarId: car.id, start: slot1 });
  const ride2 = await planRide(api, school, { studentId: second.id, userId: teacher.memberId, schoolCarId: car.id, start: slot2 });

  // A teacher on a phone lands on 'Můj den'.
  const page = await openApp(teacher.token, '/app');
  await expect(page).toHaveURL(/\/app\/muj-den$/);
  await expect(page.getByRole('heading', { name: 'Můj den' })).toBeVisible();
  const card1 = page.getByRole('article', { name: 'Jízda Eva Ranní' });
  const card2 = page.getByRole('article', { name: 'Jízda Eva Pozdější' });
  await expect(card1).toContainText(car.regNumber);
  await expect(card2).toBeVisible();

  // Started with signal.
  await card1.getByLabel('Tachometr před jízdou').fill('1000');
  await card1.getByRole('button', { name: 'Zahájit jízdu' }).click();
  await expect(card1.getByText('Odesláno')).toBeVisible();

  // The signal goes (once the service worker holds the app, as it does on an installed phone).
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
  const context = page.context();
  await context.setOffline(true);
  await card1.getByLabel('Tachometr po jízdě').fill('1030');
  await card1.getByRole('button', { name: 'Ukončit jízdu' }).click();
  await expect(card1.getByText('Čeká na odeslání')).toBeVisible();
  await card1.getByRole('button', { name: 'Podpisy a zaevidování' }).click();
  await sign(page, page.getByLabel('Podpis žáka'));
  await sign(page, page.getByLabel('Podpis učitele'));
  await page.getByRole('button', { name: 'Zaevidovat' }).click();
  await expect(card1.getByText('Podepsáno v telefonu')).toBeVisible();

  await card2.getByRole('button', { name: 'Zahájit jízdu' }).click();
  await card2.getByRole('button', { name: 'Ukončit jízdu' }).click();
  // The phone turned on its side: both signatures side by side on one screen.
  await page.setViewportSize({ width: 812, height: 375 });
  await card2.getByRole('button', { name: 'Podpisy a zaevidování' }).click();
  await sign(page, page.getByLabel('Podpis žáka'));
  await sign(page, page.getByLabel('Podpis učitele'));
  const [studentPad, teacherPad] = [await page.getByLabel('Podpis žáka').boundingBox(), await page.getByLabel('Podpis učitele').boundingBox()];
  const footer = await page.getByRole('button', { name: 'Zaevidovat' }).boundingBox();
  expect(teacherPad && studentPad && footer && teacherPad.x > studentPad.x + studentPad.width && teacherPad.y + teacherPad.height <= footer.y).toBe(true);
  await page.screenshot({ path: '/work/shots/day/my-day-signatures-landscape.png' });
  await page.getByRole('button', { name: 'Zaevidovat' }).click();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText('Neodesláno (2)')).toBeVisible();
  await page.screenshot({ path: '/work/shots/day/my-day-375-offline.png', fullPage: true });

  // Reloaded without signal: the shell comes from the service worker, the teacher is still signed in and the
  // outbox is still there.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Můj den' })).toBeVisible();
  await expect(page.getByText('Neodesláno (2)')).toBeVisible();
  await expect(card1.getByText('Podepsáno v telefonu')).toBeVisible();

  // Nothing reached the server meanwhile.
  const before = await api.query<Record>('drivingLessonsRecord.getDrivingLessonsRecord', { schoolId: school.schoolId, id: ride1 }, school.token);
  expect(before.state).toBe('SCHEDULED');

  // The page is closed without signal; the phone comes back online and the app is opened again: the outbox
  // survived in IndexedDB and is sent.
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/app/muj-den');
  await expect(again.getByRole('article', { name: 'Jízda Eva Ranní' }).getByText('Zaevidováno')).toBeVisible();
  await expect(again.getByText(/Neodesláno/)).toHaveCount(0);
  await expect(again.getByText('Odesláno')).toHaveCount(2);

  for (const [id, who] of [
    [ride1, first.id],
    [ride2, second.id],
  ] as const) {
    const record = await api.query<Record>('drivingLessonsRecord.getDrivingLessonsRecord', { schoolId: school.schoolId, id }, school.token);
    expect(record).toMatchObject({ state: 'COMPLETED', signed: true, teacherSigned: true });
    // Once: the student has exactly this one ride.
    const all = await api.query<{ id: string }[]>('drivingLessonsRecord.getDrivingLessonsRecords', { schoolId: school.schoolId, studentId: who }, school.token);
    expect(all.map((r) => r.id)).toEqual([id]);
  }
  const record1 = await api.query<Record>('drivingLessonsRecord.getDrivingLessonsRecord', { schoolId: school.schoolId, id: ride1 }, school.token);
  expect([record1.tachometerBefore, record1.tachometerAfter]).toEqual([1000, 1030]);

  // The office's calendar (the day list on a phone) shows both rides.
  const office = await openApp(school.token, '/app/calendar');
  await expect(office.getByText('Eva Ranní')).toBeVisible();
  await expect(office.getByText('Eva Pozdější')).toBeVisible();
});

test('on a phone: a ride the office changed while the phone was offline shows a conflict; Ponechat moje sends the teacher’s start over it', async ({
  api,
  openApp,
}) => {
  const school = await freshSchool(api);
  const teacher = await joinAsTeacher(api, school);
  const car = await createCarViaApi(api, school);
  const pupil = await student(api, school, 'Konfliktní');
  const [slot] = todaysFreeSlots();
  const rideId = await planRide(api, school, { studentId: pupil.id, userId: teacher.memberId, schoolCarId: car.id, start: slot });

  const page = await openApp(teacher.token, '/app/muj-den');
  const card = page.getByRole('article', { name: 'Jízda Eva Konfliktní' });
  await expect(card.getByRole('button', { name: 'Zahájit jízdu' })).toBeVisible();
  await page.context().setOffline(true);
  await card.getByLabel('Tachometr před jízdou').fill('500');
  await card.getByRole('button', { name: 'Zahájit jízdu' }).click();
  await expect(card.getByText('Čeká na odeslání')).toBeVisible();

  await officeSetsNote(api, school, { id: rideId, studentId: pupil.id, userId: teacher.memberId, schoolCarId: car.id, start: slot }, 'Vyzvednout u nádraží');
  await page.context().setOffline(false);
  await expect(card.getByText('Konflikt', { exact: true })).toBeVisible();
  await expect(card.getByText('Kancelář jízdu mezitím změnila. Vyberte, která verze platí.')).toBeVisible();
  await expect(card).toContainText('poznámka: Vyzvednout u nádraží');
  await page.screenshot({ path: '/work/shots/day/my-day-375-conflict.png' });
  // Nothing was overwritten meanwhile.
  const meanwhile = await api.query<Record>('drivingLessonsRecord.getDrivingLessonsRecord', { schoolId: school.schoolId, id: rideId }, school.token);
  expect(meanwhile.tachometerBefore).toBeNull();

  await card.getByRole('button', { name: 'Ponechat moje' }).click();
  await expect(card.getByText('Odesláno')).toBeVisible();
  const after = await api.query<Record & { note: string }>(
    'drivingLessonsRecord.getDrivingLessonsRecord',
    { schoolId: school.schoolId, id: rideId },
    school.token,
  );
  expect(after).toMatchObject({ tachometerBefore: 500, note: 'Vyzvednout u nádraží' });
});

test('on a phone: Docházka of a group lesson that started a minute ago, marked without signal, arrives once', async ({ api, openApp }) => {
  test.setTimeout(60_000);
  const school = await freshSchool(api);
  const teacher = await joinAsTeacher(api, school);
  const c = await courseWithStudents(api, school, 3);
  // The lesson started a minute ago (whole minutes of the school's clock).
  const start = new Date(Date.now() - 60_000);
  const hhmm = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Prague' }).format(start);
  const { created } = await api.mutation<{ created: { id: string }[] }>(
    'course.createGroupLessons',
    {
      schoolId: school.schoolId,
      courseId: c.courseId,
      date: schoolToday(start),
      startTime: hhmm,
      units: 2,
      teacherId: teacher.memberId,
      type: 'PPV',
      topic: 'Křižovatky',
      classroomId: c.roomId,
      extraStudentIds: [],
      repeatUntil: null,
    },
    school.token,
  );
  const ppvDone = async (studentId: string) => {
    const r = await api.query<{ sections: { type: string; done: number }[] }>(
      'teachingLessonRecord.getTeachingLessonRecords',
      { schoolId: school.schoolId, studentId },
      school.token,
    );
    return r.sections.find((x) => x.type === 'PPV')?.done;
  };

  // A ride of the same day: the lesson is listed among the rides, by time.
  const car = await createCarViaApi(api, school);
  const [slot] = todaysFreeSlots();
  await planRide(api, school, { studentId: c.students[0].id, userId: teacher.memberId, schoolCarId: car.id, start: slot });

  const page = await openApp(teacher.token, '/app/muj-den');
  const card = page.getByRole('article', { name: `Hodina výuky ${hhmm} PPV` });
  const ride = page.getByRole('article', { name: `Jízda ${c.students[0].firstName} ${c.students[0].lastName}` });
  await expect(ride).toBeVisible();
  const [rideBox, lessonBox] = [await ride.boundingBox(), await card.boundingBox()];
  expect(rideBox && lessonBox && rideBox.y < lessonBox.y === slot.getTime() < start.getTime()).toBe(true);
  await expect(card).toContainText('PPV: Křižovatky');
  await expect(card).toContainText(`${c.name} · Učebna 1 · 3 žáci`);

  // The signal goes; the marks are saved on the phone.
  const context = page.context();
  await context.setOffline(true);
  await expect(page.getByText('Bez připojení')).toBeVisible();
  const [a, b, d] = c.students;
  const group = (s: { lastName: string; firstName: string }) => card.getByRole('group', { name: `Docházka ${s.lastName} ${s.firstName}` });
  await group(a).getByText('Přítomen', { exact: true }).click();
  await group(b).getByText('Přítomen', { exact: true }).click();
  await group(d).getByText('Nepřítomen', { exact: true }).click();
  await expect(card.getByText('Docházka: přítomno 2 z 3')).toBeVisible();
  await expect(page.getByText('Neodesláno (1)')).toBeVisible();
  await expect(card.getByText('Čeká na odeslání')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.locator('.ant-segmented-thumb')).toHaveCount(0);
  await page.screenshot({ path: '/work/shots/attend/my-day-attendance-375-offline.png', fullPage: true });
  expect(await ppvDone(a.id)).toBe(0);

  // Back online: the marks arrive, once, and Výuka follows attendance.
  await context.setOffline(false);
  await expect(card.getByText('Odesláno')).toBeVisible();
  await expect(page.getByText(/Neodesláno/)).toHaveCount(0);
  await page.screenshot({ path: '/work/shots/attend/my-day-attendance-375-sent.png', fullPage: true });
  expect([await ppvDone(a.id), await ppvDone(b.id), await ppvDone(d.id)]).toEqual([2, 2, 0]);
  const lesson = await api.query<{ students: { id: string; present: boolean | null }[] }>(
    'course.getGroupLesson',
    { schoolId: school.schoolId, lessonId: created[0].id },
    school.token,
  );
  expect(Object.fromEntries(lesson.students.map((s) => [s.id, s.present]))).toEqual({ [a.id]: true, [b.id]: true, [d.id]: false });

  // Taking back a mark already recorded is a correction (issue 22 §1): refused without 'Důvod opravy', then sent with it.
  await group(a).getByText('Nepřítomen', { exact: true }).click();
  await expect(card.getByText('Hodina je již zapsána jako odučená: prosím uveďte důvod opravy.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Odeslat s důvodem' })).toBeDisabled();
  expect(await ppvDone(a.id)).toBe(2);
  await card.getByLabel('Důvod opravy').fill('Žák odešel před začátkem výkladu');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await card.getByRole('button', { name: 'Odeslat s důvodem' }).click();
  await expect(card.getByText('Odesláno')).toBeVisible();
  await expect(card.getByText('Hodina je již zapsána jako odučená: prosím uveďte důvod opravy.')).toHaveCount(0);
  await expect.poll(() => ppvDone(a.id)).toBe(0);
  const corrections = await api.query<{ items: { reason: string | null }[] }>(
    'recordChain.getCorrections',
    { schoolId: school.schoolId, from: schoolToday(start), to: schoolToday(start) },
    school.token,
  );
  expect(corrections.items.map((i) => i.reason)).toContain('Žák odešel před začátkem výkladu');
});

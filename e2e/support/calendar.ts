// Arranging rides for the calendar and trainings journeys over the API: a car, the school's teacher (the admin is
// one), rides planned at a wall-clock time of the school's day. Dates travel as superjson's Date values.
import { expect, type Locator, type Page } from '@playwright/test';
import { addDays, dayOfWeek, schoolMidnight, schoolToday } from '../../packages/shared/src/school-time.ts';
import type { Api } from './api.ts';
import { createStudentViaApi, type SchoolSession, uniqueSuffix } from './students.ts';
import { field } from './training.ts';

/** A car of the school; resolves to its id. */
export async function createCar(api: Api, session: SchoolSession, regNumber = `1E${uniqueSuffix(5).toUpperCase()}`) {
  const car = await api.mutation<{ id: string; regNumber: string }>(
    'schoolCar.createSchoolCar',
    { schoolId: session.schoolId, carType: 'Škoda Fabia', regNumber, targetGroup: ['B'], stkValidUntil: null },
    session.token,
  );
  return car;
}

/** The school's first teacher: the admin who set the school up (ADMIN counts as a teacher). */
export async function firstTeacher(api: Api, session: SchoolSession) {
  const teachers = await api.query<{ id: string; firstName: string; lastName: string }[]>(
    'school.getSchoolTeachers',
    { schoolId: session.schoolId },
    session.token,
  );
  return teachers[0];
}

/** Today in the school's zone ('YYYY-MM-DD'). */
export const today = () => schoolToday(new Date());

/**
 * A day of the current week that has a later day in the week as well (so a move by a day stays in the week view):
 * today, unless today is Sunday, then Saturday.
 */
export function dayInWeek(): string {
  const t = today();
  return dayOfWeek(t) === 7 ? addDays(t, -1) : t;
}

/**
 * The resource day view ('Učitelé a vozidla') opens on today; a test whose day is `dayInWeek()` (Saturday when the
 * suite runs on a Sunday) steps back to it.
 */
export async function showResourceDay(page: Page, day: string) {
  if (day < today()) await page.getByTestId('resource-view').locator('..').getByRole('button', { name: 'Předchozí den' }).first().click();
}

/** The instant of a wall-clock time ('HH:mm') of a school day (not on a day the clocks change). */
export function at(day: string, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  return new Date(schoolMidnight(day).getTime() + (h * 60 + m) * 60_000);
}

async function mutationWithDates<T>(api: Api, path: string, input: Record<string, unknown>, token: string): Promise<T> {
  const values: Record<string, ['Date']> = {};
  const json: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v instanceof Date) {
      values[k] = ['Date'];
      json[k] = v.toISOString();
    } else json[k] = v;
  }
  const res = await fetch(`${api.baseURL}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ json, meta: { values } }),
  });
  const body = (await res.json()) as { result?: { data?: { json?: T } } };
  if (!res.ok || !body.result) throw new Error(`${path} → HTTP ${res.status}: ${JSON.stringify(body)}`);
  return body.result.data?.json as T;
}

export interface RideSeed {
  studentId: string;
  userId?: string | null;
  schoolCarId?: string | null;
  start: Date;
  length?: number;
  /** Tachometer before and after, km. */
  tachometer?: [number, number];
}

/** A planned ride (SCHEDULED); resolves to its id. */
export async function planRide(api: Api, session: SchoolSession, seed: RideSeed): Promise<string> {
  const length = seed.length ?? 90;
  const ride = await mutationWithDates<{ id: string }>(
    api,
    'drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2',
    {
      schoolId: session.schoolId,
      mode: 'PLAN',
      type: 'DRIVING',
      studentId: seed.studentId,
      userId: seed.userId ?? null,
      schoolCarId: seed.schoolCarId ?? null,
      startTime: seed.start,
      endTime: new Date(seed.start.getTime() + length * 60_000),
      length,
    },
    session.token,
  );
  return ride.id;
}

/** A registered ride: state COMPLETED with both signatures (a tiny safe SVG). */
export async function registerRide(api: Api, session: SchoolSession, seed: RideSeed): Promise<string> {
  const length = seed.length ?? 90;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><path d="M 10 10 L 50 50" stroke="black" fill="none"/></svg>';
  const ride = await mutationWithDates<{ id: string }>(
    api,
    'drivingLessonsRecord.createPlanDrivingLessonsRecordPlanV2',
    {
      schoolId: session.schoolId,
      mode: 'REGISTER',
      type: 'DRIVING',
      state: 'COMPLETED',
      studentId: seed.studentId,
      userId: seed.userId ?? null,
      schoolCarId: seed.schoolCarId ?? null,
      startTime: seed.start,
      endTime: new Date(seed.start.getTime() + length * 60_000),
      length,
      signature: svg,
      teacherSignature: svg,
      tachometerBefore: seed.tachometer?.[0] ?? null,
      tachometerAfter: seed.tachometer?.[1] ?? null,
    },
    session.token,
  );
  return ride.id;
}

/** A student with a unique last name; resolves to its id and names. */
export async function student(api: Api, session: SchoolSession, lastName = `Jízdová${uniqueSuffix(4)}`) {
  const id = await createStudentViaApi(api, session, { firstName: 'Eva', lastName, registrationNumber: `K-${uniqueSuffix(8)}` });
  return { id, firstName: 'Eva', lastName };
}

/** No part of the page lies past the viewport's right edge (nothing scrolls sideways). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Pick an option of an antd Select by its form label, in the drawer, and wait until the field shows it. On a busy
 * machine a click landing while the list still opens (or the student list still loads) can miss and leave the field
 * empty ('Prosím vyberte žáka!' on saving): it picks again.
 */
export async function pick(page: Page, drawer: Locator, label: string, option: string | RegExp) {
  const item = field(drawer, label);
  const combobox = item.getByRole('combobox');
  const select = item.locator('.ant-select');
  await expect(async () => {
    // A list still open from a missed click: clicking the field again would close it.
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
    await page.locator('.ant-select-dropdown:visible').getByText(option).first().click({ timeout: 5_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

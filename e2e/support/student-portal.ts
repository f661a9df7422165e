// 'Můj výcvik' (/zak, issue 19) for the journeys: a student with an e-mail whom the office gave access, and the
// student's sign-in as a student does it — the address on /zak, 'Poslat přihlašovací odkaz', the link from the outbox.
import { expect, type Page } from '@playwright/test';
import { type Api, uniqueEmail } from './api.ts';
import { at, planRide, student, today } from './calendar.ts';
import { DEMO, DEMO_SCHOOLS, dataDir } from './fixtures.ts';
import { newestMail, linkFrom } from './outbox.ts';
import { type SchoolSession, uniqueSuffix } from './students.ts';

export const PORTAL = {
  title: 'Můj výcvik',
  send: 'Poslat přihlašovací odkaz',
  sent: 'Pokud je tento e-mail u autoškoly evidován a má přístup do Můj výcvik, poslali jsme na něj přihlašovací odkaz.',
  logout: 'Odhlásit se',
} as const;

export interface PortalStudent {
  email: string;
  studentId: string;
  schoolId: string;
  firstName: string;
  lastName: string;
  registrationNumber: string;
  /** The office's token (the school's admin, or the demo user). */
  staffToken: string;
}

/** The demo school's id and the demo user's token (the active school is left as it is). */
export async function demoSchool(api: Api): Promise<SchoolSession> {
  const token = await api.login(DEMO.email, DEMO.password);
  const school = (await api.schools(token)).find((s) => s.name === DEMO_SCHOOLS.main);
  if (!school) throw new Error(`the demo user is not in ${DEMO_SCHOOLS.main}`);
  return { email: DEMO.email, token, schoolId: school.id };
}

/**
 * A new student with an e-mail of their own in `session`'s school (the demo school by default), in training; with
 * `invite` (default) the office has given them access ('Pozvat žáka' over the API).
 */
export async function studentWithEmail(api: Api, session?: SchoolSession, opts: { invite?: boolean; firstName?: string } = {}): Promise<PortalStudent> {
  const school = session ?? (await demoSchool(api));
  const suffix = uniqueSuffix();
  const email = uniqueEmail('zak');
  const firstName = opts.firstName ?? 'Klára';
  const lastName = `Portálová ${suffix}`;
  const registrationNumber = `Z-${suffix}/2026`;
  const created = await api.mutation<{ id: string }>(
    'student.createStudent',
    {
      schoolId: school.schoolId,
      studentInfo: { firstName, lastName, birthDate: '2005-06-20', birthPlace: 'Brno', citizenship: 'Česká republika', docId: `OP${suffix}`, phone: '', email },
      studentAddress: { street: 'Kounicova', streetCode: '5', city: 'Brno', postCode: '602 00' },
      studentStudyInfo: { group: ['B'], currentGroups: [], trainingKind: 'BASIC', trainingType: 'COURSE', carIdNumber: 'ŘP-1', note: '' },
      student: { registrationNumber, interpreterId: null },
    },
    school.token,
  );
  if (opts.invite ?? true) await api.mutation('studentAccess.invite', { schoolId: school.schoolId, studentId: created.id }, school.token);
  return { email, studentId: created.id, schoolId: school.schoolId, firstName, lastName, registrationNumber, staffToken: school.token };
}

/** The newest sign-in link mailed to `email` that is not one of `seen`. */
async function freshLink(email: string, seen: string | null) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = await newestMail(dataDir(), email, { containing: '/zak/prihlaseni', timeoutMs: 15_000 });
    const link = linkFrom(mail, '/zak/prihlaseni');
    if (link !== seen) return link;
    if (Date.now() > deadline) throw new Error(`no new sign-in link for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function currentLink(email: string) {
  try {
    return linkFrom(await newestMail(dataDir(), email, { containing: '/zak/prihlaseni', timeoutMs: 1 }), '/zak/prihlaseni');
  } catch {
    return null;
  }
}

/**
 * Signs the student in on `page` as a student does: /zak, the address, 'Poslat přihlašovací odkaz', the neutral
 * answer, then the link from the outbox. Resolves on the student's place ('Odhlásit se' on screen). The student must
 * have access (studentWithEmail); a school choice, if the address has several, picks `schoolName`.
 */
export async function signInStudent(page: Page, { email, schoolName }: { email: string; schoolName?: string }) {
  const before = await currentLink(email);
  await page.goto('/zak');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: PORTAL.send }).click();
  await expect(page.getByText(PORTAL.sent)).toBeVisible();
  const link = await freshLink(email, before);
  expect(new URL(link).hash.length, 'the token is in the fragment').toBeGreaterThan(20);
  await page.goto(link);
  if (schoolName) await page.getByRole('button', { name: schoolName }).click();
  await expect(page.getByRole('button', { name: PORTAL.logout })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/zak$/);
}

/**
 * 'Čekací listina' from the office's side: a demo student watches a day ('Hlídáte: 7.12.'); the office plans another
 * student's ride into the slot starting at `startText` with the watcher's training teacher and deletes it again, which
 * frees the slot. Resolves to the watched day (ISO) and the mail the watcher got for it (a job after the write).
 */
export async function freeWatchedSlot(api: Api, watcher: { email: string; registrationNumber: string }, watchedText: string, startText: string) {
  const [, dd, mm] = /Hlídáte: (\d+)\.(\d+)\./.exec(watchedText) ?? [];
  if (!dd) throw new Error(`no watched day in "${watchedText}"`);
  const now = today();
  const year = Number(now.slice(0, 4)) + (Number(mm) < Number(now.slice(5, 7)) ? 1 : 0);
  const day = `${year}-${mm.padStart(2, '0')}-${dd.padStart(2, '0')}`;
  const office = await demoSchool(api);
  const list = await api.query<{ items: { id: string; registrationNumber: string | null }[] }>(
    'student.students',
    { schoolId: office.schoolId, fullText: watcher.registrationNumber, pageSize: 10 },
    office.token,
  );
  const watcherId = list.items.find((s) => s.registrationNumber === watcher.registrationNumber)?.id;
  if (!watcherId) throw new Error(`no demo student ${watcher.registrationNumber}`);
  const teacher = await api.query<{ userId: string } | null>(
    'studentDefaultTeacher.getDefaultTeacher',
    { schoolId: office.schoolId, studentId: watcherId, type: 'TRAINING' },
    office.token,
  );
  const other = await student(api, office);
  const rideId = await planRide(api, office, { studentId: other.id, userId: teacher?.userId ?? null, start: at(day, startText) });
  await api.mutation('drivingLessonsRecord.deleteDrivingLessonsRecord', { schoolId: office.schoolId, id: rideId }, office.token);
  const mail = await newestMail(dataDir(), watcher.email, { containing: `/zak/rezervace?den=${day}`, timeoutMs: 20_000 });
  return { day, label: `${Number(dd)}.${Number(mm)}.${year}`, mail, link: linkFrom(mail, '/zak/rezervace') };
}

/** Follows the freed slot's e-mail link: 'Rezervace' opens on that day, and the slot starting at `startText` is booked. */
export async function bookFromWaitlistMail(page: Page, freed: { link: string; label: string }, startText: string) {
  await page.goto(freed.link);
  const tab = page.getByTestId('booking-tab');
  await expect(tab.getByRole('tab', { name: freed.label })).toHaveAttribute('aria-selected', 'true');
  await tab
    .locator('section:not([aria-label="Čekací listina"])')
    .first()
    .getByRole('button', { name: new RegExp(`^${startText}`) })
    .click();
  await page.getByRole('dialog', { name: 'Rezervovat jízdu' }).getByRole('button', { name: 'Rezervovat jízdu' }).click();
  await expect(page.getByText('Jízda je rezervovaná')).toBeVisible();
}

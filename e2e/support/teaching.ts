// Helpers for the Výuka journeys (spec §2 Výuka): a fresh school with one started student, a section of the tab by
// its name, and a lesson's date typed into its picker.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './api.ts';
import { createStudentViaApi, freshSchool, type SchoolSession, uniqueSuffix } from './students.ts';

export interface TeachingSetup {
  school: SchoolSession;
  studentId: string;
  /** The school's admin teaches (role ADMIN): the name in the teacher pickers. */
  teacherName: string;
}

/** A fresh school and a B course student whose training has started (so the Výuka is planned). */
export async function startedStudent(api: Api): Promise<TeachingSetup> {
  const school = await freshSchool(api);
  const sfx = uniqueSuffix();
  const studentId = await createStudentViaApi(api, school, { firstName: 'Bohumil', lastName: `Teoretik ${sfx}`, registrationNumber: `U-${sfx}` });
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: [studentId] }, school.token);
  return { school, studentId, teacherName: 'Tereza Nováková' };
}

/** A section of the Výuka tab (TZBJ, PPV, …). */
export function teachingSection(page: Page, label: string): Locator {
  return page.getByRole('region', { name: `Sekce ${label}` });
}

/** Types a day (D.M.YYYY) into the date picker of a lesson, e.g. 'TZBJ 1', and confirms it. */
export async function typeLessonDate(page: Page, lesson: string, day: string) {
  const input = page.getByLabel(`Datum lekce ${lesson}`, { exact: true });
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
}

/** Ticks 'Přítomen' of a lesson (e.g. 'TZBJ 1'): the lesson was attended (issue 17: a date alone only plans it). */
export async function markAttended(page: Page, lesson: string) {
  const box = page.getByRole('checkbox', { name: `Přítomen na lekci ${lesson}`, exact: true });
  await box.check();
  await expect(box).toBeChecked();
}

/** A day `days` from today in the school's zone, as the app shows dates (D.M.YYYY). */
export function dayFromToday(days: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(
    new Date(Date.now() + days * 86_400_000),
  );
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${get('day')}.${get('month')}.${get('year')}`;
}

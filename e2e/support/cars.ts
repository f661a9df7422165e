// Helpers for the Vozidla and Učitelé journeys: cars and teachers arranged over the API, days counted in the school's zone.
import type { Api } from './api.ts';
import type { LicenceGroup, SchoolSession } from './students.ts';

/** A day 'YYYY-MM-DD' in the school's zone, `days` from today. */
export function dayFromToday(days: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const t = new Date(Date.UTC(get('year'), get('month') - 1, get('day')) + days * 86_400_000);
  return t.toISOString().slice(0, 10);
}

/** A random plate of 7 characters (plates are unique among a school's active cars). */
export function uniquePlate(): string {
  return `E${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '0')}`;
}

export async function createCarViaApi(
  api: Api,
  session: SchoolSession,
  car: { carType?: string; regNumber?: string; targetGroup?: LicenceGroup[]; stkValidUntil?: string | null } = {},
) {
  return api.mutation<{ id: string; regNumber: string }>(
    'schoolCar.createSchoolCar',
    { schoolId: session.schoolId, carType: 'Škoda Fabia', regNumber: uniquePlate(), targetGroup: ['B'], stkValidUntil: null, ...car },
    session.token,
  );
}

export async function createTeacherViaApi(
  api: Api,
  session: SchoolSession,
  teacher: { firstName: string; lastName: string; groups?: LicenceGroup[]; teacherLicenceValidUntil?: string | null; email?: string | null },
) {
  return api.mutation<{ id: string }>(
    'school.createTeacher',
    { schoolId: session.schoolId, degree: null, birthDate: null, phone: null, email: null, groups: ['B'], teacherLicenceValidUntil: null, ...teacher },
    session.token,
  );
}

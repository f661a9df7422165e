// The busy-day bench (issue 20 §4): a school with 20 teachers (the admin and 19 more), 15 cars and 20 students, and
// one day with 60 planned rides — every teacher at 08:00 (so at least 3 rides at 08:00, 20 in fact), 10:00 and 13:00,
// the first 15 teachers each with a car. Built through the API (the `api` fixture), in parallel batches.
import type { Api } from './api.ts';
import { OPERATOR } from './fixtures.ts';
import { createCarViaApi, createTeacherViaApi } from './cars.ts';
import { at, planRide } from './calendar.ts';
import { createStudentViaApi, type SchoolSession, uniqueSuffix } from './students.ts';

export const BUSY_SURNAMES = [
  'Novák',
  'Svoboda',
  'Novotný',
  'Dvořák',
  'Černý',
  'Procházka',
  'Kučera',
  'Veselý',
  'Horák',
  'Němec',
  'Marek',
  'Pospíšil',
  'Pokorný',
  'Hájek',
  'Král',
  'Jelínek',
  'Růžička',
  'Beneš',
  'Fiala',
  'Sedláček',
] as const;
const TEACHER_SURNAMES = ['Adámek', 'Bartoš', 'Čížek', 'Doležal', 'Eliáš', 'Fišer', 'Gregor', 'Havel', 'Ired', 'Jireš'];

export const BUSY_TIMES = ['08:00', '10:00', '13:00'] as const;

export interface BusyDay {
  day: string;
  teachers: { id: string; label: string }[];
  cars: { id: string; regNumber: string }[];
  students: { id: string; lastName: string }[];
  rides: { id: string; lastName: string; teacherId: string; schoolCarId: string | null; time: string }[];
}

async function inBatches<T, R>(list: readonly T[], size: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < list.length; i += size) out.push(...(await Promise.all(list.slice(i, i + size).map((item, j) => run(item, i + j)))));
  return out;
}

/** A Starter school may admit only a few students a month: the operator moves the school to Premium. */
async function premium(api: Api, session: SchoolSession) {
  const { id } = await api.mutation<{ id: string }>('account.requestTierUpgrade', { schoolId: session.schoolId, tier: 'PREMIUM' }, session.token);
  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  await api.mutation('operator.resolveTierUpgradeRequest', { requestId: id, approve: true }, operator);
}

export async function buildBusyDay(api: Api, session: SchoolSession, day: string, o: { teachers?: number; cars?: number } = {}): Promise<BusyDay> {
  const teacherCount = o.teachers ?? 20;
  const carCount = o.cars ?? 15;
  await premium(api, session);
  const admin = (
    await api.query<{ id: string; firstName: string; lastName: string }[]>('school.getSchoolTeachers', { schoolId: session.schoolId }, session.token)
  )[0];
  const more = await inBatches(
    Array.from({ length: teacherCount - 1 }, (_, i) => i),
    5,
    async (i) => {
      const lastName = `${TEACHER_SURNAMES[i % TEACHER_SURNAMES.length]}${i >= TEACHER_SURNAMES.length ? ' ml.' : ''}`;
      const t = await createTeacherViaApi(api, session, { firstName: 'Jan', lastName });
      return { id: t.id, label: `Jan ${lastName}` };
    },
  );
  const teachers = [{ id: admin.id, label: `${admin.firstName} ${admin.lastName}` }, ...more];
  const cars = await inBatches(
    Array.from({ length: carCount }, (_, i) => i),
    5,
    async (i) => {
      const regNumber = `${i + 1}B${uniqueSuffix(4).toUpperCase()}`;
      const car = await createCarViaApi(api, session, { regNumber });
      return { id: (car as { id: string }).id, regNumber };
    },
  );
  const students = await inBatches(BUSY_SURNAMES.slice(0, teacherCount), 5, async (lastName) => ({
    id: await createStudentViaApi(api, session, { firstName: 'Eva', lastName, registrationNumber: `K-${uniqueSuffix(8)}` }),
    lastName,
  }));
  // At each time teacher i rides with student (i + slot) mod n, so nobody is booked twice at once.
  const plan = BUSY_TIMES.flatMap((time, slot) =>
    teachers.map((t, i) => ({ time, teacherId: t.id, student: students[(i + slot) % students.length], schoolCarId: i < cars.length ? cars[i].id : null })),
  );
  const rides = await inBatches(plan, 6, async (p) => ({
    id: await planRide(api, session, { studentId: p.student.id, userId: p.teacherId, schoolCarId: p.schoolCarId, start: at(day, p.time), length: 90 }),
    lastName: p.student.lastName,
    teacherId: p.teacherId,
    schoolCarId: p.schoolCarId,
    time: p.time,
  }));
  return { day, teachers, cars, students, rides };
}

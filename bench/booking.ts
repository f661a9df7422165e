// Issue 19 §3: the student's slot search in a school of 20 teachers over the 14-day horizon, against a hand-written
// handler running the same SQL. The app side is the procedure's service (`getFreeSlots` of features/booking: the
// booking rules, the student row, the teachers, then per day the teachers' hours, absences, usual cars and the busy
// rides) called once for each of the 14 days, in process; the raw side sends the same statements as plain SQL over
// the same connection and runs the same pure slot function (packages/shared/src/booking/rules.ts). One sweep = 14
// calls; the budget is < 100 ms for a sweep.
//
//   npx node bench/booking.ts                      (PostgreSQL at BENCH_DATABASE_URL, default
//                                                   postgres://postgres@127.0.0.1:5432/i19bookbench; the database
//                                                   must exist and is migrated and seeded here)
//   BENCH_PGLITE=1 npx node bench/booking.ts       (embedded PGlite in memory)
//   BENCH_ROUNDS (default 30) sweeps measured per side after 5 warm-up sweeps.
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { schema } from '@volant/db/schema';
import { DEFAULT_BOOKING_RULES, earliestStart, freeSlots, horizonEnd } from '@volant/shared/booking/rules';
import { addDays, schoolDateOf, schoolDay } from '@volant/shared/school-time';
import { sql } from 'drizzle-orm';
import { getFreeSlots } from '../apps/server/src/features/booking/booking.service.ts';
import { testStudent } from '../apps/server/src/testing/tenant.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/i19bookbench';
const handle = process.env.BENCH_PGLITE ? await openDb({ dataDir: 'memory://' }) : await openDb({ databaseUrl: url, poolSize: 4 });
await migrate(handle);
const db = handle.db;
const now = new Date();
const today = schoolDateOf(now);

// --- Seed: 20 teachers working Mon–Sat 7:00–18:00, each with a usual car, 5 rides a working day each for 14 days ---
const [school] = await db
  .insert(schema.schools)
  .values({ name: `Bench ${Date.now()}`, number: 'B', office: 'Brno', street: 'X', streetCode: '1', city: 'Brno', postCode: '60200' })
  .returning();
await db.insert(schema.bookingSettings).values({ schoolId: school.id, enabled: true, teacherChoice: 'ANY_TEACHER', rideLengths: [45, 90] });
const teachers = await db
  .insert(schema.schoolMembers)
  .values(Array.from({ length: 20 }, (_, i) => ({ schoolId: school.id, role: 'TEACHER' as const, firstName: 'Učitel', lastName: `Č${i}` })))
  .returning();
const cars = await db
  .insert(schema.schoolCars)
  .values(
    teachers.map((_, i) => ({
      schoolId: school.id,
      carType: 'Škoda Fabia',
      regNumber: `B${Date.now().toString(36).slice(-4)}${i}`,
      targetGroup: ['B'] as never,
    })),
  )
  .returning();
await db
  .insert(schema.teacherAvailability)
  .values(
    teachers.flatMap((t) => [1, 2, 3, 4, 5, 6].map((weekday) => ({ schoolId: school.id, teacherId: t.id, weekday, startMinute: 7 * 60, endMinute: 18 * 60 }))),
  );
await db.insert(schema.teacherCars).values(teachers.map((t, i) => ({ schoolId: school.id, teacherId: t.id, schoolCarId: cars[i].id })));
const students = await db
  .insert(schema.students)
  .values(
    Array.from({ length: 200 }, (_, i) => ({
      schoolId: school.id,
      firstName: 'Žák',
      lastName: `Z${i}`,
      registrationNumber: `BB-${i}`,
      state: 'IN_PROGRESS' as const,
      groups: ['B'] as never,
      medicalCertificateDate: '2026-01-01',
      dateOfInProgress: '2026-01-02',
      birthDate: '2000-01-01',
      birthPlace: 'Brno',
      citizenship: 'Česká republika',
      street: 'Veveří',
      streetCode: '1',
      city: 'Brno',
      postCode: '60200',
      docId: `${100000000 + i}`,
      drivingLicenceNumber: '',
      searchText: `zak z${i}`,
    })),
  )
  .returning({ id: schema.students.id });
const rides: (typeof schema.drivingLessonRecords.$inferInsert)[] = [];
for (let d = 0; d <= 15; d++) {
  const { start } = schoolDay(addDays(today, d));
  teachers.forEach((t, i) => {
    for (const h of [0, 2, 5, 7, 9]) {
      const s = new Date(start.getTime() + (7 + h) * 3_600_000);
      rides.push({
        schoolId: school.id,
        studentId: students[(d * 20 + i * 5 + h) % students.length].id,
        teacherId: t.id,
        schoolCarId: cars[i].id,
        type: 'DRIVING',
        state: 'SCHEDULED',
        startTime: s,
        endTime: new Date(s.getTime() + 90 * 60_000),
        length: 90,
      });
    }
  });
}
for (let i = 0; i < rides.length; i += 500) await db.insert(schema.drivingLessonRecords).values(rides.slice(i, i + 500));
const me = testStudent(school.id, students[0].id);
const deps = { db, now: () => now } as never;
const days = Array.from({ length: 14 }, (_, d) => addDays(today, d + 1));

// --- The raw side: the same statements by hand, the same pure slot function ---
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
async function rawSweep() {
  let slots = 0;
  const [rules] = await rows<{ enabled: boolean; horizon_days: number; book_before_hours: number; ride_lengths: number[] }>(
    sql`select enabled, horizon_days, book_before_hours, ride_lengths from booking_settings where school_id = ${school.id}`,
  );
  const r = {
    ...DEFAULT_BOOKING_RULES,
    enabled: rules.enabled,
    horizonDays: rules.horizon_days,
    bookBeforeHours: rules.book_before_hours,
    rideLengths: rules.ride_lengths,
  };
  for (const day of days) {
    await rows(
      sql`select state, medical_certificate_date, groups from students where school_id = ${school.id} and id = ${me.studentId} and removed_at is null`,
    );
    const ts = await rows<{ id: string }>(
      sql`select id from school_members m where school_id = ${school.id} and is_active and role in ('ADMIN','TEACHER','PARAMEDIC') and exists (select 1 from teacher_availability a where a.school_id = m.school_id and a.teacher_id = m.id)`,
    );
    const ids = ts.map((t) => t.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const { start, end } = schoolDay(day);
    const av = await rows<{ teacher_id: string; weekday: number; start_minute: number; end_minute: number }>(
      sql`select teacher_id, weekday, start_minute, end_minute from teacher_availability where school_id = ${school.id} and teacher_id in (${idList})`,
    );
    const ab = await rows<{ teacher_id: string }>(
      sql`select teacher_id from teacher_absences where school_id = ${school.id} and teacher_id in (${idList}) and from_date <= ${day} and to_date >= ${day}`,
    );
    const tc = await rows<{ teacher_id: string; school_car_id: string }>(
      sql`select teacher_id, school_car_id from teacher_cars where school_id = ${school.id} and teacher_id in (${idList})`,
    );
    const carList = sql.join(
      tc.map((c) => sql`${c.school_car_id}::uuid`),
      sql`, `,
    );
    const busy = await rows<{ teacher_id: string | null; school_car_id: string | null; student_id: string | null; start_time: string; end_time: string }>(
      sql`select teacher_id, school_car_id, student_id, start_time, end_time from driving_lesson_records where school_id = ${school.id}
        and state in ('SCHEDULED','COMPLETED') and start_time >= ${new Date(start.getTime() - 14 * 86_400_000).toISOString()} and start_time < ${end.toISOString()}
        and end_time > ${start.toISOString()} and (student_id = ${me.studentId} or teacher_id in (${idList}) or school_car_id in (${carList}))`,
    );
    const iv = (b: (typeof busy)[number]) => ({ start: new Date(b.start_time), end: new Date(b.end_time) });
    for (const id of ids) {
      slots += freeSlots({
        day,
        availability: av.filter((a) => a.teacher_id === id).map((a) => ({ weekday: a.weekday, startMinute: a.start_minute, endMinute: a.end_minute })),
        absent: ab.some((a) => a.teacher_id === id),
        busy: busy.filter((b) => b.teacher_id === id || b.student_id === me.studentId).map(iv),
        cars: tc
          .filter((c) => c.teacher_id === id)
          .map((c) => ({ id: c.school_car_id, busy: busy.filter((b) => b.school_car_id === c.school_car_id).map(iv) })),
        lengths: r.rideLengths,
        notBefore: earliestStart(r, now),
        notAfter: horizonEnd(r, now),
      }).length;
    }
  }
  return slots;
}

async function appSweep() {
  let slots = 0;
  for (const date of days) {
    const answer = await getFreeSlots(deps, me, { date });
    for (const t of answer.teachers) slots += t.slots.length;
  }
  return slots;
}

async function measure(name: string, sweep: () => Promise<number>) {
  for (let i = 0; i < 5; i++) await sweep();
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    slots = await sweep();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`${name.padEnd(5)} 14-day sweep: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${times.at(-1)?.toFixed(1)} ms; ${slots} slots offered`);
  return Number(p(0.5));
}

console.log(`${handle.kind}, 20 teachers, ${rides.length} rides over 16 days, sweeps of 14 getFreeSlots calls, ${ROUNDS} rounds`);
const raw = await measure('raw', rawSweep);
const app = await measure('app', appSweep);
console.log(`app/raw p50: ${(app / raw).toFixed(2)}; budget < 100 ms per sweep: ${app < 100 ? 'held' : 'NOT held'}`);
await db.execute(sql`delete from schools where id = ${school.id}`);
await handle.close();

// 'Připraveni ke zkoušce / Brzy připraveni' (issue 22 §3) on a school of 300 students in training: the list reads the
// whole school in a fixed number of statements (counted here, through a counting wrapper of the database) and runs the
// pure forecast per student. Prints the statements per list and the time per list (median and max of the rounds).
//
// Run on demand (not part of the tests), from the repository root:
//
//   npx node bench/exam-readiness.ts                   # PostgreSQL (BENCH_DATABASE_URL or a local volant_bench_readiness)
//   BENCH_PGLITE=1 npx node bench/exam-readiness.ts    # embedded PGlite in memory
//
// Seed: 15 teachers working Mon–Fri 8:00–16:00, each with a usual car; 300 students of group B in training (20 per
// teacher), every theory and PV lesson attended, 10 to 24 of the 28 driving hours completed (so each forecast has 2 to
// 18 hours to place), two booked 90-minute rides each in the next two weeks, and one absence week per teacher.
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { schema } from '@volant/db/schema';
import { PLAN_ITEMS } from '@volant/shared/lesson-plan/law';
import { addDays, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { getStudentForecast, listReadiness } from '../apps/server/src/features/exam-readiness/exam-readiness.service.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 300);
const TEACHERS = 15;
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/volant_bench_readiness';
const handle = process.env.BENCH_PGLITE ? await openDb({ dataDir: 'memory://' }) : await openDb({ databaseUrl: url, poolSize: 4 });
await migrate(handle);
const db = handle.db;
const now = new Date();
const today = schoolToday(now);

const [school] = await db
  .insert(schema.schools)
  .values({ name: `Bench ${Date.now()}`, number: 'B', office: 'Brno', street: 'X', streetCode: '1', city: 'Brno', postCode: '60200' })
  .returning();
const teachers = await db
  .insert(schema.schoolMembers)
  .values(Array.from({ length: TEACHERS }, (_, i) => ({ schoolId: school.id, role: 'TEACHER' as const, firstName: 'Učitel', lastName: `Č${i}` })))
  .returning();
const cars = await db
  .insert(schema.schoolCars)
  .values(
    teachers.map((_, i) => ({
      schoolId: school.id,
      carType: 'Škoda Fabia',
      regNumber: `R${Date.now().toString(36).slice(-4)}${i}`,
      targetGroup: ['B'] as never,
    })),
  )
  .returning();
await db
  .insert(schema.teacherAvailability)
  .values(
    teachers.flatMap((t) => [1, 2, 3, 4, 5].map((weekday) => ({ schoolId: school.id, teacherId: t.id, weekday, startMinute: 8 * 60, endMinute: 16 * 60 }))),
  );
await db.insert(schema.teacherCars).values(teachers.map((t, i) => ({ schoolId: school.id, teacherId: t.id, schoolCarId: cars[i].id })));
await db
  .insert(schema.teacherAbsences)
  .values(
    teachers.map((t, i) => ({ schoolId: school.id, teacherId: t.id, fromDate: addDays(today, 7 + (i % 4) * 7), toDate: addDays(today, 13 + (i % 4) * 7) })),
  );
const students = await db
  .insert(schema.students)
  .values(
    Array.from({ length: STUDENTS }, (_, i) => ({
      schoolId: school.id,
      firstName: 'Žák',
      lastName: `Z${i}`,
      registrationNumber: `RB-${i}`,
      state: 'IN_PROGRESS' as const,
      groups: ['B'] as never,
      medicalCertificateDate: addDays(today, -60),
      dateOfInProgress: addDays(today, -60),
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
await db
  .insert(schema.studentDefaultTeachers)
  .values(students.map((s, i) => ({ schoolId: school.id, studentId: s.id, type: 'TRAINING' as const, teacherId: teachers[i % TEACHERS].id })));

// Every theory and PV lesson of group B attended (36 + 2 + 4 rows per student) a month ago.
const B_LESSONS: Record<string, number> = { TZBJ: 10, PPV: 18, OUV: 2, ZP: 2, OP: 4, PV_UV: 2, PV_ZP: 4 };
const attendedOn = addDays(today, -30);
const lessons: (typeof schema.teachingLessonRecords.$inferInsert)[] = [];
for (const s of students)
  for (const type of PLAN_ITEMS.filter((p) => p !== 'DRIVING'))
    for (let position = 1; position <= (B_LESSONS[type] ?? 0); position++)
      lessons.push({ schoolId: school.id, studentId: s.id, type: type as never, position, date: attendedOn, attendedAt: schoolMidnight(attendedOn) });
for (let i = 0; i < lessons.length; i += 2000) await db.insert(schema.teachingLessonRecords).values(lessons.slice(i, i + 2000));

// Completed rides in the past (5–12 of 90 minutes), two booked ones in the next two weeks on the teacher's days.
const rides: (typeof schema.drivingLessonRecords.$inferInsert)[] = [];
students.forEach((s, i) => {
  const t = i % TEACHERS;
  const done = 5 + (i % 8);
  for (let n = 0; n < done; n++) {
    const start = new Date(schoolMidnight(addDays(today, -40 + n)).getTime() + (7 + (Math.floor(i / TEACHERS) % 8)) * 3_600_000);
    rides.push({
      schoolId: school.id,
      studentId: s.id,
      teacherId: null,
      schoolCarId: null,
      type: 'DRIVING',
      state: 'COMPLETED',
      startTime: start,
      endTime: new Date(start.getTime() + 90 * 60_000),
      length: 90,
    });
  }
  const slot = Math.floor(i / TEACHERS); // 0..19: the student's hour on the teacher's day
  for (const d of [1 + (slot % 5), 8 + (slot % 5)]) {
    const start = new Date(schoolMidnight(addDays(today, d)).getTime() + (7 + (slot % 4) * 2) * 3_600_000);
    rides.push({
      schoolId: school.id,
      studentId: s.id,
      teacherId: teachers[t].id,
      schoolCarId: cars[t].id,
      type: 'DRIVING',
      state: 'SCHEDULED',
      startTime: start,
      endTime: new Date(start.getTime() + 90 * 60_000),
      length: 90,
    });
  }
});
// A teacher cannot hold two rides at once (the exclusion constraints): keep the first of each teacher × start.
const seen = new Set<string>();
const unique = rides.filter((r) => {
  if (!r.teacherId) return true;
  const key = `${r.teacherId}|${(r.startTime as Date).getTime()}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});
for (let i = 0; i < unique.length; i += 1000) await db.insert(schema.drivingLessonRecords).values(unique.slice(i, i + 1000));

// The database behind a counter of statements: every statement of the service starts with db.select().
let statements = 0;
const counting = new Proxy(db, {
  get(target, prop, receiver) {
    const value = Reflect.get(target, prop, receiver);
    if (prop === 'select' && typeof value === 'function')
      return (...args: unknown[]) => {
        statements++;
        return value.apply(target, args);
      };
    return typeof value === 'function' ? value.bind(target) : value;
  },
});
const deps = { db: counting, now: () => now } as never;
const schoolId = testSchoolId(school.id);

const times: number[] = [];
let last: Awaited<ReturnType<typeof listReadiness>> | null = null;
let perList = 0;
for (let r = 0; r < ROUNDS + 1; r++) {
  statements = 0;
  const t0 = performance.now();
  last = await listReadiness(deps, schoolId, 30);
  const ms = performance.now() - t0;
  perList = statements;
  if (r > 0) times.push(ms); // the first round warms the caches (Intl, the wall-time cache)
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
// One card: the same reads, the allocation of the students sharing the student's teacher (and car) only.
const cardTimes: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  statements = 0;
  const t0 = performance.now();
  await getStudentForecast(deps, schoolId, students[(r * 37) % students.length].id);
  cardTimes.push(performance.now() - t0);
}
const cardStatements = statements;
cardTimes.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      engine: process.env.BENCH_PGLITE ? 'pglite' : 'postgresql',
      students: STUDENTS,
      inTraining: last?.inTraining,
      ready: last?.rows.filter((x) => x.readiness === 'READY').length,
      soon: last?.rows.filter((x) => x.readiness === 'SOON').length,
      unknown: last?.unknown,
      statementsPerList: perList,
      rounds: ROUNDS,
      medianMs: Math.round(median),
      maxMs: Math.round(times.at(-1) ?? 0),
      cardStatements,
      cardMedianMs: Math.round(cardTimes[Math.floor(cardTimes.length / 2)]),
      cardMaxMs: Math.round(cardTimes.at(-1) ?? 0),
    },
    null,
    1,
  ),
);
await handle.close();

// The scale seed shared by the benches on PostgreSQL (search.ts, app-vs-raw.ts, training.ts): 1,000 schools × 200
// students with Czech names in the database `volant_bench` (training.ts: its own, `volant_bench_training`), one log
// per student, a tag on every third one, and 20 staff users; for training.ts also rides in the 20 users' schools.
import type { openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { normalizeSearch } from '@volant/shared/search';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createSession } from '../apps/server/src/gate/session.queries.ts';

export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DB_NAME = 'volant_bench';
export const SCHOOLS = 1000;
export const STUDENTS_PER_SCHOOL = 200;
export const BENCH_USERS = 20;

export function benchUrl(dbName = DB_NAME) {
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
}

// ——— seed ———

const FIRST = [
  'Jan',
  'Jiří',
  'Petr',
  'Josef',
  'Pavel',
  'Martin',
  'Tomáš',
  'Jaroslav',
  'Zdeněk',
  'Eva',
  'Jana',
  'Marie',
  'Hana',
  'Lucie',
  'Kateřina',
  'Věra',
  'Tereza',
  'Markéta',
];
const LAST = [
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
  'Pokorný',
  'Pospíšil',
  'Hájek',
  'Jelínek',
  'Král',
  'Růžička',
  'Beneš',
  'Fiala',
  'Sedláček',
  'Doležal',
  'Zeman',
  'Kolář',
  'Navrátil',
  'Čermák',
  'Urban',
  'Vaněk',
  'Blažek',
  'Kříž',
  'Kovář',
];

export async function recreateDatabase(dbName = DB_NAME) {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
}

export async function seed(pool: pg.Pool) {
  await pool.query(
    `insert into schools (name, number, office, street, street_code, city, post_code, tier)
     select 'Autoškola ' || g, 'AS-' || g, 'Magistrát města Brna', 'Kounicova', g::text, 'Brno', '60200', 'PREMIUM'
     from generate_series(1, $1::int) g`,
    [SCHOOLS],
  );
  // Names and their normalised forms come from JavaScript, so search_text is exactly what the app writes.
  await pool.query(
    `insert into students (school_id, registration_number, state, first_name, last_name, birth_date, birth_place, citizenship,
       doc_id, email, phone, street, street_code, city, post_code, groups, driving_licence_number, search_text, created_at,
       date_of_in_progress)
     select s.id, reg, (array['NOT_STARTED','IN_PROGRESS','FINISHED','TO_EXAM','DONE','NOT_STARTED','IN_PROGRESS','STORNO'])[1 + (i % 8)],
       ($1::text[])[f], ($3::text[])[l], date '1995-01-01' + ((i * 37 + s.n) % 5000), 'Brno', 'Česká republika',
       'OP' || i, 'zak' || i || '@example.cz', '+420 777 000 ' || lpad(i::text, 3, '0'), 'Lidická', i::text, 'Brno', '60200',
       case when i % 5 = 0 then array['A','B'] else array['B'] end, 'EA' || i,
       ($2::text[])[f] || ' ' || ($4::text[])[l] || ' ' || reg,
       now() - make_interval(hours => i * 7 + s.n),
       case when i % 8 in (1, 2, 3, 4, 6) then (now() - make_interval(days => i))::date end
     from (select id, row_number() over (order by id)::int as n from schools) s
     cross join generate_series(1, $5::int) i
     cross join lateral (select 1 + ((i * 7 + s.n * 13) % cardinality($1::text[])) as f, 1 + ((i * 11 + s.n * 3) % cardinality($3::text[])) as l,
       extract(year from now())::int || '/' || lpad(i::text, 3, '0') as reg) x`,
    [FIRST, FIRST.map(normalizeSearch), LAST, LAST.map(normalizeSearch), STUDENTS_PER_SCHOOL],
  );
  await pool.query(
    `insert into student_logs (school_id, student_id, state, previous_state, date, created_at)
     select school_id, id, 'NOT_STARTED', null, created_at::date, created_at from students`,
  );
  await pool.query(
    `insert into tags (school_id, name, color) select id, t.name, t.color from schools
     cross join (values ('VIP', '#aa0000'), ('Zaplaceno', '#00aa00'), ('Dluží', '#0000aa')) t(name, color)`,
  );
  await pool.query(
    `insert into tag_links (school_id, tag_id, entity_type, entity_id)
     select s.school_id, t.id, 'STUDENT', s.id from students s join tags t on t.school_id = s.school_id and t.name = 'VIP'
     where abs(hashtext(s.id::text)) % 3 = 0`,
  );
  await pool.query('vacuum analyze');
}

/** The schools of the bench users: 20 in the middle of the id order. */
export const BENCH_SCHOOLS_SQL = 'select id from schools order by id limit $1 offset 100';

export async function benchUsers(db: Awaited<ReturnType<typeof openDb>>['db'], pool: pg.Pool) {
  const { rows: schools } = await pool.query<{ id: string }>(BENCH_SCHOOLS_SQL, [BENCH_USERS]);
  const out: { schoolId: string; token: string; studentIds: string[] }[] = [];
  for (const [i, s] of schools.entries()) {
    const email = `bench${i}@example.cz`;
    let [user] = await db.select().from(schema.users).where(eq(schema.users.email, email));
    if (!user) {
      [user] = await db
        .insert(schema.users)
        .values({ email, firstName: 'Bench', lastName: `Uživatel ${i}`, passwordHash: 'x', isActivated: true, activeSchoolId: s.id })
        .returning();
      await db.insert(schema.schoolMembers).values({ schoolId: s.id, userId: user.id, role: 'ADMIN', firstName: 'Bench', lastName: `Uživatel ${i}` });
    }
    const token = await createSession(db, user.id, new Date(), 1);
    const { rows } = await pool.query<{ id: string }>('select id from students where school_id = $1 and removed_at is null', [s.id]);
    out.push({ schoolId: s.id, token, studentIds: rows.map((r) => r.id) });
  }
  return out;
}

export async function isSeeded(dbName = DB_NAME) {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  await admin.end();
  if (!rowCount) return false;
  const c = new pg.Client({ connectionString: benchUrl(dbName) });
  await c.connect();
  const { rows } = await c.query<{ n: number }>('select count(*)::int as n from students').catch(() => ({ rows: [{ n: 0 }] }));
  await c.end();
  return rows[0].n === SCHOOLS * STUDENTS_PER_SCHOOL;
}

// ——— training (training.ts): one school with 20 teachers, 15 cars and ~2,000 rides a month ———

export const TRAINING_DB_NAME = process.env.BENCH_DB ?? 'volant_bench_training';
export const TRAINING = {
  teachers: 20,
  cars: 15,
  /** Rides of a teacher per weekday: 7:00, 9:00, 11:00, 13:00, 15:00 (90 minutes, some 45; PV 60). */
  slotsPerDay: 5,
  daysBack: 42,
  daysAhead: 14,
  /** The student whose Výcvik tab is loaded: teacher 0's first two slots of the first 30 weekdays (the others of
   * the school's 200 share the rest, ~19 each). */
  studentRides: 60,
};

/** What signature_pad's toSVG() writes: one <path> per curve segment (~140 bytes each), on a 300 × 400 canvas. */
export function signatureSvg(segments: number, seed: number) {
  const f = (n: number) => n.toFixed(3);
  let x = 40 + (seed % 20);
  let y = 200;
  const paths: string[] = [];
  for (let i = 0; i < segments; i++) {
    const dx = 2 + ((i * 7 + seed) % 5);
    const dy = Math.sin((i + seed) / 3) * 6;
    const [x1, y1, x2, y2, x3, y3] = [x + dx / 3, y + dy / 3, x + (2 * dx) / 3, y + (2 * dy) / 3, x + dx, y + dy];
    paths.push(
      `<path d="M ${f(x)},${f(y)} C ${f(x1)},${f(y1)} ${f(x2)},${f(y2)} ${f(x3)},${f(y3)}" stroke-width="${f(2 + ((i + seed) % 7) / 10)}" stroke="black" fill="none" stroke-linecap="round"></path>`,
    );
    x = x3 > 280 ? 40 : x3;
    y = y3;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 400" width="300" height="400">${paths.join('')}</svg>`;
}

/** The training school: the first of the bench users' schools. */
export async function trainingSchool(pool: pg.Pool) {
  const { rows } = await pool.query<{ id: string }>(`${BENCH_SCHOOLS_SQL.replace('limit $1', 'limit 1')}`);
  return rows[0].id;
}

/**
 * (Re)writes the school's training around `now`: 20 teachers with logins (the bench users), 15 cars, and from
 * `daysBack` ago to `daysAhead` on every weekday 5 slots per teacher, one in eleven left free; at each slot teacher t
 * drives car (t + slot) mod 20, so no car or teacher is booked twice, and the five without a car teach PV-ZP. Past
 * items are registered and signed (tachometer continuous per car), one in 17 not registered, one in 17 cancelled,
 * one in 17 without the student's signature. Plus an all-day 'Blokace vozidla' of three cars on Saturday, and one
 * ride per student in 200 other schools.
 */
export async function seedTraining(pool: pg.Pool, schoolId: string, now: Date, signatureSegments: number) {
  await pool.query('delete from driving_lesson_records where school_id = $1', [schoolId]);
  await pool.query('delete from school_cars where school_id = $1', [schoolId]);
  await pool.query(`delete from school_members where school_id = $1 and role = 'TEACHER'`, [schoolId]);
  await pool.query(`delete from users where email like 'bench-teacher%@example.cz'`);
  await pool.query(
    `with u as (
       insert into users (email, first_name, last_name, password_hash, is_activated, active_school_id)
       select 'bench-teacher' || t || '@example.cz', ($2::text[])[1 + t % cardinality($2::text[])], ($3::text[])[1 + (t * 7) % cardinality($3::text[])],
         'x', true, $1::uuid
       from generate_series(0, $4::int - 1) t
       returning id, email, first_name, last_name)
     insert into school_members (school_id, user_id, role, first_name, last_name, email, groups, teacher_licence_valid_until)
     select $1, id, 'TEACHER', first_name, last_name, email, array['B', 'A'], current_date + 365 from u`,
    [schoolId, FIRST, LAST, TRAINING.teachers],
  );
  await pool.query(
    `insert into school_cars (school_id, car_type, reg_number, target_group, stk_valid_until)
     select $1, (array['Škoda Fabia', 'Škoda Octavia', 'Kia Ceed', 'Hyundai i30', 'Yamaha MT-07'])[1 + c % 5], c || 'B' || lpad((c * 37)::text, 4, '0'),
       case when c % 5 = 4 then array['A', 'A2'] else array['B'] end, current_date + 100 + c * 20
     from generate_series(1, $2::int) c`,
    [schoolId, TRAINING.cars],
  );
  await pool.query(
    `with days as (
       select d::date as day, row_number() over (order by d)::int as k
       from generate_series(($2::timestamptz at time zone 'Europe/Prague')::date - $3::int, ($2::timestamptz at time zone 'Europe/Prague')::date + $4::int, interval '1 day') d
       where extract(isodow from d) < 6),
     teachers as (select id, (row_number() over (order by email) - 1)::int as t from school_members where school_id = $1 and role = 'TEACHER'),
     cars as (select id, (row_number() over (order by reg_number) - 1)::int as c from school_cars where school_id = $1),
     pupils as (select id, (row_number() over (order by registration_number, id) - 1)::int as p, count(*) over ()::int as np
       from students where school_id = $1 and removed_at is null),
     slots as (
       select t.id as teacher_id, t.t, d.day, d.k, s,
         (t.t + s) % $5::int as ci, (d.k * 3 + t.t + s) % 17 as h,
         (d.day + make_interval(hours => 7 + 2 * s)) at time zone 'Europe/Prague' as start_time
       from teachers t cross join days d cross join generate_series(0, 4) s
       where (t.t = 0 and s < 2) or (t.t + s + d.k) % 11 <> 0),
     planned as (
       select sl.*, c.id as car_id,
         case when sl.t = 0 and sl.s < 2 and sl.k <= $6::int / 2 then 0 else 1 + (sl.k * 7 + sl.t * 5 + sl.s) % ((select max(np) from pupils) - 1) end as pi,
         case when c.id is null then 60 when (sl.k + sl.t) % 9 = 0 then 45 else 90 end as len
       from slots sl left join cars c on c.c = sl.ci),
     timed as (
       select p.*, pu.id as student_id, p.start_time + make_interval(mins => p.len) as end_time,
         case when p.start_time + make_interval(mins => p.len) > $2::timestamptz then 'SCHEDULED'
           when p.h = 0 and p.pi <> 0 then 'SCHEDULED' when p.h = 1 and p.pi <> 0 then 'CANCELLED_BY_STUDENT' else 'COMPLETED' end as state
       from planned p join pupils pu on pu.p = p.pi)
     insert into driving_lesson_records (school_id, type, state, student_id, teacher_id, school_car_id, start_time, end_time, length,
       signature, teacher_signature, created_by)
     select $1, case when car_id is null then 'PV_ZP' else 'DRIVING' end, state, student_id, teacher_id, car_id, start_time, end_time, len,
       case when state = 'COMPLETED' and h <> 2 then $7 end, case when state = 'COMPLETED' then $8 end, teacher_id
     from timed`,
    [
      schoolId,
      now.toISOString(),
      TRAINING.daysBack,
      TRAINING.daysAhead,
      TRAINING.teachers,
      TRAINING.studentRides,
      signatureSvg(signatureSegments, 1),
      signatureSvg(signatureSegments, 2),
    ],
  );
  await pool.query(
    `update driving_lesson_records r set tachometer_before = x.before, tachometer_after = x.before + x.km
     from (select id, km, 10000 + coalesce(sum(km) over (partition by school_car_id order by start_time rows between unbounded preceding and 1 preceding), 0) as before
       from (select id, school_car_id, start_time, 15 + (extract(epoch from start_time)::bigint / 60) % 30 as km
         from driving_lesson_records where school_id = $1 and type = 'DRIVING' and state = 'COMPLETED') a) x
     where r.id = x.id`,
    [schoolId],
  );
  await pool.query(
    `insert into driving_lesson_records (school_id, type, state, school_car_id, start_time, end_time, length, all_day, note)
     select $1, 'CAR_RESERVATION', 'SCHEDULED', c.id, d at time zone 'Europe/Prague', (d + interval '1 day') at time zone 'Europe/Prague', 1440, true, 'STK'
     from (select id from school_cars where school_id = $1 order by reg_number limit 3) c,
       (select date_trunc('week', $2::timestamptz at time zone 'Europe/Prague') + interval '5 days' as d) w(d)`,
    [schoolId, now.toISOString()],
  );
  // Other schools have rides too (one per student, 200 schools, no teacher or car), so the school is a selective
  // condition and PostgreSQL plans as it would with many schools, not a scan of one school's table.
  await pool.query('delete from driving_lesson_records where school_id <> $1', [schoolId]);
  await pool.query(
    `insert into driving_lesson_records (school_id, type, state, student_id, start_time, end_time, length)
     select s.school_id, 'DRIVING', case when x.t < $2::timestamptz then 'COMPLETED' else 'SCHEDULED' end, s.id, x.t, x.t + interval '90 minutes', 90
     from (select school_id, id, row_number() over (partition by school_id order by id)::int as n from students
       where school_id in (select id from schools where id <> $1 order by id limit 200)) s
     cross join lateral (select ((($2::timestamptz at time zone 'Europe/Prague')::date - $3::int + (s.n * 7) % ($3::int + $4::int))
       + make_interval(hours => 7 + s.n % 10)) at time zone 'Europe/Prague' as t) x`,
    [schoolId, now.toISOString(), TRAINING.daysBack, TRAINING.daysAhead],
  );
  await pool.query('vacuum analyze driving_lesson_records');
  const { rows } = await pool.query<{ id: string; rides: number; month: number }>(
    `select student_id as id, count(*)::int as rides,
       (select count(*)::int from driving_lesson_records where school_id = $1 and type <> 'CAR_RESERVATION'
          and start_time >= $2::timestamptz - interval '30 days' and start_time < $2::timestamptz) as month
     from driving_lesson_records where school_id = $1 and student_id is not null group by student_id order by count(*) desc limit 1`,
    [schoolId, now.toISOString()],
  );
  return { studentId: rows[0].id, studentRides: rows[0].rides, ridesLast30Days: rows[0].month };
}

/** Sessions of the training school's 20 teachers (the bench users of training.ts). */
export async function trainingUsers(db: Awaited<ReturnType<typeof openDb>>['db'], pool: pg.Pool, schoolId: string, studentId: string) {
  const { rows } = await pool.query<{ id: string }>(`select id from users where email like 'bench-teacher%@example.cz' order by email`);
  const out: { schoolId: string; token: string; studentIds: string[] }[] = [];
  for (const u of rows) out.push({ schoolId, token: await createSession(db, u.id, new Date(), 1), studentIds: [studentId] });
  return out;
}

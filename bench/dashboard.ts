// 'Přehled školy' (issue 21 §4): a school with 5 years of data (2,000 students, 60,000 rides, 10 teachers, 8 cars,
// invoices, payments, exams, applications, disputes) among 20 smaller schools, on PostgreSQL. It measures
// dashboard.getOverview through the app (Fastify's inject: HTTP parsing, the session gate, the role rung, zod, the
// service, superjson) next to the very same SQL statements (built by dashboard.queries.ts, rendered once by drizzle)
// run raw with `pg` in the same run, same pool size, same order, and reports both and their ratio. Target: < 300 ms.
//
// Run on demand (not part of the tests), from the repository root:
//
//   npx node bench/dashboard.ts
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DASHBOARD_DB
// (default volant_bench_dashboard; reused when seeded, BENCH_RESEED=1 recreates it), BENCH_ROUNDS (default 30).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { type DashboardPeriod, periodInstants, presetPeriod } from '@volant/shared/dashboard/period';
import { schoolToday } from '@volant/shared/school-time';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import superjson from 'superjson';
import { loadConfig } from '../apps/server/src/config.ts';
import { dashboardStatements } from '../apps/server/src/features/dashboard/dashboard.queries.ts';
import { createSession } from '../apps/server/src/gate/session.queries.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { BASE_URL, recreateDatabase } from './scale-seed.ts';

const DB_NAME = process.env.BENCH_DASHBOARD_DB ?? 'volant_bench_dashboard';
const DB_URL = (() => {
  const url = new URL(BASE_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const POOL_SIZE = 4;

/** The statements' parameters as dashboard.service.ts's dashboardParams makes them (without the gate's proof). */
const paramsOf = (schoolId: string, period: DashboardPeriod, now: Date) => ({ schoolId, ...period, ...periodInstants(period), today: schoolToday(now) });
const STUDENTS = 2000;
const RIDES = 60_000;
const TEACHERS = 10;
const CARS = 8;
const OTHER_SCHOOLS = 20;

/** The school (by number 'AS-BIG'): its data spread over the 5 years before now. */
async function seed(pool: pg.Pool) {
  const big = (
    await pool.query<{ id: string }>(
      `insert into schools (name, number, office, street, street_code, city, post_code, tier)
     values ('Autoškola Pět let', 'AS-BIG', 'Magistrát města Brna', 'Kounicova', '1', 'Brno', '60200', 'ENTERPRISE') returning id`,
    )
  ).rows[0]!.id;
  await pool.query(
    `insert into schools (name, number, office, street, street_code, city, post_code, tier)
     select 'Autoškola ' || g, 'AS-' || g, 'Magistrát města Brna', 'Kounicova', '1', 'Brno', '60200', 'PREMIUM' from generate_series(1, $1::int) g`,
    [OTHER_SCHOOLS],
  );
  // Students of every school: the big one 2,000 admitted over 5 years, the others 200 each.
  await pool.query(
    `insert into students (school_id, registration_number, state, first_name, last_name, birth_date, birth_place, citizenship, doc_id,
       street, street_code, city, post_code, groups, driving_licence_number, search_text, created_at, admitted_at)
     select s.id, 'R' || i, (array['NOT_STARTED','IN_PROGRESS','FINISHED','TO_EXAM','DONE','IN_PROGRESS','DONE','STORNO'])[1 + i % 8],
       'Jan', 'Novák' || i, date '2000-01-01', 'Brno', 'Česká republika', 'OP' || i, 'Lidická', '1', 'Brno', '60200', array['B'], 'EA' || i,
       'jan novak' || i, now() - make_interval(mins => (i * 1315)), now() - make_interval(mins => (i * 1315))
     from (select id, case when number = 'AS-BIG' then $1::int else 200 end as n from schools) s cross join lateral generate_series(1, s.n) i`,
    [STUDENTS],
  );
  await pool.query(`insert into student_prices (school_id, student_id, price) select school_id, id, 2500000 from students`);
  // Staff: teachers with Monday–Friday 8:00–16:00 availability; cars.
  await pool.query(
    `insert into school_members (school_id, role, first_name, last_name, groups)
     select s.id, 'TEACHER', 'Učitel', 'Číslo' || t, array['B'] from schools s cross join generate_series(1, $1::int) t`,
    [TEACHERS],
  );
  await pool.query(
    `insert into teacher_availability (school_id, teacher_id, weekday, start_minute, end_minute)
     select school_id, id, d, 480, 960 from school_members cross join generate_series(1, 5) d where role = 'TEACHER'`,
  );
  await pool.query(
    `insert into school_cars (school_id, car_type, reg_number, target_group)
     select s.id, 'Škoda Fabia', c || 'B' || lpad(c::text, 4, '0'), array['B'] from schools s cross join generate_series(1, $1::int) c`,
    [CARS],
  );
  // 60,000 rides of the big school over the weekdays of 5 years: ride k by teacher k % 10 in slot (k / 10) % 5 of
  // weekday (k / 50); teachers 1–8 drive car 1–8, 9 and 10 teach PV without a car; no teacher, car or student twice.
  await pool.query(
    `with t as (select id, row_number() over (order by last_name)::int - 1 as n from school_members where school_id = $1 and role = 'TEACHER'),
       c as (select id, row_number() over (order by reg_number)::int - 1 as n from school_cars where school_id = $1),
       st as (select id, row_number() over (order by registration_number)::int - 1 as n from students where school_id = $1),
       days as (select d::date as day, row_number() over (order by d)::int - 1 as n
         from generate_series((now() at time zone 'Europe/Prague')::date - 1826, (now() at time zone 'Europe/Prague')::date + 30, interval '1 day') d
         where extract(isodow from d) < 6),
       k as (select g as k from generate_series(0, $2::int - 1) g)
     insert into driving_lesson_records (school_id, type, state, student_id, teacher_id, school_car_id, start_time, end_time, length)
     select $1, case when t.n < 8 then 'DRIVING' else 'PV_ZP' end,
       case when k % 15 = 7 then 'CANCELLED_BY_STUDENT' when k % 40 = 3 then 'CANCELLED_BY_TEACHER'
         when days.day < current_date then 'COMPLETED' else 'SCHEDULED' end,
       st.id, t.id, c.id,
       (days.day + time '07:00' + make_interval(hours => 2 * ((k / 10) % 5))) at time zone 'Europe/Prague',
       (days.day + time '08:30' + make_interval(hours => 2 * ((k / 10) % 5))) at time zone 'Europe/Prague', 90
     from k join t on t.n = k % 10 left join c on c.n = t.n join days on days.n = k / 50 join st on st.n = (k * 7 + k / 10) % $3::int`,
    [big, RIDES, STUDENTS],
  );
  // Money: two invoices and three payments per student, spread over the years.
  await pool.query(
    `insert into invoices (school_id, kind, year, seq, number, student_id, supplier_name, supplier_company_number, supplier_address,
       customer_name, vat_mode, issued_on, due_on, variable_symbol, payment_method, total, is_cancelled)
     select st.school_id, 'INVOICE', 2000, row_number() over (partition by st.school_id order by st.id, j), 'F' || row_number() over (partition by st.school_id order by st.id, j),
       st.id, 'Autoškola', '12345678', 'Brno', st.last_name, 'NON_PAYER', (st.admitted_at + make_interval(days => 30 * j))::date,
       (st.admitted_at + make_interval(days => 30 * j + 14))::date, st.registration_number, 'TRANSFER', 1250000, j = 1 and st.registration_number like '%7'
     from students st cross join generate_series(0, 1) j`,
  );
  await pool.query(
    `insert into payment_items (school_id, student_id, price, paid_on, method)
     select school_id, id, 800000, (admitted_at + make_interval(days => 20 * j))::date, 'TRANSFER' from students cross join generate_series(0, 2) j`,
  );
  await pool.query(
    `insert into student_charges (school_id, student_id, item, label, quantity, unit_price, charged_on)
     select school_id, id, 'LATE_CANCELLATION', 'Pozdní zrušení', 1, 30000, (admitted_at + interval '40 days')::date from students where registration_number like '%3'`,
  );
  // Exams: a term every month in each school, each student signed up twice (PPV, ZP) with results.
  await pool.query(
    `insert into exams (school_id, date, place, types) select s.id, (now() - make_interval(days => 30 * m))::date, 'Brno', array['PPV','ZP']
     from schools s cross join generate_series(0, 60) m`,
  );
  await pool.query(
    `insert into exam_sign_ups (school_id, exam_id, student_id, type, "group", attempt, result)
     select st.school_id, e.id, st.id, x.type, 'B', 1 + (length(st.registration_number) % 2), case when (st.registration_number || x.type) like '%1%' then 'FAIL' else 'SUCCESS' end
     from students st cross join (values ('PPV'), ('ZP')) x(type)
     join lateral (select id from exams e where e.school_id = st.school_id and e.date >= st.admitted_at::date order by e.date limit 1) e on true`,
  );
  await pool.query(
    `insert into student_default_teachers (school_id, student_id, type, teacher_id)
     select st.school_id, st.id, 'TRAINING', (select m.id from school_members m where m.school_id = st.school_id and m.role = 'TEACHER'
       order by m.last_name offset (length(st.registration_number) % 10) limit 1) from students st`,
  );
  await pool.query(
    `insert into applications (school_id, course_name, course_price, first_name, last_name, consent_at, status, created_at)
     select school_id, 'Skupina B', 2500000, first_name, last_name, admitted_at, case when registration_number like '%5' then 'REJECTED' else 'ADMITTED' end, admitted_at
     from students`,
  );
  await pool.query(
    `insert into record_disputes (school_id, student_id, record_kind, driving_lesson_record_id, reason, created_at)
     select school_id, student_id, 'RIDE', id, 'Nesouhlasím', start_time + interval '1 day' from driving_lesson_records
     where school_id = $1 and state = 'COMPLETED' and abs(hashtext(id::text)) % 200 = 0`,
    [big],
  );
  await pool.query('vacuum analyze');
  return big;
}

async function main() {
  const probe = new pg.Client({ connectionString: BASE_URL });
  await probe.connect();
  const exists = (await probe.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount! > 0;
  await probe.end();
  let seeded = false;
  if (exists && process.env.BENCH_RESEED !== '1') {
    const check = new pg.Client({ connectionString: DB_URL });
    await check.connect();
    seeded = (await check.query(`select 1 from schools where number = 'AS-BIG'`).catch(() => ({ rowCount: 0 }))).rowCount! > 0;
    await check.end();
  }
  if (!seeded) {
    console.log(`Seeding ${DB_NAME}…`);
    await recreateDatabase(DB_NAME);
    const fresh = await openDb({ databaseUrl: DB_URL, poolSize: POOL_SIZE });
    await migrate(fresh);
    await fresh.close();
    const pool = new pg.Pool({ connectionString: DB_URL, max: POOL_SIZE });
    const t0 = performance.now();
    await seed(pool);
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await pool.end();
  }

  const handle = await openDb({ databaseUrl: DB_URL, poolSize: POOL_SIZE });
  const pool = new pg.Pool({ connectionString: DB_URL, max: POOL_SIZE });
  const schoolId = (await pool.query<{ id: string }>(`select id from schools where number = 'AS-BIG'`)).rows[0]!.id;
  const counts = (
    await pool.query(
      `select (select count(*) from students where school_id = $1)::int as students, (select count(*) from driving_lesson_records where school_id = $1)::int as rides,
        (select count(*) from invoices where school_id = $1)::int as invoices, (select count(*) from payment_items where school_id = $1)::int as payments,
        (select count(*) from driving_lesson_records)::int as all_rides, (select count(*) from students)::int as all_students`,
      [schoolId],
    )
  ).rows[0];
  console.log('school:', counts);

  // An admin with a session.
  const user = (
    await pool.query<{ id: string }>(
      `insert into users (email, first_name, last_name, password_hash, is_activated, active_school_id)
       values ('bench-dash-' || gen_random_uuid() || '@example.cz', 'Majitel', 'Školy', 'x', true, $1) returning id`,
      [schoolId],
    )
  ).rows[0]!.id;
  await pool.query(`insert into school_members (school_id, user_id, role, first_name, last_name) values ($1, $2, 'ADMIN', 'Majitel', 'Školy')`, [
    schoolId,
    user,
  ]);
  const token = await createSession(handle.db, user, new Date(), 1);

  const config = loadConfig({
    DATABASE_URL: DB_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-bench-')),
    LOG_LEVEL: 'warn',
    ANSWER_CACHE: '0',
    PORT: '0',
    WEB_DIST: join(tmpdir(), 'volant-bench-no-web'),
  } as NodeJS.ProcessEnv);
  const { app } = await buildServer(config, handle);
  await app.ready();

  const now = new Date();
  const dialect = new PgDialect();
  const scenarios = [
    { name: 'Posledních 12 měsíců', period: presetPeriod('LAST_12_MONTHS', now) },
    { name: 'Letos', period: presetPeriod('THIS_YEAR', now) },
    {
      name: '5 let',
      period: { from: presetPeriod('LAST_12_MONTHS', new Date(now.getTime() - 4 * 365 * 86_400_000)).from, to: presetPeriod('THIS_MONTH', now).to },
    },
  ];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
  const rows: string[] = [];
  for (const { name, period } of scenarios) {
    const url = `/api/trpc/dashboard.getOverview?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ schoolId, ...period })))}`;
    const statements = Object.values(dashboardStatements(paramsOf(schoolId, period, now))).map((s) => dialect.sqlToQuery(s));
    const viaApp = async () => {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`app answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return performance.now() - t;
    };
    // The same statements, concurrently on the same pool size, as the service runs them.
    const raw = async () => {
      const t = performance.now();
      await Promise.all(statements.map((q) => pool.query(q.sql, q.params as unknown[])));
      return performance.now() - t;
    };
    for (let i = 0; i < 3; i++) {
      await viaApp();
      await raw();
    }
    const a: number[] = [];
    const r: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      a.push(await viaApp());
      r.push(await raw());
    }
    const line = `| ${name} (${period.from} – ${period.to}) | ${median(a).toFixed(1)} | ${p95(a).toFixed(1)} | ${median(r).toFixed(1)} | ${p95(r).toFixed(1)} | ${(median(a) / median(r)).toFixed(2)} |`;
    rows.push(line);
    console.log(line);
  }
  console.log(`\n| Period | app median ms | app p95 ms | raw pg median ms | raw p95 ms | app / raw |\n|---|---:|---:|---:|---:|---:|\n${rows.join('\n')}`);
  if (process.env.BENCH_EXPLAIN === '1') {
    const statements = dashboardStatements(paramsOf(schoolId, scenarios[Number(process.env.BENCH_EXPLAIN_SCENARIO ?? 2)]!.period, now));
    for (const [key, s] of Object.entries(statements)) {
      const q = dialect.sqlToQuery(s);
      const plan = await pool.query(`explain (analyze, buffers off) ${q.sql}`, q.params as unknown[]);
      console.log(`\n— ${key}\n${plan.rows.map((x) => x['QUERY PLAN']).join('\n')}`);
    }
  }
  await app.close();
  await handle.close();
  await pool.end();
}

await main();

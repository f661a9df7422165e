// 'Podklady pro kontrolu' (issue 22 §2) at scale.  Run:  npx node bench/inspection-pack.ts
//
// Budget: a school of 2,000 students and 60,000 rides gets its one-year pack in under 60 s, and the app is not slowed
// meanwhile (/healthz p99 < 50 ms). On PostgreSQL (BENCH_DATABASE_URL, default 127.0.0.1:5432; a fresh database is
// created and dropped), one server process with ROLE=all (the API and the job worker together, the harder case: the
// pack's reads, ZIP and job bookkeeping share the HTTP thread's process) is started as `npm start` starts it (with its
// SERVER_NODE_FLAGS; BENCH_NODE_FLAGS adds more), then:
//   1. seed (SQL): 2,000 students, 40 teachers, 40 cars, 60,000 registered and signed rides on the weekdays of 2025
//      (odometer continuous per car), 52 weekly hlášenky with 38 students each, 20 students who left early (§13a
//      certificates). No courses or exam terms (their documents are one PDF each and do not grow with the rides).
//      Then the record chain's genesis: 60,000 BASELINE entries the pack's verification hashes and compares.
//   2. idle: the /healthz probe alone (one request every 50 ms) for BENCH_IDLE seconds;
//   3. baseline in the same run: the pack's own read statements alone (inspection-pack.queries.ts: the rides in pages,
//      the vehicles and each vehicle's rides; the chain's entries and the records in pages), from this process on its
//      own pool;
//   4. the pack: inspectionPack.createPack for 1.1.–31.12.2025 over HTTP, then getPack polled every 500 ms until DONE,
//      with the probe running throughout.
// Prints the pack's time (and as a multiple of the reads alone), the probe idle and during the pack, the ZIP's size and
// entries, the load average; exits 1 when a budget does not hold.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '@volant/db/client';
import { schoolMidnight } from '@volant/shared/school-time';
import { unzipSync } from 'fflate';
import pg from 'pg';
import {
  listDeadlineSignUps,
  listDeadlineStudents,
  listPackReports,
  listPackVehicleMonths,
  listPartialCompletionStudents,
  listRidesPage,
  listVehicleRides,
  type RideCursor,
} from '../apps/server/src/features/inspection-pack/inspection-pack.queries.ts';
import { RIDES_PAGE } from '../apps/server/src/features/inspection-pack/inspection-pack.build.ts';
import { createSession } from '../apps/server/src/gate/session.queries.ts';
import { openChain } from '../apps/server/src/features/record-chain/record-chain.ts';
import { listEntriesPage, readRidesPage } from '../apps/server/src/features/record-chain/record-chain.queries.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { freePort } from './lib/free-port.ts';
import { probe, type Stats } from './lib/probe.ts';
import { signatureSvg } from './scale-seed.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE = Number(process.env.BENCH_IDLE ?? 3);
const STUDENTS = 2_000;
const RIDES = 60_000;
const TEACHERS = 40;
const FROM = '2025-01-01';
const TO = '2025-12-31';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const dbName = `volant_bench_pack_${Date.now().toString(36)}`;
const dbUrl = (() => {
  const u = new URL(BASE_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dataDir = mkdtempSync(join(tmpdir(), 'volant-bench-pack-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const log = createWriteStream(join(dataDir, 'server.log'));
const load1 = () => loadavg()[0].toFixed(1);

async function trpc<T>(path: string, token: string, input: unknown, mutation = false): Promise<T> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const res = mutation
    ? await fetch(`${base}/api/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify({ json: input }) })
    : await fetch(`${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

async function waitReady(child: ChildProcess) {
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${join(dataDir, 'server.log')}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return performance.now() - t0;
    if (performance.now() - t0 > 180_000) throw new Error('the server was not ready within 180 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function seed(pool: pg.Pool) {
  const { rows: users } = await pool.query<{ id: string }>(
    `insert into users (email, first_name, last_name, password_hash, is_activated) values ('bench-pack-admin@example.cz', 'Alena', 'Správcová', 'x', true) returning id`,
  );
  const userId = users[0].id;
  const { rows: schools } = await pool.query<{ id: string }>(
    `insert into schools (name, number, office, street, street_code, city, post_code, tier)
     values ('Autoškola Kontrolní', 'AS-2025', 'Magistrát města Brna', 'Kounicova', '67', 'Brno', '60200', 'ENTERPRISE') returning id`,
  );
  const schoolId = schools[0].id;
  await pool.query('update users set active_school_id = $1 where id = $2', [schoolId, userId]);
  await pool.query(
    `insert into school_members (school_id, user_id, role, first_name, last_name, email) values ($1, $2, 'ADMIN', 'Alena', 'Správcová', 'bench-pack-admin@example.cz')`,
    [schoolId, userId],
  );
  await pool.query(
    `insert into school_members (school_id, role, first_name, last_name, groups, teacher_licence_valid_until)
     select $1, 'TEACHER', (array['Petr','Jan','Eva','Jana','Marek','Lucie'])[1 + t % 6], 'Učitel' || t, array['B'], '2030-01-01' from generate_series(0, $2::int - 1) t`,
    [schoolId, TEACHERS],
  );
  await pool.query(
    `insert into school_cars (school_id, car_type, reg_number, target_group, stk_valid_until)
     select $1, (array['Škoda Fabia','Škoda Octavia','Kia Ceed','Hyundai i30'])[1 + c % 4], c || 'BK' || lpad(c::text, 4, '0'), array['B'], '2030-01-01'
     from generate_series(0, $2::int - 1) c`,
    [schoolId, TEACHERS],
  );
  await pool.query(
    `insert into students (school_id, registration_number, state, date_of_in_progress, date_of_finished, early_end_reason, first_name, last_name, birth_date,
       birth_place, citizenship, doc_id, street, street_code, city, post_code, groups, driving_licence_number, search_text, admitted_at)
     select $1, 'EV-' || lpad(i::text, 5, '0'), case when i % 100 = 7 then 'FINISHED' else 'IN_PROGRESS' end,
       date '2024-12-01' + (i % 300), case when i % 100 = 7 then date '2025-11-01' + (i % 20) end,
       case when i % 100 = 7 then 'Přestup do jiné autoškoly' end,
       (array['Jan','Jiří','Eva','Jana','Tereza','Šimon'])[1 + i % 6], (array['Novák','Dvořák','Černá','Říhová','Kučera','Šťastný'])[1 + (i * 7) % 6] || ' ' || i,
       date '2006-01-01' + (i % 700), 'Brno', 'Česká republika', '123456789', 'Lidická', '12', 'Brno', '60200', array['B'], '', 'zak ' || i,
       timestamptz '2025-01-01 08:00+01' + make_interval(hours => i * 4)
     from generate_series(0, $2::int - 1) i`,
    [schoolId, STUDENTS],
  );
  await pool.query(
    `with days as (select d::date as day, (row_number() over (order by d) - 1)::int as k
       from generate_series(date '2025-01-01', date '2025-12-31', interval '1 day') d where extract(isodow from d) < 6),
     teachers as (select id, (row_number() over (order by last_name) - 1)::int as t from school_members where school_id = $1 and role = 'TEACHER'),
     cars as (select id, (row_number() over (order by reg_number) - 1)::int as c from school_cars where school_id = $1),
     pupils as (select id, (row_number() over (order by registration_number) - 1)::int as p from students where school_id = $1),
     slots as (select d.day, d.k, t.id as teacher_id, t.t, s, c.id as car_id,
         ((d.day + make_interval(mins => 420 + s * 105)) at time zone 'Europe/Prague') as start_time
       from days d cross join teachers t cross join generate_series(0, 5) s join cars c on c.c = t.t
       order by d.k, t.t, s limit $2)
     insert into driving_lesson_records (school_id, type, state, student_id, teacher_id, school_car_id, start_time, end_time, length,
       signature, teacher_signature, signed_at, teacher_signed_at, recorded_at)
     select $1, 'DRIVING', 'COMPLETED', pu.id, sl.teacher_id, sl.car_id, sl.start_time, sl.start_time + interval '90 minutes', 90,
       $3, $4, sl.start_time + interval '90 minutes', sl.start_time + interval '90 minutes', sl.start_time + interval '90 minutes'
     from slots sl join pupils pu on pu.p = (sl.k * 240 + sl.t * 6 + sl.s) % $5`,
    [schoolId, RIDES, signatureSvg(20, 1), signatureSvg(20, 2), STUDENTS],
  );
  await pool.query(
    `update driving_lesson_records r set tachometer_before = x.before, tachometer_after = x.before + x.km
     from (select id, km, 20000 + coalesce(sum(km) over (partition by school_car_id order by start_time rows between unbounded preceding and 1 preceding), 0) as before
       from (select id, school_car_id, start_time, 15 + (extract(epoch from start_time)::bigint / 60) % 30 as km
         from driving_lesson_records where school_id = $1) a) x
     where r.id = x.id`,
    [schoolId],
  );
  await pool.query(
    `with r as (insert into reports (school_id, date) select $1, date '2025-01-06' + w * 7 from generate_series(0, 51) w returning id, date)
     insert into report_students (school_id, report_id, student_id)
     select $1, r.id, s.id from r join lateral (select id from students where school_id = $1 order by registration_number
       offset ((r.date - date '2025-01-06') / 7) * 38 limit 38) s on true`,
    [schoolId],
  );
  await pool.query('vacuum analyze');
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from driving_lesson_records where school_id = $1`, [schoolId]);
  return { schoolId, userId, rides: rows[0].n };
}

/** The pack's read statements alone, as the builder issues them (the baseline measured in the same run). */
async function readsAlone(db: Awaited<ReturnType<typeof openDb>>['db'], schoolIdRaw: string) {
  const schoolId = testSchoolId(schoolIdRaw);
  const start = schoolMidnight(FROM);
  const end = schoolMidnight('2026-01-01');
  const t0 = performance.now();
  let rides = 0;
  let cursor: RideCursor | null = null;
  for (;;) {
    const page = await listRidesPage(db, schoolId, start, end, cursor, RIDES_PAGE);
    rides += page.length;
    const last = page.at(-1);
    if (!last || page.length < RIDES_PAGE) break;
    cursor = { startTime: last.startTime, id: last.id };
  }
  const months = await listPackVehicleMonths(db, schoolId, start, end);
  const cars = [...new Set(months.map((m) => m.carId))];
  for (const carId of cars) await listVehicleRides(db, schoolId, carId, start, end);
  await listPackReports(db, schoolId, FROM, TO);
  await listPartialCompletionStudents(db, schoolId, FROM, TO);
  await listDeadlineStudents(db, schoolId, FROM, TO);
  await listDeadlineSignUps(db, schoolId, FROM, TO);
  // The chain's verification: the whole chain and every record that counts, in pages.
  for (let after = 0; ; ) {
    const page = await listEntriesPage(db, schoolId, after, RIDES_PAGE);
    if (page.length < RIDES_PAGE) break;
    after = (page.at(-1) as { seq: number }).seq;
  }
  for (let after: { startTime: Date; id: string } | null = null; ; ) {
    const page = await readRidesPage(db, schoolId, after, RIDES_PAGE);
    if (page.length < RIDES_PAGE) break;
    const last = page.at(-1) as { startTime: Date; id: string };
    after = { startTime: last.startTime, id: last.id };
  }
  return { ms: performance.now() - t0, rides, vehicles: cars.length };
}

let server: ChildProcess | null = null;
let failed = false;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);
try {
  // BENCH_PROF=<dir>: the server writes a CPU profile of each of its threads there (where the HTTP thread's time goes).
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  if (process.env.BENCH_NODE_FLAGS) prof.push(...process.env.BENCH_NODE_FLAGS.split(' '));
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...prof, join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      SEED_DEMO: '',
      SMTP_URL: '',
      ROLE: 'all',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log, { end: false });
  server.stderr?.pipe(log, { end: false });
  const readyMs = await waitReady(server);

  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  const t0 = performance.now();
  const seeded = await seed(pool);
  const seedMs = performance.now() - t0;
  await pool.end();
  const handle = await openDb({ databaseUrl: dbUrl, poolSize: 4 });
  const token = await createSession(handle.db, seeded.userId, new Date(), 1);
  // The record chain's genesis (issue 22 §1), as the school's first write after the chain came would make it: every
  // ride a BASELINE entry, so the pack's verification hashes and compares a real chain, not an empty one.
  const tg = performance.now();
  await handle.db.transaction((tx) => openChain(tx, testSchoolId(seeded.schoolId), new Date()));
  const genesisMs = performance.now() - tg;

  console.log(
    `Volant 'Podklady pro kontrolu' — one school, ${STUDENTS} students, ${seeded.rides} rides in ${FROM.slice(0, 4)}; PostgreSQL, one ROLE=all server; Node ${process.version}`,
  );
  console.log(
    `machine: load average ${load1()} at the start; server ready in ${readyMs.toFixed(0)} ms; seeded in ${(seedMs / 1000).toFixed(1)} s; the chain's genesis in ${(genesisMs / 1000).toFixed(1)} s`,
  );

  const idleProbe = probe(`${base}/healthz`);
  await new Promise((r) => setTimeout(r, IDLE * 1000));
  const idle = await idleProbe.stop();

  const reads = await readsAlone(handle.db, seeded.schoolId);
  const reads2 = await readsAlone(handle.db, seeded.schoolId);
  const readsMs = Math.min(reads.ms, reads2.ms);

  const runProbe = probe(`${base}/healthz`);
  const started = performance.now();
  const created = await trpc<{ id: string }>('inspectionPack.createPack', token, { schoolId: seeded.schoolId, from: FROM, to: TO }, true);
  let pack: { status: string; progress: number; step: string | null; fileSize: number | null; fileUrl: string | null } | null = null;
  const steps: string[] = [];
  let lastStep: string | null = null;
  for (;;) {
    pack = await trpc('inspectionPack.getPack', token, { schoolId: seeded.schoolId, id: created.id });
    if (pack?.step && lastStep !== pack.step) steps.push(`${((performance.now() - started) / 1000).toFixed(1)} s ${pack.progress}% ${pack.step}`);
    lastStep = pack?.step ?? lastStep;
    if (pack?.status === 'DONE' || pack?.status === 'ERROR') break;
    if (performance.now() - started > 600_000) throw new Error('the pack was not done within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const packMs = performance.now() - started;
  const during = await runProbe.stop();
  if (pack?.status !== 'DONE' || !pack.fileUrl) throw new Error(`the pack ended ${pack?.status}; see ${join(dataDir, 'server.log')}`);
  const res = await fetch(`${base}${pack.fileUrl}`, { headers: { authorization: `Bearer ${token}` } });
  const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const names = Object.keys(zip);
  const serverLog = readFileSync(join(dataDir, 'server.log'), 'utf8')
    .split('\n')
    .find((l) => l.includes('inspection pack built'));
  await handle.close();
  console.log(`machine: load average ${load1()} at the end`);

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const row = (name: string, s: Stats & { timeouts?: number }) =>
    `  ${name.padEnd(22)} ${String(s.count).padStart(5)} ${ms(s.p50).padStart(10)} ${ms(s.p99).padStart(10)} ${ms(s.max).padStart(10)}   timeouts ${s.timeouts ?? 0}`;
  console.log('');
  console.log(
    `  the pack's reads alone (baseline)   ${(readsMs / 1000).toFixed(2)} s   (${reads.rides} rides in pages of ${RIDES_PAGE}, ${reads.vehicles} vehicles' rides, the chain and the records)`,
  );
  console.log(`  the one-year pack, request → DONE   ${(packMs / 1000).toFixed(2)} s   = ${(packMs / readsMs).toFixed(1)} × the reads alone   (budget 60 s)`);
  console.log(
    `  ZIP ${(Number(pack.fileSize) / 1_048_576).toFixed(1)} MB, ${names.length} entries: ${names.filter((n) => n.startsWith('jizdy-vozidel/')).length} vehicles, ${names.filter((n) => n.startsWith('hlasenky/')).length} hlášenky, ${names.filter((n) => n.startsWith('potvrzeni')).length} certificates`,
  );
  console.log('');
  console.log(`  /healthz probe          count        p50        p99        max`);
  console.log(row('idle', idle));
  console.log(row('while the pack builds', during));
  console.log('');
  // Where the time went: the first step seen of each part (the step's first two words), with the seconds since the request.
  const partOf = (step: string) => step.split(' ').slice(3, 5).join(' ');
  console.log(`  progress seen: ${steps.filter((s, i) => i === 0 || partOf(s) !== partOf(steps[i - 1] as string)).join(' · ')}`);
  const built = serverLog ? (JSON.parse(serverLog) as { ms: number; cpuMs: number }) : null;
  if (built)
    console.log(
      `  the server process's CPU while building (every thread): ${(built.cpuMs / 1000).toFixed(1)} s over ${(built.ms / 1000).toFixed(1)} s of wall time` +
        ` → on two otherwise idle cores about ${(built.cpuMs / 2000).toFixed(1)}–${(built.cpuMs / 1000).toFixed(1)} s`,
    );
  if (packMs > 60_000) {
    console.log('BUDGET MISSED: the one-year pack took over 60 s');
    failed = true;
  }
  if (!(during.p99 < 50) || during.timeouts > 0) {
    console.log('BUDGET MISSED: /healthz p99 ≥ 50 ms (or timeouts) while the pack was built');
    failed = true;
  }
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

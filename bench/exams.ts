// The exam term detail of the app (issue 9: exam.getExam, the route exams/detail/{id}) against a bare Fastify + `pg`
// handler running the same statements, on PostgreSQL at 1,000 schools × 200 students. The method is money.ts's and
// training.ts's (read training.ts's header): the same pool size and connections, both servers in child processes
// loaded in turn by autocannon in this process, the raw side's SQL recorded from the app's own code.
//
// Run on demand (not part of the tests), from the repository root:
//
//   npx node bench/exams.ts
//
// Settings (environment):
//   BENCH_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_EXAMS_DB       database (default volant_bench_exams): scale-seed.ts's 1,000 schools × 200 students plus
//                        the exam seed below, reused when complete, otherwise created (~1 min)
//   BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_LOG_LEVEL, DATABASE_POOL_SIZE,
//   BENCH_RAW_PREPARED   as in training.ts
//
// Exam seed: every school has 10 past terms with 20 students each examined in PPV (200,000 sign-ups with results);
// each of the 20 bench schools also has an upcoming term with 60 open sign-ups (20 students × TZBJ, ZP, OP), 5 of
// them after new teaching/training of a failed part (so the cycle column has rows to count) and every student a
// start-of-training log.
//
// Scenario (each request by one of 20 admins of 20 schools, a Bearer token each): exam.getExam of the school's
// upcoming term — the term and its 60 sign-ups with names, groups, state, attempt and cycle.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, openSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import superjson from 'superjson';
import { loadConfig } from '../apps/server/src/config.ts';
import { getExam } from '../apps/server/src/features/exam/exam.service.ts';
import { findSessionWithMembership } from '../apps/server/src/gate/session.queries.ts';
import { hashToken } from '../apps/server/src/lib/crypto.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';
import { BENCH_SCHOOLS_SQL, BENCH_USERS, benchUrl, benchUsers, isSeeded, recreateDatabase, seed } from './scale-seed.ts';

const DB_NAME = process.env.BENCH_EXAMS_DB ?? 'volant_bench_exams';
const DB_URL = benchUrl(DB_NAME);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const SIGN_UPS = 60;

type BenchUser = { schoolId: string; token: string; examId: string };
type Slot = { from: 'hash' | 'school' | 'exam' | 'now' } | { value: unknown };
interface Statement {
  text: string;
  name?: string;
  slots: Slot[];
}
interface Recipe {
  gate: Statement;
  /** The term detail's statements (one: the term with its sign-ups aggregated). */
  page: Statement[];
}

const PROCEDURE = 'exam.getExam';
const inputOf = (u: BenchUser) => ({ schoolId: u.schoolId, id: u.examId });
const trpcGet = (input: unknown) => `/api/trpc/${PROCEDURE}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

// ——— seed ———

async function seedExams(pool: pg.Pool) {
  await pool.query(
    `insert into exams (school_id, date, place, types)
     select id, current_date - 7 * k, 'Magistrát města Brna', array['PPV', 'TZBJ', 'ZP', 'OP'] from schools cross join generate_series(1, 10) k`,
  );
  await pool.query(
    `insert into exam_sign_ups (school_id, exam_id, student_id, type, "group", result, attempt, created_at, result_at)
     select e.school_id, e.id, s.id, 'PPV', 'B', case when (s.n + e.k) % 3 = 0 then 'FAIL' else 'SUCCESS' end, 1,
       e.date - 10, e.date + time '12:00'
     from (select id, school_id, date, row_number() over (partition by school_id order by date)::int as k from exams) e
     join (select id, school_id, row_number() over (partition by school_id order by id)::int as n from students) s
       on s.school_id = e.school_id and s.n between (e.k - 1) * 20 + 1 and e.k * 20`,
  );
  // The bench schools' upcoming term: 20 students × 3 parts, open.
  await pool.query(
    `with bench as (${BENCH_SCHOOLS_SQL}),
     term as (insert into exams (school_id, date, place, types, capacity)
       select id, current_date + 14, 'Magistrát města Brna', array['PPV', 'TZBJ', 'ZP', 'OP'], 40 from bench returning id, school_id),
     pupils as (select id, school_id, row_number() over (partition by school_id order by id)::int as n from students
       where school_id in (select id from bench))
     insert into exam_sign_ups (school_id, exam_id, student_id, type, "group", attempt)
     select t.school_id, t.id, p.id, x.type, 'B', 1 from term t join pupils p on p.school_id = t.school_id and p.n <= 20
     cross join (values ('TZBJ'), ('ZP'), ('OP')) x(type)`,
    [BENCH_USERS],
  );
  // Their training started (the cycle's boundary) and five of them had new teaching/training of ZP.
  await pool.query(
    `insert into student_logs (school_id, student_id, state, previous_state, date, created_at)
     select distinct u.school_id, u.student_id, 'IN_PROGRESS', 'NOT_STARTED', current_date - 200, now() - interval '200 days'
     from exam_sign_ups u where u.result is null`,
  );
  await pool.query(
    `insert into exam_retrainings (school_id, student_id, type, "group", completed_on, note, created_at)
     select u.school_id, u.student_id, 'ZP', 'B', current_date - 20, 'Výuka ZP navíc', now() - interval '20 days'
     from exam_sign_ups u where u.result is null and u.type = 'ZP' and abs(hashtext(u.student_id::text)) % 4 = 0`,
  );
  await pool.query('vacuum analyze');
}

async function isExamsSeeded() {
  if (!(await isSeeded(DB_NAME))) return false;
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  const { rows } = await c.query<{ n: number }>('select count(*)::int as n from exam_sign_ups where result is null').catch(() => ({ rows: [{ n: 0 }] }));
  await c.end();
  return rows[0].n === BENCH_USERS * SIGN_UPS;
}

// ——— record the SQL the app runs ———

async function recordRecipe(handle: Awaited<ReturnType<typeof openDb>>, user: BenchUser): Promise<Recipe> {
  const pool = handle.pool!;
  const original = pool.query.bind(pool);
  const now = new Date();
  const known = new Map<unknown, Slot>([
    [hashToken(user.token), { from: 'hash' }],
    [user.schoolId, { from: 'school' }],
    [user.examId, { from: 'exam' }],
    [now.toISOString(), { from: 'now' }],
  ]);
  const record = async (run: () => Promise<unknown>) => {
    const recorded: Statement[] = [];
    pool.query = ((config: string | { text: string; name?: string; values?: unknown[] }, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      const name = typeof config === 'string' ? undefined : config.name;
      const params = values ?? (typeof config === 'object' ? (config.values ?? []) : []);
      recorded.push({ text, name, slots: params.map((v) => known.get(v instanceof Date ? v.toISOString() : v) ?? { value: v }) });
      return original(config as never, values as never);
    }) as typeof pool.query;
    try {
      await run();
    } finally {
      pool.query = original;
    }
    return recorded;
  };
  const [gate] = await record(() => findSessionWithMembership(handle.db, user.token, user.schoolId, now));
  const deps = { db: handle.db, now: () => now } as unknown as Parameters<typeof getExam>[0];
  const page = await record(() => getExam(deps, testSchoolId(user.schoolId), user.examId));
  console.log(`getExam runs ${page.length} statement(s)${page.some((st) => st.name) ? ', prepared' : ''}.`);
  return { gate, page };
}

// ——— load ———

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(port: number, users: BenchUser[], duration: number) {
  const latencies: number[] = [];
  let bad = 0;
  let bytes = 0;
  const paths = new Map(users.map((u) => [u.token, trpcGet(inputOf(u))]));
  await new Promise<void>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            setupRequest: (req: { path: string; headers: Record<string, string> }) => {
              const user = users[Math.floor(Math.random() * users.length)];
              return { ...req, method: 'GET', path: paths.get(user.token), headers: { ...req.headers, authorization: `Bearer ${user.token}` } };
            },
          },
        ],
      },
      (err: Error | null) => (err ? reject(err) : resolve()),
    );
    tracker.on('response', (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
      if (statusCode !== 200) bad++;
      bytes += resBytes;
      latencies.push(responseTime);
    });
  });
  return { latencies, bad, duration, bytes };
}

async function startServer(role: 'app' | 'raw', recipe: Recipe) {
  const devNull = openSync('/dev/null', 'w');
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: role, BENCH_RECIPE: JSON.stringify(recipe) },
    stdio: ['ignore', devNull, 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
  return {
    port,
    cpu: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { cpu: number }) => resolve(m.cpu));
        child.send('cpu');
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

/** The sign-ups an answer holds (the app's under tRPC's result.data.json, the raw one as is). */
function signUpCount(side: 'app' | 'raw', body: string) {
  const parsed = JSON.parse(body) as unknown;
  const data = (side === 'app' ? (parsed as { result: { data: { json: unknown } } }).result.data.json : parsed) as { signUps: unknown[] };
  return data.signUps.length;
}

async function main() {
  const started = Date.now();
  if (!(await isExamsSeeded())) {
    console.log(`Seeding ${DB_NAME} (1,000 schools × 200 students, 10 past terms each, 60 sign-ups on the bench schools' term) …`);
    await recreateDatabase(DB_NAME);
    const fresh = await openDb({ databaseUrl: DB_URL, poolSize: 4 });
    await migrate(fresh);
    await seed(fresh.pool!);
    await seedExams(fresh.pool!);
    await fresh.close();
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  const handle = await openDb({ databaseUrl: DB_URL, poolSize: 4 });
  await migrate(handle);
  const users: BenchUser[] = [];
  for (const u of await benchUsers(handle.db, handle.pool!)) {
    const { rows } = await handle.pool!.query<{ id: string }>('select id from exams where school_id = $1 and date > current_date', [u.schoolId]);
    users.push({ schoolId: u.schoolId, token: u.token, examId: rows[0].id });
  }
  const { rows: sizes } = await handle.pool!.query<{ exams: number; signUps: number; retrainings: number }>(
    `select (select count(*)::int from exams) as exams, (select count(*)::int from exam_sign_ups) as "signUps",
       (select count(*)::int from exam_retrainings) as retrainings`,
  );
  console.log(`All schools: ${sizes[0].exams} terms, ${sizes[0].signUps} sign-ups, ${sizes[0].retrainings} retrainings.`);
  const recipe = await recordRecipe(handle, users[0]);
  await handle.close();

  const app = await startServer('app', recipe);
  const raw = await startServer('raw', recipe);
  try {
    await run({ app, raw }, users, sizes[0].signUps);
  } finally {
    await app.stop();
    await raw.stop();
  }
  console.log(`Total ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

type Server = Awaited<ReturnType<typeof startServer>>;

async function run(sides: { app: Server; raw: Server }, users: BenchUser[], signUpRows: number) {
  // One answer from each side first: both 200, the same number of sign-ups.
  const counts: number[] = [];
  for (const [side, server] of Object.entries(sides) as ['app' | 'raw', Server][]) {
    const res = await fetch(`http://127.0.0.1:${server.port}${trpcGet(inputOf(users[1]))}`, { headers: { authorization: `Bearer ${users[1].token}` } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${side} answered ${res.status}: ${body.slice(0, 300)}`);
    counts.push(signUpCount(side, body));
    console.log(`getExam: ${side} answers ${counts.at(-1)} sign-ups, ${(body.length / 1024).toFixed(1)} KB`);
  }
  if (counts[0] !== SIGN_UPS || counts[1] !== SIGN_UPS) throw new Error(`expected ${SIGN_UPS} sign-ups: app ${counts[0]}, raw ${counts[1]}`);

  const loadBefore = loadavg()[0];
  type Run = Awaited<ReturnType<typeof load>> & { cpu: number };
  const runs = { app: [] as Run[], raw: [] as Run[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const);
    for (const side of order) {
      console.log(`getExam: ${side}, round ${round + 1}/${ROUNDS} (${CONNECTIONS} connections, ${DURATION} s) …`);
      if (WARMUP > 0) await load(sides[side].port, users, WARMUP);
      const cpuBefore = await sides[side].cpu();
      const run = await load(sides[side].port, users, DURATION);
      runs[side].push({ ...run, cpu: (await sides[side].cpu()) - cpuBefore });
    }
  }
  const sum = (side: 'app' | 'raw') => {
    const latencies = runs[side].flatMap((r) => r.latencies).sort((a, b) => a - b);
    const seconds = runs[side].reduce((n, r) => n + r.duration, 0);
    return {
      rps: Math.round(latencies.length / seconds),
      p50: +percentile(latencies, 50).toFixed(1),
      p95: +percentile(latencies, 95).toFixed(1),
      kb: +(runs[side].reduce((n, r) => n + r.bytes, 0) / Math.max(1, latencies.length) / 1024).toFixed(1),
      cpu: +(runs[side].reduce((n, r) => n + r.cpu, 0) / Math.max(1, latencies.length)).toFixed(2),
      bad: runs[side].reduce((n, r) => n + r.bad, 0),
    };
  };
  const a = sum('app');
  const r = sum('raw');
  console.log(
    `\nPostgreSQL, 1,000 schools × 200 students, ${signUpRows} sign-ups, ${CONNECTIONS} connections, pool ${POOL_SIZE}, ` +
      `${ROUNDS} × ${DURATION} s per side, app LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}:`,
  );
  console.table([
    {
      scenario: `getExam (${SIGN_UPS} sign-ups)`,
      'app req/s': a.rps,
      'app p50 ms': a.p50,
      'app p95 ms': a.p95,
      'raw req/s': r.rps,
      'raw p50 ms': r.p50,
      'raw p95 ms': r.p95,
      'app/raw': +(a.rps / r.rps).toFixed(2),
      'CPU ms/req app/raw': `${a.cpu}/${r.cpu}`,
      'KB app/raw': `${a.kb}/${r.kb}`,
      'non-200': a.bad + r.bad,
    },
  ]);
  console.log(`Load average (1 min) before ${loadBefore.toFixed(1)}, after ${loadavg()[0].toFixed(1)}.`);
}

// ——— the two servers, each in its own process ———

async function serveApp() {
  const handle = await openDb({ databaseUrl: DB_URL, poolSize: POOL_SIZE });
  const config = loadConfig({
    DATABASE_URL: DB_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-bench-')),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // BENCH_ANSWER_CACHE=0: the app without its answer cache (every read runs its statements).
    ANSWER_CACHE: process.env.BENCH_ANSWER_CACHE ?? '1',
    PORT: '0',
    WEB_DIST: join(tmpdir(), 'volant-bench-no-web'),
  } as NodeJS.ProcessEnv);
  const { app } = await buildServer(config, handle);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    server: app.server,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Array rows as objects keyed by their column names. */
function asObjects(result: pg.QueryResult<unknown[]>) {
  const names = result.fields.map((f) => f.name);
  return result.rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]])));
}

async function serveRaw() {
  const recipe = JSON.parse(process.env.BENCH_RECIPE!) as Recipe;
  const pool = new pg.Pool({ connectionString: DB_URL, max: POOL_SIZE });
  const app = Fastify();
  const bind = (st: Statement, req: { hash: string; school: string; exam: string; now: Date }) =>
    st.slots.map((s) => ('value' in s ? s.value : s.from === 'now' ? req.now.toISOString() : req[s.from]));
  app.get(`/api/trpc/${PROCEDURE}`, async (request, reply) => {
    const { json } = JSON.parse((request.query as { input: string }).input) as { json: { schoolId: string; id: string } };
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!m) return reply.code(401).send({ error: 'UNAUTHORIZED' });
    const req = { hash: createHash('sha256').update(m[1]).digest('base64url'), school: json.schoolId, exam: json.id, now: new Date() };
    const { rows: gate } = await pool.query<unknown[]>({ text: recipe.gate.text, values: bind(recipe.gate, req), rowMode: 'array' });
    if (gate.length === 0) return reply.code(401).send({ error: 'UNAUTHORIZED' });
    const row = gate[0];
    if (!row.at(-3)) return reply.code(404).send({ error: 'NOT_FOUND' });
    if (row.at(-1)) return reply.code(403).send({ error: 'GROUP_BLOCKED' });
    const results: pg.QueryResult<unknown[]>[] = [];
    for (const st of recipe.page) {
      const name = process.env.BENCH_RAW_PREPARED && st.name ? `raw_${st.name}` : undefined;
      results.push(await pool.query<unknown[]>({ text: st.text, name, values: bind(st, req), rowMode: 'array' }));
    }
    const [exam, signUps] = results;
    if (exam.rows.length === 0) return reply.code(404).send({ error: 'NOT_FOUND' });
    // One statement: the sign-ups come aggregated (PostgreSQL parsed the JSON) in the term's last column; two: the
    // second lists them.
    if (signUps) return { ...asObjects(exam)[0], signUps: asObjects(signUps) };
    const last = exam.fields.length - 1;
    return { ...asObjects({ ...exam, fields: exam.fields.slice(0, last), rows: [exam.rows[0].slice(0, last)] })[0], signUps: exam.rows[0][last] };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    server: app.server,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

if (process.env.BENCH_ROLE === 'app' || process.env.BENCH_ROLE === 'raw') {
  const { server, close } = process.env.BENCH_ROLE === 'app' ? await serveApp() : await serveRaw();
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (m) => {
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: (user + system) / 1000 });
    }
    if (m === 'stop') {
      await close();
      process.exit(0);
    }
  });
} else {
  await main();
}

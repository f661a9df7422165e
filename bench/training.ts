// Training reads of the app against a bare Fastify + `pg` handler running the same statements, on PostgreSQL: the
// calendar week, the trainings page and a student's Výcvik tab, in a school with 20 teachers, 15 cars and ~2,000
// rides a month. The method is app-vs-raw.ts's (read its header): same pool size, same connections, both servers in
// child processes loaded in turn by autocannon in this process, the raw side's SQL recorded from the app's own code.
// Besides req/s, p50/p95 and app/raw it prints each server process's CPU time per answer (holds up better than req/s
// when other work shares the machine) and the answer's size.
//
// Run on demand (not part of the tests), from the repository root:
//
//   npx node bench/training.ts
//
// Settings (environment):
//   BENCH_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_DB             database (default volant_bench_training): scale-seed.ts's 1,000 schools × 200 students,
//                        reused when complete, otherwise created (~30 s); the training school's rides are rewritten
//                        around today on every run (a few seconds)
//   BENCH_SIGNATURE_SEGMENTS  curve segments per stored signature (default 100, ~14 KB of SVG as signature_pad writes)
//   BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_LOG_LEVEL, DATABASE_POOL_SIZE, BENCH_ONLY,
//   BENCH_PROFILE        as in app-vs-raw.ts
//   BENCH_TRACE=1        both servers print their statements (count, time) and pool waits to stderr when they stop
//   BENCH_SQL_OUT=file   write the recorded statements (and two users' tokens) to a JSON file
//   BENCH_RAW_PREPARED=1 the raw side sends the app's statements under the app's names (prepared once per
//                        connection, as the app's are); by default it sends them unnamed (parsed on every request)
//
// Scenarios (each request by one of the school's 20 teachers, a Bearer token each):
//   calendar   drivingLessonsRecord.getCalendarEvents for this week (Monday to Monday in Europe/Prague)
//   trainings  drivingLessonsRecord.getTrainings, first page, default filters (one statement: the page and its total)
//   vycvik     drivingLessonsRecord.getDrivingLessonsRecords of the student with 60 rides (whether signed, not the
//              signature pictures)
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { schoolToday, schoolWeek } from '@volant/shared/school-time';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import superjson from 'superjson';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  getCalendarEvents,
  getDrivingLessonsRecords,
  getTrainings,
} from '../apps/server/src/features/driving-lessons-record/driving-lessons-record.service.ts';
import { findSessionWithMembership } from '../apps/server/src/gate/session.queries.ts';
import { hashToken } from '../apps/server/src/lib/crypto.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';
import { calendarRangeInput, trainingsListInput } from '../packages/shared/src/driving-lessons-record/inputs.ts';
import { benchUrl, isSeeded, recreateDatabase, seed, seedTraining, TRAINING, TRAINING_DB_NAME, trainingSchool, trainingUsers } from './scale-seed.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const SIGNATURE_SEGMENTS = Number(process.env.BENCH_SIGNATURE_SEGMENTS ?? 100);
const DB_URL = benchUrl(TRAINING_DB_NAME);

type BenchUser = { schoolId: string; token: string; studentIds: string[] };
type Slot = { from: 'hash' | 'school' | 'student' | 'now' } | { value: unknown };
interface Statement {
  text: string;
  /** The prepared statement's name when the app prepares it. */
  name?: string;
  slots: Slot[];
}
type Key = 'calendar' | 'trainings' | 'vycvik';
interface Recipe {
  gate: Statement;
  page: Statement[];
  /**
   * The answer: the rows, or a page with its total — the second statement's count, or, when the page comes in one
   * statement, its rows' last column (the same on every row).
   */
  shape: 'rows' | 'page';
}
interface Scenario {
  name: string;
  key: Key;
  procedure: string;
  input: (u: BenchUser) => unknown;
}

/** The week shown on opening the calendar, fixed for the run so both sides read the same rows. */
const week = schoolWeek(schoolToday(new Date()));

const SCENARIOS: Scenario[] = [
  {
    name: 'getCalendarEvents (week)',
    key: 'calendar',
    procedure: 'drivingLessonsRecord.getCalendarEvents',
    input: (u) => ({ schoolId: u.schoolId, from: week.start, to: week.end }),
  },
  { name: 'getTrainings (page 1)', key: 'trainings', procedure: 'drivingLessonsRecord.getTrainings', input: (u) => ({ schoolId: u.schoolId }) },
  {
    name: 'getDrivingLessonsRecords (60 rides)',
    key: 'vycvik',
    procedure: 'drivingLessonsRecord.getDrivingLessonsRecords',
    input: (u) => ({ schoolId: u.schoolId, studentId: u.studentIds[0] }),
  },
];
const byProcedure = new Map(SCENARIOS.map((s) => [s.procedure, s]));

/** A tRPC GET as the web client sends it: superjson input (the calendar's Dates with their meta). */
const trpcGet = (procedure: string, input: unknown) => `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

// ——— record the SQL the app runs ———

async function recordRecipes(handle: Awaited<ReturnType<typeof openDb>>, user: BenchUser): Promise<Record<Key, Recipe>> {
  const pool = handle.pool!;
  const original = pool.query.bind(pool);
  const now = new Date();
  const known = new Map<unknown, Slot>([
    [hashToken(user.token), { from: 'hash' }],
    [user.schoolId, { from: 'school' }],
    [user.studentIds[0], { from: 'student' }],
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
  // The service functions the procedures call, with the procedures' parsed inputs: the very statements of a request.
  const deps = { db: handle.db, now: () => now } as unknown as Parameters<typeof getTrainings>[0];
  const school = testSchoolId(user.schoolId);
  const input = (key: Key) => SCENARIOS.find((s) => s.key === key)!.input(user) as Record<string, unknown>;
  const calendar = await record(() => getCalendarEvents(deps, school, calendarRangeInput.parse(input('calendar'))));
  const trainings = await record(() => getTrainings(deps, school, trainingsListInput.parse(input('trainings'))));
  const vycvik = await record(() => getDrivingLessonsRecords(deps, school, user.studentIds[0]));
  for (const [name, statements, expected] of [
    ['calendar', calendar, 1],
    ['trainings', trainings, 1],
    ['vycvik', vycvik, 1],
  ] as const) {
    if (statements.length !== expected) throw new Error(`${name}: the app ran ${statements.length} statements, expected ${expected}`);
  }
  return {
    calendar: { gate, page: calendar, shape: 'rows' },
    trainings: { gate, page: trainings, shape: 'page' },
    vycvik: { gate, page: vycvik, shape: 'rows' },
  };
}

// ——— load ———

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(port: number, users: BenchUser[], scenario: Scenario, duration: number) {
  const latencies: number[] = [];
  let bad = 0;
  let bytes = 0;
  // One path per user, built once (the week's Dates serialised by superjson as the web does).
  const paths = new Map(users.map((u) => [u.token, trpcGet(scenario.procedure, scenario.input(u))]));
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

async function startServer(role: 'app' | 'raw', recipes: Record<Key, Recipe>) {
  const profile = role === 'app' && process.env.BENCH_PROFILE;
  const execArgv = profile ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${profile}`] : process.execArgv;
  const devNull = openSync('/dev/null', 'w');
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: role, BENCH_RECIPES: JSON.stringify(recipes) },
    stdio: ['ignore', devNull, 'inherit', 'ipc'],
    execArgv,
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
  return {
    port,
    /** The server process's CPU time so far (user + system, ms). */
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

/** How many items an answer holds (the app's under tRPC's result.data.json, the raw one as is; the calendar's by column). */
function itemCount(side: 'app' | 'raw', body: string) {
  const parsed = JSON.parse(body) as unknown;
  const data = (side === 'app' ? (parsed as { result: { data: { json: unknown } } }).result.data.json : parsed) as
    | unknown[]
    | { items: unknown[]; total: number }
    | { items: { id: unknown[] } };
  if (Array.isArray(data)) return `${data.length} items`;
  if (!Array.isArray(data.items)) return `${data.items.id.length} items`;
  return `${data.items.length} items of ${(data as { total: number }).total}`;
}

async function main() {
  const started = Date.now();
  if (!(await isSeeded(TRAINING_DB_NAME))) {
    console.log(`Seeding ${TRAINING_DB_NAME} (1,000 schools × 200 students) …`);
    await recreateDatabase(TRAINING_DB_NAME);
    const fresh = await openDb({ databaseUrl: DB_URL, poolSize: 4 });
    await migrate(fresh);
    await seed(fresh.pool!);
    await fresh.close();
  }
  const handle = await openDb({ databaseUrl: DB_URL, poolSize: 4 });
  await migrate(handle);
  const schoolId = await trainingSchool(handle.pool!);
  const seededAt = Date.now();
  const training = await seedTraining(handle.pool!, schoolId, new Date(), SIGNATURE_SEGMENTS);
  console.log(
    `Training school: ${TRAINING.teachers} teachers, ${TRAINING.cars} cars, ${training.ridesLast30Days} items in the last 30 days, ` +
      `the Výcvik student has ${training.studentRides} (written in ${((Date.now() - seededAt) / 1000).toFixed(1)} s).`,
  );
  const users = await trainingUsers(handle.db, handle.pool!, schoolId, training.studentId);
  const recipes = await recordRecipes(handle, users[0]);
  if (process.env.BENCH_SQL_OUT) writeFileSync(process.env.BENCH_SQL_OUT, JSON.stringify({ users: users.slice(0, 2), recipes }, null, 2));
  await handle.close();

  const app = await startServer('app', recipes);
  const raw = await startServer('raw', recipes);
  const sides = { app, raw };

  // One answer of each kind from each side first: both 200, and the same number of items.
  for (const s of SCENARIOS) {
    const counts: string[] = [];
    for (const [side, server] of Object.entries(sides) as ['app' | 'raw', typeof app][]) {
      const res = await fetch(`http://127.0.0.1:${server.port}${trpcGet(s.procedure, s.input(users[1]))}`, {
        headers: { authorization: `Bearer ${users[1].token}` },
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`${side} ${s.name} answered ${res.status}: ${body.slice(0, 300)}`);
      counts.push(itemCount(side, body));
      console.log(`${s.name}: ${side} answers ${counts.at(-1)}, ${(body.length / 1024).toFixed(1)} KB`);
    }
    if (counts[0] !== counts[1]) throw new Error(`${s.name}: app ${counts[0]}, raw ${counts[1]}`);
  }

  const loadBefore = loadavg()[0];
  const rows = [];
  for (const s of SCENARIOS.filter((x) => !process.env.BENCH_ONLY || x.name.includes(process.env.BENCH_ONLY) || x.key === process.env.BENCH_ONLY)) {
    type Run = Awaited<ReturnType<typeof load>> & { cpu: number };
    const runs = { app: [] as Run[], raw: [] as Run[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const);
      for (const side of order) {
        console.log(`${s.name}: ${side}, round ${round + 1}/${ROUNDS} (${CONNECTIONS} connections, ${DURATION} s) …`);
        if (WARMUP > 0) await load(sides[side].port, users, s, WARMUP);
        const cpuBefore = await sides[side].cpu();
        const run = await load(sides[side].port, users, s, DURATION);
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
    rows.push({
      scenario: s.name,
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
    });
  }
  await app.stop();
  await raw.stop();
  console.log(
    `\nPostgreSQL, training school (${TRAINING.teachers} teachers, ${TRAINING.cars} cars, ~2,000 rides a month, signatures of ${SIGNATURE_SEGMENTS} segments), ` +
      `${CONNECTIONS} connections, pool ${POOL_SIZE}, ${ROUNDS} × ${DURATION} s per side, app LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}:`,
  );
  console.table(rows);
  console.log(`Load average (1 min) before ${loadBefore.toFixed(1)}, after ${loadavg()[0].toFixed(1)}. Total ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

// ——— the two servers, each in its own process ———

/**
 * BENCH_TRACE=1: each server counts its statements (per text: how many, time from call to answer including the wait
 * for a pooled connection) and samples how many queries wait for a connection; printed to stderr when it stops.
 */
function traced(pool: pg.Pool, role: string) {
  if (!process.env.BENCH_TRACE) return () => {};
  const stats = new Map<string, { n: number; ms: number }>();
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = (async (...args: unknown[]) => {
    const config = args[0] as string | { text: string };
    const text = (typeof config === 'string' ? config : config.text).replace(/\s+/g, ' ').slice(0, 90);
    const t = performance.now();
    try {
      return await original(...args);
    } finally {
      const s = stats.get(text) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += performance.now() - t;
      stats.set(text, s);
    }
  }) as typeof pool.query;
  const waiting: number[] = [];
  const timer = setInterval(() => waiting.push(pool.waitingCount), 50);
  return () => {
    clearInterval(timer);
    const busy = waiting.filter((w) => w > 0);
    console.error(
      `\n[${role}] pool ${pool.totalCount} connections; queries waiting for one: mean ${(waiting.reduce((a, b) => a + b, 0) / Math.max(1, waiting.length)).toFixed(1)}, ${((busy.length / Math.max(1, waiting.length)) * 100).toFixed(0)} % of samples`,
    );
    for (const [text, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms))
      console.error(`[${role}] ${String(s.n).padStart(7)} × ${(s.ms / s.n).toFixed(1).padStart(7)} ms  ${text}`);
  };
}

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
  const report = traced(handle.pool!, 'app');
  const { app } = await buildServer(config, handle);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    server: app.server,
    close: async () => {
      report();
      await app.close();
      await handle.close();
    },
  };
}

/** Array rows as objects keyed by their column names (a repeated name, e.g. the joined ids, gets its position). */
function asObjects(result: pg.QueryResult<unknown[]>) {
  const names = result.fields.map((f, i, all) => (all.findIndex((g) => g.name === f.name) === i ? f.name : `${f.name}_${i}`));
  return result.rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]])));
}

async function serveRaw() {
  const recipes = JSON.parse(process.env.BENCH_RECIPES!) as Record<Key, Recipe>;
  const pool = new pg.Pool({ connectionString: DB_URL, max: POOL_SIZE });
  const report = traced(pool, 'raw');
  const app = Fastify();
  const bind = (st: Statement, req: { hash: string; school: string; student?: string; now: Date }) =>
    st.slots.map((s) => ('value' in s ? s.value : s.from === 'now' ? req.now.toISOString() : req[s.from]));
  app.get('/api/trpc/:procedure', async (request, reply) => {
    const { procedure } = request.params as { procedure: string };
    const scenario = byProcedure.get(procedure);
    if (!scenario) return reply.code(404).send({ error: 'NOT_FOUND' });
    const recipe = recipes[scenario.key];
    const { json } = JSON.parse((request.query as { input: string }).input) as { json: { schoolId: string; studentId?: string } };
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!m) return reply.code(401).send({ error: 'UNAUTHORIZED' });
    const req = { hash: createHash('sha256').update(m[1]).digest('base64url'), school: json.schoolId, student: json.studentId, now: new Date() };
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
    if (recipe.shape === 'page' && results.length === 2) return { items: asObjects(results[0]), total: Number(results[1].rows[0]?.[0] ?? 0) };
    if (recipe.shape === 'page') {
      // One statement: the total is every row's last column.
      const [page] = results;
      const total = Number(page.rows[0]?.at(-1) ?? 0);
      return { items: asObjects({ ...page, fields: page.fields.slice(0, -1), rows: page.rows.map((r) => r.slice(0, -1)) }), total };
    }
    return asObjects(results[0]);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    server: app.server,
    close: async () => {
      report();
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

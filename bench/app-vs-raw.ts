// Volant's tRPC endpoints against a bare Fastify + `pg` handler doing the same work, on PostgreSQL at scale.
//
// Run on demand (not part of the tests), from the repository root:
//
//   npx node bench/app-vs-raw.ts
//
// Settings (environment):
//   BENCH_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres); the seeded database
//                        `volant_bench` (1,000 schools × 200 students, see scale-seed.ts) is reused when complete,
//                        otherwise recreated (~30 s) and left in place
//   BENCH_DURATION       seconds per run (default 8)
//   BENCH_WARMUP         seconds of warm-up before each run, not counted (default 2)
//   BENCH_ROUNDS         runs per side and scenario, alternating app and raw (default 2)
//   BENCH_CONNECTIONS    concurrent connections (default 50)
//   BENCH_LOG_LEVEL      the app's LOG_LEVEL (default info, as `npm start`); its log goes to /dev/null
//   DATABASE_POOL_SIZE   pool size of both servers (default 10, the app's default)
//   BENCH_ONLY=text      run only the scenarios whose name contains text
//   BENCH_PROFILE=dir    write a CPU profile of the app's server process into dir
//
// The raw side is what a naive hand-written endpoint would do: read the Bearer token, hash it, run the session +
// membership statement, refuse (401/404/403) as the app does, run the page statement, JSON.stringify the rows.
// Its SQL is not written here by hand: it is recorded from the app's own query functions (the text Drizzle emits,
// with the same parameters in the same places), so both sides send PostgreSQL the same statements. Both servers run
// at once in child processes (idle while the other is loaded); the load generator is autocannon in this process.
// Prints req/s and p50/p95 per side and the ratio app/raw (req/s) for each scenario, and the CPU time each side spends
// per request (its Node process plus the PostgreSQL backends of its pool, from /proc, Linux only): req/s follow the
// machine's load, CPU per request much less so, so `CPU raw/app` compares the two even on a busy machine.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { findStudent, listStudents } from '../apps/server/src/features/student/student.queries.ts';
import { findSessionWithMembership } from '../apps/server/src/gate/session.queries.ts';
import { hashToken } from '../apps/server/src/lib/crypto.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';
import { studentsListInput } from '../packages/shared/src/student/inputs.ts';
import { benchUrl, benchUsers, isSeeded, recreateDatabase, seed } from './scale-seed.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);

type BenchUser = { schoolId: string; token: string; studentIds: string[] };

/** Where a recorded parameter comes from in a request: the token's hash, the school, the student, the clock, or fixed. */
type Slot = { from: 'hash' | 'school' | 'student' | 'now' } | { value: unknown };
interface Statement {
  text: string;
  slots: Slot[];
}
/** The statements of one scenario: the session + membership gate, then the page. */
interface Recipe {
  gate: Statement;
  page: Statement[];
  /** How the page's rows become the answer. */
  shape: 'list' | 'one';
}

interface Scenario {
  name: string;
  key: string;
  path: (u: BenchUser) => string;
}

const trpcGet = (procedure: string, input: unknown) => `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const randomStudent = (u: BenchUser) => u.studentIds[Math.floor(Math.random() * u.studentIds.length)];

const SCENARIOS: Scenario[] = [
  { name: "student.students 'novak'", key: 'search', path: (u) => trpcGet('student.students', { schoolId: u.schoolId, fullText: 'novak' }) },
  { name: 'student.student (card)', key: 'card', path: (u) => trpcGet('student.student', { schoolId: u.schoolId, id: randomStudent(u) }) },
  { name: 'student.students page 1', key: 'page', path: (u) => trpcGet('student.students', { schoolId: u.schoolId }) },
];

// ——— record the SQL the app runs ———

async function recordRecipes(handle: Awaited<ReturnType<typeof openDb>>, user: BenchUser): Promise<Record<string, Recipe>> {
  const pool = handle.pool!;
  const original = pool.query.bind(pool);
  const now = new Date();
  const studentId = user.studentIds[0];
  const known = new Map<unknown, Slot>([
    [hashToken(user.token), { from: 'hash' }],
    [user.schoolId, { from: 'school' }],
    [studentId, { from: 'student' }],
    [now.toISOString(), { from: 'now' }],
  ]);
  const record = async (run: () => Promise<unknown>) => {
    const recorded: Statement[] = [];
    // Drizzle's node-postgres driver calls pool.query({ text, … }, values).
    pool.query = ((config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      const params = values ?? (typeof config === 'object' ? (config.values ?? []) : []);
      recorded.push({ text, slots: params.map((v) => known.get(v instanceof Date ? v.toISOString() : v) ?? { value: v }) });
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
  if (!gate.slots.some((s) => 'from' in s && s.from === 'now')) throw new Error('the gate statement does not carry the clock as expected');
  const school = testSchoolId(user.schoolId);
  return {
    search: { gate, shape: 'list', page: await record(() => listStudents(handle.db, school, studentsListInput.parse({ fullText: 'novak' }))) },
    card: { gate, shape: 'one', page: await record(() => findStudent(handle.db, school, studentId)) },
    page: { gate, shape: 'list', page: await record(() => listStudents(handle.db, school, studentsListInput.parse({}))) },
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
              return { ...req, method: 'GET', path: scenario.path(user), headers: { ...req.headers, authorization: `Bearer ${user.token}` } };
            },
          },
        ],
      },
      (err: Error | null) => (err ? reject(err) : resolve()),
    );
    tracker.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode !== 200) bad++;
      latencies.push(responseTime);
    });
  });
  return { latencies, bad, duration };
}

async function startServer(role: 'app' | 'raw', recipes: Record<string, Recipe>) {
  const profile = role === 'app' && process.env.BENCH_PROFILE;
  const execArgv = profile ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${profile}`] : process.execArgv;
  const devNull = openSync('/dev/null', 'w');
  const child = fork(fileURLToPath(import.meta.url), [], {
    // The pool's backends carry the side's name, so their CPU time can be counted.
    env: { ...process.env, BENCH_ROLE: role, BENCH_RECIPES: JSON.stringify(recipes), PGAPPNAME: `volant-bench-${role}` },
    stdio: ['ignore', devNull, 'inherit', 'ipc'],
    execArgv,
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
  return {
    port,
    pid: child.pid as number,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

/** CPU time (user + system, in clock ticks of 10 ms) of a process so far, or NaN without /proc. */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

/** CPU time of one side: its server process and the PostgreSQL backends its pool holds (same machine). */
async function sideCpu(stats: pg.Client, role: 'app' | 'raw', pid: number) {
  const { rows } = await stats.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [`volant-bench-${role}`]);
  const backends = new Map(rows.map((r) => [r.pid, cpuTicks(r.pid)]));
  return { server: cpuTicks(pid), backends };
}

async function cpuSpent(stats: pg.Client, role: 'app' | 'raw', pid: number, before: Awaited<ReturnType<typeof sideCpu>>) {
  const after = await sideCpu(stats, role, pid);
  let ticks = after.server - before.server;
  // A backend opened during the run counts from zero.
  for (const [backend, now] of after.backends) ticks += now - (before.backends.get(backend) ?? 0);
  return ticks;
}

async function main() {
  const started = Date.now();
  if (!(await isSeeded())) {
    console.log('Seeding volant_bench (1,000 schools × 200 students) …');
    await recreateDatabase();
    const fresh = await openDb({ databaseUrl: benchUrl(), poolSize: 4 });
    await migrate(fresh);
    await seed(fresh.pool!);
    await fresh.close();
  }
  const handle = await openDb({ databaseUrl: benchUrl(), poolSize: 4 });
  const users = await benchUsers(handle.db, handle.pool!);
  const recipes = await recordRecipes(handle, users[0]);
  await handle.close();

  const app = await startServer('app', recipes);
  const raw = await startServer('raw', recipes);
  const sides = { app, raw };

  // One answer of each kind from each side first, so a broken request cannot pass as a fast one.
  for (const s of SCENARIOS) {
    for (const [side, server] of Object.entries(sides)) {
      const one = { ...users[1], studentIds: users[1].studentIds.slice(0, 1) };
      const res = await fetch(`http://127.0.0.1:${server.port}${s.path(one)}`, { headers: { authorization: `Bearer ${one.token}` } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${side} ${s.name} answered ${res.status}: ${body.slice(0, 300)}`);
      const expected = s.key === 'card' ? one.studentIds[0] : '"total":';
      if (!body.includes(expected)) throw new Error(`${side} ${s.name}: unexpected answer ${body.slice(0, 300)}`);
    }
  }

  const stats = new pg.Client({ connectionString: benchUrl() });
  await stats.connect();
  const loadBefore = loadavg()[0];
  const rows = [];
  for (const s of SCENARIOS.filter((x) => !process.env.BENCH_ONLY || x.name.includes(process.env.BENCH_ONLY))) {
    type Run = Awaited<ReturnType<typeof load>> & { ticks: number };
    const runs = { app: [] as Run[], raw: [] as Run[] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which side goes first, so a slow spell on the machine does not always hit the same one.
      const order = round % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const);
      for (const side of order) {
        console.log(`${s.name}: ${side}, round ${round + 1}/${ROUNDS} (${CONNECTIONS} connections, ${DURATION} s) …`);
        if (WARMUP > 0) await load(sides[side].port, users, s, WARMUP);
        const before = await sideCpu(stats, side, sides[side].pid);
        const run = await load(sides[side].port, users, s, DURATION);
        runs[side].push({ ...run, ticks: await cpuSpent(stats, side, sides[side].pid, before) });
      }
    }
    const sum = (side: 'app' | 'raw') => {
      const latencies = runs[side].flatMap((r) => r.latencies).sort((a, b) => a - b);
      const seconds = runs[side].reduce((n, r) => n + r.duration, 0);
      return {
        rps: Math.round(latencies.length / seconds),
        p50: +percentile(latencies, 50).toFixed(1),
        p95: +percentile(latencies, 95).toFixed(1),
        bad: runs[side].reduce((n, r) => n + r.bad, 0),
        // 10 ms per tick, in µs per answered request.
        cpu: Math.round((runs[side].reduce((n, r) => n + r.ticks, 0) * 10_000) / latencies.length),
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
      'non-200': a.bad + r.bad,
      'app CPU µs/req': a.cpu,
      'raw CPU µs/req': r.cpu,
      'CPU raw/app': +(r.cpu / a.cpu).toFixed(2),
    });
  }
  await stats.end();
  await app.stop();
  await raw.stop();
  console.log(
    `\nPostgreSQL, 1,000 schools × 200 students, ${CONNECTIONS} connections, pool ${POOL_SIZE}, ${ROUNDS} × ${DURATION} s per side, app LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}:`,
  );
  console.table(rows);
  console.log(`Load average (1 min) before ${loadBefore.toFixed(1)}, after ${loadavg()[0].toFixed(1)}. Total ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

// ——— the two servers, each in its own process ———

async function serveApp() {
  const handle = await openDb({ databaseUrl: benchUrl(), poolSize: POOL_SIZE });
  const config = loadConfig({
    DATABASE_URL: benchUrl(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-bench-')),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
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

async function serveRaw() {
  const recipes = JSON.parse(process.env.BENCH_RECIPES!) as Record<string, Recipe>;
  const pool = new pg.Pool({ connectionString: benchUrl(), max: POOL_SIZE });
  const app = Fastify();
  const bind = (st: Statement, req: { hash: string; school: string; student?: string; now: Date }) =>
    st.slots.map((s) => ('value' in s ? s.value : s.from === 'now' ? req.now.toISOString() : req[s.from]));
  app.get('/api/trpc/:procedure', async (request, reply) => {
    const { procedure } = request.params as { procedure: string };
    const { json } = JSON.parse((request.query as { input: string }).input) as { json: { schoolId: string; fullText?: string; id?: string } };
    const recipe = recipes[procedure === 'student.student' ? 'card' : json.fullText ? 'search' : 'page'];
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!m) return reply.code(401).send({ error: 'UNAUTHORIZED' });
    const req = { hash: createHash('sha256').update(m[1]).digest('base64url'), school: json.schoolId, student: json.id, now: new Date() };
    // Rows as arrays, as Drizzle reads them: the gate's columns in its order end with member id, member role, blocked.
    const { rows: gate } = await pool.query<unknown[]>({ text: recipe.gate.text, values: bind(recipe.gate, req), rowMode: 'array' });
    if (gate.length === 0) return reply.code(401).send({ error: 'UNAUTHORIZED' });
    const row = gate[0];
    if (!row.at(-3)) return reply.code(404).send({ error: 'NOT_FOUND' });
    if (row.at(-1)) return reply.code(403).send({ error: 'GROUP_BLOCKED' });
    let rows: unknown[] = [];
    // The card's statement repeats column names (the student's and the interpreter's id): its row comes as an array.
    const rowMode = recipe.shape === 'one' ? 'array' : undefined;
    for (const st of recipe.page) rows = (await pool.query({ text: st.text, values: bind(st, req), rowMode })).rows;
    if (recipe.shape === 'one') return rows.length ? rows[0] : reply.code(404).send({ error: 'NOT_FOUND' });
    return { items: rows, total: (rows[0] as { total?: number } | undefined)?.total ?? 0 };
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
    if (m === 'stop') {
      await close();
      process.exit(0);
    }
  });
} else {
  await main();
}

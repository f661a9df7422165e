// Student search and student card at scale (DESIGN §9: p95 under 25 ms at 50 concurrent clients on PostgreSQL
// with 1,000 schools and 200,000 students).
//
// Run on demand (not part of the tests), from the repository root:
//
//   npx node bench/search.ts
//
// Settings (environment):
//   BENCH_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres); the bench drops and
//                        recreates the database `volant_bench` on it, and leaves it for inspection
//   BENCH_DURATION       seconds per scenario (default 10)
//   BENCH_CONNECTIONS    concurrent connections (default 50)
//   BENCH_WARMUP         seconds of warm-up per scenario, not counted (default 2)
//   BENCH_ONLY=text      run only the scenarios whose name contains text
//   BENCH_PROFILE=dir    write a CPU profile of the server process into dir
//   BENCH_REUSE=1        keep an already seeded `volant_bench` (skips the ~20 s seed; new sessions are made)
//
// What it does: creates `volant_bench`, migrates it, seeds 1,000 schools × 200 students with Czech names
// (set-based INSERT … SELECT from generate_series), one log per student and a tag on every third one, plus
// 20 staff users with sessions. It prints EXPLAIN (ANALYZE) of every statement `student.students` runs for a
// 'novak' search, then starts the real server (buildServer) in a child process on a random port and drives
// HTTP GET requests through tRPC with autocannon, each request as a random one of the 20 users: a baseline
// (/healthz), the session and membership gate alone (user.getIsGroupBlocked), the search 'novak', the search 'jan novak', the first page without search, and the student card.
// It prints p50 / p95 / p99 latency and requests per second per scenario.
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { listStudents } from '../apps/server/src/features/student/student.queries.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';
import { studentsListInput } from '../packages/shared/src/student/inputs.ts';

import { BENCH_USERS, benchUrl, benchUsers, DB_NAME, isSeeded, recreateDatabase, SCHOOLS, seed, STUDENTS_PER_SCHOOL, BASE_URL } from './scale-seed.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

// ——— EXPLAIN the statements the search really runs ———

async function explainSearch(handle: Awaited<ReturnType<typeof openDb>>, schoolId: string) {
  const pool = handle.pool!;
  const recorded: { text: string; values: unknown[] }[] = [];
  const original = pool.query.bind(pool);
  // Drizzle's node-postgres driver calls pool.query(config, values) or pool.query({ text, values }).
  pool.query = ((config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    recorded.push({ text, values: values ?? (typeof config === 'object' ? (config.values ?? []) : []) });
    return original(config as never, values as never);
  }) as typeof pool.query;
  const result = await listStudents(handle.db, testSchoolId(schoolId), studentsListInput.parse({ fullText: 'novak' }));
  pool.query = original;
  console.log(`\nEXPLAIN of student.students { fullText: 'novak' } (${result.total} matches in the school, ${recorded.length} statements):`);
  for (const { text, values } of recorded) {
    const { rows } = await original<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
    console.log(`\n${text}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

// ——— load ———

interface Scenario {
  name: string;
  path: (user: { schoolId: string; studentIds: string[] }) => string;
}

const trpcGet = (procedure: string, input: unknown) => `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(port: number, users: { schoolId: string; token: string; studentIds: string[] }[], scenario: Scenario, duration = DURATION) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const pick = () => users[Math.floor(Math.random() * users.length)];
  const result = await new Promise<{ requests: { average: number }; errors: number; non2xx: number; duration: number }>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            setupRequest: (req: { path: string; headers: Record<string, string> }) => {
              const user = pick();
              return { ...req, method: 'GET', path: scenario.path(user), headers: { ...req.headers, authorization: `Bearer ${user.token}` } };
            },
          },
        ],
      },
      (err: Error | null, res: { requests: { average: number }; errors: number; non2xx: number; duration: number }) => (err ? reject(err) : resolve(res)),
    );
    tracker.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    requests: latencies.length,
    'req/s': Math.round(latencies.length / duration),
    'p50 ms': +percentile(latencies, 50).toFixed(1),
    'p95 ms': +percentile(latencies, 95).toFixed(1),
    'p99 ms': +percentile(latencies, 99).toFixed(1),
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  const started = Date.now();
  const reuse = process.env.BENCH_REUSE === '1' && (await isSeeded());
  if (!reuse) {
    console.log(`Recreating ${DB_NAME} on ${BASE_URL} …`);
    await recreateDatabase();
  }
  const handle = await openDb({ databaseUrl: benchUrl(), poolSize: 4 });
  const seedStart = Date.now();
  if (!reuse) {
    await migrate(handle);
    await seed(handle.pool!);
  }
  const users = await benchUsers(handle.db, handle.pool!);
  const { rows } = await handle.pool!.query<{ schools: number; students: number }>(
    'select (select count(*)::int from schools) as schools, (select count(*)::int from students) as students',
  );
  console.log(`${reuse ? 'Reused' : 'Seeded'} ${rows[0].schools} schools, ${rows[0].students} students in ${((Date.now() - seedStart) / 1000).toFixed(1)} s.`);

  await explainSearch(handle, users[0].schoolId);
  await handle.close();

  const execArgv = process.env.BENCH_PROFILE ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : process.execArgv;
  const server = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_ROLE: 'server' }, stdio: 'inherit', execArgv });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (m: { port: number }) => resolve(m.port));
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });

  // One real answer of each kind first, so a broken request cannot pass as a fast one.
  const probe = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${users[0].token}` } });
    const body = (await res.json()) as { result?: { data?: { json?: { total?: number; id?: string } } } };
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    return body.result?.data?.json;
  };
  const probeSearch = await probe(trpcGet('student.students', { schoolId: users[0].schoolId, fullText: 'novak' }));
  const probeCard = await probe(trpcGet('student.student', { schoolId: users[0].schoolId, id: users[0].studentIds[0] }));
  console.log(`\nProbe: search 'novak' total ${probeSearch?.total}; student card ${probeCard?.id}`);

  const scenarios: Scenario[] = [
    { name: 'baseline GET /healthz', path: () => '/healthz' },
    { name: 'gate only: user.getIsGroupBlocked', path: (u) => trpcGet('user.getIsGroupBlocked', { schoolId: u.schoolId }) },
    { name: "student.students 'novak'", path: (u) => trpcGet('student.students', { schoolId: u.schoolId, fullText: 'novak' }) },
    { name: "student.students 'jan novak'", path: (u) => trpcGet('student.students', { schoolId: u.schoolId, fullText: 'jan novak' }) },
    { name: 'student.students page 1', path: (u) => trpcGet('student.students', { schoolId: u.schoolId }) },
    {
      name: 'student.student (card)',
      path: (u) => trpcGet('student.student', { schoolId: u.schoolId, id: u.studentIds[Math.floor(Math.random() * u.studentIds.length)] }),
    },
  ];
  const results = [];
  const loadBefore = loadavg()[0];
  for (const s of scenarios.filter((x) => !process.env.BENCH_ONLY || x.name.includes(process.env.BENCH_ONLY))) {
    console.log(`Running ${s.name} (${CONNECTIONS} connections, ${DURATION} s) …`);
    if (WARMUP > 0) await load(port, users, s, WARMUP);
    results.push(await load(port, users, s));
  }
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.send('stop');
  await exited;
  console.log(`\n${SCHOOLS} schools × ${STUDENTS_PER_SCHOOL} students, ${CONNECTIONS} connections, ${DURATION} s each, ${BENCH_USERS} users:`);
  // Ratios to the gate alone (session + membership, the floor of every school procedure), measured in this run.
  const gate = results.find((r) => r.scenario.startsWith('gate'));
  console.table(results.map((r) => ({ ...r, 'req/s vs gate': gate ? +(r['req/s'] / gate['req/s']).toFixed(2) : null })));
  // Other work on the machine skews the numbers: the load average says how busy it was.
  console.log(`Load average (1 min) before ${loadBefore.toFixed(1)}, after ${loadavg()[0].toFixed(1)}.`);
  console.log(`Total ${((Date.now() - started) / 1000).toFixed(0)} s. Database ${DB_NAME} left in place.`);
}

// ——— the server, in its own process like in production ———

if (process.env.BENCH_ROLE === 'server') {
  const handle = await openDb({ databaseUrl: benchUrl(), poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  const config = loadConfig({
    DATABASE_URL: benchUrl(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-bench-')),
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST: join(tmpdir(), 'volant-bench-no-web'),
  } as NodeJS.ProcessEnv);
  const { app } = await buildServer(config, handle);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await app.close();
      await handle.close();
      process.exit(0);
    }
  });
} else {
  await main();
}

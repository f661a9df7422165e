// API load benchmark.  Run:  npx node bench/load.ts
//
// Starts the real server in this process (buildServer from apps/server/src/server.ts) on a fresh embedded PGlite
// database in a temp folder — or on PostgreSQL when BENCH_DATABASE_URL=postgres://… is set (a fresh database
// volant_bench_<random> is created there and dropped afterwards) — seeds one user with one school, logs in, and
// loads these endpoints with autocannon, one after another:
//   raw Fastify   GET /baseline on a bare Fastify instance in the same process, returning a constant JSON (the baseline)
//   /healthz      the app's own pipeline (helmet, hooks) without tRPC or the database
//   user.meV2     GET /api/trpc/user.meV2 with the Bearer token (session lookup + one user query)
//   app.getServerConfig  GET /api/trpc/app.getServerConfig?input=… (public, no database)
// and prints p50 / p95 latency, requests per second and the ratio of each to the baseline.
// The load generator runs in a child process (this file with --client) so it does not share the server's event loop.
//
// Settings: BENCH_CONNECTIONS (50), BENCH_DURATION seconds per endpoint (10), BENCH_WARMUP seconds (2),
// BENCH_DATABASE_URL (PostgreSQL instead of PGlite).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Measurement {
  requests: number;
  errors: number;
  non2xx: number;
  durationS: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

// ——— the load client (child process) ————————————————————————————————————————————————————————————————
if (process.argv[2] === '--client') {
  const [url, connections, duration, headersJson] = process.argv.slice(3);
  const { default: autocannon } = await import('autocannon');
  const times: number[] = [];
  const instance = autocannon({ url, connections: Number(connections), duration: Number(duration), headers: JSON.parse(headersJson) });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : Number.NaN);
  const out: Measurement = {
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    durationS: result.duration,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rps: result.requests.total / result.duration,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

// ——— the benchmark ——————————————————————————————————————————————————————————————————————————————————
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const selfFile = fileURLToPath(import.meta.url);

function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [selfFile, '--client', url, String(CONNECTIONS), String(seconds), JSON.stringify(headers)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() as string)) : reject(new Error(`load client exited ${code}`))));
  });
}

const { default: Fastify } = await import('fastify');
const { eq } = await import('drizzle-orm');
const { openDb } = await import('@volant/db/client');
const { migrate } = await import('@volant/db/migrate');
const { schema } = await import('@volant/db/schema');
const { loadConfig } = await import('../apps/server/src/config.ts');
const { hashPassword } = await import('../apps/server/src/lib/crypto.ts');
const { buildServer } = await import('../apps/server/src/server.ts');

const dataDir = mkdtempSync(join(tmpdir(), 'volant-bench-'));
let pgDatabase: { adminUrl: string; name: string } | null = null;
let databaseUrl: string | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const { default: pg } = await import('pg');
  const name = `volant_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  pgDatabase = { adminUrl: process.env.BENCH_DATABASE_URL, name };
}

const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PUBLIC_PER_MIN: '100000000',
  RATE_LIMIT_LOGIN_PER_15_MIN: '100000',
} as NodeJS.ProcessEnv);
const handle = await openDb({ databaseUrl, dataDir: join(dataDir, 'pglite'), poolSize: config.databasePoolSize });
await migrate(handle);

// One user with one school.
const email = 'bench@volant.cz';
const password = 'Bench2026!';
const [user] = await handle.db
  .insert(schema.users)
  .values({ email, firstName: 'Bench', lastName: 'Mark', passwordHash: await hashPassword(password), isActivated: true })
  .returning();
const [school] = await handle.db
  .insert(schema.schools)
  .values({ name: 'Autoškola Bench', number: 'AS-1', office: 'Magistrát města Brna', street: 'Kounicova', streetCode: '1', city: 'Brno', postCode: '602 00' })
  .returning();
await handle.db.insert(schema.schoolMembers).values({ schoolId: school.id, userId: user.id, role: 'ADMIN', firstName: 'Bench', lastName: 'Mark', email });
await handle.db.update(schema.users).set({ activeSchoolId: school.id }).where(eq(schema.users.id, user.id));

const { app } = await buildServer(config, handle);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const raw = Fastify({ logger: false });
const constant = { ok: true, name: 'Volant', version: '2.1.0' };
raw.get('/baseline', async () => constant);
await raw.listen({ port: 0, host: '127.0.0.1' });
const rawBase = `http://127.0.0.1:${(raw.server.address() as { port: number }).port}`;

const login = await fetch(`${base}/api/trpc/user.loginUser`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ json: { email, password } }),
});
const token = ((await login.json()) as { result: { data: { json: { token: string } } } }).result.data.json.token;
const auth = { authorization: `Bearer ${token}` };
const noInput = `?input=${encodeURIComponent(JSON.stringify({ json: null }))}`;

const targets: { name: string; url: string; headers?: Record<string, string> }[] = [
  { name: 'raw Fastify (baseline)', url: `${rawBase}/baseline` },
  { name: '/healthz', url: `${base}/healthz` },
  { name: 'user.meV2', url: `${base}/api/trpc/user.meV2${noInput}`, headers: auth },
  { name: 'app.getServerConfig', url: `${base}/api/trpc/app.getServerConfig${noInput}` },
];

const engine = handle.kind === 'pglite' ? 'PGlite (embedded, temp folder)' : 'PostgreSQL (BENCH_DATABASE_URL)';
const load1 = () => loadavg()[0].toFixed(1);
console.log(`Volant API load — ${engine}; ${CONNECTIONS} connections, ${DURATION} s per endpoint after ${WARMUP} s warm-up; Node ${process.version}`);
console.log(`machine: load average ${load1()} at the start (other work on the machine skews every number; the ratios less)`);
const results: { name: string; m: Measurement }[] = [];
try {
  for (const t of targets) {
    const check = await fetch(t.url, { headers: t.headers });
    if (!check.ok) throw new Error(`${t.name}: HTTP ${check.status} ${await check.text()}`);
    if (WARMUP > 0) await load(t.url, WARMUP, t.headers);
    const m = await load(t.url, DURATION, t.headers);
    if (m.errors || m.non2xx) throw new Error(`${t.name}: ${m.errors} errors, ${m.non2xx} non-2xx responses`);
    results.push({ name: t.name, m });
    console.log(`  measured ${t.name}`);
  }
} finally {
  await raw.close();
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (pgDatabase) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: pgDatabase.adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgDatabase.name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`machine: load average ${load1()} at the end`);
const baseline = results[0].m;
const col = (s: string, n: number) => s.padStart(n);
console.log(
  `\n${'endpoint'.padEnd(24)}${col('req/s', 10)}${col('p50 ms', 9)}${col('p95 ms', 9)}${col('p99 ms', 9)}${col('req/s vs raw', 14)}${col('p95 vs raw', 12)}`,
);
for (const { name, m } of results) {
  console.log(
    `${name.padEnd(24)}${col(m.rps.toFixed(0), 10)}${col(m.p50.toFixed(1), 9)}${col(m.p95.toFixed(1), 9)}${col(m.p99.toFixed(1), 9)}` +
      `${col(`${((m.rps / baseline.rps) * 100).toFixed(1)} %`, 14)}${col(`${(m.p95 / baseline.p95).toFixed(1)}×`, 12)}`,
  );
}
process.exit(0);

// PGlite responsiveness under load.  Run:  npx node bench/pglite-load.ts
//
// DESIGN.md §9: on the embedded PGlite database, at 50 connections on the API, /healthz p99 < 50 ms and no request
// over 1 s. This starts the real server as `npm start` does (apps/server/src/main.ts in a child process, a fresh
// DATA_DIR, so migrations and the demo seed run), logs in as the demo user, then:
//   1. idle baseline: the /healthz probe alone (one request every 50 ms) for BENCH_IDLE seconds;
//   2. loaded: BENCH_CONNECTIONS keep-alive connections of `student.students` (autocannon, in its own child process)
//      for BENCH_DURATION seconds, while the same probe keeps hitting /healthz from this process.
// Prints p50 / p99 / max of the probe (idle and loaded) and of the API, the API's requests/s, how many API requests
// were shed with 503 (the in-flight limit in front of the database), and the load average. Exits 1 when the budget
// does not hold.
//
// Settings: BENCH_CONNECTIONS (50), BENCH_DURATION seconds (15), BENCH_IDLE seconds (3), BENCH_PAGE_SIZE (10).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/free-port.ts';
import { PROBE_EVERY_MS, PROBE_TIMEOUT_MS, probe, type Stats, stats } from './lib/probe.ts';

interface ApiResult extends Stats {
  ok: number;
  shed: number;
  otherStatus: Record<string, number>;
  errors: number;
  rps: number;
}

// ——— the load client (child process, so autocannon does not share the probe's event loop) ——————————————————————
if (process.argv[2] === '--client') {
  const [url, connections, duration, headersJson] = process.argv.slice(3);
  const { default: autocannon } = await import('autocannon');
  const times: number[] = [];
  const status: Record<string, number> = {};
  const instance = autocannon({ url, connections: Number(connections), duration: Number(duration), headers: JSON.parse(headersJson), timeout: 30 });
  instance.on('response', (_client: unknown, code: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    status[code] = (status[code] ?? 0) + 1;
  });
  const result = await instance;
  const { 200: ok = 0, 503: shed = 0, ...otherStatus } = status;
  const out: ApiResult = { ...stats(times), ok, shed, otherStatus, errors: result.errors + result.timeouts, rps: times.length / result.duration };
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

// ——— the benchmark ——————————————————————————————————————————————————————————————————————————————————
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const IDLE = Number(process.env.BENCH_IDLE ?? 3);
const PAGE_SIZE = Number(process.env.BENCH_PAGE_SIZE ?? 10);
const selfFile = fileURLToPath(import.meta.url);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function loadApi(url: string, headers: Record<string, string>): Promise<ApiResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [selfFile, '--client', url, String(CONNECTIONS), String(DURATION), JSON.stringify(headers)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() as string)) : reject(new Error(`load client exited ${code}`))));
  });
}

async function trpc<T>(base: string, path: string, init: { input?: unknown; token?: string; mutation?: boolean }): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = init.mutation
    ? await fetch(`${base}/api/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify({ json: init.input }) })
    : await fetch(`${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: init.input ?? null }))}`, { headers });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

const dataDir = mkdtempSync(join(tmpdir(), 'volant-bench-pglite-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const logFile = join(dataDir, 'server.log');
const log = createWriteStream(logFile);
const startedAt = performance.now();
const server: ChildProcess = spawn(process.execPath, [join(repoRoot, 'apps/server/src/main.ts')], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PUBLIC_PER_MIN: '100000000',
    RATE_LIMIT_LOGIN_PER_15_MIN: '100000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout?.pipe(log);
server.stderr?.pipe(log);
const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));

const load1 = () => loadavg()[0].toFixed(1);
let failed = false;
try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) while starting:\n${readFileSync(logFile, 'utf8')}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (performance.now() - startedAt > 120_000) throw new Error(`the server was not ready within 120 s:\n${readFileSync(logFile, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const readyMs = performance.now() - startedAt;

  const login = await trpc<{ token: string }>(base, 'user.loginUser', { input: { email: 'demo@volant.cz', password: 'Volant2026!' }, mutation: true });
  const me = await trpc<{ activeSchoolId: string }>(base, 'user.meV2', { token: login.token });
  const input = { schoolId: me.activeSchoolId, pageSize: PAGE_SIZE, currentPage: 1 };
  const apiUrl = `${base}/api/trpc/student.students?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const headers = { authorization: `Bearer ${login.token}` };
  const check = await fetch(apiUrl, { headers });
  if (!check.ok) throw new Error(`student.students: HTTP ${check.status} ${await check.text()}`);

  console.log(
    `Volant on PGlite under load — student.students, ${CONNECTIONS} connections, ${DURATION} s; /healthz probed every ${PROBE_EVERY_MS} ms; Node ${process.version}`,
  );
  console.log(`machine: load average ${load1()} at the start; server ready (fresh data dir, migrations + demo seed) in ${readyMs.toFixed(0)} ms`);

  const idleProbe = probe(`${base}/healthz`);
  await new Promise((r) => setTimeout(r, IDLE * 1000));
  const idle = await idleProbe.stop();

  const loadedProbe = probe(`${base}/healthz`);
  const api = await loadApi(apiUrl, headers);
  const loaded = await loadedProbe.stop();
  console.log(`machine: load average ${load1()} at the end`);

  const col = (s: string, n: number) => s.padStart(n);
  const row = (name: string, s: Stats, extra = '') =>
    console.log(`${name.padEnd(30)}${col(String(s.count), 8)}${col(s.p50.toFixed(1), 9)}${col(s.p99.toFixed(1), 9)}${col(s.max.toFixed(1), 9)}  ${extra}`);
  console.log(`\n${'measured'.padEnd(30)}${col('count', 8)}${col('p50 ms', 9)}${col('p99 ms', 9)}${col('max ms', 9)}`);
  row('/healthz idle (baseline)', idle, idle.timeouts ? `${idle.timeouts} timed out` : '');
  row('/healthz under load', loaded, `${loaded.timeouts} timed out (> ${PROBE_TIMEOUT_MS} ms); p99 ${(loaded.p99 / idle.p99).toFixed(1)}× idle`);
  row('student.students', api, `${api.rps.toFixed(0)} req/s; ${api.ok} × 200, ${api.shed} × 503 shed, ${api.errors} errors/timeouts`);
  if (Object.keys(api.otherStatus).length) console.log(`  other statuses: ${JSON.stringify(api.otherStatus)}`);

  const verdicts = [
    [`/healthz p99 under load < 50 ms`, loaded.p99 < 50 && loaded.timeouts === 0],
    [`no API request over 1 s`, api.max <= 1000 && api.errors === 0],
    [`the API served most requests (503 below 50 %)`, api.shed < api.ok],
  ] as const;
  console.log('');
  for (const [what, ok] of verdicts) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  failed = verdicts.some(([, ok]) => !ok);
} finally {
  server.kill('SIGTERM');
  const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
  log.end();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

// PDF job throughput and API responsiveness.  Run:  npx node bench/pdf-jobs.ts
//
// Issue 10: 100 export requests queued at once are all DONE within a bound we measure, and the API stays responsive
// meanwhile. Starts the server as `npm start` does (apps/server/src/main.ts in a child process, a fresh DATA_DIR and
// the demo seed), logs in as the demo user and connects the live socket like the web app, then:
//   1. idle baseline: a /healthz probe alone (one request every 50 ms) for BENCH_IDLE seconds;
//   2. BENCH_JOBS export requests sent at once (over the demo school's students, the kinds of BENCH_KINDS in turn),
//      while the probe keeps running, until every job's OnPdfFileChanged has arrived.
// Prints the time until all were DONE (and jobs/s), each job's request → message latency, the probe idle and during
// the run, the requests' own answer times, the workers' peak RSS and the load average.
//
// On PostgreSQL (BENCH_DATABASE_URL, a fresh database is created and dropped) the API runs as ROLE=api and the jobs
// are made by BENCH_WORKERS separate ROLE=worker processes (several instances on one queue); on PGlite one ROLE=all
// process does both (PGlite is one process).
//
// Settings: BENCH_JOBS (100), BENCH_KINDS (REPORT_CLASS_BOOK,REPORT_VEHICLE_DRIVING_TRAINING,PARTIAL_COMPLETION),
// BENCH_IDLE seconds (3), BENCH_DATABASE_URL (—), BENCH_WORKERS (1, PostgreSQL only).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io } from 'socket.io-client';
import { freePort } from './lib/free-port.ts';
import { probe, type Stats, stats } from './lib/probe.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 100);
const KINDS = (process.env.BENCH_KINDS ?? 'REPORT_CLASS_BOOK,REPORT_VEHICLE_DRIVING_TRAINING,PARTIAL_COMPLETION').split(',');
const IDLE = Number(process.env.BENCH_IDLE ?? 3);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const WORKERS = DATABASE_URL ? Number(process.env.BENCH_WORKERS ?? 1) : 0;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

async function trpc<T>(base: string, path: string, init: { input?: unknown; token?: string; mutation?: boolean }): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = init.mutation
    ? await fetch(`${base}/api/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify({ json: init.input }) })
    : await fetch(`${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: init.input ?? null }))}`, { headers });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** Peak resident memory of a process (Linux), in MB. */
function peakRssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'volant-bench-pdf-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const log = createWriteStream(join(dataDir, 'server.log'));
let databaseUrl = '';
let dbName = '';
if (DATABASE_URL) {
  dbName = `volant_bench_pdf_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}

function startInstance(role: 'all' | 'api' | 'worker', instancePort: number): ChildProcess {
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '1',
      SMTP_URL: '',
      ROLE: role,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PUBLIC_PER_MIN: '100000000',
      RATE_LIMIT_LOGIN_PER_15_MIN: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  return child;
}

async function waitReady(url: string, child: ChildProcess) {
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`an instance exited (${child.exitCode}) while starting; see ${join(dataDir, 'server.log')}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return performance.now() - t0;
    if (performance.now() - t0 > 120_000) throw new Error('an instance was not ready within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const children: ChildProcess[] = [];
const load1 = () => loadavg()[0].toFixed(1);
let failed = false;
try {
  const api = startInstance(DATABASE_URL ? 'api' : 'all', port);
  children.push(api);
  const readyMs = await waitReady(base, api);
  const workers: ChildProcess[] = [];
  for (let i = 0; i < WORKERS; i++) {
    const workerPort = await freePort();
    const w = startInstance('worker', workerPort);
    children.push(w);
    workers.push(w);
    await waitReady(`http://127.0.0.1:${workerPort}`, w);
  }

  const login = await trpc<{ token: string }>(base, 'user.loginUser', { input: { email: 'demo@volant.cz', password: 'Volant2026!' }, mutation: true });
  const me = await trpc<{ activeSchoolId: string }>(base, 'user.meV2', { token: login.token });
  const schoolId = me.activeSchoolId;
  const list = await trpc<{ items: { id: string }[] }>(base, 'student.students', { token: login.token, input: { schoolId, pageSize: 100, currentPage: 1 } });
  const studentIds = list.items.map((s) => s.id);
  if (studentIds.length === 0) throw new Error('the demo school has no students');

  // The live socket, as the web app connects it.
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: login.token, schoolId } });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  const sentAt = new Map<string, number>();
  const latency: number[] = [];
  const outcome = { done: 0, error: 0 };
  let allDone: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  socket.on('live-update', (message: { OnPdfFileChanged?: { clientCode: string; status: 'done' | 'error' } }) => {
    const body = message.OnPdfFileChanged;
    const t0 = body && sentAt.get(body.clientCode);
    if (!body || t0 === undefined) return;
    sentAt.delete(body.clientCode);
    latency.push(performance.now() - t0);
    outcome[body.status]++;
    if (outcome.done + outcome.error === JOBS) allDone();
  });

  console.log(
    `Volant PDF jobs — ${JOBS} exports at once (${KINDS.join(', ')}) over ${studentIds.length} demo students; ${
      DATABASE_URL ? `PostgreSQL, ROLE=api + ${WORKERS} ROLE=worker instance(s)` : 'PGlite, one ROLE=all instance'
    }; Node ${process.version}`,
  );
  console.log(`machine: load average ${load1()} at the start; server ready in ${readyMs.toFixed(0)} ms`);

  const idleProbe = probe(`${base}/healthz`);
  await new Promise((r) => setTimeout(r, IDLE * 1000));
  const idle = await idleProbe.stop();

  const runProbe = probe(`${base}/healthz`);
  const t0 = performance.now();
  const answers: number[] = [];
  await Promise.all(
    Array.from({ length: JOBS }, async (_, i) => {
      const kind = KINDS[i % KINDS.length];
      const clientCode = `bench-${i}`;
      const studentId = studentIds[i % studentIds.length];
      const start = performance.now();
      sentAt.set(clientCode, start);
      await trpc(base, 'pdfFile.requestPdf', { token: login.token, mutation: true, input: { schoolId, kind, studentId, clientCode } });
      answers.push(performance.now() - start);
    }),
  );
  const queuedMs = performance.now() - t0;
  const timeout = setTimeout(() => allDone(), 600_000);
  await finished;
  clearTimeout(timeout);
  const totalMs = performance.now() - t0;
  const during = await runProbe.stop();
  socket.close();

  const history = await trpc<{ items: { status: string; fileSize: number | null }[] }>(base, 'pdfFile.getPdfFiles', {
    token: login.token,
    input: { schoolId, limit: 200 },
  });
  const sizes = history.items.filter((f) => f.fileSize).map((f) => f.fileSize as number);
  console.log(`machine: load average ${load1()} at the end`);

  const col = (s: string, n: number) => s.padStart(n);
  const row = (name: string, s: Stats, extra = '') =>
    console.log(`${name.padEnd(34)}${col(String(s.count), 7)}${col(s.p50.toFixed(1), 10)}${col(s.p99.toFixed(1), 10)}${col(s.max.toFixed(1), 10)}  ${extra}`);
  console.log(`\n${'measured'.padEnd(34)}${col('count', 7)}${col('p50 ms', 10)}${col('p99 ms', 10)}${col('max ms', 10)}`);
  row('/healthz idle (baseline)', idle, idle.timeouts ? `${idle.timeouts} timed out` : '');
  row('/healthz while the jobs run', during, `${during.timeouts} timed out; p99 ${(during.p99 / idle.p99).toFixed(1)}× idle`);
  row('requestPdf answer', stats(answers), `all ${JOBS} queued in ${queuedMs.toFixed(0)} ms`);
  row('request → OnPdfFileChanged', stats(latency));
  console.log(
    `\nall ${JOBS} finished in ${(totalMs / 1000).toFixed(1)} s (${((JOBS * 1000) / totalMs).toFixed(1)} jobs/s): ${outcome.done} done, ${outcome.error} error; ` +
      `files ${(Math.min(...sizes) / 1024).toFixed(0)}–${(Math.max(...sizes) / 1024).toFixed(0)} KB`,
  );
  const workerPids = DATABASE_URL ? workers.map((w) => w.pid) : [api.pid];
  console.log(`peak RSS of the process(es) rendering: ${workerPids.map((pid) => `${peakRssMb(pid).toFixed(0)} MB`).join(', ')}`);
  failed = outcome.done !== JOBS;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)));
  log.end();
  if (DATABASE_URL && dbName) {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  if (!failed) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`server log kept in ${join(dataDir, 'server.log')}`);
}
process.exit(failed ? 1 : 0);

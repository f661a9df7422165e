// One client must not be able to stall an instance (issue 17 items 1 and 12): malformed superjson metadata is refused
// with bounded work and one Czech message, school procedures check the caller before they read any input, and large
// anonymous bodies are refused before they are read. Each loop runs from 16 connections for a few seconds while
// /healthz is probed; its p99 may grow by less than 50 ms over its idle p99 (in one of three runs: loopHolding).
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { APP_ERRORS } from '@volant/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './gate/session.queries.ts';
import type { buildServer } from './server.ts';
import { MALFORMED_TRANSPORT_CASES } from './testing/malformed-transport.ts';
import { getTestApp, setupSchool, type TestApp } from './testing/harness.ts';
import { listenTestServer } from './testing/http-server.ts';

const CONNECTIONS = 16;
const LOOP_MS = 3_000;
/**
 * What a loop may add to the /healthz p99: 50 ms over the same probe's p99 with no load, measured first on the same
 * server (a quiet machine answers it in ~2 ms; a machine shared with other work has its own noise, which is not ours).
 */
const P99_LIMIT_MS = 50;
let idleP99 = 0;

let app: TestApp;
let server: Awaited<ReturnType<typeof buildServer>>;
let base: string;
let port: number;
let token: string;
let schoolId: string;

beforeAll(async () => {
  app = await getTestApp();
  const school = await setupSchool(app);
  schoolId = school.schoolId;
  token = await createSession(app.handle.db, school.user.id, new Date(), 1);
  ({ server, base } = await listenTestServer(app.handle));
  port = Number(new URL(base).port);
  idleP99 = pct(await probeFor(3_000), 99);
  console.log(`idle /healthz p99: ${idleP99.toFixed(1)} ms`);
});

afterAll(async () => {
  await server?.app.close();
});

const pct = (times: number[], p: number) => {
  const s = [...times].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};

interface LoadResult {
  sent: number;
  answers: Record<string, number>;
  samples: Record<string, string>;
  wrong: string[];
}

/**
 * Runs a load from its own thread (testing/load-worker.ts: the client's work must not delay the probe) for LOOP_MS
 * while /healthz is probed from this thread, which serves the requests. The server's
 * CPU per request is this thread's CPU time over the requests sent (the probe's own share included).
 */
async function underLoad(job: Record<string, unknown>) {
  const worker = new Worker(new URL('./testing/load-worker.ts', import.meta.url), {
    workerData: { base, port, connections: CONNECTIONS, durationMs: LOOP_MS, ...job },
  });
  const done = new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.threadCpuUsage();
  // Let the load start first.
  await new Promise((r) => setTimeout(r, 200));
  const probes = await probeFor(LOOP_MS - 300);
  const load = await done;
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.threadCpuUsage(cpu0);
  await worker.terminate();
  const figures = {
    sent: load.sent,
    probes: probes.length,
    p50: Math.round(pct(probes, 50) * 10) / 10,
    p99: Math.round(pct(probes, 99) * 10) / 10,
    max: Math.round(Math.max(...probes) * 10) / 10,
    serverCpuMsPerRequest: Math.round(((cpu.user + cpu.system) / 1000 / load.sent) * 1000) / 1000,
    serverUtilization: Math.round(elu.utilization * 100) / 100,
  };
  return { ...load, figures };
}

/** /healthz, probed 5 ms after each answer for `ms`: the answer times. */
async function probeFor(ms: number) {
  const probes: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    probes.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  return probes;
}

/**
 * Runs a loop until its p99 holds, at most three times: a stall is systematic and fails every run (seconds before the
 * fix); a shared machine's own hiccups are random and rarely hit three runs in a row. Every run's answers must be right.
 */
async function loopHolding(name: string, job: Record<string, unknown>) {
  const runs: Awaited<ReturnType<typeof underLoad>>[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await underLoad(job);
    console.log(`${name}, run ${attempt + 1}:`, JSON.stringify(result.figures), result.answers);
    runs.push(result);
    if (result.figures.p99 < idleP99 + P99_LIMIT_MS) break;
  }
  return { runs, last: runs[runs.length - 1] };
}

/** Every message a malformed request may be answered with: one Czech text per kind of refusal, never a library's. */
const CZECH_REFUSALS = [
  APP_ERRORS.MALFORMED_REQUEST,
  APP_ERRORS.PAYLOAD_TOO_LARGE,
  APP_ERRORS.UNAUTHORIZED,
  APP_ERRORS.RATE_LIMITED,
  // The well-formed public call at the head of a batch of malformed ones (testing/malformed-transport.ts).
  APP_ERRORS.INVALID_CODE,
];

describe('one client cannot stall the instance', () => {
  const malformedCalls = (authorization?: string) =>
    MALFORMED_TRANSPORT_CASES.map((c) => ({
      name: c.name,
      url: `/api/trpc/${c.url}`,
      body: c.body.replaceAll('SCHOOL_ID', schoolId),
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    }));

  it('refuses every malformed-meta shape from anonymous clients cheaply and in Czech, while /healthz stays fast', async () => {
    const { runs, last } = await loopHolding('malformed-meta loop, anonymous', { calls: malformedCalls(), allowed: CZECH_REFUSALS });
    expect(runs.flatMap((r) => r.wrong)).toEqual([]);
    expect(last.figures.p99).toBeLessThan(idleP99 + P99_LIMIT_MS);
  });

  it('refuses every malformed-meta shape from a logged-in member with the Czech 400, with bounded work', async () => {
    // Past the session check the transport's own guard answers: the CPU per call stays that of a small request.
    const result = await underLoad({ calls: malformedCalls(`Bearer ${token}`), allowed: CZECH_REFUSALS });
    console.log('malformed-meta loop, logged in:', JSON.stringify(result.figures), result.answers);
    expect(result.wrong).toEqual([]);
    expect(Object.keys(result.answers).some((k) => k.startsWith(`400 ${APP_ERRORS.MALFORMED_REQUEST}`))).toBe(true);
    expect(result.figures.serverCpuMsPerRequest).toBeLessThan(5);
  });

  it('refuses 2 MB anonymous bodies before reading them, while /healthz stays fast', async () => {
    const bodyBytes = 2 * 1024 * 1024 - 64;
    const paths = ['tag.createTag', 'user.loginUser', 'studentPassSignature.createStudentPassSignature', 'applicationForm.submitApplication'];
    const heads = paths.map(
      (path) => `POST /api/trpc/${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
    );
    const { runs, last } = await loopHolding('2 MB anonymous loop', { raw: { heads, bodyBytes } });
    for (const result of runs) {
      // Answered from the headers; a connection the server closed while the client was still writing may see a reset.
      // How many see the answer before the reset depends on the machine's speed, not on the server: every request is
      // refused (413/429) or cut, none is read and answered otherwise.
      expect(Object.keys(result.answers).every((s) => ['413', '429', 'reset'].includes(s))).toBe(true);
      expect(result.answers['413'] ?? 0).toBeGreaterThan(0);
      expect(result.samples['413']).toContain(APP_ERRORS.PAYLOAD_TOO_LARGE);
    }
    expect(last.figures.p99).toBeLessThan(idleP99 + P99_LIMIT_MS);
  });

  it('answers 413 to an announced large anonymous body without waiting for it', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
    });
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    // Only the head and 1 KB of the announced 2 MB: an answer proves the rest was never awaited.
    socket.write(
      `POST /api/trpc/tag.createTag HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n${'{'.padEnd(1024, ' ')}`,
    );
    const deadline = Date.now() + 2_000;
    while (!answer.toString('utf8').includes(APP_ERRORS.PAYLOAD_TOO_LARGE) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    socket.destroy();
    expect(answer.toString('utf8')).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.toString('utf8')).toContain(APP_ERRORS.PAYLOAD_TOO_LARGE);
  });
});

describe('the cheap refusals one by one', () => {
  let other: Awaited<ReturnType<typeof listenTestServer>>;
  beforeAll(async () => {
    // A budget of 10 anonymous calls a minute per address (5 × RATE_LIMIT_PUBLIC_PER_MIN).
    other = await listenTestServer(app.handle, { RATE_LIMIT_PUBLIC_PER_MIN: '2' });
  });
  afterAll(async () => {
    await other?.server.app.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${other.base}/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (res) => ({
      status: res.status,
      message: ((await res.json()) as { error?: { json?: { message?: string } } }).error?.json?.message,
    }));
  const issueBody = '{"json":{"schoolId":"x"},"meta":{"values":"zzz"}}';

  it('refuses a school call without a live session before its input is read, and a member’s malformed input with the Czech 400', async () => {
    expect(await post('tag.createTag', issueBody, { authorization: `Bearer ${token}` })).toEqual({ status: 400, message: APP_ERRORS.MALFORMED_REQUEST });
    expect(await post('tag.createTag', issueBody, { authorization: 'Bearer not-a-session' })).toEqual({ status: 401, message: APP_ERRORS.UNAUTHORIZED });
    expect(await post('tag.createTag', issueBody)).toEqual({ status: 401, message: APP_ERRORS.UNAUTHORIZED });
  });

  it('keeps 2 MB for a live session, and gives a token that opens nothing the anonymous limit', async () => {
    const big = JSON.stringify({ json: { schoolId, name: 'x'.repeat(100_000), color: '#a1b2c3' } });
    const member = await post('tag.createTag', big, { authorization: `Bearer ${token}` });
    expect(member.status).toBe(400);
    expect(member.message).not.toBe(APP_ERRORS.PAYLOAD_TOO_LARGE);
    expect(await post('tag.createTag', big, { authorization: 'Bearer not-a-session' })).toEqual({ status: 413, message: APP_ERRORS.PAYLOAD_TOO_LARGE });
  });

  it('cuts an anonymous body that comes chunked at its limit', async () => {
    const chunks = [Buffer.from('{"json":{"email":"'), Buffer.alloc(64 * 1024, 'a'), Buffer.from('@b.cz","password":"x"}}')];
    const res = await fetch(`${other.base}/api/trpc/user.loginUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(c);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { json: { message: string } } }).error.json.message).toBe(APP_ERRORS.PAYLOAD_TOO_LARGE);
  });

  it('answers anonymous calls over the address’s budget with 429 before reading them, and leaves logged-in calls alone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('user.loginUser', '{"json":{"email":"a@b.cz","password":"x"}}')).status);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(await post('user.loginUser', '{"json":{"email":"a@b.cz","password":"x"}}')).toEqual({ status: 429, message: APP_ERRORS.RATE_LIMITED });
    expect((await post('tag.createTag', issueBody, { authorization: `Bearer ${token}` })).status).toBe(400);
  });
});

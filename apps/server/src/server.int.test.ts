// The HTTP surface: health, readiness, the tRPC transport (GET queries, batching, superjson, error shape),
// rate limits, and the live socket with token auth.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { LIVE_EVENT } from '@volant/shared/live';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { buildServer } from './server.ts';
import { createUser, getTestApp, setupSchool, TEST_PASSWORD, type TestApp } from './testing/harness.ts';
import { workerDatabaseUrl } from './testing/database.ts';

/** The worker's PostgreSQL database, which a second instance opens (null on PGlite: one process only). */
const pgUrl = await workerDatabaseUrl();

let app: TestApp;
let base: string;
let server: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  app = await getTestApp();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-http-')),
    LOG_LEVEL: 'silent',
    PORT: '0',
    RATE_LIMIT_LOGIN_PER_15_MIN: '3',
    RATE_LIMIT_PUBLIC_PER_MIN: '1000',
  } as NodeJS.ProcessEnv);
  server = await buildServer(config, app.handle);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await server?.app.close();
});

async function login(email: string, password = TEST_PASSWORD) {
  const res = await fetch(`${base}/api/trpc/user.loginUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: { email, password } }),
  });
  return (await res.json()) as {
    result?: { data: { json: { state: string; token?: string } } };
    error?: { json: { message: string; data: { httpStatus: number } } };
  };
}

/** A live socket of a freshly logged-in user, watching a school. */
async function connectAs(email: string, schoolId: string) {
  const token = (await login(email)).result?.data.json.token;
  const socket = connect(base, { path: '/socket.io', transports: ['websocket'], auth: { token, schoolId }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

describe('HTTP', () => {
  it('answers /healthz and /readyz', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', migrations: expect.any(Number) });
  });

  it('serves batched GET queries with superjson and a bearer token', async () => {
    const user = await createUser(app);
    const token = (await login(user.email)).result?.data.json.token;
    const input = encodeURIComponent(
      JSON.stringify({ 0: { json: null, meta: { values: ['undefined'] } }, 1: { json: null, meta: { values: ['undefined'] } } }),
    );
    const res = await fetch(`${base}/api/trpc/app.getServerConfig,user.meV2?batch=1&input=${input}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { result: { data: { json: Record<string, unknown>; meta?: unknown } } }[];
    expect(body[0].result.data.json).toMatchObject({ version: expect.any(String), maximumNumberOfAttemptsPerExam: 3 });
    expect(body[1].result.data.json).toMatchObject({ email: user.email, isAccountInitialized: false });
  });

  it('answers 401 without a session and gives Czech field errors for bad input', async () => {
    const unauth = await fetch(`${base}/api/trpc/user.meV2`);
    expect(unauth.status).toBe(401);
    const res = await fetch(`${base}/api/trpc/contact.sendContactMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email: 'x', message: 'ahoj' } }),
    });
    const body = (await res.json()) as { error: { json: { message: string; data: { zodError: { fieldErrors: Record<string, string[]> } } } } };
    expect(res.status).toBe(400);
    expect(body.error.json.data.zodError.fieldErrors).toMatchObject({
      email: ['E-mail nesmí být kratší než 5 znaků', 'Neplatný formát e-mailu'],
      message: ['Zpráva musí mít alespoň 5 znaků'],
    });
    expect(body.error.json.message).toBe('E-mail nesmí být kratší než 5 znaků');
  });

  it('proves session and membership of a school-scoped call over HTTP', async () => {
    const a = await setupSchool(app);
    const b = await setupSchool(app);
    const token = (await login(a.user.email)).result?.data.json.token;
    const call = (schoolId: string, auth = `Bearer ${token}`) =>
      fetch(`${base}/api/trpc/user.getGroupUserSettings?input=${encodeURIComponent(JSON.stringify({ json: { schoolId } }))}`, {
        headers: { authorization: auth },
      });
    const own = await call(a.schoolId);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { result: { data: { json: { role: string } } } }).result.data.json.role).toBe('ADMIN');
    expect((await call(b.schoolId)).status).toBe(404);
    expect((await call(a.schoolId, 'Bearer not-a-token')).status).toBe(401);
  });

  it('rate-limits login attempts per address and e-mail', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'spatne-heslo!')).result?.data.json.state).toBe('INVALID_CREDENTIALS');
    const blocked = await login(user.email);
    expect(blocked.error?.json.data.httpStatus).toBe(429);
    expect(blocked.error?.json.message).toBe('Příliš mnoho pokusů. Zkuste to prosím znovu za chvíli.');
  });

  it('refuses a socket without a valid token and delivers live messages to the user room', async () => {
    const bad = connect(base, { path: '/socket.io', transports: ['websocket'], auth: { token: 'nope' }, reconnection: false });
    const refused = await new Promise<string>((resolve) => bad.on('connect_error', (e) => resolve(e.message)));
    expect(refused).toBe('UNAUTHORIZED');
    bad.close();

    const { user, schoolId } = await setupSchool(app);
    const socket = await connectAs(user.email, schoolId);
    const received = new Promise((resolve) => socket.on(LIVE_EVENT, resolve));
    server.deps.live.toSchool(schoolId, { TierChangedMessage: { schoolId } });
    expect(await received).toEqual({ TierChangedMessage: { schoolId } });
    socket.close();
  });
});

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' } as NodeJS.ProcessEnv)).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' } as NodeJS.ProcessEnv)).toThrow(/DATABASE_URL: must start with postgres/);
  });

  // Two full migrations of a fresh PGlite database (26 migrations): past 30 s on a loaded 2-core machine.
  it('migrations are idempotent on a reopened database', { timeout: 120_000 }, async () => {
    const handle = await openDb({ dataDir: 'memory://' });
    await migrate(handle);
    await migrate(handle);
    await handle.close();
  });
});

describe('several instances', () => {
  const url = pgUrl;
  it.runIf(url)('carries live messages from one instance to a socket on another (Postgres adapter)', async () => {
    const handleB = await openDb({ databaseUrl: url as string, poolSize: 2 });
    const configB = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-b-')), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
    const serverB = await buildServer(configB, handleB);
    await serverB.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { user, schoolId } = await setupSchool(app);
      const socket = await connectAs(user.email, schoolId);
      const received = new Promise((resolve) => socket.on(LIVE_EVENT, resolve));
      // Published on instance B; the socket is connected to instance A.
      serverB.deps.live.toUser(user.id, { NotificationReadMessage: { id: schoolId } });
      expect(await received).toEqual({ NotificationReadMessage: { id: schoolId } });
      socket.close();
    } finally {
      await serverB.app.close();
      await handleB.close();
    }
  });
});

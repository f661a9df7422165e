// PostgreSQL going away (restart, failover, an idle-session timeout, pg_terminate_backend) must not end the server:
// while it is away requests answer 503 quickly, /readyz says so and /healthz does not; when it is back everything
// recovers by itself, live messages between instances included. Runs only with TEST_DATABASE_URL.
// The file works on a database of its own, so terminating every backend of it cannot disturb other test files.
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { LIVE_EVENT } from '@volant/shared/live';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createSession } from './gate/session.queries.ts';
import { buildServer } from './server.ts';
import { createUser, type TestApp } from './testing/harness.ts';
import { workerDatabaseUrl } from './testing/database.ts';

const testDatabaseUrl = await workerDatabaseUrl();

interface Instance {
  handle: DbHandle;
  base: string;
  server: Awaited<ReturnType<typeof buildServer>>;
}

/** A TCP hop between an instance and PostgreSQL that the test can cut: refused, or accepted and never answered. */
async function startProxy(target: URL) {
  const open = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (silent) return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(upstream);
    upstream.on('close', () => open.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const cut = () => {
    for (const s of open) s.destroy();
  };
  return {
    port,
    /** Nothing listens: every connection attempt is refused at once. */
    async refuse() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        cut();
      });
    },
    /** Connections are accepted and then nothing ever answers (a peer gone without a word). */
    async hang() {
      silent = true;
      cut();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async restore() {
      silent = false;
      cut();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      cut();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const POOL_SIZE = 3;

async function startInstance(databaseUrl: string, connectionTimeoutMs?: number): Promise<Instance> {
  const handle = await openDb({ databaseUrl, poolSize: POOL_SIZE, connectionTimeoutMs });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-connloss-')),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PUBLIC_PER_MIN: '100000',
  } as NodeJS.ProcessEnv);
  const server = await buildServer(config, handle);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { handle, server, base: `http://127.0.0.1:${(server.app.server.address() as net.AddressInfo).port}` };
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance) return;
  await instance.server.app.close();
  await instance.handle.close();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `attempt` until it returns true; the time it took, or a failure after `withinMs`. */
async function within(withinMs: number, attempt: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await attempt().catch(() => false)) return Date.now() - start;
    if (Date.now() - start > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(100);
  }
}

describe.skipIf(!testDatabaseUrl)('PostgreSQL connection loss', () => {
  let ownUrl: string;
  let admin: pg.Client;
  let a: Instance;
  let b: Instance;
  let token: string;
  let userId: string;
  const sockets: Socket[] = [];
  // An unhandled 'error' event of a pool or client ends a real server; in this worker it would land here.
  const uncaught: unknown[] = [];
  const record = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    process.on('uncaughtException', record);
    const url = new URL(testDatabaseUrl as string);
    const name = `${url.pathname.slice(1)}_connloss`;
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    ownUrl = url.toString();
    a = await startInstance(ownUrl);
    await migrate(a.handle);
    b = await startInstance(ownUrl);
    const user = await createUser({ handle: a.handle } as TestApp);
    userId = user.id;
    token = await createSession(a.handle.db, user.id, new Date(), 1);
  });

  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
    expect(uncaught).toEqual([]);
  });

  afterAll(async () => {
    process.off('uncaughtException', record);
    await stopInstance(a);
    await stopInstance(b);
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(ownUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  });

  const me = (instance: Instance) => fetch(`${instance.base}/api/trpc/user.meV2`, { headers: { authorization: `Bearer ${token}` } });

  async function socketOn(instance: Instance) {
    const socket = connect(instance.base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return socket;
  }

  /** Publishes on `from` until the socket (on another instance) hears it: messages sent while LISTEN is down are lost. */
  async function crosses(from: Instance, socket: Socket, withinMs: number) {
    const id = crypto.randomUUID();
    let heard = false;
    socket.on(LIVE_EVENT, (m: { NotificationReadMessage?: { id: string } }) => {
      if (m.NotificationReadMessage?.id === id) heard = true;
    });
    return within(withinMs, async () => {
      if (!heard) from.server.deps.live.toUser(userId, { NotificationReadMessage: { id } });
      await sleep(150);
      return heard;
    });
  }

  it('stays up when every backend of its database is terminated, again and again; the next calls succeed, /readyz recovers and live messages still cross instances', async () => {
    const socketOnB = await socketOn(b);
    const socketOnA = await socketOn(a);
    await crosses(a, socketOnB, 5_000);
    // More rounds than each pool has connections: a connection lost for good in every round would run the pool dry.
    for (let round = 0; round < POOL_SIZE + 1; round++) {
      const { rows } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        new URL(ownUrl).pathname.slice(1),
      ]);
      // At least both LISTEN connections and a pool client of each instance.
      expect(rows.length).toBeGreaterThanOrEqual(4);
      await sleep(100);
      for (const instance of [a, b]) {
        expect((await fetch(`${instance.base}/healthz`)).status).toBe(200);
        await within(3_000, async () => (await me(instance)).status === 200);
        expect((await fetch(`${instance.base}/readyz`)).status).toBe(200);
      }
      await crosses(a, socketOnB, 5_000);
      await crosses(b, socketOnA, 5_000);
    }
  });

  it('answers 503 with a Czech message at once while the database refuses connections, and recovers when it is back', async () => {
    const proxy = await startProxy(new URL(ownUrl));
    const viaProxy = new URL(ownUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const c = await startInstance(viaProxy.toString());
    try {
      const socket = await socketOn(c);
      await crosses(a, socket, 5_000);
      await proxy.refuse();

      const started = Date.now();
      const res = await me(c);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { json: { message: string } } };
      expect(body.error.json.message).toBe('Databáze je dočasně nedostupná. Zkuste to prosím za chvíli.');
      expect((await fetch(`${c.base}/readyz`)).status).toBe(503);
      expect((await fetch(`${c.base}/healthz`)).status).toBe(200);
      await sleep(1_000); // the LISTEN connection fails to come back a few times meanwhile

      await proxy.restore();
      await within(3_000, async () => (await me(c)).status === 200);
      expect((await fetch(`${c.base}/readyz`)).status).toBe(200);
      await crosses(a, socket, 8_000);
    } finally {
      await stopInstance(c);
      await proxy.close();
    }
  });

  it('answers 503 within the connection timeout, and /readyz within its own shorter one, while the database does not answer at all', async () => {
    const proxy = await startProxy(new URL(ownUrl));
    const viaProxy = new URL(ownUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const c = await startInstance(viaProxy.toString(), 3_000);
    try {
      expect((await me(c)).status).toBe(200);
      await proxy.hang();
      await sleep(100); // the pool notices its cut connections; the next query has to open a new one

      const started = Date.now();
      const [call, ready] = await Promise.all([
        me(c).then((res) => ({ status: res.status, ms: Date.now() - started })),
        fetch(`${c.base}/readyz`).then((res) => ({ status: res.status, ms: Date.now() - started })),
      ]);
      expect(call.status).toBe(503);
      // The pool's connection timeout (3 s here, 5 s by default) answers it, not some later network timeout.
      expect(call.ms).toBeGreaterThanOrEqual(2_500);
      expect(call.ms).toBeLessThan(4_000);
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(2_500);
      expect((await fetch(`${c.base}/healthz`)).status).toBe(200);

      await proxy.restore();
      await within(3_000, async () => (await me(c)).status === 200);
    } finally {
      await stopInstance(c);
      await proxy.close();
    }
  });
});

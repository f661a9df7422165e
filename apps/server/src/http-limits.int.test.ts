// Slow clients cannot hold the server: a body or headers that do not arrive in time close the connection, the
// number of connections is capped, and live sockets (which outlive any request) are not caught by either.
// The limits are injected small so the test is fast; production values are HTTP_LIMITS in server.ts.
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createSession } from './gate/session.queries.ts';
import { buildServer, type HttpLimits } from './server.ts';
import { createUser, getTestApp, type TestApp } from './testing/harness.ts';

let app: TestApp;
const cleanup: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  app = await getTestApp();
});

afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function start(http: Partial<HttpLimits>) {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-limits-')), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const server = await buildServer(config, app.handle, { http });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  cleanup.push(() => server.app.close());
  const port = (server.app.server.address() as net.AddressInfo).port;
  return { server, port, base: `http://127.0.0.1:${port}` };
}

/** A raw connection that sends `head` and then nothing; resolves when it is open, tells when the server closed it. */
async function stall(port: number, head: string) {
  const socket = net.connect(port, '127.0.0.1');
  cleanup.push(() => void socket.destroy());
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  socket.write(head);
  return { closed, answer: () => answer };
}

const announcedBody = 'POST /api/trpc/user.loginUser HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"json":{}';

describe('HTTP limits', () => {
  it('closes a request whose announced body does not arrive in time, and serves others meanwhile', async () => {
    const { port, base } = await start({ requestTimeoutMs: 500, headersTimeoutMs: 500, checkIntervalMs: 100 });
    const opened = Date.now();
    const slow = await Promise.all(Array.from({ length: 50 }, () => stall(port, announcedBody)));

    const started = Date.now();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(300);

    const closedAt = await Promise.all(slow.map((s) => s.closed));
    expect(Math.max(...closedAt) - opened).toBeLessThan(1_500);
    expect(slow[0].answer()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers do not arrive in time', async () => {
    const { port } = await start({ requestTimeoutMs: 500, headersTimeoutMs: 500, checkIntervalMs: 100 });
    const opened = Date.now();
    const slow = await stall(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n');
    expect((await slow.closed) - opened).toBeLessThan(1_500);
  });

  it('refuses connections beyond the cap, and serves again once the slow ones are closed', async () => {
    const { port, base } = await start({ requestTimeoutMs: 500, headersTimeoutMs: 500, checkIntervalMs: 100, maxConnections: 3 });
    const slow = await Promise.all(Array.from({ length: 3 }, () => stall(port, announcedBody)));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await Promise.all(slow.map((s) => s.closed));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('keeps a live socket connected past every request and idle timeout, and still shuts down at once', async () => {
    const { server, base } = await start({ requestTimeoutMs: 300, headersTimeoutMs: 300, idleTimeoutMs: 300, checkIntervalMs: 100 });
    const user = await createUser(app);
    const token = await createSession(app.handle.db, user.id, new Date(), 1);
    const socket = connect(base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    cleanup.push(() => void socket.close());
    let disconnectedAt = 0;
    socket.on('disconnect', () => {
      disconnectedAt = Date.now();
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(socket.connected).toBe(true);

    const closing = Date.now();
    await server.app.close();
    expect(Date.now() - closing).toBeLessThan(1_000);
    expect(disconnectedAt).toBeGreaterThan(0);
  });
});

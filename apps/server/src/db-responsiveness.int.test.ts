// The embedded database must never freeze the server: a slow statement runs off the event loop (PGlite in a
// worker_thread), a transaction keeps the one connection to itself, and an absurd backlog fails fast with 503
// instead of queueing for seconds. On PostgreSQL the same checks hold by nature (the PGlite-only ones are skipped).
import { readFileSync } from 'node:fs';
import { openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { buildServer } from './server.ts';
import { listenTestServer } from './testing/http-server.ts';
import { createUser, getTestApp, type TestApp } from './testing/harness.ts';

// Blocked, the loop would stall for the whole second of the slow statement; 200 ms leaves room for a busy CI machine.
const STALL_LIMIT_MS = 200;

let app: TestApp;
let server: Awaited<ReturnType<typeof buildServer>>;
let base: string;

beforeAll(async () => {
  app = await getTestApp();
  ({ server, base } = await listenTestServer(app.handle));
});

afterAll(async () => {
  await server?.app.close();
});

describe('database responsiveness', () => {
  it('keeps timers and /healthz answering while a slow statement runs', async () => {
    let last = performance.now();
    let longestStall = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    // Drizzle's queries start when awaited: then() sends it now.
    const slow = app.handle.db.execute(sql`select pg_sleep(1)`).then(() => {});
    await new Promise((r) => setTimeout(r, 200));
    const health = await fetch(`${base}/healthz`);
    // Measured from the start: a blocked loop would answer only after the slow statement, a second later.
    const healthAnsweredAt = performance.now() - started;
    await slow;
    const slowMs = performance.now() - started;
    clearInterval(ticker);

    expect(health.status).toBe(200);
    expect(slowMs).toBeGreaterThan(900);
    expect(healthAnsweredAt).toBeLessThan(200 + STALL_LIMIT_MS);
    expect(longestStall, `longest stall ${longestStall.toFixed(0)} ms`).toBeLessThan(STALL_LIMIT_MS);
  });

  it('runs a transaction alone on the connection: a statement sent meanwhile waits and sees only committed rows', async () => {
    const user = await createUser(app);
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inside = () => {};
    const entered = new Promise<void>((r) => {
      inside = r;
    });
    const tx = app.handle.db.transaction(async (t) => {
      await t.update(schema.users).set({ firstName: 'Nepotvrzené' }).where(eq(schema.users.id, user.id));
      inside();
      await held;
      throw new Error('rolled back on purpose');
    });
    await entered;
    const outside = app.handle.db
      .select({ firstName: schema.users.firstName })
      .from(schema.users)
      .where(eq(schema.users.id, user.id))
      .then((rows) => rows);
    release();
    await expect(tx).rejects.toThrow('rolled back on purpose');
    expect(await outside).toEqual([{ firstName: user.firstName }]);
  });

  it.runIf(inject('pgliteSnapshot'))('refuses statements beyond the queue bound at once, with SQLSTATE 53300 (503), and serves the rest', async () => {
    const handle = await openDb({
      dataDir: 'memory://',
      loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot') as string)]),
      pgliteMaxQueue: 4,
    });
    try {
      const slow = handle.db.execute(sql`select pg_sleep(0.5)`).then(() => {});
      const quick = Array.from({ length: 10 }, () => {
        const t0 = performance.now();
        return handle.db.execute(sql`select 1 as one`).then(
          () => ({ ok: true, code: undefined as string | undefined, ms: performance.now() - t0 }),
          (err: { cause?: { code?: string } }) => ({ ok: false, code: err.cause?.code, ms: performance.now() - t0 }),
        );
      });
      const results = await Promise.all(quick);
      await slow;
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      const refused = results.filter((r) => !r.ok);
      expect(refused).toHaveLength(7);
      for (const r of refused) {
        expect(r.code).toBe('53300');
        expect(r.ms).toBeLessThan(STALL_LIMIT_MS);
      }
    } finally {
      await handle.close();
    }
  });
});

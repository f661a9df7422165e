// The job runner on the real database: a job sent for later runs once, after its time, with two instances (on
// PostgreSQL two pg-boss instances with their own pools; on PGlite two runners in this process); attempts and
// retries; a job sent in a write's unit of work (`after.job`) commits or rolls back with it, also in a nested unit.
// pg-boss reads the database's clock, so these tests wait real (short) times instead of moving the app's clock.
import { randomUUID } from 'node:crypto';
import { openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction, type UnitDeps } from '../lib/unit-of-work.ts';
import { createRecordingLive } from '../live/live.ts';
import { getTestApp, type TestApp, uniqueEmail } from '../testing/harness.ts';
import { createJobRunner, type JobDefinition, type JobRunner } from './runner.ts';
import { workerDatabaseUrl } from '../testing/database.ts';

let app: TestApp;
const runners: JobRunner[] = [];
const closers: (() => Promise<void>)[] = [];
const quiet = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  app = await getTestApp();
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  for (const close of closers) await close();
});

/** Two instances: on PostgreSQL the second has its own connection pool, as another process would. */
async function twoInstances(definitions: (instance: 'a' | 'b') => JobDefinition<{ n?: number }>[]) {
  const url = await workerDatabaseUrl();
  const second = url ? await openDb({ databaseUrl: url, poolSize: 2 }) : app.handle;
  if (second !== app.handle) closers.push(() => second.close());
  const made = (['a', 'b'] as const).map((instance, i) => {
    const runner = createJobRunner({ handle: i === 0 ? app.handle : second, log: quiet, work: true, pollMs: 500 });
    for (const d of definitions(instance)) runner.define(d);
    runners.push(runner);
    return runner;
  });
  // One after the other: on PGlite both install pg-boss's schema through the same connection.
  for (const runner of made) await runner.start();
  return made;
}

const kindOf = (name: string) => `test-${name}-${randomUUID().slice(0, 8)}`;

describe('job runner', () => {
  it('runs a job sent for later once, after its time, with two instances working the queue', async () => {
    const kind = kindOf('later');
    const ran: { instance: string; at: number; n?: number }[] = [];
    const [a] = await twoInstances((instance) => [
      {
        kind,
        async run(payload) {
          ran.push({ instance, at: Date.now(), n: payload.n });
        },
      },
    ]);
    const runAt = new Date(Date.now() + 2_000);
    await a.send(kind, { n: 1 }, { runAt });
    // Both instances poll every 500 ms: a runner ignoring run-at would have run it by now.
    await sleep(1_200);
    expect(ran).toEqual([]);
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 5_000, interval: 50 });
    expect(ran[0].at).toBeGreaterThanOrEqual(runAt.getTime());
    expect(ran[0].n).toBe(1);
    // Several more polls of both instances: nobody runs it again.
    await sleep(1_500);
    expect(ran).toHaveLength(1);
  });

  it('runs each of 20 due jobs exactly once across two instances, and collapses jobs with one key', async () => {
    const kind = kindOf('many');
    const once = kindOf('once');
    const ran: number[] = [];
    const [a, b] = await twoInstances(() => [
      { kind: once, queue: { policy: 'short' }, run: async () => {} },
      {
        kind,
        async run(payload) {
          await sleep(5);
          ran.push(payload.n ?? -1);
        },
      },
    ]);
    for (let n = 0; n < 20; n++) await (n % 2 ? a : b).send(kind, { n });
    await vi.waitFor(() => expect(ran).toHaveLength(20), { timeout: 10_000, interval: 50 });
    await sleep(1_200);
    expect(ran.sort((x, y) => x - y)).toEqual([...Array(20).keys()]);

    const later = new Date(Date.now() + 60_000);
    expect(await a.send(once, {}, { key: 'one', runAt: later })).not.toBeNull();
    expect(await b.send(once, {}, { key: 'one', runAt: later })).toBeNull();
    expect(await b.send(once, {}, { key: 'two', runAt: later })).not.toBeNull();
    expect((await a.counts()).find((c) => c.kind === once)).toMatchObject({ deferred: 2, ready: 0, active: 0 });
  });

  it('retries a failing job with its attempts counted, and fails it for good after the retry limit', async () => {
    const flaky = kindOf('flaky');
    const broken = kindOf('broken');
    const attempts: Record<string, number[]> = { [flaky]: [], [broken]: [] };
    const [a] = await twoInstances(() => [
      {
        kind: flaky,
        queue: { retryLimit: 2, retryDelay: 0 },
        async run(_payload, job) {
          attempts[flaky].push(job.attempt);
          if (job.attempt < 3) throw new Error('not yet');
        },
      },
      {
        kind: broken,
        queue: { retryLimit: 1, retryDelay: 0 },
        async run(_payload, job) {
          attempts[broken].push(job.attempt);
          throw new Error('always');
        },
      },
    ]);
    await a.send(flaky);
    await a.send(broken);
    await vi.waitFor(
      async () => {
        expect(attempts[flaky]).toEqual([1, 2, 3]);
        expect(attempts[broken]).toEqual([1, 2]);
        expect((await a.counts()).find((c) => c.kind === broken)).toMatchObject({ failed: 1, active: 0, ready: 0 });
      },
      { timeout: 10_000, interval: 100 },
    );
    await sleep(1_200);
    expect(attempts[flaky]).toEqual([1, 2, 3]);
    expect(attempts[broken]).toEqual([1, 2]);
  });

  it('a job sent in a write’s unit of work (after.job) commits with it and is never run after a rollback', async () => {
    const kind = kindOf('tx');
    const ran: number[] = [];
    const [a] = await twoInstances(() => [
      {
        kind,
        async run(payload) {
          ran.push(payload.n ?? -1);
        },
      },
    ]);
    const deps: UnitDeps = {
      db: app.handle.db,
      live: createRecordingLive(),
      outbox: { wake() {}, drain: async () => {}, stop: async () => {} },
      now: () => new Date(),
      log: quiet,
      jobs: a,
    };
    const email = uniqueEmail('job-tx');
    await inTransaction(deps, async (tx, after) => {
      await tx.insert(schema.users).values({ email, firstName: 'a', lastName: 'b', passwordHash: 'x' });
      await after.job(kind, { n: 1 });
      throw new Error('rolled back');
    }).catch(() => {});
    await inTransaction(deps, async (_tx, after) => {
      await after.job(kind, { n: 2 });
      // A nested unit that fails takes its job with it; the outer one commits its own.
      await inTransaction(deps, async (_inner, innerAfter) => {
        await innerAfter.job(kind, { n: 3 });
        throw new Error('inner refused');
      }).catch(() => {});
    });
    await vi.waitFor(() => expect(ran).toEqual([2]), { timeout: 5_000, interval: 50 });
    await sleep(1_200);
    expect(ran).toEqual([2]);
    expect(await app.handle.db.select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
  });
});

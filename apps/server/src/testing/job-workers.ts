// Job workers over the test database, for the exactly-once tests of the app's timed work (reminders, the waiting list,
// payment reminders). Each is a real server with the worker role and pg-boss's TestClock, whose time the app's clock and
// the database's job_now() follow. One instance on PGlite (one process owns the database); two on PostgreSQL, each with
// its own pool and pg-boss.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { TestClock } from 'pg-boss';
import { loadConfig } from '../config.ts';
import { buildServer } from '../server.ts';
import type { TestApp } from './harness.ts';
import { until } from './instances.ts';
import { workerDatabaseUrl } from './database.ts';
import { TEST_SECRET_KEY } from './secret.ts';

export type WorkerServer = Awaited<ReturnType<typeof buildServer>>;

/** The workers of one test file: `start` them in beforeAll and `close` them in afterAll. */
export function jobWorkers(clock: TestClock, name: string) {
  const servers: WorkerServer[] = [];
  const closers: (() => Promise<void>)[] = [];
  async function startOn(handle: TestApp['handle']) {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), `volant-${name}-`)),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://volant.test',
      SECRET_KEY: TEST_SECRET_KEY,
    } as NodeJS.ProcessEnv);
    servers.push(await buildServer(config, handle, { roles: { api: false, worker: true }, clock }));
  }
  return {
    servers,
    /** The server whose deps the writes go through (on PostgreSQL the other one works the jobs just as well). */
    writer: () => servers[servers.length - 1],
    async start(app: TestApp) {
      await startOn(app.handle);
      const url = await workerDatabaseUrl();
      if (url) {
        const second = await openDb({ databaseUrl: url, poolSize: 4 });
        closers.push(() => second.close());
        await startOn(second);
      }
    },
    async close() {
      for (const server of servers.reverse()) await server.app.close();
      for (const close of closers) await close();
    },
  };
}

/** The queued or running jobs of a kind (under a key) that are due: none left means every due one has run. */
export async function pendingJobs(db: Db, kind: string, key?: string) {
  const result = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${kind} and state in ('created', 'retry', 'active')
        and start_after <= pgboss.job_now() ${key ? sql`and singleton_key = ${key}` : sql``}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

/** Lets the workers poll until the due jobs of `kind` have all run, then once more: a second copy would show then. */
export async function workDueJobs(db: Db, clock: TestClock, kind: string) {
  await clock.tick(1_500);
  await until(async () => (await pendingJobs(db, kind)) === 0, 15_000);
  await clock.tick(2_500);
  await until(async () => (await pendingJobs(db, kind)) === 0, 15_000);
}

/** The REMINDER mails written for `recipient` (the mail_outbox: the proof of what was sent, and how often). */
export function reminderMailsTo(db: Db, recipient: string) {
  return db
    .select({ subject: schema.mailOutbox.subject, text: schema.mailOutbox.text, html: schema.mailOutbox.html, qrPayment: schema.mailOutbox.qrPayment })
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.recipient, recipient.toLowerCase()), eq(schema.mailOutbox.kind, 'REMINDER')));
}

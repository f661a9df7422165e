// The one job runner (docs/decisions/0006-job-runner.md): pg-boss on the app's database, PostgreSQL or PGlite. A job
// has a kind (its pg-boss queue), a payload, a run-at (`startAfter`), a lease (`expireInSeconds`: an active job whose
// instance died is retried after it), attempts (`retryLimit` + 1) and a de-duplication key (`singletonKey` under the
// queue's policy). Each feature defines its kinds beside its code (pdf/pdf.jobs.ts, mail/mail.jobs.ts,
// features/user/session-cleanup.job.ts); server.ts lists them, so a worker-only instance runs exactly the same set.
//
// - Every instance sends (a write's job commits or rolls back with it: `send(…, { tx })`); only instances with the
//   worker role (ROLE=worker or all) work queues, keep the schedules (cron, Europe/Prague) and expire leases.
// - pg-boss guarantees one active copy per fetched job across instances (`FOR UPDATE SKIP LOCKED` on PostgreSQL); on
//   PGlite there is one process anyway.
// - Wake-ups: `wake(kind)` after this instance's commit sends a de-duplicated job and pokes this instance's worker
//   at once; jobs sent elsewhere are found by the poll (`pollMs`), the only way on PGlite's worker proxy (no LISTEN).
import type { DbHandle, DbOrTx } from '@volant/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db as BossDb, type Clock, fromDrizzle, fromPglite, type PGliteLike, PgBoss, type QueueOptions, type QueuePolicy } from 'pg-boss';

/** How often an idle worker looks for jobs it was not woken for (another instance's, retries, run-at reached). */
export const JOB_POLL_MS = 1_000;
export const JOBS_SCHEMA = 'pgboss';
export const JOBS_TIME_ZONE = 'Europe/Prague';

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

export interface JobDefinition<P extends object = Record<string, unknown>> {
  kind: string;
  /** pg-boss's queue settings: retryLimit, retryDelay (s), retryBackoff, expireInSeconds (the lease), … */
  queue?: QueueOptions & { policy?: QueuePolicy };
  /** A periodic sweep: a cron expression in Europe/Prague; the job then runs once per tick across all instances. */
  cron?: string;
  /** Throwing fails the attempt; pg-boss retries it after retryDelay until retryLimit, then it is failed. */
  run(payload: P, job: JobContext): Promise<void>;
}

export interface SendOptions {
  /** The write's transaction: the job commits or rolls back with it. */
  tx?: DbOrTx;
  /** Not before this time. */
  runAt?: Date;
  /** De-duplication: under the queue's policy, a second job with the same key is not queued (send returns null). */
  key?: string;
}

export interface JobCount {
  kind: string;
  /** Due now. */
  ready: number;
  /** Waiting for their run-at. */
  deferred: number;
  active: number;
  failed: number;
}

export interface JobRunner {
  define<P extends object>(definition: JobDefinition<P>): void;
  /** Installs or upgrades pg-boss's schema, creates the queues and, with `work`, starts the workers and schedules. */
  start(): Promise<void>;
  send(kind: string, payload?: object, opts?: SendOptions): Promise<string | null>;
  /**
   * Deletes the queued (not yet running) jobs of `kind` under `key`, in the write's transaction when given: with
   * `send` under the same key, a later job replaces an earlier one (a moved ride's reminder). Resolves to how many.
   */
  cancel(kind: string, key: string, tx?: DbOrTx): Promise<number>;
  /**
   * After a commit (or a failed attempt's retry time): queue one run of `kind` now (or at `at`), collapsing with one
   * already queued for the same moment, and poke this instance's worker. Never throws; failures are logged.
   */
  wake(kind: string, at?: Date): void;
  counts(): Promise<JobCount[]>;
  /** Stops fetching and waits (bounded) for the jobs in hand. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  handle: Pick<DbHandle, 'db' | 'kind' | 'pool'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Whether this instance works queues and keeps schedules (ROLE=worker or all). */
  work: boolean;
  pollMs?: number;
  schema?: string;
  /**
   * pg-boss's clock. Tests give a `TestClock` (pg-boss), shared by every instance, so a reminder a day ahead runs
   * when the test moves the clock (`setTime` then `tick`), with no sleeping; the database's job_now() follows it.
   */
  clock?: Clock;
}

/** pg-boss's connection: node-postgres's pool on PostgreSQL, the PGlite (worker proxy) client otherwise. */
function bossDb(handle: JobRunnerOptions['handle']): BossDb {
  if (handle.pool) {
    const pool = handle.pool;
    // A test clock asks for its session setting on every connection pg-boss uses: then each statement takes a client
    // of its own and sets it first (tests only; production has no session statements).
    let session: string[] = [];
    return {
      async setSessionStatements(statements) {
        session = statements;
      },
      async executeSql(text, values) {
        if (session.length === 0) return pool.query(text, values as unknown[]);
        const client = await pool.connect();
        try {
          for (const statement of session) await client.query(statement);
          return await client.query(text, values as unknown[]);
        } finally {
          client.release();
        }
      },
    };
  }
  return fromPglite((handle.db as unknown as { $client: PGliteLike }).$client);
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const schema = opts.schema ?? JOBS_SCHEMA;
  const pollMs = opts.pollMs ?? JOB_POLL_MS;
  const boss = new PgBoss({ db: bossDb(opts.handle), schema, supervise: opts.work, schedule: opts.work, ...(opts.clock ? { clock: opts.clock } : {}) });
  boss.on('error', (err) => opts.log.error({ err }, 'job runner error'));
  const definitions = new Map<string, JobDefinition<object>>();
  const workerIds = new Map<string, string>();
  let started: Promise<void> | null = null;
  let stopped = false;

  async function startWork(def: JobDefinition<object>) {
    const workerId = await boss.work<object>(def.kind, { pollingIntervalSeconds: pollMs / 1000, batchSize: 1, includeMetadata: true }, async ([job]) => {
      try {
        await def.run(job.data ?? {}, { id: job.id, attempt: job.retryCount + 1 });
      } catch (err) {
        opts.log.warn({ err, job: job.id, kind: def.kind, attempt: job.retryCount + 1 }, 'job attempt failed');
        throw err;
      }
    });
    workerIds.set(def.kind, workerId);
    if (def.cron) await boss.schedule(def.kind, def.cron, null, { tz: JOBS_TIME_ZONE });
  }

  const runner: JobRunner = {
    define(definition) {
      if (started) throw new Error(`job kind ${definition.kind} defined after start`);
      definitions.set(definition.kind, definition as unknown as JobDefinition<object>);
    },
    start() {
      started ??= (async () => {
        await boss.start();
        for (const def of definitions.values()) {
          const { policy, ...settings } = def.queue ?? {};
          // A queue's policy is fixed when it is created; its other settings follow the definition.
          if (!(await boss.getQueue(def.kind))) await boss.createQueue(def.kind, def.queue ?? {});
          else if (Object.keys(settings).length > 0) await boss.updateQueue(def.kind, settings);
        }
        if (opts.work) for (const def of definitions.values()) await startWork(def);
      })();
      return started;
    },
    async send(kind, payload = {}, o = {}) {
      await runner.start();
      return boss.send(kind, payload, {
        ...(o.runAt ? { startAfter: o.runAt } : {}),
        ...(o.key ? { singletonKey: o.key } : {}),
        ...(o.tx ? { db: fromDrizzle(o.tx as unknown as Parameters<typeof fromDrizzle>[0], sql) } : {}),
      });
    },
    async cancel(kind, key, tx) {
      await runner.start();
      const db = tx ? fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) : boss.getDb();
      const { rows } = await db.executeSql(`delete from ${schema}.job where name = $1 and singleton_key = $2 and state in ('created', 'retry') returning id`, [
        kind,
        key,
      ]);
      return rows.length;
    },
    wake(kind, at) {
      if (stopped) return;
      runner
        .send(kind, {}, at ? { runAt: at, key: `at:${Math.ceil(at.getTime() / 1000)}` } : { key: 'now' })
        .then(() => {
          const workerId = workerIds.get(kind);
          if (!at && workerId) boss.notifyWorker(workerId);
        })
        .catch((err: unknown) => opts.log.error({ err, kind }, 'job not queued; the next sweep runs it'));
    },
    async counts() {
      await runner.start();
      // Read from the job table itself: pg-boss's own queue statistics are refreshed by its monitor, not live.
      const kinds = [...definitions.keys()];
      const { rows } = await boss.getDb().executeSql(
        `select name as kind,
           count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
           count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'failed')::int as failed
         from ${schema}.job where name = any($1::text[]) group by name`,
        [kinds],
      );
      const byKind = new Map((rows as JobCount[]).map((r) => [r.kind, r]));
      return kinds.sort().map((kind) => byKind.get(kind) ?? { kind, ready: 0, deferred: 0, active: 0, failed: 0 });
    },
    async stop() {
      stopped = true;
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, timeout: 8_000, close: false });
    },
  };
  return runner;
}

/** Installs or upgrades pg-boss's schema and nothing else (the test suite's database, before its files open copies). */
export async function installJobSchema(handle: JobRunnerOptions['handle']) {
  const boss = new PgBoss({ db: bossDb(handle), schema: JOBS_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

// One unit of work per use case (DESIGN §6, STYLE "service"): the write, its audit entries and what must follow it
// commit together, and the follow-ups run only once the commit is durable.
//
//   return inTransaction(deps, async (tx, after) => {
//     const row = await updateThing(tx, schoolId, id, values);
//     await audit(tx, { … });
//     after.live((live) => live.toSchool(schoolId, { ThingMessage: { schoolId, id } }));
//     await after.mail('INVITE', inviteMail(…));
//     return row;
//   });
//
// - Follow-ups (`after.live`, the outbox's wake of `after.mail`) run after COMMIT, in the order they were registered,
//   and never after a rollback: a refused or failed write tells nobody anything.
// - A follow-up that throws is logged and skipped; the next ones still run and the caller still gets its answer. The
//   data is committed by then, so failing the request would only make the user retry a write that happened. Nothing
//   here is lost for good either: a live message is a hint to refetch, and mail waits in the outbox for the drainer's
//   timer. A follow-up that returns a promise is not awaited (it must not hold the answer); its rejection is logged.
// - A call made inside another unit's callback (a service calling a service) joins that unit: its statements run in
//   the outer transaction, inside a savepoint, and its follow-ups run after the outer commit. If it throws, the
//   savepoint is rolled back and its follow-ups are dropped, so an outer caller that catches the error keeps a
//   consistent transaction. Joining follows the async context (AsyncLocalStorage), not an argument; work started inside
//   a unit that outlives it (never do this) opens its own transaction. Calls within one unit run one after another, as
//   statements on one connection must.
// - `after.invalidateSessions(change)` (logout, password reset, removal from a school, a role change, blocking)
//   sends the session cache's notification from inside the transaction — PostgreSQL delivers it to every instance on
//   commit and never after a rollback, also of a savepoint — and drops this instance's entries synchronously after
//   commit. On PostgreSQL the unit then also waits (bounded) until every other instance that was listening has
//   confirmed it dropped them: the one follow-up the caller's answer waits for, so the very next request finds no
//   stale entry on any instance (lib/session-cache.ts).
// - Jobs (jobs/runner.ts): `after.job(kind, payload, { runAt, key })` sends a job in this transaction, so it commits
//   or rolls back with the write; `after.enqueue(kind, insert)` writes a row of a feature's own queue with `tx`
//   (pdf/jobs.queries.ts) and queues a run of `kind` after commit, exactly as `after.mail` does for the outbox.
// - `after.settle(run)` is a follow-up the caller's answer waits for: the event's processors (events/record.ts), so
//   the bell a write rings is there when the write answers. Its failure is logged like any follow-up's.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '@volant/db/client';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner, SendOptions } from '../jobs/runner.ts';
import type { Live } from '../live/live.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { enqueueMail, type MailKind } from '../mail/outbox.queries.ts';
import type { ReadCache } from './read-cache.ts';
import { type Confirmation, SESSION_CACHE_APP_NAME, SESSION_CACHE_CHANNEL, type SessionCache, type SessionCacheChange } from './session-cache.ts';

export interface UnitDeps {
  db: Db;
  live: Live;
  outbox: MailOutbox;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
  sessionCache?: SessionCache;
  /** The answer cache of the hot reads (lib/read-cache.ts). */
  readCache?: ReadCache;
  /** The job runner (jobs/runner.ts); every instance sends, the worker instances run. */
  jobs?: Pick<JobRunner, 'wake' | 'send'>;
}

export interface After {
  /** Publishes after commit: `after.live((live) => live.toSchool(schoolId, message))`. */
  live(publish: (live: Live) => void): void;
  /**
   * Writes the mail into the outbox now, in this transaction (subject to the recipient's hourly limit and `when`,
   * see `enqueueMail`), and wakes the drainer after commit. Resolves to whether a mail was written.
   */
  mail(kind: MailKind, message: MailMessage, when?: SQL): Promise<boolean>;
  /**
   * A session ended or a membership or a school's block changed: every instance's session cache drops what it names
   * (the notification is sent now, in this transaction, and delivered on commit; this instance drops after commit).
   */
  invalidateSessions(change: SessionCacheChange): Promise<void>;
  /**
   * A school's data changed (every event of a school calls it, events/record.ts): its cached answers go on every
   * instance — as a session change, so this instance drops them after commit and the caller's answer waits for the
   * others. Once per school and unit. (Migration 0020's triggers drop them too, for writes without an event.)
   */
  invalidateReads(schoolId: string): Promise<void>;
  /** Writes a row of `kind`'s queue now, in this transaction (`insert` gets `tx`), and runs `kind` after commit. */
  enqueue<T>(kind: string, insert: (tx: DbOrTx) => Promise<T>): Promise<T>;
  /** Sends a job now, in this transaction: it commits or rolls back with the write. Resolves to its id (null: a duplicate key). */
  job(kind: string, payload: object, opts?: Omit<SendOptions, 'tx'>): Promise<string | null>;
  /** Runs `run` after commit, in order with the other follow-ups; the caller's answer waits for it (never fails on it). */
  settle(run: () => Promise<void>): void;
}

type FollowUp = (() => unknown) & { settles?: true };

interface Unit {
  db: Db;
  tx: Tx;
  deps: UnitDeps;
  followUps: FollowUp[];
  /** Awaited after commit, before the caller gets its answer (the other instances confirming a cache change). */
  waits: Confirmation[];
  isOpen: boolean;
}

const current = new AsyncLocalStorage<Unit>();

function afterOf(unit: Unit): After {
  let wakesOutbox = false;
  const wakes = new Set<string>();
  const readsDropped = new Set<string>();
  const after: After = {
    live(publish) {
      unit.followUps.push(() => publish(unit.deps.live));
    },
    async mail(kind, message, when) {
      const written = await enqueueMail(unit.tx, kind, message, unit.deps.now(), when);
      if (written && !wakesOutbox) {
        wakesOutbox = true;
        unit.followUps.push(() => unit.deps.outbox.wake());
      }
      return written;
    },
    async invalidateSessions(change) {
      const id = randomUUID();
      const payload = JSON.stringify({ ...change, id });
      const coordinator = unit.deps.sessionCache?.coordinator;
      if (coordinator) {
        // The instances listening now are those whose caches may hold the entry (one that connects later starts empty).
        const result = await unit.tx.execute(sql`
          select pg_notify(${SESSION_CACHE_CHANNEL}, ${payload}) as sent,
            array(select substr(application_name, ${SESSION_CACHE_APP_NAME.length + 1}) from pg_stat_activity
                  where datname = current_database() and starts_with(application_name, ${SESSION_CACHE_APP_NAME})) as instances`);
        const instances = (result as unknown as { rows: { instances: string[] }[] }).rows[0]?.instances ?? [];
        unit.waits.push(coordinator.confirmation(id, instances));
      } else {
        await unit.tx.execute(sql`select pg_notify(${SESSION_CACHE_CHANNEL}, ${payload})`);
      }
      unit.followUps.push(() => {
        unit.deps.sessionCache?.invalidate(change);
        unit.deps.readCache?.invalidate(change);
      });
    },
    async invalidateReads(schoolId) {
      if (!unit.deps.readCache || readsDropped.has(schoolId)) return;
      readsDropped.add(schoolId);
      await after.invalidateSessions({ kind: 'reads', schoolId });
    },
    async enqueue(kind, insert) {
      const result = await insert(unit.tx);
      if (!wakes.has(kind)) {
        wakes.add(kind);
        unit.followUps.push(() => unit.deps.jobs?.wake(kind));
      }
      return result;
    },
    settle(run) {
      unit.followUps.push(Object.assign(run, { settles: true as const }));
    },
    async job(kind, payload, opts) {
      if (!unit.deps.jobs) throw new Error(`no job runner to send ${kind}`);
      return unit.deps.jobs.send(kind, payload, { ...opts, tx: unit.tx });
    },
  };
  return after;
}

/** Runs the follow-ups in order; resolves when those that settle have (a failure is logged, never thrown). */
async function runFollowUps(deps: UnitDeps, followUps: FollowUp[]) {
  const failed = (err: unknown) => deps.log.error({ err }, 'a follow-up after commit failed; the write itself is committed');
  for (const followUp of followUps) {
    try {
      const result = followUp();
      if (result instanceof Promise) {
        if (followUp.settles) await result.catch(failed);
        else result.catch(failed);
      }
    } catch (err) {
      failed(err);
    }
  }
}

/** Runs `work` in one transaction (or joins the caller's, see the header) and its follow-ups after commit. */
export async function inTransaction<T>(deps: UnitDeps, work: (tx: DbOrTx, after: After) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer?.isOpen && outer.db === deps.db) {
    return outer.tx.transaction(async (savepoint) => {
      const unit: Unit = { db: deps.db, tx: savepoint, deps, followUps: [], waits: [], isOpen: true };
      try {
        const result = await current.run(unit, () => work(savepoint, afterOf(unit)));
        // Handed to the outer unit only when this part succeeded: they run after the outer commit.
        outer.followUps.push(...unit.followUps);
        outer.waits.push(...unit.waits);
        return result;
      } catch (err) {
        for (const confirmation of unit.waits) confirmation.cancel();
        throw err;
      } finally {
        unit.isOpen = false;
      }
    });
  }
  let unit: Unit | undefined;
  let result: T;
  try {
    result = await deps.db.transaction((tx) => {
      unit = { db: deps.db, tx, deps, followUps: [], waits: [], isOpen: true };
      return current.run(unit, () => work(tx, afterOf(unit as Unit)));
    });
  } catch (err) {
    for (const confirmation of unit?.waits ?? []) confirmation.cancel();
    throw err;
  } finally {
    if (unit) unit.isOpen = false;
  }
  if (unit) {
    await runFollowUps(deps, unit.followUps);
    // Bounded by the ack timeout; a confirmation never fails the committed write.
    if (unit.waits.length > 0) await Promise.all(unit.waits.map((confirmation) => confirmation.wait()));
  }
  return result;
}

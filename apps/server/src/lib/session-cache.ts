// A short-lived in-process cache of the school gate: `token hash + school → session, user and membership`, so a
// school procedure usually skips its one database statement (bench/app-vs-raw.ts).
//
// Correctness before speed, because a stale entry lets a removed user in:
// - Every write that ends a session or changes a membership or a school's block calls
//   `after.invalidateSessions(change)` in its unit of work (lib/unit-of-work.ts). That runs `pg_notify` INSIDE the
//   transaction, so PostgreSQL delivers the notification on commit and drops it on rollback, and it drops the matching
//   entries of this instance synchronously after commit, before the caller gets its answer.
// - Every instance LISTENs on `volant_session_cache` over a dedicated connection (on PostgreSQL) and drops what a
//   notification names. While that connection is not listening — not yet connected, lost, or silent past its
//   heartbeat — the cache is off and empty: every request goes to the database (fail closed). Notifications missed
//   during an outage therefore cannot matter: nothing cached survives it.
// - A lookup that was under way while any invalidation happened is not stored (the epoch), so a row read just before
//   a revocation committed cannot be put back after its entry was dropped.
// - Only positive answers are cached (a live session with an active membership); a refused request asks the database
//   each time, and whoever joins a school is let in at once.
// - On PGlite the database lives in this one process (no other instance can write to it), so the local drop is the
//   whole story and the cache is on without a listener; the notification is still sent, the code path is the same.
//
// The remaining window on several instances: between the commit on instance B and the notification reaching
// instance A (PostgreSQL signals the listening backend at commit, before B even hears COMMIT; then one packet on an
// idle connection), A may still answer from its entry. That is far shorter than the round trip of B's answer to the
// client and a new request to A, and never longer than the TTL.
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@volant/shared/enums';
import pg from 'pg';
import type { SessionUser } from '../gate/session.queries.ts';

export const SESSION_CACHE_CHANNEL = 'volant_session_cache';
/** Each listener answers every change it applied here, so the instance that made it can wait for all of them. */
export const SESSION_CACHE_ACK_CHANNEL = 'volant_session_cache_ack';
/** The listening connections carry this prefix and their instance's id as application_name (pg_stat_activity). */
export const SESSION_CACHE_APP_NAME = 'volant-session-cache:';

/** What changed, as the notification carries it (ids only). */
export type SessionCacheChange =
  /** One login ended (logout). */
  | { kind: 'session'; sessionId: string }
  /** Every login of a user ended (password reset). */
  | { kind: 'user'; userId: string }
  /** A user's membership of a school changed (removal, role change). */
  | { kind: 'member'; userId: string; schoolId: string }
  /** A school was blocked or unblocked. */
  | { kind: 'school'; schoolId: string }
  /** A write to a school's data committed: its cached answers go (lib/read-cache.ts); null: every school's. */
  | { kind: 'reads'; schoolId: string | null };

/** What the LISTEN connection keeps in step: the session cache and, beside it, the answer cache. */
export interface ListenedCache {
  readonly enabled: boolean;
  enable(): void;
  disable(): void;
  invalidate(change: SessionCacheChange): void;
  clear(): void;
}

export interface GateMembership {
  memberId: string;
  role: StaffRole;
  isBlocked: boolean;
}

export interface GateAnswer {
  session: { id: string; user: SessionUser };
  membership: GateMembership;
  /** When the session runs out. */
  expiresAt: Date;
}

interface Entry {
  answer: GateAnswer;
  /** Clock time (the cache's clock) after which the entry is not used. */
  until: number;
}

export interface SessionCacheOptions {
  /** How long an entry is used at most (default 30 s). */
  ttlMs?: number;
  /** Bound on entries; the least recently used goes first (default 10,000). */
  maxEntries?: number;
  /** The cache's own clock for the TTL (ms). */
  clock?: () => number;
}

export class SessionCache {
  readonly ttlMs: number;
  readonly maxEntries: number;
  private readonly clock: () => number;
  private readonly entries = new Map<string, Entry>();
  /**
   * Token hashes with a live session, learnt from the entries stored: the ladder's first rung (trpc/procedures.ts) asks
   * it before any input is read, when the school is not known yet. Dropped with the sessions they stand for.
   */
  private readonly liveTokens = new Map<string, { sessionId: string; userId: string; until: number; expiresAt: Date | null }>();
  private on = false;
  /** Bumped by every invalidation and every switch: a lookup that saw it change stores nothing. */
  private epoch = 0;
  /** The LISTEN connection's keeper on PostgreSQL (instances to wait for after a change); none on PGlite. */
  coordinator: SessionCacheListener | null = null;

  constructor(opts: SessionCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.clock = opts.clock ?? Date.now;
  }

  get enabled() {
    return this.on;
  }

  get size() {
    return this.entries.size;
  }

  /** The listener is in place: entries may be used from now on. */
  enable() {
    this.epoch++;
    this.on = true;
  }

  /** Fail closed: nothing is used or stored until `enable()`. */
  disable() {
    this.epoch++;
    this.on = false;
    this.entries.clear();
    this.liveTokens.clear();
  }

  /** A cached answer for this token hash and school, if fresh, or undefined (then ask the database). */
  get(tokenHash: string, schoolId: string, now: Date): GateAnswer | undefined {
    if (!this.on) return undefined;
    const key = `${tokenHash}|${schoolId}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.clock() || entry.answer.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used goes last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** Whether this token hash had a live session at a lookup within the TTL (any school): no database needed to know it. */
  knowsToken(tokenHash: string, now: Date): boolean {
    if (!this.on) return false;
    const token = this.liveTokens.get(tokenHash);
    if (!token) return false;
    if (token.until <= this.clock() || (token.expiresAt && token.expiresAt <= now)) {
      this.liveTokens.delete(tokenHash);
      return false;
    }
    return true;
  }

  /** Call before asking the database; pass the result to `put`. */
  begin(): number {
    return this.epoch;
  }

  /** Stores an answer read from the database, unless anything was invalidated since `begin()`. */
  put(tokenHash: string, schoolId: string, epoch: number, answer: GateAnswer) {
    if (!this.on || epoch !== this.epoch) return;
    const key = `${tokenHash}|${schoolId}`;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { answer, until: this.clock() + this.ttlMs });
    this.storeToken(tokenHash, answer.session.id, answer.session.user.id, answer.expiresAt);
  }

  /**
   * Records a token found live by a session lookup (the rung before the school is known), unless anything was
   * invalidated since `begin()`. Without its expiry it is trusted for the TTL only — enough for a check that decides
   * whether an input is read at all, not who may read the school (that is `get`/`put`).
   */
  rememberToken(tokenHash: string, epoch: number, session: { id: string; user: { id: string } }) {
    if (!this.on || epoch !== this.epoch) return;
    this.storeToken(tokenHash, session.id, session.user.id, null);
  }

  private storeToken(tokenHash: string, sessionId: string, userId: string, expiresAt: Date | null) {
    this.liveTokens.delete(tokenHash);
    if (this.liveTokens.size >= this.maxEntries) {
      const oldest = this.liveTokens.keys().next();
      if (!oldest.done) this.liveTokens.delete(oldest.value);
    }
    this.liveTokens.set(tokenHash, { sessionId, userId, until: this.clock() + this.ttlMs, expiresAt });
  }

  /** Drops every entry the change touches (a scan: invalidations are rare, lookups are not). */
  invalidate(change: SessionCacheChange) {
    if (change.kind === 'reads') return;
    this.epoch++;
    if (change.kind === 'session' || change.kind === 'user') {
      for (const [hash, token] of this.liveTokens) {
        if (change.kind === 'session' ? token.sessionId === change.sessionId : token.userId === change.userId) this.liveTokens.delete(hash);
      }
    }
    if (this.entries.size === 0) return;
    for (const [key, { answer }] of this.entries) {
      if (touches(change, answer, key)) this.entries.delete(key);
    }
  }

  clear() {
    this.epoch++;
    this.entries.clear();
    this.liveTokens.clear();
  }
}

function touches(change: SessionCacheChange, answer: GateAnswer, key: string): boolean {
  switch (change.kind) {
    case 'session':
      return answer.session.id === change.sessionId;
    case 'user':
      return answer.session.user.id === change.userId;
    case 'member':
      return answer.session.user.id === change.userId && key.endsWith(`|${change.schoolId}`);
    case 'school':
      return key.endsWith(`|${change.schoolId}`);
    case 'reads':
      return false;
  }
}

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length < 100;

/** A notification's payload as a change, or null when it is not one (then everything is dropped). */
export function parseChange(payload: string | undefined): SessionCacheChange | null {
  return parseNotification(payload)?.change ?? null;
}

function parseNotification(payload: string | undefined): { change: SessionCacheChange | null; id: string | null } | null {
  try {
    const v = JSON.parse(payload ?? '') as Record<string, unknown>;
    return { change: asChange(v), id: isId(v.id) ? v.id : null };
  } catch {
    return null;
  }
}

function asChange(v: Record<string, unknown>): SessionCacheChange | null {
  if (v.kind === 'session' && isId(v.sessionId)) return { kind: 'session', sessionId: v.sessionId };
  if (v.kind === 'user' && isId(v.userId)) return { kind: 'user', userId: v.userId };
  if (v.kind === 'member' && isId(v.userId) && isId(v.schoolId)) return { kind: 'member', userId: v.userId, schoolId: v.schoolId };
  if (v.kind === 'school' && isId(v.schoolId)) return { kind: 'school', schoolId: v.schoolId };
  if (v.kind === 'reads' && (v.schoolId === null || isId(v.schoolId))) return { kind: 'reads', schoolId: v.schoolId };
  return null;
}

export interface Confirmation {
  wait(): Promise<void>;
  cancel(): void;
}

export interface ListenerLog {
  warn(obj: { err: unknown }, msg: string): void;
  info(msg: string): void;
}

export interface ListenerOptions {
  /** How often the LISTEN connection is asked `SELECT 1` (default 5 s). */
  heartbeatMs?: number;
  /** Longest wait between two attempts to LISTEN again (default 5 s). */
  maxRetryDelayMs?: number;
  /** How long a change waits at most for the other instances to confirm it (default 2 s). */
  ackTimeoutMs?: number;
}

/**
 * Keeps `cache` enabled exactly while a dedicated connection LISTENs on the channel and its heartbeat (a notification
 * to itself every few seconds) comes back; drops what each notification names. Not a pool client: LISTEN holds its
 * connection for good and must not wait behind a saturated pool.
 */
export class SessionCacheListener {
  private client: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  private readonly heartbeatMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly ackTimeoutMs: number;
  private readonly waiters = new Map<string, { pending: Set<string>; done(): void }>();
  private readonly cache: ListenedCache;
  /** This instance, as the other instances see it (pg_stat_activity's application_name of the connection). */
  readonly instance = randomUUID();
  private readonly connection: pg.ClientConfig;
  private readonly log: ListenerLog;

  constructor(cache: ListenedCache, connection: pg.ClientConfig, log: ListenerLog, opts: ListenerOptions = {}) {
    this.cache = cache;
    this.connection = connection;
    this.log = log;
    this.heartbeatMs = opts.heartbeatMs ?? 5_000;
    this.maxRetryDelayMs = opts.maxRetryDelayMs ?? 5_000;
    this.ackTimeoutMs = opts.ackTimeoutMs ?? 2_000;
    this.connect();
  }

  /** The connection that currently listens (tests end it to see the cache turn off). */
  get listening(): pg.Client | null {
    return this.client;
  }

  private connect() {
    this.retryTimer = undefined;
    if (this.closed) return;
    const client = new pg.Client({
      connectionTimeoutMillis: 5_000,
      ...this.connection,
      keepAlive: true,
      application_name: `${SESSION_CACHE_APP_NAME}${this.instance}`,
    });
    let lost = false;
    // Connecting and LISTENing must not hang for ever either (a peer that accepts and never answers).
    const setupTimer = setTimeout(
      () => onLost(new Error('LISTEN not in place in time')),
      (this.connection.connectionTimeoutMillis ?? 5_000) + this.heartbeatMs,
    );
    setupTimer.unref();
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      clearTimeout(setupTimer);
      // Off first: from here on nothing cached is used, whatever the notifications we may have missed.
      this.cache.disable();
      if (this.client === client) this.client = null;
      clearInterval(this.heartbeatTimer);
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (this.closed) return;
      if (this.failures === 0)
        this.log.warn({ err: err ?? new Error('connection ended') }, 'session cache: LISTEN connection lost, cache off until it is back');
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    // The heartbeat is a notification to ourselves: it proves the whole path (LISTEN registered, notifications
    // delivered to this connection), not only that the connection answers. The cache goes on at the first one back.
    let sentPing = 0;
    let awaitedPing: number | null = null;
    const ping = () => {
      awaitedPing = ++sentPing;
      client.query('SELECT pg_notify($1, $2)', [SESSION_CACHE_ACK_CHANNEL, JSON.stringify({ ping: this.instance, n: awaitedPing })]).catch(onLost);
    };
    const pong = (n: unknown) => {
      if (n !== awaitedPing || lost) return;
      awaitedPing = null;
      if (this.cache.enabled) return;
      clearTimeout(setupTimer);
      this.cache.enable();
      if (this.failures > 0) this.log.info(`session cache: LISTEN re-established after ${this.failures} attempt(s)`);
      this.failures = 0;
    };
    client.on('notification', (n) => {
      if (n.channel === SESSION_CACHE_ACK_CHANNEL) return this.acked(n.payload, pong);
      if (n.channel !== SESSION_CACHE_CHANNEL) return;
      const notification = parseNotification(n.payload);
      if (notification?.change) this.cache.invalidate(notification.change);
      else this.cache.clear();
      // Dropped here (synchronously, above): the instance that made the change may answer its caller now.
      if (notification?.id) {
        client.query('SELECT pg_notify($1, $2)', [SESSION_CACHE_ACK_CHANNEL, JSON.stringify({ id: notification.id, instance: this.instance })]).catch(() => {});
      }
    });
    (async () => {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CACHE_CHANNEL}; LISTEN ${SESSION_CACHE_ACK_CHANNEL}`);
      if (lost) return;
      if (this.closed) return void client.end().catch(() => {});
      this.client = client;
      ping();
      // A connection that stops delivering (a peer gone without a FIN, a proxy that drops notifications) must not
      // leave the cache on: the previous ping has to be back before the next one goes.
      this.heartbeatTimer = setInterval(() => {
        if (awaitedPing !== null) return onLost(new Error(`no heartbeat back on the LISTEN connection within ${this.heartbeatMs} ms`));
        ping();
      }, this.heartbeatMs);
      this.heartbeatTimer.unref();
    })().catch(onLost);
  }

  private acked(payload: string | undefined, pong: (n: unknown) => void) {
    try {
      const { id, instance, ping, n } = JSON.parse(payload ?? '') as { id?: unknown; instance?: unknown; ping?: unknown; n?: unknown };
      if (ping !== undefined) return ping === this.instance ? pong(n) : undefined;
      const waiter = typeof id === 'string' ? this.waiters.get(id) : undefined;
      if (!waiter || typeof instance !== 'string') return;
      waiter.pending.delete(instance);
      if (waiter.pending.size === 0) waiter.done();
    } catch {}
  }

  /**
   * Waits for every other instance in `instances` (those listening when the change was written, see unit-of-work.ts)
   * to confirm change `id`: register before the change commits (a confirmation may arrive before the caller looks),
   * then `wait()` after commit — resolved by the last confirmation or after the ack timeout (logged: an instance that
   * does not answer is either gone or stuck, and its heartbeat turns its cache off) — or `cancel()` after a rollback.
   */
  confirmation(id: string, instances: string[]): Confirmation {
    const pending = new Set(instances.filter((i) => i !== this.instance));
    if (pending.size === 0) return { wait: () => Promise.resolve(), cancel: () => {} };
    let resolve!: () => void;
    const confirmed = new Promise<void>((r) => {
      resolve = r;
    });
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      this.waiters.delete(id);
      resolve();
    };
    this.waiters.set(id, { pending, done });
    return {
      wait: () => {
        if (this.waiters.has(id)) {
          timer = setTimeout(() => {
            this.log.warn(
              { err: new Error(`not confirmed by ${[...pending].join(', ')}`) },
              'session cache: a change was not confirmed by every instance in time',
            );
            done();
          }, this.ackTimeoutMs);
          timer.unref();
        }
        return confirmed;
      },
      cancel: done,
    };
  }

  private retry() {
    const delay = Math.min(this.maxRetryDelayMs, 200 * 2 ** this.failures) * (0.5 + Math.random() / 2);
    this.failures++;
    this.retryTimer = setTimeout(() => this.connect(), delay);
    this.retryTimer.unref();
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeatTimer);
    this.cache.disable();
    this.client?.end().catch(() => {});
    this.client = null;
  }
}

/**
 * The cache of one server: on PostgreSQL kept on by a LISTEN connection built like the pool's; on PGlite (one process,
 * nobody else writes) on from the start.
 */
export function startSessionCache(opts: {
  pool?: pg.Pool;
  log: ListenerLog;
  cache?: SessionCacheOptions;
  listener?: ListenerOptions;
  /** The answer cache, kept on and off with the session cache on PostgreSQL (on PGlite see read-cache.ts). */
  reads?: ListenedCache;
}): {
  cache: SessionCache;
  listener: SessionCacheListener | null;
  close(): void;
} {
  const cache = new SessionCache(opts.cache);
  if (!opts.pool) {
    cache.enable();
    return { cache, listener: null, close: () => cache.disable() };
  }
  const listener = new SessionCacheListener(opts.reads ? both(cache, opts.reads) : cache, opts.pool.options, opts.log, opts.listener);
  cache.coordinator = listener;
  return { cache, listener, close: () => listener.close() };
}

/** Two caches kept in step by one listener (on and off together; every change offered to both). */
function both(a: ListenedCache, b: ListenedCache): ListenedCache {
  return {
    get enabled() {
      return a.enabled;
    },
    enable() {
      a.enable();
      b.enable();
    },
    disable() {
      a.disable();
      b.disable();
    },
    invalidate(change) {
      a.invalidate(change);
      b.invalidate(change);
    },
    clear() {
      a.clear();
      b.clear();
    },
  };
}

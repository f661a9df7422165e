// socket.io's Postgres adapter with a LISTEN connection that survives the database going away.
// @socket.io/postgres-adapter 0.5.0 checks its LISTEN client out of the pool without an 'error' listener, so a
// terminated backend (restart, failover, pg_terminate_backend) ends the process; and a broken client is never given
// back, so each outage costs the pool a connection. We keep its adapter class and wire format (JSON notifications,
// msgpack attachments in the table) and replace only the pub/sub client: a dedicated connection whose every error is
// handled, re-LISTENing with backoff until the database answers again.
import { createRequire } from 'node:module';
import { PostgresAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';

// The adapter's own msgpack and binary check, so attachments stay readable by the upstream client too.
const adapterRequire = createRequire(createRequire(import.meta.url).resolve('@socket.io/postgres-adapter'));
const msgpack = adapterRequire('@msgpack/msgpack') as { encode(value: unknown): Uint8Array; decode(data: Uint8Array): unknown };
const { hasBinary } = adapterRequire('./util.js') as { hasBinary(value: unknown): boolean };

type ClusterMessage = { nsp: string; uid: string; type: number; attachmentId?: string };
type PubSubClient = ConstructorParameters<typeof PostgresAdapter>[2];

export interface PubSubLog {
  warn(obj: { err: unknown }, msg: string): void;
  info(msg: string): void;
}

export interface ResilientAdapterOptions {
  tableName: string;
  log: PubSubLog;
  channelPrefix?: string;
  /** Messages larger than this go through the table; NOTIFY payloads are limited to 8000 bytes. */
  payloadThreshold?: number;
  cleanupIntervalMs?: number;
  /** Longest wait between two attempts to LISTEN again. */
  maxRetryDelayMs?: number;
}

class ListenerPubSub {
  private readonly pool: pg.Pool;
  private readonly opts: Required<ResilientAdapterOptions>;
  private readonly isFromSelf: (msg: ClusterMessage) => boolean;
  private readonly deliver: (msg: ClusterMessage) => void;
  private readonly channels = new Set<string>();
  /** The connection that currently LISTENs; null while (re)connecting. */
  private client: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly cleanupTimer: NodeJS.Timeout;
  private failures = 0;
  private closed = false;

  constructor(pool: pg.Pool, opts: Required<ResilientAdapterOptions>, isFromSelf: (msg: ClusterMessage) => boolean, deliver: (msg: ClusterMessage) => void) {
    this.pool = pool;
    this.opts = opts;
    this.isFromSelf = isFromSelf;
    this.deliver = deliver;
    this.cleanupTimer = setInterval(() => {
      pool
        .query(`DELETE FROM ${opts.tableName} WHERE created_at < now() - interval '${opts.cleanupIntervalMs} milliseconds'`)
        .catch((err) => opts.log.warn({ err }, 'live: old attachments not removed'));
    }, opts.cleanupIntervalMs);
    this.connect();
  }

  private connect() {
    this.retryTimer = undefined;
    if (this.closed) return;
    // Not a pool client: LISTEN holds its connection for good, and must not wait behind a saturated pool.
    const client = new pg.Client(this.pool.options);
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (this.closed) return;
      if (this.failures === 0) this.opts.log.warn({ err: err ?? new Error('connection ended') }, 'live: LISTEN connection lost, reconnecting');
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => void this.receive(n.payload));
    (async () => {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (lost) return;
      if (this.closed) return void client.end().catch(() => {});
      this.client = client;
      if (this.failures > 0) this.opts.log.info(`live: LISTEN re-established after ${this.failures} attempt(s)`);
      this.failures = 0;
    })().catch(onLost);
  }

  private retry() {
    const delay = Math.min(this.opts.maxRetryDelayMs, 200 * 2 ** this.failures) * (0.5 + Math.random() / 2);
    this.failures++;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private async receive(payload: string | undefined) {
    try {
      const message = JSON.parse(payload ?? '') as ClusterMessage;
      if (this.isFromSelf(message)) return;
      if (!message.attachmentId) return this.deliver(message);
      const result = await this.pool.query(`SELECT payload FROM ${this.opts.tableName} WHERE id = $1`, [message.attachmentId]);
      this.deliver(msgpack.decode(result.rows[0].payload) as ClusterMessage);
    } catch (err) {
      this.opts.log.warn({ err }, 'live: message from another instance dropped');
    }
  }

  addNamespace(namespace: string) {
    const channel = `${this.opts.channelPrefix}#${namespace}`;
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    const client = this.client;
    // A connection that cannot LISTEN is replaced; the new one listens to every channel.
    client?.query(`LISTEN ${client.escapeIdentifier(channel)}`).catch(() => client.end().catch(() => {}));
  }

  async publish(message: ClusterMessage) {
    try {
      const channel = `${this.opts.channelPrefix}#${message.nsp}`;
      let payload = JSON.stringify(message);
      if (hasBinary(message) || Buffer.byteLength(payload) > this.opts.payloadThreshold) {
        const result = await this.pool.query(`INSERT INTO ${this.opts.tableName} (payload) VALUES ($1) RETURNING id`, [msgpack.encode(message)]);
        payload = JSON.stringify({ uid: message.uid, type: message.type, attachmentId: result.rows[0].id });
      }
      await this.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    } catch (err) {
      // While the database is away messages to other instances are lost; local sockets still get theirs.
      this.opts.log.warn({ err }, 'live: message to other instances not sent');
    }
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.cleanupTimer);
    this.client?.end().catch(() => {});
    this.client = null;
  }
}

/** Drop-in for the package's createAdapter(pool, …). */
export function createResilientAdapter(pool: pg.Pool, options: ResilientAdapterOptions) {
  const opts: Required<ResilientAdapterOptions> = {
    channelPrefix: 'socket.io',
    payloadThreshold: 8000,
    cleanupIntervalMs: 30_000,
    maxRetryDelayMs: 5_000,
    ...options,
  };
  const namespaces = new Map<string, PostgresAdapter>();
  // `uid` is protected on the adapter; the package compares it the same way.
  const uidOf = (nsp: string) => (namespaces.get(nsp) as unknown as { uid: string } | undefined)?.uid;
  const pubsub = new ListenerPubSub(
    pool,
    opts,
    (msg) => uidOf(msg.nsp) === msg.uid,
    (msg) => (namespaces.get(msg.nsp) as unknown as { onMessage(m: ClusterMessage): void } | undefined)?.onMessage(msg),
  );
  // socket.io calls this with `new`, so a function, not an arrow; returning an object makes that the instance.
  return function adapterFor(nsp: { name: string }) {
    const adapter = new PostgresAdapter(nsp, {}, pubsub as unknown as PubSubClient);
    namespaces.set(nsp.name, adapter);
    pubsub.addNamespace(nsp.name);
    const close = adapter.close.bind(adapter);
    adapter.close = () => {
      namespaces.delete(nsp.name);
      if (namespaces.size === 0) pubsub.close();
      return close();
    };
    return adapter;
  };
}

// One database handle for the whole app: PGlite in DATA_DIR by default, node-postgres with DATABASE_URL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema, type Schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** node-postgres pool when running on PostgreSQL (for the socket.io adapter). */
  pool?: import('pg').Pool;
  /**
   * Called when a PostgreSQL connection fails outside a query (terminated backend, restart, failover). The process
   * stays up and the pool reconnects on the next query; the server replaces this with its logger.
   */
  onConnectionError?: (err: Error) => void;
  /** PGlite only: LISTEN on a channel; each notification reaches `onPayload` before its statement resolves. */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: its whole data directory as a tarball (backups, test snapshots). */
  dumpDataDir?(compression: 'auto' | 'gzip' | 'none'): Promise<Blob>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  dataDir?: string;
  /** Open a PGlite database from a dumped tarball (tests). */
  loadDataDir?: Blob | File;
  /** PGlite: statements allowed to wait for the database before new ones fail fast with DatabaseBusyError (503). */
  pgliteMaxQueue?: number;
  poolSize?: number;
  /** How long a query waits for a PostgreSQL connection before it fails (so requests fail fast while it is away). */
  connectionTimeoutMs?: number;
}

/** Default wait for a PostgreSQL connection: long enough for a busy pool, short enough for a quick 503. */
export const PG_CONNECTION_TIMEOUT_MS = 5_000;

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // Calendar dates stay 'YYYY-MM-DD' strings; never shifted through a JS Date.
    pg.default.types.setTypeParser(1082, (v: string) => v);
    const pool = new pg.default.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? PG_CONNECTION_TIMEOUT_MS,
      // A peer that vanished without a FIN (failover, dropped NAT entry) is noticed instead of waited on forever.
      keepAlive: true,
    });
    const handle: DbHandle = {
      db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db,
      kind: 'postgres',
      pool,
      close: () => pool.end(),
      onConnectionError: (err) => console.warn(`PostgreSQL connection lost: ${err.message}`),
    };
    // An unhandled 'error' event ends the process. The pool emits one for an idle client whose backend went away;
    // a checked-out client (mid-transaction, between statements) emits its own, which the pool does not catch.
    // Both are harmless here: the broken client is discarded and the next query opens a new connection.
    // Every client gets its own listener, so each failure is reported once whether the client was idle or not;
    // the pool's re-emit of an idle client's error only needs a listener to exist.
    pool.on('connect', (client) => client.on('error', (err) => handle.onConnectionError?.(err)));
    pool.on('error', () => {});
    return handle;
  }
  // PGlite runs in a worker_thread (pglite-thread.ts): on the main thread its synchronous WASM execution starved the
  // event loop under load. Drizzle's pglite driver talks to the proxy as it would to PGlite itself.
  const { PgliteProxy } = await import('./pglite-proxy.ts');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PgliteProxy.open({ dataDir: dir, loadDataDir: options.loadDataDir, maxQueue: options.pgliteMaxQueue });
  const db = drizzle(client as never, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    dumpDataDir: (compression) => client.dumpDataDir(compression),
  };
}

export function pgliteDir(dataDir: string) {
  return join(dataDir, 'pglite');
}

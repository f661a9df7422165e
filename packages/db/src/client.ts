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
}

export interface DbOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  dataDir?: string;
  /** Open a PGlite database from a dumped tarball (tests). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // Calendar dates stay 'YYYY-MM-DD' strings; never shifted through a JS Date.
    pg.default.types.setTypeParser(1082, (v: string) => v);
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm, btree_gin },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export function pgliteDir(dataDir: string) {
  return join(dataDir, 'pglite');
}

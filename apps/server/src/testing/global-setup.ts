// Builds one migrated database for the API suite: a PGlite snapshot (each test file opens a copy), or a fresh
// PostgreSQL database when TEST_DATABASE_URL is set, the template each worker copies (database.ts); all dropped at the end. Both hold the job runner's schema already, so
// a test's server starts without installing it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import type { TestProject } from 'vitest/node';
import { installJobSchema } from '../jobs/runner.ts';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string | null;
    /** The migrated template database (never connected to by a test: workers copy it, database.ts). */
    testDatabaseUrl: string | null;
    /** The database of TEST_DATABASE_URL, from which the copies are created and dropped. */
    testAdminUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const name = `volant_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    // A throwaway database: a commit need not wait for its WAL to reach the disk (a crash could only lose the last
    // commits of a database dropped anyway). Transactions, locks and constraints behave exactly as with the default.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const handle = await openDb({ databaseUrl: url.toString() });
    await migrate(handle);
    await installJobSchema(handle);
    await handle.close();
    project.provide('testDatabaseUrl', url.toString());
    project.provide('testAdminUrl', baseUrl);
    project.provide('pgliteSnapshot', null);
    return async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // The workers' copies (and the databases a test made beside its copy) first, then the template.
      const copies = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`${name}_`]);
      for (const { datname } of copies.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'volant-pglite-'));
  const handle = await openDb({ dataDir: 'memory://' });
  await migrate(handle);
  await installJobSchema(handle);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none' | 'gzip'): Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir('none');
  const file = join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  project.provide('testDatabaseUrl', null);
  project.provide('testAdminUrl', null);
  return () => rmSync(dir, { recursive: true, force: true });
}

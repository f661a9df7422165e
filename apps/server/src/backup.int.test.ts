// `npm run backup` / `npm run restore` round trips: the demo school plus rows with awkward values go into one file,
// the database is wiped, and after restoring every table of every schema is compared row by row.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError, backup, restore } from '@volant/db/backup';
import { type Db, type DbHandle, openDb, pgliteDir } from '@volant/db/client';
import { migrate, migrationsFolder } from '@volant/db/migrate';
import { schema } from '@volant/db/schema';
import { seedDemo } from '@volant/db/seed/demo';
import { runningServerPid, serverPidFile } from '@volant/db/server-pid';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const snapshot = inject('pgliteSnapshot');
const pgBaseUrl = process.env.TEST_DATABASE_URL;
const tmp = mkdtempSync(join(tmpdir(), 'volant-backup-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function rows<T = Record<string, unknown>>(db: Db, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** Every row of every table outside the system schemas, ordered by all its columns, plus every sequence's position. */
async function everything(db: Db) {
  const tables = await rows<{ s: string; t: string }>(
    db,
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { s, t } of tables) {
    const [{ n }] = await rows<{ n: number }>(
      db,
      `select count(*)::int as n from information_schema.columns where table_schema = '${s}' and table_name = '${t}'`,
    );
    const orderBy = Array.from({ length: n }, (_, i) => i + 1).join(', ');
    // The row's text form beside the parsed values: exact to the microsecond and the last digit of a jsonb number.
    out[`${s}.${t}`] = await rows(db, `select r.*, r::text as "__row" from "${s}"."${t}" r order by ${orderBy}`);
  }
  out['(sequences)'] = await rows(db, 'select schemaname, sequencename, last_value from pg_sequences order by 1, 2');
  return out;
}

/** Each of these opens, migrates, backs up and restores whole databases: on a loaded 2-core machine that passes 30 s. */
const WHOLE_DATABASE_MS = 120_000;

function rowCount(all: Record<string, unknown[]>) {
  return Object.entries(all).reduce((sum, [k, v]) => (k === '(sequences)' ? sum : sum + v.length), 0);
}

/** The demo school, then values that trip up dump formats: diacritics, quotes and control characters, NULLs next to
 * empty values, arrays with commas and quotes, jsonb with deep nesting and long numbers, microsecond timestamps, and
 * a 200 KB text that PostgreSQL stores compressed out of line. */
async function seedAwkward(db: Db) {
  await seedDemo(db, 'scrypt$16384$8$1$c2FsdA$aGFzaA');
  const [school] = await db.select().from(schema.schools).where(eq(schema.schools.number, 'AS-0421'));
  const [user] = await db
    .insert(schema.users)
    .values({
      email: 'řehoř.žluťoučký@příklad.cz',
      firstName: 'Řehoř',
      lastName: `Ňůžek-O'Brien "Bob" \\ \t\n😀`,
      phone: null,
      passwordHash: 'x',
      isActivated: true,
    })
    .returning();
  await db.insert(schema.schoolMembers).values({
    schoolId: school.id,
    userId: user.id,
    role: 'TEACHER',
    firstName: 'Šárka',
    lastName: 'Úlehlová',
    degree: null,
    email: '',
    birthDate: '1900-02-28',
    groups: ['B', 'A,B', '"q"', 'NULL', '', 'ř', '{}'],
  });
  await db.insert(schema.notifications).values([
    { userId: user.id, type: 'GENERIC', title: 'Přijímací zkouška – „uvozovky“', message: `${'Příliš žluťoučký kůň úpěl ďábelské ódy. '.repeat(5000)}konec` },
    { schoolId: school.id, type: 'UNPAID_GROUP', title: '', message: 'NULL' },
  ]);
  await db.insert(schema.auditLog).values([
    { schoolId: school.id, action: 'test', entityType: 'jsonb', data: { jméno: 'Šárka', pole: [1, 2.5, null, 'ě', [[[]]]], prázdné: {}, ano: true } },
    { schoolId: school.id, action: 'test', entityType: 'sql-null', data: null },
  ]);
  await db.execute(sql`insert into audit_log (action, entity_type, data) values
    ('test', 'json-null', 'null'::jsonb),
    ('test', 'long-number', '{"n": 123456789012345678901234567890.000000000000000000001, "e": -0.0}'::jsonb)`);
  const [student] = await db
    .insert(schema.students)
    .values({
      schoolId: school.id,
      registrationNumber: '2026/ř-1',
      firstName: 'Ďurko',
      lastName: 'Čtvrtníček',
      birthDate: '2008-02-29',
      birthPlace: 'Ústí nad Labem',
      citizenship: 'CZ',
      docId: '123456789',
      street: 'Náměstí Míru',
      streetCode: '1/1a',
      city: 'Č. Budějovice',
      postCode: '370 01',
      groups: ['B', 'AM'],
      currentGroups: [],
      drivingLicenceNumber: '',
      note: null,
      searchText: 'durko ctvrtnicek 2026/r-1',
    })
    .returning();
  await db.execute(sql`update students set created_at = '2026-03-29 01:59:59.123456+01', removed_at = '1970-01-01 00:00:00.000001+00',
    date_of_in_progress = '2026-02-28' where id = ${student.id}`);
}

function expectSameDatabases(before: Record<string, unknown[]>, after: Record<string, unknown[]>) {
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
}

async function withHandle<T>(options: Parameters<typeof openDb>[0], fn: (h: DbHandle) => Promise<T>) {
  const h = await openDb(options);
  try {
    return await fn(h);
  } finally {
    await h.close();
  }
}

describe.skipIf(!snapshot)('backup and restore on the embedded database (PGlite)', () => {
  /** A DATA_DIR whose embedded database is the migrated snapshot after `prepare`. */
  async function dataDirWith(name: string, prepare: (db: Db, h: DbHandle) => Promise<void>) {
    const dataDir = join(tmp, name);
    await withHandle({ dataDir: pgliteDir(dataDir), loadDataDir: new Blob([readFileSync(snapshot as string)]) }, (h) => prepare(h.db, h));
    return dataDir;
  }

  // One seeded database and its backup serve the first three tests: each PGlite open costs about a second.
  let dataDir = '';
  let file = '';
  let before: Record<string, unknown[]> = {};
  beforeAll(async () => {
    dataDir = await dataDirWith('roundtrip', async (db) => {
      await seedAwkward(db);
      before = await everything(db);
    });
    file = join(tmp, 'roundtrip.tar.gz');
    // A umask that would leave it readable for everybody: the file is 0600 all the same (issue 17 item 13).
    const umask = process.umask(0o000);
    const made = await backup({ dataDir }, file).finally(() => process.umask(umask));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(made.kind).toBe('pglite');
    expect(made.tables.find((t) => t.table === 'users')?.rows).toBe(before['public.users'].length);
  });

  it('restores every row of every table exactly as it was backed up, after the data directory was wiped', { timeout: WHOLE_DATABASE_MS }, async () => {
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    rmSync(pgliteDir(dataDir), { recursive: true });
    const restored = await restore({ dataDir }, file);
    expect(restored).toMatchObject({ kind: 'pglite', migrationsApplied: 0, movedAside: undefined });
    expect(readdirSync(dataDir)).toEqual(['pglite']); // no staging folder left behind

    await withHandle({ dataDir: pgliteDir(dataDir) }, async (h) => {
      const after = await everything(h.db);
      expectSameDatabases(before, after);
      expect(rowCount(after)).toBeGreaterThan(60);
      // Constraints and indexes came back too, not only the rows.
      await expect(
        h.db.insert(schema.users).values({ email: 'ŘEHOŘ.žluťoučký@příklad.cz', firstName: 'a', lastName: 'b', passwordHash: 'x' }),
      ).rejects.toThrow();
    });
  });

  it('refuses to restore over a database that holds data, and with --force keeps the old one aside', { timeout: WHOLE_DATABASE_MS }, async () => {
    await withHandle({ dataDir: pgliteDir(dataDir) }, (h) => h.db.execute(sql`update users set first_name = 'Změněno'`));
    const listing = readdirSync(pgliteDir(dataDir)).sort();

    await expect(restore({ dataDir }, file)).rejects.toThrow(/already holds a database.*--force/);
    // The same through the command, with the file named relative to the folder npm was run from.
    const cli = spawnSync(process.execPath, ['scripts/restore.ts', 'roundtrip.tar.gz'], {
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      env: { ...process.env, INIT_CWD: tmp, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim()).toBe(
      `${pgliteDir(dataDir)} already holds a database. Restore refuses to replace it; add --force to move it aside and restore anyway.`,
    );
    expect(readdirSync(dataDir)).toEqual(['pglite']);
    expect(readdirSync(pgliteDir(dataDir)).sort()).toEqual(listing);

    const result = await restore({ dataDir }, file, { force: true });
    expect(result.movedAside).toMatch(/pglite\.before-restore-\d{4}-\d\d-\d\d-\d{6}$/);
    expect(existsSync(join(result.movedAside as string, 'PG_VERSION'))).toBe(true);
    expectSameDatabases(before, await withHandle({ dataDir: pgliteDir(dataDir) }, (h) => everything(h.db)));
  });

  it('refuses to back up or restore while a server uses the data directory, and ignores the mark a crashed server left', async () => {
    const other = join(tmp, 'other.tar.gz');
    writeFileSync(serverPidFile(dataDir), `${process.pid}\n`); // a live process: this test's worker
    await expect(backup({ dataDir }, other)).rejects.toThrow(BackupError);
    await expect(backup({ dataDir }, other)).rejects.toThrow(/Stop the server first/);
    await expect(restore({ dataDir }, file, { force: true })).rejects.toThrow(/Stop the server first/);
    expect(existsSync(other)).toBe(false);

    const gone = spawnSync(process.execPath, ['-e', '0']).pid as number; // a process that has ended
    writeFileSync(serverPidFile(dataDir), `${gone}\n`);
    expect(runningServerPid(dataDir)).toBeNull();
    rmSync(serverPidFile(dataDir));
  });

  it('brings a backup made before the newest migration up to this build when restoring it', { timeout: WHOLE_DATABASE_MS }, async () => {
    // An "older build": the same database re-created from every migration but the last.
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    const older = join(tmp, 'older-migrations');
    cpSync(migrationsFolder, older, { recursive: true });
    writeFileSync(join(older, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
    const olderDir = await dataDirWith('older', async (db) => {
      for (const statement of ['drop schema drizzle cascade', 'drop schema public cascade', 'create schema public']) await db.execute(sql.raw(statement));
      const { migrate: run } = await import('drizzle-orm/pglite/migrator');
      await run(db as never, { migrationsFolder: older });
    });
    const olderFile = join(tmp, 'older.tar.gz');
    await backup({ dataDir: olderDir }, olderFile);
    rmSync(pgliteDir(olderDir), { recursive: true });

    const result = await restore({ dataDir: olderDir }, olderFile);
    expect(result.migrationsInBackup).toBe(journal.entries.length - 1);
    expect(result.migrationsApplied).toBe(1);
  });
});

describe.skipIf(!pgBaseUrl)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  const created: string[] = [];
  async function admin(text: string) {
    const c = new pg.Client({ connectionString: pgBaseUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  }
  async function freshDatabase(label: string) {
    const name = `volant_backup_${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await admin(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(pgBaseUrl as string);
    url.pathname = `/${name}`;
    return url.toString();
  }
  afterAll(async () => {
    for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('restores every row of every table into a new database, and replaces a non-empty one only with --force', async () => {
    const source = await freshDatabase('src');
    const before = await withHandle({ databaseUrl: source }, async (h) => {
      await migrate(h);
      await seedAwkward(h.db);
      return everything(h.db);
    });
    const file = join(tmp, 'pg.dump');
    const made = await backup({ dataDir: tmp, databaseUrl: source }, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(made.kind).toBe('postgres');
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');

    const target = await freshDatabase('dst');
    const restored = await restore({ dataDir: tmp, databaseUrl: target }, file);
    expect(restored).toMatchObject({ kind: 'postgres', migrationsApplied: 0 });
    const after = await withHandle({ databaseUrl: target }, (h) => everything(h.db));
    expectSameDatabases(before, after);
    expect(rowCount(after)).toBeGreaterThan(60);

    await withHandle({ databaseUrl: target }, (h) => h.db.execute(sql`update users set first_name = 'Změněno'`));
    await expect(restore({ dataDir: tmp, databaseUrl: target }, file)).rejects.toThrow(/not empty.*--force/);
    await restore({ dataDir: tmp, databaseUrl: target }, file, { force: true });
    expectSameDatabases(before, await withHandle({ databaseUrl: target }, (h) => everything(h.db)));

    await expect(restore({ dataDir: tmp }, file)).rejects.toThrow(/PostgreSQL backup.*DATABASE_URL/);
  });
});

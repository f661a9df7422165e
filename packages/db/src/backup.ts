// Backup and restore of the whole database into one file, behind `npm run backup` / `npm run restore`:
// embedded PGlite → its data directory as a .tar.gz; PostgreSQL → `pg_dump --format=custom`.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openAsBlob,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, type DbHandle, openDb, pgliteDir } from './client.ts';
import { migrate } from './migrate.ts';
import { runningServerPid, serverPidFile } from './server-pid.ts';

/** A refusal or failure the user can act on: the CLI prints the message alone and exits 1. */
export class BackupError extends Error {}

export type BackupKind = 'pglite' | 'postgres';
export interface TableCount {
  table: string;
  rows: number;
}
export interface BackupResult {
  kind: BackupKind;
  file: string;
  bytes: number;
  tables: TableCount[];
}
export interface RestoreResult {
  kind: BackupKind;
  tables: TableCount[];
  /** Migrations the backup already had, and those applied after restoring (a backup from an older build). */
  migrationsInBackup: number;
  migrationsApplied: number;
  /** PGlite with --force: where the database that was there before now lives. */
  movedAside?: string;
}

export interface Target {
  /** DATA_DIR; the embedded database is DATA_DIR/pglite. */
  dataDir: string;
  /** Set: PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
}

/** `volant-backup-2026-05-14-093012.tar.gz` in local time, so the name matches the clock on the office wall. */
export function defaultBackupName(kind: BackupKind, now = new Date()) {
  return `volant-backup-${localStamp(now)}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`;
}

function localStamp(now: Date) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
}

/** Where a backup goes: `out` may be a file or an existing folder; without it, the default name in `cwd`. */
export function resolveBackupFile(kind: BackupKind, out: string | undefined, cwd: string, now = new Date()) {
  if (!out) return join(cwd, defaultBackupName(kind, now));
  const path = join(out.startsWith('/') ? '' : cwd, out);
  if (out.endsWith('/') || (existsSync(path) && statSync(path).isDirectory())) return join(path, defaultBackupName(kind, now));
  return path;
}

export async function backup(target: Target, file: string): Promise<BackupResult> {
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another file name.`);
  if (!existsSync(dirname(file))) throw new BackupError(`The folder ${dirname(file)} does not exist.`);
  // Written next to the target and renamed at the end, so a failed backup never leaves a file that looks complete.
  // The whole database is personal data: the file is created 0600 (then set so, whatever the umask) before any byte.
  const partial = `${file}.partial`;
  try {
    rmSync(partial, { force: true });
    closeSync(openSync(partial, 'wx', 0o600));
    chmodSync(partial, 0o600);
    if (target.databaseUrl) {
      await runPgTool('pg_dump', ['--format=custom', `--file=${partial}`], target.databaseUrl);
      const tables = await withDb({ databaseUrl: target.databaseUrl }, (h) => tableCounts(h.db));
      renameSync(partial, file);
      return { kind: 'postgres', file, bytes: statSync(file).size, tables };
    }
    assertServerStopped(target.dataDir);
    const dir = pgliteDir(target.dataDir);
    if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${dir}: nothing to back up.`);
    const tables = await withDb({ dataDir: dir }, async (h) => {
      const counts = await tableCounts(h.db);
      writeFileSync(partial, Buffer.from(await (await dumpPglite(h)).arrayBuffer()), { mode: 0o600 });
      return counts;
    });
    renameSync(partial, file);
    return { kind: 'pglite', file, bytes: statSync(file).size, tables };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Which engine wrote a backup file, from its first bytes (gzip: PGlite data dir; PGDMP: pg_dump custom format). */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(`${file} is not a Volant backup (neither a PGlite .tar.gz nor a pg_dump custom-format file).`);
}

export async function restore(target: Target, file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const kind = backupKindOf(file);
  if (kind === 'pglite' && target.databaseUrl) {
    throw new BackupError(
      `${basename(file)} is a backup of the embedded database (PGlite), but DATABASE_URL is set. Unset DATABASE_URL to restore it into DATA_DIR/pglite.`,
    );
  }
  if (kind === 'postgres' && !target.databaseUrl) {
    throw new BackupError(`${basename(file)} is a PostgreSQL backup (pg_dump); set DATABASE_URL to the database to restore it into.`);
  }
  return target.databaseUrl ? restorePostgres(target.databaseUrl, file, !!options.force) : restorePglite(target.dataDir, file, !!options.force);
}

async function restorePglite(dataDir: string, file: string, force: boolean): Promise<RestoreResult> {
  assertServerStopped(dataDir);
  const dir = pgliteDir(dataDir);
  const occupied = existsSync(dir) && readdirSync(dir).length > 0;
  if (occupied && !force) {
    throw new BackupError(`${dir} already holds a database. Restore refuses to replace it; add --force to move it aside and restore anyway.`);
  }
  const stamp = localStamp(new Date());
  // Restored and migrated beside the live folder first: if anything fails, the existing database is untouched.
  const staging = `${dir}.restoring-${stamp}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const blob = await openAsBlob(file, { type: 'application/gzip' });
    const result = await withDb({ dataDir: staging, loadDataDir: blob }, (h) => migrateAndCount(h));
    let movedAside: string | undefined;
    if (occupied) {
      movedAside = `${dir}.before-restore-${stamp}`;
      renameSync(dir, movedAside);
    } else {
      rmSync(dir, { recursive: true, force: true });
    }
    renameSync(staging, dir);
    return { kind: 'pglite', ...result, movedAside };
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<RestoreResult> {
  const occupied = await withDb({ databaseUrl: url }, async (h) => {
    const rows = await query<{ n: number }>(
      h.db,
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0].n > 0;
  });
  if (occupied && !force) {
    throw new BackupError(
      `The database of DATABASE_URL is not empty. Restore refuses to overwrite it; restore into a new database (createdb) or add --force to replace what the backup contains (pg_restore --clean).`,
    );
  }
  // Extensions are left out of the restore and created up front instead: dropping or commenting an extension needs
  // its owner (often a superuser who set up the database), the app's role only needs it to exist.
  const list = (await runPgTool('pg_restore', ['--list', file])).split('\n');
  const extensions = list.flatMap((line) => /^\d+; \d+ \d+ EXTENSION - (\S+)/.exec(line)?.[1] ?? []);
  const tmp = mkdtempSync(join(tmpdir(), 'volant-restore-'));
  try {
    const listFile = join(tmp, 'toc.list');
    writeFileSync(listFile, list.filter((line) => !/^\d+; \d+ \d+ (EXTENSION|COMMENT - EXTENSION) /.test(line)).join('\n'));
    await withDb({ databaseUrl: url }, async (h) => {
      for (const ext of extensions) await h.db.execute(sql.raw(`create extension if not exists ${quoteIdent(ext)}`));
    });
    await runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        ...(occupied ? ['--clean', '--if-exists'] : []),
        `--use-list=${listFile}`,
        file,
      ],
      url,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const result = await withDb({ databaseUrl: url }, (h) => migrateAndCount(h));
  return { kind: 'postgres', ...result };
}

function assertServerStopped(dataDir: string) {
  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    throw new BackupError(
      `Stop the server first: Volant (pid ${pid}) is using the embedded database in ${dataDir}. ` +
        `PGlite serves one process at a time. (If no server is running, delete ${serverPidFile(dataDir)}.)`,
    );
  }
}

/** The one place that reaches into PGlite for its dump, so a change of how the client is held touches only this. */
async function dumpPglite(handle: DbHandle): Promise<Blob> {
  const h = handle as DbHandle & { dumpDataDir?: (c: 'gzip') => Promise<Blob> };
  if (h.dumpDataDir) return h.dumpDataDir('gzip');
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  return client.dumpDataDir('gzip');
}

async function migrateAndCount(h: DbHandle) {
  const migrationsInBackup = await migrationCount(h.db);
  await migrate(h);
  const migrationsApplied = (await migrationCount(h.db)) - migrationsInBackup;
  return { tables: await tableCounts(h.db), migrationsInBackup, migrationsApplied };
}

async function migrationCount(db: Db) {
  const [{ exists }] = await query<{ exists: boolean }>(db, `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!exists) return 0;
  return (await query<{ n: number }>(db, 'select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n;
}

/** Rows per table of the app's schema, for the summary printed after a backup or restore. */
export async function tableCounts(db: Db): Promise<TableCount[]> {
  const tables = await query<{ name: string }>(
    db,
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: TableCount[] = [];
  for (const { name } of tables) {
    const [{ n }] = await query<{ n: number }>(db, `select count(*)::int as n from public.${quoteIdent(name)}`);
    counts.push({ table: name, rows: n });
  }
  return counts;
}

export function summarizeCounts(tables: TableCount[]) {
  const total = tables.reduce((sum, t) => sum + t.rows, 0);
  const filled = tables.filter((t) => t.rows > 0).map((t) => `${t.table} ${t.rows}`);
  return `${tables.length} tables, ${total} rows${filled.length ? `: ${filled.join(', ')}` : ''}`;
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function withDb<T>(options: Parameters<typeof openDb>[0], fn: (h: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openDb(options);
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

async function query<T>(db: Db, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Runs pg_dump/pg_restore and returns its stdout. The password travels in PGPASSWORD, not on the command line where
 * every user of the machine could read it.
 */
function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl?: string): Promise<string> {
  const env = { ...process.env };
  const fullArgs = [...args];
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
    fullArgs.unshift(`--dbname=${url.toString()}`);
  }
  return new Promise((resolve, reject) => {
    const child = spawn(tool, fullArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      reject(
        e.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Install the PostgreSQL client tools of the server's version (Debian: apt-get install postgresql-client-15).`,
            )
          : e,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new BackupError(`${tool} failed (exit ${code}):\n${err.trim()}`));
    });
  });
}

// `npm run backup [-- <file or folder>]`: the whole database into one file — the embedded PGlite data directory as
// a .tar.gz, or `pg_dump --format=custom` when DATABASE_URL is set. Relative paths are taken from where npm was run.
import { parseArgs } from 'node:util';
import { BackupError, backup, formatBytes, resolveBackupFile, summarizeCounts } from '@volant/db/backup';
import { pgliteDir } from '@volant/db/client';
import { ConfigError, loadConfig } from '@volant/server/config';

const usage = 'Usage: npm run backup [-- <file or folder>]   (or --out <file or folder>)';

try {
  const { values, positionals } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (positionals.length > 1 || (positionals.length && values.out)) throw new BackupError(usage);
  const config = loadConfig();
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = resolveBackupFile(kind, values.out ?? positionals[0], process.env.INIT_CWD ?? process.cwd());
  const t0 = Date.now();
  const result = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, file);
  const source = kind === 'pglite' ? `embedded PGlite in ${pgliteDir(config.dataDir)}` : 'PostgreSQL (DATABASE_URL, pg_dump custom format)';
  console.log(`Backup written: ${result.file} (${formatBytes(result.bytes)}, ${Date.now() - t0} ms)`);
  console.log(`  from ${source}`);
  console.log(`  ${summarizeCounts(result.tables)}`);
  console.log(`Restore it with: npm run restore -- ${result.file}`);
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error((err as Error).message);
    process.exit(1);
  }
  throw err;
}

// `npm run restore -- <file> [--force]`: a file of `npm run backup` back into an empty embedded database (DATA_DIR)
// or an empty PostgreSQL database (DATABASE_URL), then the migrations of this build. A database that already holds
// data is only replaced with --force (PGlite: the old folder is moved aside, not deleted; PostgreSQL: pg_restore --clean).
import { isAbsolute, join } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restore, summarizeCounts } from '@volant/db/backup';
import { pgliteDir } from '@volant/db/client';
import { ConfigError, loadConfig } from '@volant/server/config';

const usage = 'Usage: npm run restore -- <backup file> [--force]';

try {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new BackupError(usage);
  const config = loadConfig();
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const file = isAbsolute(positionals[0]) ? positionals[0] : join(cwd, positionals[0]);
  const t0 = Date.now();
  const result = await restore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, file, { force: values.force });
  const into = result.kind === 'pglite' ? `embedded PGlite in ${pgliteDir(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Restored ${file} into ${into} (${Date.now() - t0} ms)`);
  if (result.movedAside) console.log(`  the database that was there is kept in ${result.movedAside}`);
  console.log(`  migrations: ${result.migrationsInBackup} in the backup, ${result.migrationsApplied} applied now`);
  console.log(`  ${summarizeCounts(result.tables)}`);
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error((err as Error).message);
    process.exit(1);
  }
  throw err;
}

// `npm run verify-records -- <school id or code>`: verifies a school's record chain (issue 22 §1, docs/decisions/0026)
// and every registered ride, attended theory hour, exam result and training dates against it; prints a Czech report
// and exits 1 when anything is damaged (2: wrong use or no such school). Works on the embedded database (DATA_DIR;
// stop the server first: PGlite is one process's database) and on DATABASE_URL. Reads only.
import { openDb, pgliteDir } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { ConfigError, loadConfig } from './config.ts';
import { schoolOfCommandLine } from './gate/cli-school.queries.ts';
import { reportText, verifySchoolRecords } from './features/record-chain/record-chain.service.ts';

const usage = 'Použití: npm run verify-records -- <id autoškoly nebo její kód> [--json]';

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const [key] = argv.filter((a) => a !== '--json');
  if (!key) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir), poolSize: 1 });
  try {
    await migrate(handle);
    const school = await schoolOfCommandLine(handle.db, key);
    if (!school) {
      console.error(`Autoškola „${key}“ nenalezena.`);
      return 2;
    }
    const report = await verifySchoolRecords(handle.db, school.schoolId);
    console.log(json ? JSON.stringify(report, null, 2) : reportText(report, school.name));
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
}

// Reads the configuration, opens and migrates the database, seeds a demo school on an empty embedded
// database, and serves the API, the live socket and the web app.
import { openDb, pgliteDir } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { markServerRunning } from '@volant/db/server-pid';
import { DEMO_LOGIN, hasDemoAccount, isDatabaseEmpty, seedDemo } from '@volant/db/seed/demo';
import { ConfigError, loadConfig } from './config.ts';
import { hashPassword } from './lib/crypto.ts';
import { buildServer } from './server.ts';

async function main() {
  const startedAt = Date.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir), poolSize: config.databasePoolSize });
  if (handle.kind === 'pglite') markServerRunning(config.dataDir); // npm run backup/restore refuse while it exists
  // Signals are handled from here on, so a SIGTERM during start-up also closes the database cleanly.
  let app: Awaited<ReturnType<typeof buildServer>>['app'] | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app?.close();
      await handle.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await migrate(handle);
  // The demo school is for newcomers: an empty embedded database gets it unless SEED_DEMO=0; PostgreSQL only with 1.
  const wantsDemo = config.seedDemo === 'auto' ? handle.kind === 'pglite' : config.seedDemo;
  if (wantsDemo && (await isDatabaseEmpty(handle.db))) await seedDemo(handle.db, await hashPassword(DEMO_LOGIN.password));
  const hasDemo = await hasDemoAccount(handle.db);
  // ROLE=all (default) serves the API and runs the PDF job runner; api / worker split them across instances.
  app = (await buildServer(config, handle, { roles: { api: config.role !== 'worker', worker: config.role !== 'api' } })).app;
  await app.listen({ port: config.port, host: config.host });

  const where = handle.kind === 'pglite' ? `embedded PGlite in ${pgliteDir(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n  Volant běží na ${config.publicUrl}  (${where}, start ${Date.now() - startedAt} ms)`);
  if (hasDemo) {
    console.log(`  Demo přihlášení: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    console.log(`  Můj výcvik (žák): ${config.publicUrl}/zak  s e-mailem horakova@example.cz (odkaz přijde e-mailem)`);
    console.log('  Databáze obsahuje demo data s veřejně známým heslem: pro ostrý provoz začněte s prázdnou databází a SEED_DEMO=0 (README).');
  }
  if (!config.smtpUrl) console.log(`  E-maily se ukládají do ${config.dataDir}/outbox`);
  console.log('');
}

await main();

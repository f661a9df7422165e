// Starts the built app once for the whole run on a fresh data directory and stops it afterwards.
// Tests find it through VOLANT_E2E_URL (also the config's baseURL) and read its outbox in VOLANT_E2E_DATA_DIR.
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ensureWebBuilt, startServer } from './support/server.ts';

/** Earlier runs' folders under test-results (each run has its own) go after a day. */
function removeOldRuns(outputDir: string) {
  const parent = dirname(outputDir);
  let names: string[] = [];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const dayAgo = Date.now() - 86_400_000;
  for (const name of names) {
    const path = join(parent, name);
    if (path !== outputDir && statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
  }
}

export default async function globalSetup(config: FullConfig) {
  const outputDir = config.projects[0]?.outputDir;
  if (outputDir) removeOldRuns(outputDir);
  ensureWebBuilt();
  const t0 = Date.now();
  const server = await startServer();
  process.env.VOLANT_E2E_URL = server.url;
  process.env.VOLANT_E2E_DATA_DIR = server.dataDir;
  console.log(`[e2e] server on ${server.url} (fresh ${server.database}, ready in ${Date.now() - t0} ms)`);

  return async () => {
    await server.stop();
    if (outputDir) {
      mkdirSync(outputDir, { recursive: true });
      copyFileSync(server.logFile, join(outputDir, 'server.log'));
      console.log(`[e2e] server log and failure artifacts in ${outputDir}`);
    }
    if (process.env.E2E_KEEP_DATA) console.log(`[e2e] kept the data directory ${server.dataDir}`);
    else rmSync(server.dataDir, { recursive: true, force: true });
  };
}

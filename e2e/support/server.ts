// Starts the built app (apps/server/src/main.ts serving apps/web/dist) on a free port with a fresh data directory:
// a fresh database with the demo seed, the e-mail outbox in DATA_DIR/outbox, generous rate limits, DEBUG=1.
// The database is a fresh PGlite in the data directory, or with E2E_DATABASE_URL (a PostgreSQL server where this
// run may create databases, e.g. postgres://postgres@127.0.0.1:5432/postgres) a fresh PostgreSQL database made for
// the run and dropped after it: the installation real schools run, and its queries off the server's own thread.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** `npm test` builds the web app before this step; a bare `npm run test:e2e` builds it when it is missing. */
export function ensureWebBuilt() {
  if (process.env.WEB_DIST || existsSync(join(repoRoot, 'apps/web/dist/index.html'))) return;
  console.log('[e2e] apps/web/dist is missing: building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@volant/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('[e2e] the web app build failed');
}

export const E2E_OPERATOR_EMAIL = 'operator@volant.test';

export interface RunningServer {
  url: string;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  /** 'PGlite', or the PostgreSQL database made for the run. */
  database: string;
  stop(): Promise<void>;
}

/** A database of its own on the PostgreSQL server of `adminUrl`; `drop` removes it. */
async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `volant_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'volant-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'server.log');
  // Serve a copy of the build, so a rebuild of apps/web during the run (npm run build, vite) cannot pull it away.
  const webDist = join(dataDir, 'web');
  cpSync(process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  const postgres = process.env.E2E_DATABASE_URL ? await freshPostgresDatabase(process.env.E2E_DATABASE_URL) : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    // The demo schools: PGlite gets them by itself; PostgreSQL only when asked.
    SEED_DEMO: '1',
    SMTP_URL: '',
    WEB_DIST: webDist,
    DEBUG: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_PUBLIC_PER_MIN: '100000',
    RATE_LIMIT_LOGIN_PER_15_MIN: '10000',
  };
  // No account is an operator by default: the journeys that need one make it the way an installation does.
  const operator = spawnSync(process.execPath, [join(repoRoot, 'apps/server/src/operator-cli.ts'), 'add', E2E_OPERATOR_EMAIL], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  const operatorPassword = /Jednorázové heslo: (\S+)/.exec(operator.stdout)?.[1];
  if (operator.status !== 0 || !operatorPassword) throw new Error(`[e2e] npm run operator failed:\n${operator.stdout}${operator.stderr}`);
  process.env.VOLANT_E2E_OPERATOR_PASSWORD = operatorPassword;
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/src/main.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`[e2e] the server exited (${child.exitCode}) while starting:\n${readFileSync(logFile, 'utf8')}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`[e2e] the server was not ready within 60 s:\n${readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dataDir,
    logFile,
    child,
    database: postgres ? `PostgreSQL ${postgres.name}` : `PGlite in ${dataDir}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
      if (postgres && !process.env.E2E_KEEP_DATA) await postgres.drop();
    },
  };
}

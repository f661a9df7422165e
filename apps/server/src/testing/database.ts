// The PostgreSQL run's database for this worker: a copy of the run's migrated template (global-setup.ts), made once per
// worker, as PGlite's run opens a copy of its snapshot. Files in one worker run one after another, so no two files ever
// share a database at the same time: a test's mail outbox, job queue or advisory locks meet only its own file's rows.
// (On one shared database a file's server drained another file's mail outbox and took its mail.)
import pg from 'pg';
import { inject } from 'vitest';

let url: Promise<string | null> | undefined;

/** This worker's PostgreSQL database URL, or null when the suite runs on PGlite. */
export function workerDatabaseUrl(): Promise<string | null> {
  url ??= copyTemplate(inject('testDatabaseUrl'), inject('testAdminUrl'));
  return url;
}

async function copyTemplate(template: string | null, adminUrl: string | null): Promise<string | null> {
  if (!template || !adminUrl) return null;
  const source = new URL(template);
  const templateName = source.pathname.slice(1);
  const name = `${templateName}_w${process.pid}_${Math.random().toString(36).slice(2, 6)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Copies of one template made at the same moment by two workers may meet: PostgreSQL refuses a copy while another
    // session is connected to the template, and a concurrent copy counts. Retried briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
        break;
      } catch (err) {
        if (attempt >= 50 || !/being accessed by other users/.test(String((err as Error).message))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
  const own = new URL(template);
  own.pathname = `/${name}`;
  return own.toString();
}

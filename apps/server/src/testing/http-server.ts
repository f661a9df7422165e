// The real HTTP server on a free port over a test database, for tests that go through Fastify (headers, status
// codes, sockets) rather than the router's caller.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@volant/db/client';
import { loadConfig } from '../config.ts';
import { buildServer } from '../server.ts';
import { TEST_SECRET_KEY } from './secret.ts';

export async function listenTestServer(handle: DbHandle, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-http-')),
    LOG_LEVEL: 'silent',
    PORT: '0',
    SECRET_KEY: TEST_SECRET_KEY,
    ...env,
  } as NodeJS.ProcessEnv);
  const server = await buildServer(config, handle);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { server, base };
}

// Several server instances over one test database, for the tests of what must hold across instances (the session and
// answer caches): each a real HTTP server; on PGlite the second "instance" is the first (one process owns the database).
import type { DbHandle } from '@volant/db/client';
import { listenTestServer } from './http-server.ts';

export interface Instance {
  base: string;
  server: Awaited<ReturnType<typeof listenTestServer>>['server'];
  handle: DbHandle;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds, polling every 20 ms; throws after `withinMs`. */
export async function until(condition: () => boolean | Promise<boolean>, withinMs = 5_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > withinMs) throw new Error(`condition not met within ${withinMs} ms`);
    await sleep(20);
  }
}

/** Starts instances and closes them (and the handles they own) in reverse order. */
export function instances() {
  const started: { instance: Instance; ownHandle: boolean }[] = [];
  return {
    /** A server on `handle`, once `ready(server)` holds (a cache on PostgreSQL turns on with its LISTEN connection). */
    async start(handle: DbHandle, ownHandle: boolean, ready: (server: Instance['server']) => boolean): Promise<Instance> {
      const { server, base } = await listenTestServer(handle, { RATE_LIMIT_PUBLIC_PER_MIN: '100000' });
      const instance = { server, base, handle };
      started.push({ instance, ownHandle });
      await until(() => ready(server));
      return instance;
    },
    async closeAll() {
      for (const { instance, ownHandle } of started.reverse()) {
        await instance.server.app.close();
        if (ownHandle) await instance.handle.close();
      }
    },
  };
}

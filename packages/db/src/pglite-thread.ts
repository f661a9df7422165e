// The worker_thread that owns the embedded database. PGlite executes each statement synchronously inside its WASM
// module, and on the main thread its queue of waiting statements drains through promise callbacks without ever
// returning to the event loop: under load HTTP, sockets and /healthz froze for seconds. Here it runs on its own
// thread; the main thread talks to it through pglite-proxy.ts. Messages are handled strictly one after another in
// arrival order, so the proxy decides the order (and keeps a transaction's statements together).
import { stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface ThreadInit {
  dataDir: string;
  loadDataDir?: { bytes: ArrayBuffer; type: string; name?: string };
  /** Nice value of the database thread (Linux), 0 to leave it. */
  niceness: number;
}

export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; rawOids: number[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'dumpDataDir'; compression: 'auto' | 'gzip' | 'none' }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** The SQLSTATE and the other primitive fields of PostgreSQL's error (code, constraint, detail, table, …). */
  fields: Record<string, string | number | boolean>;
}

export type ThreadResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };

/**
 * A notification of a channel the main thread listens on. PGlite hands it to its listeners in a microtask queued while
 * it reads the statement's answer, so it is posted before that statement's response: on the main thread a listener
 * has run when the statement (a COMMIT) resolves.
 */
export interface ThreadNotification {
  notification: { channel: string; payload: string };
}

// Parameter values are left out on purpose: they may hold passwords or personal data and must not travel further.
const OMITTED_FIELDS = new Set(['params', 'query', 'queryOptions', 'length']);

function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (OMITTED_FIELDS.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

const identity = (value: unknown) => value;

async function main() {
  const port = parentPort;
  if (!port) throw new Error('pglite-thread.ts runs only as a worker_thread');
  const init = workerData as ThreadInit;
  // On Linux a nice value belongs to a thread, and pid 0 names the calling one: the database thread yields the CPU to
  // the HTTP thread when cores are short, so health checks and light requests stay fast while heavy queries wait.
  // (Elsewhere pid 0 would renice the whole server, so only here.)
  if (process.platform === 'linux' && init.niceness) {
    // Threads inherit the nice value of the thread that starts them: start libuv's shared pool (file system, scrypt)
    // first, so it keeps the normal priority.
    await stat('.');
    try {
      setPriority(0, init.niceness);
    } catch {
      // Not allowed in this environment: run at the normal priority.
    }
  }
  const load = init.loadDataDir;
  const pg = await PGlite.create({
    dataDir: init.dataDir,
    extensions: { pg_trgm, btree_gin, btree_gist },
    loadDataDir: load
      ? load.name
        ? new File([new Uint8Array(load.bytes)], load.name, { type: load.type })
        : new Blob([new Uint8Array(load.bytes)], { type: load.type })
      : undefined,
  });

  const unlisten = new Map<string, () => Promise<void>>();

  async function run(req: ThreadRequest): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
    switch (req.op) {
      case 'query': {
        // The caller's parsers are functions and cannot cross threads: their columns come back as PostgreSQL's text
        // and the proxy applies the caller's own functions to them, exactly as PGlite itself would.
        const options: QueryOptions = { rowMode: req.rowMode };
        if (req.rawOids.length) options.parsers = Object.fromEntries(req.rawOids.map((oid) => [oid, identity]));
        return { result: await pg.query(req.sql, req.params, options) };
      }
      case 'exec':
        return { result: await pg.exec(req.sql) };
      case 'dumpDataDir': {
        const blob = await pg.dumpDataDir(req.compression);
        const bytes = await blob.arrayBuffer();
        return { result: { bytes, type: blob.type, name: blob instanceof File ? blob.name : undefined }, transfer: [bytes] };
      }
      case 'listen': {
        if (!unlisten.has(req.channel)) {
          const channel = req.channel;
          unlisten.set(channel, await pg.listen(channel, (payload) => port?.postMessage({ notification: { channel, payload } } satisfies ThreadNotification)));
        }
        return { result: null };
      }
      case 'unlisten':
        await unlisten.get(req.channel)?.();
        unlisten.delete(req.channel);
        return { result: null };
      case 'close':
        await pg.close();
        return { result: null };
    }
  }

  let chain = Promise.resolve();
  port.on('message', (req: ThreadRequest) => {
    chain = chain.then(async () => {
      let response: ThreadResponse;
      let transfer: ArrayBuffer[] | undefined;
      try {
        const done = await run(req);
        response = { id: req.id, ok: true, result: done.result };
        transfer = done.transfer;
      } catch (err) {
        response = { id: req.id, ok: false, error: serializeError(err) };
      }
      port.postMessage(response, transfer);
      if (req.op === 'close') port.close();
    });
  });
  port.postMessage({ ready: true });
}

main().catch((err: unknown) => {
  parentPort?.postMessage({ initError: serializeError(err) });
});

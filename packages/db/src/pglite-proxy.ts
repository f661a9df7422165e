// The main thread's side of the embedded database: an object with the part of PGlite's surface that Drizzle's
// pglite driver and our code use (query, exec, transaction, dumpDataDir, close), backed by pglite-thread.ts in a
// worker_thread, so a slow statement never blocks HTTP, sockets or health checks.
//
// PGlite is one connection. A transaction leases it: from BEGIN to COMMIT/ROLLBACK only the transaction's own
// statements are sent; everything else waits here, in order. Statements are pipelined to the worker (it runs them
// one by one) so it never idles between round trips. The number of statements waiting is bounded: past the bound a
// new one fails at once with DatabaseBusyError (HTTP 503) rather than queueing for seconds.
import { Worker } from 'node:worker_threads';
import type { SerializedError, ThreadInit, ThreadNotification, ThreadRequest, ThreadResponse } from './pglite-thread.ts';

type Parser = (value: string, typeId: number) => unknown;
interface ProxyQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
}
interface Field {
  name: string;
  dataTypeID: number;
}
export interface ProxyResults<T = unknown> {
  rows: T[];
  fields: Field[];
  affectedRows?: number;
  rowCount?: number;
  command?: string;
}
export interface ProxyTransaction {
  query<T>(sql: string, params?: unknown[], options?: ProxyQueryOptions): Promise<ProxyResults<T>>;
  exec(sql: string): Promise<ProxyResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** Too many statements are already waiting for the embedded database; answered with 503 so clients retry later. */
export class DatabaseBusyError extends Error {
  /** SQLSTATE too_many_connections: the server is out of capacity, not the request at fault. */
  readonly code = '53300';
  constructor(waiting: number) {
    super(`Databáze je přetížená (${waiting} dotazů čeká), zkuste to prosím za chvíli znovu.`);
    this.name = 'DatabaseBusyError';
  }
}

/** An error raised inside the worker, with PostgreSQL's fields (code, constraint, detail, …) restored. */
class PgliteWorkerError extends Error {
  constructor(e: SerializedError) {
    super(e.message);
    this.name = e.name;
    Object.assign(this, e.fields);
    if (e.stack) this.stack = e.stack;
  }
}

export interface PgliteProxyOptions {
  dataDir: string;
  loadDataDir?: Blob | File;
  /** Statements waiting or running (transactions' own statements not counted) before new ones are refused. */
  maxQueue?: number;
  /** Nice value of the database thread on Linux (0–19; higher yields more to the HTTP thread). */
  niceness?: number;
}

const DEFAULT_MAX_QUEUE = 256;
const DEFAULT_NICENESS = 10;

/** Applies the caller's parsers to the columns the worker returned as text, as PGlite's parseResults would. */
function applyParsers(result: ProxyResults, parsers: Record<number, Parser>, rowMode: 'array' | 'object' | undefined) {
  const fields = result.fields;
  const targets: { index: number; key: string | number; parse: Parser; typeId: number }[] = [];
  fields.forEach((f, index) => {
    const parse = parsers[f.dataTypeID];
    if (!parse) return;
    // In object mode a repeated column name keeps the last column's value (Object.fromEntries), so parse that once.
    if (rowMode !== 'array' && fields.findLastIndex((g) => g.name === f.name) !== index) return;
    targets.push({ index, key: rowMode === 'array' ? index : f.name, parse, typeId: f.dataTypeID });
  });
  if (!targets.length) return;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const t of targets) {
      const v = row[t.key];
      if (v !== null && v !== undefined) row[t.key] = t.parse(v as string, t.typeId);
    }
  }
}

export class PgliteProxy {
  readonly #worker: Worker;
  readonly #maxQueue: number;
  #nextId = 1;
  readonly #calls = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  /** Work that may not start yet because a transaction holds the connection. */
  readonly #waiting: (() => void)[] = [];
  #leased = false;
  /** Statements sent or waiting, outside transactions: what the bound counts. */
  #outstanding = 0;
  #dead: Error | null = null;
  #closed = false;
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(worker: Worker, maxQueue: number) {
    this.#worker = worker;
    this.#maxQueue = maxQueue;
    worker.on('message', (msg: ThreadResponse | ThreadNotification) => {
      if ('notification' in msg) {
        for (const listener of this.#listeners.get(msg.notification.channel) ?? []) listener(msg.notification.payload);
        return;
      }
      const call = this.#calls.get(msg.id);
      if (!call) return;
      this.#calls.delete(msg.id);
      if (this.#calls.size === 0) worker.unref();
      if (msg.ok) call.resolve(msg.result);
      else call.reject(new PgliteWorkerError(msg.error));
    });
    const fail = (err: Error) => {
      this.#dead ??= err;
      for (const call of this.#calls.values()) call.reject(err);
      this.#calls.clear();
      for (const start of this.#waiting.splice(0)) start();
    };
    worker.on('error', (err) => fail(new Error(`Vlákno databáze PGlite selhalo: ${err.message}`, { cause: err })));
    worker.on('exit', (code) => fail(new Error(`Vlákno databáze PGlite skončilo (kód ${code}).`)));
  }

  static async open(options: PgliteProxyOptions): Promise<PgliteProxy> {
    const init: ThreadInit = { dataDir: options.dataDir, niceness: options.niceness ?? DEFAULT_NICENESS };
    const transfer: ArrayBuffer[] = [];
    if (options.loadDataDir) {
      const bytes = await options.loadDataDir.arrayBuffer();
      const name = typeof File !== 'undefined' && options.loadDataDir instanceof File ? options.loadDataDir.name : undefined;
      init.loadDataDir = { bytes, type: options.loadDataDir.type, name };
      transfer.push(bytes);
    }
    const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData: init, transferList: transfer });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (msg: { ready?: true; initError?: SerializedError }) => {
        if (msg.ready) resolve();
        else if (msg.initError) reject(new PgliteWorkerError(msg.initError));
        else return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
      };
      const onExit = (code: number) => reject(new Error(`Vlákno databáze PGlite skončilo při startu (kód ${code}).`));
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.on('exit', onExit);
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    worker.unref();
    return new PgliteProxy(worker, options.maxQueue ?? DEFAULT_MAX_QUEUE);
  }

  #send(req: ThreadRequest): Promise<unknown> {
    if (this.#dead) return Promise.reject(this.#dead);
    return new Promise((resolve, reject) => {
      // Keep the process alive only while a statement is on its way, like a socket with a request in flight.
      if (this.#calls.size === 0) this.#worker.ref();
      this.#calls.set(req.id, { resolve, reject });
      this.#worker.postMessage(req);
    });
  }

  /** Runs `start` now if no transaction holds the connection and nobody is ahead of it, else when its turn comes. */
  #whenFree<T>(start: () => Promise<T>): Promise<T> {
    if (!this.#leased && this.#waiting.length === 0) return start();
    return new Promise<T>((resolve, reject) => this.#waiting.push(() => start().then(resolve, reject)));
  }

  #release() {
    this.#leased = false;
    while (!this.#leased && this.#waiting.length) (this.#waiting.shift() as () => void)();
  }

  /** Counts a statement or transaction against the bound for as long as it waits or runs. */
  async #bounded<T>(run: () => Promise<T>): Promise<T> {
    if (this.#closed) throw new Error('Databáze PGlite je zavřená.');
    if (this.#outstanding >= this.#maxQueue) throw new DatabaseBusyError(this.#outstanding);
    this.#outstanding++;
    try {
      return await run();
    } finally {
      this.#outstanding--;
    }
  }

  async #query<T>(sql: string, params: unknown[], options: ProxyQueryOptions | undefined): Promise<ProxyResults<T>> {
    const { rowMode, parsers, ...unsupported } = options ?? {};
    if (Object.keys(unsupported).length) throw new Error(`PGlite query options not supported through the worker: ${Object.keys(unsupported).join(', ')}`);
    const result = (await this.#send({
      id: this.#nextId++,
      op: 'query',
      sql,
      params,
      rowMode,
      rawOids: parsers ? Object.keys(parsers).map(Number) : [],
    })) as ProxyResults<T>;
    if (parsers) applyParsers(result, parsers, rowMode);
    return result;
  }

  #exec(sql: string): Promise<ProxyResults[]> {
    return this.#send({ id: this.#nextId++, op: 'exec', sql }) as Promise<ProxyResults[]>;
  }

  query<T>(sql: string, params: unknown[] = [], options?: ProxyQueryOptions): Promise<ProxyResults<T>> {
    return this.#bounded(() => this.#whenFree(() => this.#query<T>(sql, params, options)));
  }

  exec(sql: string): Promise<ProxyResults[]> {
    return this.#bounded(() => this.#whenFree(() => this.#exec(sql)));
  }

  /** PGlite's transaction(): BEGIN, the callback's statements alone on the connection, then COMMIT or ROLLBACK. */
  transaction<T>(callback: (tx: ProxyTransaction) => Promise<T>): Promise<T> {
    return this.#bounded(() =>
      this.#whenFree(async () => {
        this.#leased = true;
        let closed = false;
        const open = () => {
          if (closed) throw new Error('Transaction is closed');
        };
        const tx: ProxyTransaction = {
          query: async (sql, params = [], options) => {
            open();
            return this.#query(sql, params, options);
          },
          exec: async (sql) => {
            open();
            return this.#exec(sql);
          },
          rollback: async () => {
            open();
            await this.#exec('ROLLBACK');
            closed = true;
          },
          get closed() {
            return closed;
          },
        };
        try {
          await this.#exec('BEGIN');
          const result = await callback(tx);
          if (!closed) await this.#exec('COMMIT');
          return result;
        } catch (err) {
          if (!closed && !this.#dead) await this.#exec('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          closed = true;
          this.#release();
        }
      }),
    );
  }

  /**
   * LISTENs on `channel` (lower case, as PostgreSQL folds it): `onPayload` gets each notification before the
   * statement that caused it resolves here. Resolves to the unsubscribe.
   */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#whenFree(() => this.#send({ id: this.#nextId++, op: 'listen', channel }));
    }
    listeners.add(onPayload);
    return async () => {
      listeners.delete(onPayload);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      if (!this.#dead && !this.#closed) await this.#whenFree(() => this.#send({ id: this.#nextId++, op: 'unlisten', channel }));
    };
  }

  async dumpDataDir(compression: 'auto' | 'gzip' | 'none' = 'auto'): Promise<Blob> {
    const dump = (await this.#whenFree(() => this.#send({ id: this.#nextId++, op: 'dumpDataDir', compression }))) as {
      bytes: ArrayBuffer;
      type: string;
      name?: string;
    };
    const bytes = new Uint8Array(dump.bytes);
    return dump.name ? new File([bytes], dump.name, { type: dump.type }) : new Blob([bytes], { type: dump.type });
  }

  /** Waits for the statements already queued, closes PGlite (flushing its files), then stops the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (!this.#dead) await this.#whenFree(() => this.#send({ id: this.#nextId++, op: 'close' }));
    await this.#worker.terminate();
  }

  get closed() {
    return this.#closed;
  }
}

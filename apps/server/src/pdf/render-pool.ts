// Rendering in a worker thread (one per job runner): pdfmake's layout is CPU-bound and took ~50–150 ms of the event
// loop per document, during which an instance with ROLE=all answered nothing (the API's /healthz p99 went to
// ~110 ms while 100 jobs ran; bench/pdf-jobs.ts). The thread also bounds a runaway document: its heap is capped
// and a render that takes too long is stopped (the thread is replaced) — the job then fails like any other attempt.
import { Worker } from 'node:worker_threads';
import type { PdfKind } from '@volant/shared/enums';
import type { PackDocumentKind } from '../features/inspection-pack/inspection-pack.pdf.ts';
import type { PackTaskName, TaskEntry } from '../features/inspection-pack/inspection-pack.tasks.ts';
import { AppError } from '../lib/app-error.ts';
import type { RenderReply, RenderRequest, StageRequest, TaskRequest } from './render-thread.ts';

export interface ThreadRenderer {
  /** The document of `kind` rendered from `vm` (its view-model), as PDF bytes. */
  render(kind: PdfKind | PackDocumentKind, vm: unknown): Promise<Uint8Array>;
  /** Hands a page of rows to the thread for a later `task` of the same session (inspection-pack.tasks.ts). */
  stage(session: string, part: string, rows: unknown[]): void;
  /** Runs a task of the inspection pack over what the session staged; `counts`: rows staged per part. */
  task(session: string, task: PackTaskName, input: unknown, counts: Record<string, number>): Promise<TaskEntry[]>;
  /** Ends the thread (after the render in progress, if any, is answered or abandoned). */
  close(): Promise<void>;
}

export interface ThreadRendererOptions {
  /** A render taking longer is abandoned and the thread replaced (default 60 s). */
  timeoutMs?: number;
  /** The thread's heap limit (default 1 GB). */
  maxHeapMb?: number;
  /**
   * Linux: the thread's nice value (default 0). A batch of many documents (the inspection pack, issue 22 §2) runs its
   * threads niced, so that on a small machine the HTTP thread wins the CPU and health checks stay fast.
   */
  niceness?: number;
}

export function createThreadRenderer(opts: ThreadRendererOptions = {}): ThreadRenderer {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  let worker: Worker | null = null;
  let seq = 0;
  // A render resolves to bytes, a task to entries (the reply says which).
  const pending = new Map<number, { thread: Worker; resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  /** Rejects the renders a thread had when it went away. */
  const failAll = (thread: Worker, err: Error) => {
    for (const [id, p] of pending) {
      if (p.thread !== thread) continue;
      clearTimeout(p.timer);
      p.reject(err);
      pending.delete(id);
    }
  };

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./render-thread.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: opts.maxHeapMb ?? 1024 },
      workerData: { niceness: opts.niceness ?? 0 },
    });
    w.unref();
    w.on('message', (reply: RenderReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      clearTimeout(p.timer);
      if ('bytes' in reply) p.resolve(reply.bytes);
      else if ('entries' in reply) p.resolve(reply.entries);
      else if (reply.error.code) p.reject(new AppError(reply.error.code, reply.error.message));
      else p.reject(new Error(reply.error.message));
    });
    const gone = (err: Error) => {
      if (worker === w) worker = null;
      failAll(w, err);
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`the rendering thread stopped (exit code ${code})`)));
    worker = w;
    return w;
  }

  function request<T>(message: Omit<RenderRequest, 'id'> | Omit<TaskRequest, 'id'>): Promise<T> {
    const w = thread();
    const id = ++seq;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`rendering took longer than ${timeoutMs} ms`));
        // The thread may be stuck in the layout: replace it.
        if (worker === w) worker = null;
        void w.terminate();
      }, timeoutMs);
      pending.set(id, { thread: w, resolve: resolve as (v: unknown) => void, reject, timer });
      w.postMessage({ id, ...message });
    });
  }

  return {
    render: (kind, vm) => request<Uint8Array>({ kind, vm }),
    stage(session, part, rows) {
      thread().postMessage({ stage: session, part, rows } satisfies StageRequest);
    },
    task: (session, task, input, counts) => request<TaskEntry[]>({ task, session, input, counts }),
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

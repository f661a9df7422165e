// The rendering thread (pdf/render-pool.ts starts it): turns a kind's view-model into PDF bytes with the document's
// own `render` and pdfmake, off the server's event loop. View-models are plain JSON, so they cross the thread boundary
// as they are; the bytes come back transferred, not copied.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfKind } from '@volant/shared/enums';
import { AppError } from '../lib/app-error.ts';
import { isPackDocumentKind, type PackDocumentKind, type PackDocumentVm } from '../features/inspection-pack/inspection-pack.pdf.ts';
import { type PackTaskName, renderPackPdf, runPackTask, type Staged, type TaskEntry } from '../features/inspection-pack/inspection-pack.tasks.ts';
import { documentOf } from './documents.ts';
import { renderPdf } from './render.ts';

export interface RenderRequest {
  id: number;
  /** A PDF kind of the registry, or one of the inspection pack's own documents (issue 22 §2). */
  kind: PdfKind | PackDocumentKind;
  vm: unknown;
}
/** Rows handed over for a task of the inspection pack, one page at a time (no reply). */
export interface StageRequest {
  stage: string;
  part: string;
  rows: unknown[];
}
/** A task of the inspection pack over what was staged under `session`; `counts`: the rows staged per part. */
export interface TaskRequest {
  id: number;
  task: PackTaskName;
  session: string;
  input: unknown;
  counts: Record<string, number>;
}
export type RenderReply =
  | { id: number; bytes: Uint8Array }
  | { id: number; entries: TaskEntry[] }
  | { id: number; error: { message: string; code?: AppError['code'] } };

// On Linux a nice value belongs to a thread and pid 0 names the calling one (as packages/db/src/pglite-thread.ts does).
const niceness = (workerData as { niceness?: number } | null)?.niceness ?? 0;
if (process.platform === 'linux' && niceness > 0) {
  try {
    setPriority(0, niceness);
  } catch {
    // Not allowed here: the normal priority.
  }
}

const sessions = new Map<string, Staged>();

async function runTask({ id, task, session, input, counts }: TaskRequest) {
  const staged = sessions.get(session) ?? new Map();
  sessions.delete(session);
  try {
    // A thread replaced between the pages and the task (a crash) lost rows: never a report over part of the data.
    for (const [part, n] of Object.entries(counts)) {
      if ((staged.get(part)?.length ?? 0) !== n) throw new Error(`the task's ${part} arrived incomplete (${staged.get(part)?.length ?? 0} of ${n})`);
    }
    const entries = await runPackTask(task, input as never, staged, async (d) => new Uint8Array(await renderPdf(d)));
    parentPort?.postMessage(
      { id, entries } satisfies RenderReply,
      entries.map((e) => e.bytes.buffer as ArrayBuffer),
    );
  } catch (err) {
    parentPort?.postMessage({ id, error: { message: err instanceof Error ? err.message : String(err) } } satisfies RenderReply);
  }
}

parentPort?.on('message', async (message: RenderRequest | StageRequest | TaskRequest) => {
  if ('stage' in message) {
    const staged = sessions.get(message.stage) ?? new Map<string, unknown[]>();
    sessions.set(message.stage, staged);
    const rows = staged.get(message.part) ?? [];
    for (const row of message.rows) rows.push(row);
    staged.set(message.part, rows);
    return;
  }
  if ('task' in message) return runTask(message);
  const { id, kind, vm } = message;
  try {
    const rendered = isPackDocumentKind(kind) ? await renderPackPdf(vm as PackDocumentVm, renderPdf) : await renderPdf(documentOf(kind).render(vm));
    // A Buffer may share a pooled ArrayBuffer: copy into one of its own, then hand that over.
    const bytes = new Uint8Array(rendered);
    parentPort?.postMessage({ id, bytes } satisfies RenderReply, [bytes.buffer]);
  } catch (err) {
    const error = err instanceof AppError ? { message: err.message, code: err.code } : { message: err instanceof Error ? err.message : String(err) };
    parentPort?.postMessage({ id, error } satisfies RenderReply);
  }
});

// The rendering thread (pdf/render-pool.ts starts it): turns a kind's view-model into PDF bytes with the document's
// own `render` and pdfmake, off the server's event loop. View-models are plain JSON, so they cross the thread boundary
// as they are; the bytes come back transferred, not copied.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfKind } from '@volant/shared/enums';
import { AppError } from '../lib/app-error.ts';
import { isPackDocumentKind, type PackDocumentKind, type PackDocumentVm, renderPackDocument } from '../features/inspection-pack/inspection-pack.pdf.ts';
import { documentOf } from './documents.ts';
import { renderPdf } from './render.ts';

export interface RenderRequest {
  id: number;
  /** A PDF kind of the registry, or one of the inspection pack's own documents (issue 22 §2). */
  kind: PdfKind | PackDocumentKind;
  vm: unknown;
}
export type RenderReply = { id: number; bytes: Uint8Array } | { id: number; error: { message: string; code?: AppError['code'] } };

// On Linux a nice value belongs to a thread and pid 0 names the calling one (as packages/db/src/pglite-thread.ts does).
const niceness = (workerData as { niceness?: number } | null)?.niceness ?? 0;
if (process.platform === 'linux' && niceness > 0) {
  try {
    setPriority(0, niceness);
  } catch {
    // Not allowed here: the normal priority.
  }
}

parentPort?.on('message', async ({ id, kind, vm }: RenderRequest) => {
  try {
    const definition = isPackDocumentKind(kind) ? renderPackDocument(vm as PackDocumentVm) : documentOf(kind).render(vm);
    const rendered = await renderPdf(definition);
    // A Buffer may share a pooled ArrayBuffer: copy into one of its own, then hand that over.
    const bytes = new Uint8Array(rendered);
    parentPort?.postMessage({ id, bytes } satisfies RenderReply, [bytes.buffer]);
  } catch (err) {
    const error = err instanceof AppError ? { message: err.message, code: err.code } : { message: err instanceof Error ? err.message : String(err) };
    parentPort?.postMessage({ id, error } satisfies RenderReply);
  }
});

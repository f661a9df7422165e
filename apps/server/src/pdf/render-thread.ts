// The rendering thread (pdf/render-pool.ts starts it): turns a kind's view-model into PDF bytes with the document's
// own `render` and pdfmake, off the server's event loop. View-models are plain JSON, so they cross the thread boundary
// as they are; the bytes come back transferred, not copied.
import { parentPort } from 'node:worker_threads';
import type { PdfKind } from '@volant/shared/enums';
import { AppError } from '../lib/app-error.ts';
import { documentOf } from './documents.ts';
import { renderPdf } from './render.ts';

export interface RenderRequest {
  id: number;
  kind: PdfKind;
  vm: unknown;
}
export type RenderReply = { id: number; bytes: Uint8Array } | { id: number; error: { message: string; code?: AppError['code'] } };

parentPort?.on('message', async ({ id, kind, vm }: RenderRequest) => {
  try {
    const rendered = await renderPdf(documentOf(kind).render(vm));
    // A Buffer may share a pooled ArrayBuffer: copy into one of its own, then hand that over.
    const bytes = new Uint8Array(rendered);
    parentPort?.postMessage({ id, bytes } satisfies RenderReply, [bytes.buffer]);
  } catch (err) {
    const error = err instanceof AppError ? { message: err.message, code: err.code } : { message: err instanceof Error ? err.message : String(err) };
    parentPort?.postMessage({ id, error } satisfies RenderReply);
  }
});

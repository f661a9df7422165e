// The PDF job runner (issue 10, DESIGN "Jobs"): claims jobs from pdf_files one at a time, builds the kind's view-model
// (`documentOf(kind).load`, in one read-only snapshot), renders it (pdf/render.ts), stores the file (pdf/storage.ts),
// marks the row DONE and tells the requesting user (OnPdfFileChanged to their user room) once the row is committed.
// The pdf_files rows are the source of truth (status NEW → PROCESSING → DONE/ERROR, attempts, lease); the job runner
// (jobs/runner.ts, kind `pdf.run` in pdf/pdf.jobs.ts) decides when a pass runs and on which instance.
//
// - Concurrency is one job per runner: rendering is CPU-bound (the server renders in one worker thread,
//   pdf/render-pool.ts, so the API's event loop stays free), and a second job at once would only make both slower on
//   a small machine. Run ROLE=worker instances to scale out; any number share the queue (`FOR UPDATE SKIP LOCKED`).
// - When: a `pdf.run` job after the requesting write's commit (after.enqueue), one at a failed attempt's retry time
//   (`retryAt`), and the runner's sweep every minute for expired leases.
// - Failures: a subject that is not found (or a kind without a document, or bad params) is ERROR at once; any other
//   failure is retried after a short delay, at most `maxAttempts` (3) attempts in all, then ERROR with the reason
//   (stored in `error` and logged). A worker that dies mid-job leaves the row PROCESSING with a lease of 2 minutes; the
//   next claim after that takes it over, and a job whose last allowed attempt died too is ERROR — never a loop.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, DbOrTx } from '@volant/db/client';
import type { PdfKind } from '@volant/shared/enums';
import type { FastifyBaseLogger } from 'fastify';
import { serialPasses } from '../jobs/serial.ts';
import { AppError } from '../lib/app-error.ts';
import { proveSchoolId } from '../lib/tenant.ts';
import type { Live } from '../live/live.ts';
import type { PdfDocument } from './document.ts';
import { documentOf as registryDocumentOf } from './documents.ts';
import { claimPdfJob, failAbandonedPdfJobs, markPdfDone, markPdfFailed, type PdfJobRow, releasePdfForRetry } from './jobs.queries.ts';
import { renderPdf } from './render.ts';
import type { FileStorage } from './storage.ts';

export const PDF_LEASE_MS = 2 * 60_000;
export const PDF_MAX_ATTEMPTS = 3;
/** After a failed attempt: 2 s, then 4 s (a database hiccup passes; a broken document fails fast enough). */
export const pdfRetryDelayMs = (attempts: number) => 2_000 * attempts;

/** The URL a finished file is downloaded from (GET, with the Authorization header; pdf/download.ts). */
export const pdfFileUrl = (id: string) => `/api/files/${id}`;
/** The name a finished file is stored and downloaded under. */
export const pdfFileName = (kind: PdfKind, id: string) => `${kind.toLowerCase()}-${id}.pdf`;
/** A document's own file name when it is safe in a Content-Disposition header (ASCII word characters, dashes, dots). */
const safeFileName = (name: string | undefined) => (name && /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.pdf$/.test(name) ? name : null);

export interface PdfWorker {
  readonly workerId: string;
  /** Runs every claimable job now and resolves when none is left (the `pdf.run` job; tests, benches). */
  drain(): Promise<void>;
  /** No new pass; waits for the job in progress. */
  stop(): Promise<void>;
}

export interface PdfWorkerOptions {
  db: Db;
  live: Pick<Live, 'toUser'>;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  workerId?: string;
  /** A failed attempt is due again at this time: the server queues a `pdf.run` job for it. */
  retryAt?: (at: Date) => void;
  leaseMs?: number;
  maxAttempts?: number;
  retryDelayMs?: (attempts: number) => number;
  /** The test seam: documents by kind (default: the registry, pdf/documents.ts). */
  // biome-ignore lint/suspicious/noExplicitAny: each document has its own view-model; load's result goes to render.
  documentOf?: (kind: PdfKind) => PdfDocument<any>;
  /** How a view-model becomes bytes (default: in this thread; the server passes pdf/render-pool.ts's thread). */
  render?: RenderJob;
  /** Tests: only these schools' jobs. */
  schoolIds?: readonly string[];
  /** After a job is DONE and committed: the requester's PDF_READY notification (server.ts wires it). */
  onDone?: (row: Pick<PdfJobRow, 'id' | 'kind' | 'schoolId' | 'requestedBy'>) => Promise<void>;
}

/** Renders a kind's view-model with its document; `document` is the one `load` came from. */
// biome-ignore lint/suspicious/noExplicitAny: the view-model is the document's own.
export type RenderJob = (kind: PdfKind, vm: any, document: PdfDocument<any>) => Promise<Uint8Array>;

/** Rendering on the caller's thread (tests, and documents given through the `documentOf` seam). */
export const renderInProcess: RenderJob = (_kind, vm, document) => renderPdf(document.render(vm));

/** What `error` stores and the log says: the app code and its text, or the error's own message (bounded). */
export function failureReason(err: unknown): string {
  if (err instanceof AppError) return `${err.code}: ${err.message}`;
  const message = err instanceof Error ? err.message : String(err);
  return (message || 'unknown error').slice(0, 1000);
}

/** A failure another attempt cannot fix. */
const isPermanent = (err: unknown) => err instanceof AppError && (err.kind === 'NOT_FOUND' || err.kind === 'BAD_REQUEST');

export function createPdfWorker(opts: PdfWorkerOptions): PdfWorker {
  const now = opts.now ?? (() => new Date());
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? PDF_LEASE_MS;
  const maxAttempts = opts.maxAttempts ?? PDF_MAX_ATTEMPTS;
  const retryDelayMs = opts.retryDelayMs ?? pdfRetryDelayMs;
  const documentOf = opts.documentOf ?? registryDocumentOf;
  const render = opts.render ?? renderInProcess;
  const scope = { maxAttempts, schoolIds: opts.schoolIds };
  let stopped = false;

  function tell(row: Pick<PdfJobRow, 'id' | 'kind' | 'clientCode' | 'requestedBy' | 'fileName'>, status: 'done' | 'error') {
    if (!row.requestedBy) return;
    const file = status === 'done' ? { fileUrl: pdfFileUrl(row.id), ...(row.fileName ? { fileName: row.fileName } : {}) } : {};
    opts.live.toUser(row.requestedBy, { OnPdfFileChanged: { id: row.id, status, clientCode: row.clientCode, type: row.kind, ...file } });
  }

  async function build(job: PdfJobRow): Promise<{ bytes: Uint8Array; fileName: string }> {
    const document = documentOf(job.kind);
    const subject = { entityId: job.entityId, params: job.params };
    // One consistent snapshot of the school's rows for the whole view-model, and no write from a document.
    const vm = await opts.db.transaction((tx: DbOrTx) => document.load(tx, proveSchoolId(job.schoolId), subject, now()), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const fileName = safeFileName(document.fileName?.(vm)) ?? pdfFileName(job.kind, job.id);
    return { bytes: await render(job.kind, vm, document), fileName };
  }

  async function run(job: PdfJobRow) {
    const started = performance.now();
    try {
      const { bytes, fileName } = await build(job);
      const stored = await opts.storage.put(job.schoolId, job.id, bytes);
      const row = await markPdfDone(opts.db, job.id, workerId, { ...stored, fileName }, now());
      if (row) {
        tell(row, 'done');
        // The bell's notification is a convenience: its failure must not fail a finished job.
        await opts.onDone?.(row).catch((err: unknown) => opts.log.error({ err, pdfFileId: row.id }, 'pdf ready notification not written'));
      }
      opts.log.info(
        { pdfFileId: job.id, kind: job.kind, attempt: job.attempts, bytes: stored.fileSize, ms: Math.round(performance.now() - started) },
        'pdf generated',
      );
    } catch (err) {
      const reason = failureReason(err);
      if (isPermanent(err) || job.attempts >= maxAttempts) {
        const row = await markPdfFailed(opts.db, job.id, workerId, reason, now());
        if (row) tell(row, 'error');
        opts.log.error({ err, pdfFileId: job.id, kind: job.kind, attempt: job.attempts }, 'pdf generation failed');
      } else {
        const retryAt = new Date(now().getTime() + retryDelayMs(job.attempts));
        await releasePdfForRetry(opts.db, job.id, workerId, reason, retryAt);
        opts.retryAt?.(retryAt);
        opts.log.warn({ err, pdfFileId: job.id, kind: job.kind, attempt: job.attempts }, 'pdf generation failed; will retry');
      }
    }
  }

  async function runDue() {
    const abandoned = await failAbandonedPdfJobs(opts.db, now(), scope, `its worker stopped during each of ${maxAttempts} attempts`);
    for (const row of abandoned) {
      opts.log.error({ pdfFileId: row.id, kind: row.kind, attempts: row.attempts }, 'pdf job abandoned by its workers');
      tell(row, 'error');
    }
    while (!stopped) {
      const at = now();
      const job = await claimPdfJob(opts.db, at, { ...scope, workerId, leaseUntil: new Date(at.getTime() + leaseMs) });
      if (!job) return;
      await run(job);
    }
  }

  const passes = serialPasses(runDue, (err) => opts.log.error({ err }, 'pdf jobs not run'));
  return {
    workerId,
    drain: () => passes.run(),
    async stop() {
      stopped = true;
      await passes.stop();
    },
  };
}

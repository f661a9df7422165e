// The statements of the PDF job queue (pdf_files): the request's insert (in the caller's transaction), the worker's
// claim (`FOR UPDATE SKIP LOCKED`, so any number of workers on any number of instances share one queue) and its
// bookkeeping. Every write after the claim names the worker, so a worker whose lease ran out (and whose job another
// worker took over) can no longer change the row.
import type { Db, DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { PdfKind } from '@volant/shared/enums';
import { and, asc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';

const { pdfFiles } = schema;

export type PdfJobRow = typeof pdfFiles.$inferSelect;

export interface NewPdfJob {
  kind: PdfKind;
  clientCode: string;
  entityId: string | null;
  params: Record<string, unknown>;
  requestedBy: string | null;
}

/** Writes a NEW job (services call it through `after.enqueue`, which wakes the runner after commit). */
export async function insertPdfJob(tx: DbOrTx, schoolId: string, job: NewPdfJob, now: Date) {
  const [row] = await tx
    .insert(pdfFiles)
    .values({ schoolId, ...job, status: 'NEW', createdAt: now })
    .returning({ id: pdfFiles.id, clientCode: pdfFiles.clientCode, kind: pdfFiles.kind });
  return row;
}

export interface ClaimOptions {
  workerId: string;
  leaseUntil: Date;
  maxAttempts: number;
  /** Tests: claim only these schools' jobs (other tests' jobs in a shared database are not theirs). */
  schoolIds?: readonly string[];
}

/**
 * Claims the oldest job that is NEW, or PROCESSING with its lease run out (its worker died, or a failed attempt's
 * retry delay passed) and attempts left: PROCESSING, attempts + 1, leased to this worker. One row or undefined.
 */
export async function claimPdfJob(db: Db, at: Date, opts: ClaimOptions): Promise<PdfJobRow | undefined> {
  const scope: SQL | undefined = opts.schoolIds ? inArray(pdfFiles.schoolId, [...opts.schoolIds]) : undefined;
  const next = db
    .select({ id: pdfFiles.id })
    .from(pdfFiles)
    .where(
      and(or(eq(pdfFiles.status, 'NEW'), and(eq(pdfFiles.status, 'PROCESSING'), lt(pdfFiles.leaseUntil, at))), lt(pdfFiles.attempts, opts.maxAttempts), scope),
    )
    .orderBy(asc(pdfFiles.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(pdfFiles)
    .set({ status: 'PROCESSING', attempts: sql`${pdfFiles.attempts} + 1`, leaseUntil: opts.leaseUntil, workerId: opts.workerId })
    .where(inArray(pdfFiles.id, next))
    .returning();
  return claimed;
}

/**
 * Jobs whose last allowed attempt's lease ran out (the worker died each time, e.g. a document that kills the process):
 * ERROR with the reason, never claimed again. Returns them, for the requesters' messages.
 */
export async function failAbandonedPdfJobs(db: Db, at: Date, opts: Pick<ClaimOptions, 'maxAttempts' | 'schoolIds'>, error: string) {
  return db
    .update(pdfFiles)
    .set({ status: 'ERROR', error, finishedAt: at, leaseUntil: null, workerId: null })
    .where(
      and(
        eq(pdfFiles.status, 'PROCESSING'),
        lt(pdfFiles.leaseUntil, at),
        gte(pdfFiles.attempts, opts.maxAttempts),
        opts.schoolIds ? inArray(pdfFiles.schoolId, [...opts.schoolIds]) : undefined,
      ),
    )
    .returning();
}

const heldBy = (id: string, workerId: string) => and(eq(pdfFiles.id, id), eq(pdfFiles.status, 'PROCESSING'), eq(pdfFiles.workerId, workerId));

/** DONE with the stored file; undefined when the job is no longer this worker's. */
export async function markPdfDone(db: Db, id: string, workerId: string, file: { filePath: string; fileName: string; fileSize: number }, at: Date) {
  const [row] = await db
    .update(pdfFiles)
    .set({ status: 'DONE', ...file, error: null, finishedAt: at, leaseUntil: null })
    .where(heldBy(id, workerId))
    .returning();
  return row;
}

/** ERROR for good, with the reason; undefined when the job is no longer this worker's. */
export async function markPdfFailed(db: Db, id: string, workerId: string, error: string, at: Date) {
  const [row] = await db.update(pdfFiles).set({ status: 'ERROR', error, finishedAt: at, leaseUntil: null }).where(heldBy(id, workerId)).returning();
  return row;
}

/** A failed attempt with attempts left: claimable again once `retryAt` passes (the lease doubles as the delay). */
export async function releasePdfForRetry(db: Db, id: string, workerId: string, error: string, retryAt: Date) {
  await db.update(pdfFiles).set({ error, leaseUntil: retryAt, workerId: null }).where(heldBy(id, workerId));
}

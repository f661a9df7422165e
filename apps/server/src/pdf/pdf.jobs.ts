// The PDF job kind: one `pdf.run` job is one pass over the pdf_files queue (pdf/jobs.ts claims and renders the rows).
// At most one pass waits queued (policy `short`; the wake-ups of many requests collapse into it), any number of
// instances may run passes at once (the rows are claimed with SKIP LOCKED), and a sweep every minute takes over rows
// whose worker died (their lease ran out).
import type { JobDefinition } from '../jobs/runner.ts';
import type { PdfWorker } from './jobs.ts';

export const PDF_JOB = 'pdf.run';

export function pdfJob(worker: Pick<PdfWorker, 'drain'>): JobDefinition {
  return {
    kind: PDF_JOB,
    queue: { policy: 'short', retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60, deleteAfterSeconds: 3_600 },
    cron: '* * * * *',
    run: () => worker.drain(),
  };
}

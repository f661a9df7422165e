// The inspection pack's job kind (issue 22 §2): one `inspectionPack.run` job is one pass over the inspection_packs
// queue, as `pdf.run` is over pdf_files (pdf/pdf.jobs.ts): the rows are the truth, a request's commit wakes a pass
// (after.enqueue), a pass claims NEW packs one at a time (SKIP LOCKED, so any number of workers share the queue) and
// builds each (inspection-pack.build.ts), and the sweep every minute also fails a pack whose worker stopped mid-build.
//
// Rendering: while a pack is built, two render threads of its own (pdf/render-pool.ts), niced, so the documents of a
// year go twice as fast on two cores and the HTTP thread still wins the CPU (the bench: bench/inspection-pack.ts).
import type { Db } from '@volant/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../jobs/runner.ts';
import { serialPasses } from '../../jobs/serial.ts';
import { documentOf } from '../../pdf/documents.ts';
import { failureReason } from '../../pdf/jobs.ts';
import { createThreadRenderer } from '../../pdf/render-pool.ts';
import { renderPdf } from '../../pdf/render.ts';
import { buildInspectionPack, type PackRender, type PackWork } from './inspection-pack.build.ts';
import { isPackDocumentKind, type PackDocumentVm } from './inspection-pack.pdf.ts';
import { renderPackPdf, runPackTask, type Staged } from './inspection-pack.tasks.ts';
import { claimPack, failPack, failStalePacks, finishPack, setPackProgress } from './inspection-pack.queries.ts';
import { createPackFile } from './inspection-pack.storage.ts';

export const INSPECTION_PACK_JOB = 'inspectionPack.run';
/** A pack still PROCESSING after this long lost its worker. */
export const PACK_STALE_MS = 30 * 60_000;
/** The job row's progress is written at most this often. */
const PROGRESS_EVERY_MS = 300;
const RENDER_THREADS = 2;
const RENDER_NICENESS = 10;

/** Rendering on the caller's thread (tests). */
export const renderPackInProcess: PackRender = async (kind, vm) =>
  isPackDocumentKind(kind) ? renderPackPdf(vm as PackDocumentVm, renderPdf) : renderPdf(documentOf(kind).render(vm));

/** The pack's work on the caller's thread (tests): the same tasks over the same staged pages, without a thread. */
export const packWorkInProcess: PackWork = {
  render: renderPackInProcess,
  session() {
    const staged: Staged = new Map();
    return {
      stage(part, rows) {
        staged.set(part, [...(staged.get(part) ?? []), ...rows]);
      },
      run: (name, input) => runPackTask(name, input, staged, renderPdf),
    };
  },
};

export interface PackRunnerOptions {
  db: Db;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now?: () => Date;
  /** Tests: work in this thread (packWorkInProcess); default: RENDER_THREADS niced threads per pack. */
  work?: PackWork;
  /** Tests: only these schools' packs. */
  schoolIds?: readonly string[];
}

export interface PackRunner {
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A pool of niced render threads for one pack: documents go to the thread with the fewest in hand; a task's session
 * (its staged pages and its run) stays on the thread it started on.
 */
function threadPool() {
  const threads = Array.from({ length: RENDER_THREADS }, () => ({ renderer: createThreadRenderer({ niceness: RENDER_NICENESS }), busy: 0 }));
  const leastBusy = () => threads.reduce((a, b) => (b.busy < a.busy ? b : a));
  let sessions = 0;
  const work: PackWork = {
    async render(kind, vm) {
      const t = leastBusy();
      t.busy += 1;
      try {
        return await t.renderer.render(kind, vm);
      } finally {
        t.busy -= 1;
      }
    },
    session() {
      const t = leastBusy();
      t.busy += 1;
      const key = `session-${++sessions}`;
      const counts: Record<string, number> = {};
      return {
        stage(part, rows) {
          counts[part] = (counts[part] ?? 0) + rows.length;
          t.renderer.stage(key, part, rows);
        },
        async run(name, input) {
          try {
            return await t.renderer.task(key, name, input, counts);
          } finally {
            t.busy -= 1;
          }
        },
      };
    },
  };
  return { work, close: () => Promise.all(threads.map((t) => t.renderer.close())) };
}

export function createPackRunner(opts: PackRunnerOptions): PackRunner {
  const now = opts.now ?? (() => new Date());
  let stopped = false;

  async function buildOne(pack: NonNullable<Awaited<ReturnType<typeof claimPack>>>) {
    const started = performance.now();
    // The process's CPU (every thread: the render threads, the reads, the ZIP) the pack costs, in the log: on a busy
    // machine the wall time says more about the neighbours than about the pack.
    const cpu = process.cpuUsage();
    const pool = opts.work ? null : threadPool();
    const work = opts.work ?? (pool as ReturnType<typeof threadPool>).work;
    const file = await createPackFile(opts.dataDir, pack.schoolId, pack.id);
    let last = 0;
    try {
      const result = await buildInspectionPack({
        db: opts.db,
        schoolId: pack.schoolId,
        from: pack.dateFrom,
        to: pack.dateTo,
        now: now(),
        work,
        file,
        concurrency: opts.work ? 1 : RENDER_THREADS,
        progress: async (progress, step) => {
          const t = performance.now();
          if (t - last < PROGRESS_EVERY_MS) return;
          last = t;
          await setPackProgress(opts.db, pack.id, progress, step);
        },
      });
      const stored = await file.commit();
      await finishPack(opts.db, pack.id, stored, now());
      const used = process.cpuUsage(cpu);
      opts.log.info(
        {
          inspectionPackId: pack.id,
          entries: result.entries.length,
          omitted: result.omissions.length,
          bytes: stored.fileSize,
          ms: Math.round(performance.now() - started),
          cpuMs: Math.round((used.user + used.system) / 1000),
        },
        'inspection pack built',
      );
    } catch (err) {
      await file.abort();
      await failPack(opts.db, pack.id, failureReason(err), now());
      opts.log.error({ err, inspectionPackId: pack.id }, 'inspection pack failed');
    } finally {
      await pool?.close();
    }
  }

  async function runDue() {
    const at = now();
    for (const row of await failStalePacks(opts.db, new Date(at.getTime() - PACK_STALE_MS), 'the worker stopped while building the pack', at))
      opts.log.error({ inspectionPackId: row.id }, 'inspection pack abandoned by its worker');
    while (!stopped) {
      const pack = await claimPack(opts.db, now(), opts.schoolIds);
      if (!pack) return;
      await buildOne(pack);
    }
  }

  const passes = serialPasses(runDue, (err) => opts.log.error({ err }, 'inspection packs not built'));
  return {
    drain: () => passes.run(),
    async stop() {
      stopped = true;
      await passes.stop();
    },
  };
}

export function inspectionPackJob(runner: Pick<PackRunner, 'drain'>): JobDefinition {
  return {
    kind: INSPECTION_PACK_JOB,
    queue: { policy: 'short', retryLimit: 2, retryDelay: 5, expireInSeconds: 60 * 60, deleteAfterSeconds: 3_600 },
    cron: '* * * * *',
    run: () => runner.drain(),
  };
}

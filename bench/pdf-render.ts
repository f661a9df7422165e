// PDF documents (issue 10 performance, DESIGN §9): how long the class book of a course and a student's ride record
// take to build (load from the database) and to render (pdfmake → bytes), and how much memory rendering a 200-page
// PDF takes. Everything runs in this process on a fresh embedded PGlite database (the worker's own situation); the
// 200-page render runs in a child process so its peak RSS is its own.
//
// Run on demand (not part of the tests), from the repository root:
//
//   npx node bench/pdf-render.ts
//
// Settings (environment):
//   BENCH_ROUNDS              measured rounds per case after 2 warm-up rounds (default 10)
//   BENCH_SIGNATURE_SEGMENTS  curve segments per signature (default 100, ~14 KB of SVG as signature_pad writes)
//   BENCH_PAGES               pages of the memory case (default 200)
//   BENCH_PDF_OUT=dir         also write the rendered PDFs there (to look at them)
//
// Cases:
//   class book      REPORT_CLASS_BOOK of a course of 30 students × 36 lessons (the B plan, taught to all together,
//                   two students missing every fifth lesson, one with an interpreter)           budget < 500 ms
//   ride record     REPORT_VEHICLE_DRIVING_TRAINING of a student with 60 registered rides in 2 cars, both signatures
//                   on every ride                                                                budget < 300 ms
// Wall times move with whatever else the machine runs; the render's CPU time (this process, user + system) is printed
// beside them as the steadier figure, with the load average at the start.
//
//   200 pages       the ride record of a student with enough rides for ~200 pages, rendered in a child process:
//                   RSS before and the peak (maxRSS) during the render
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { DrivingRecordVm, RideVm } from '@volant/shared/pdf/view-models';
import { classBookDocument } from '../apps/server/src/features/teaching-lesson-record/teaching-lesson-record.pdf.ts';
import { seedCar, seedCourse, seedRides, seedSchool, seedStudent, seedTeacher } from '../apps/server/src/testing/documents.testing.ts';
import { drivingRecordDocument } from '../apps/server/src/features/driving-lessons-record/driving-lessons-record.pdf.ts';
import { renderPdf } from '../apps/server/src/pdf/render.ts';
import { testSchoolId } from '../apps/server/src/testing/tenant.ts';
import { signatureSvg } from './scale-seed.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const SEGMENTS = Number(process.env.BENCH_SIGNATURE_SEGMENTS ?? 100);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const OUT = process.env.BENCH_PDF_OUT;

async function pageCount(bytes: Buffer): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}

/** A synthetic ride record of `n` rides (the memory case needs no database). */
function syntheticRecord(template: DrivingRecordVm, n: number): DrivingRecordVm {
  const base = template.vehicles[0].rides[0];
  const rides: RideVm[] = Array.from({ length: n }, (_, i) => ({
    ...base,
    id: String(i),
    start: new Date(Date.parse(base.start) + i * 86_400_000).toISOString(),
    end: new Date(Date.parse(base.end) + i * 86_400_000).toISOString(),
    tachometerBefore: 10_000 + i * 35,
    tachometerAfter: 10_035 + i * 35,
  }));
  return { ...template, vehicles: [{ ...template.vehicles[0], rides, minutes: n * 90, km: n * 35 }], totals: { rides: n, minutes: n * 90, km: n * 35 } };
}

// ——— the child: render one big record, report memory ———
if (process.argv[2] === '--child') {
  const { template, rides } = await new Promise<{ template: DrivingRecordVm; rides: number }>((resolve) => process.once('message', (m) => resolve(m as never)));
  await renderPdf(drivingRecordDocument.render(syntheticRecord(template, 2))); // fonts and modules loaded
  const before = process.memoryUsage().rss;
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  const t0 = performance.now();
  const bytes = await renderPdf(drivingRecordDocument.render(syntheticRecord(template, rides)));
  const ms = performance.now() - t0;
  const after = process.memoryUsage();
  process.send?.({
    before,
    maxBefore,
    peak: process.resourceUsage().maxRSS * 1024,
    heapUsed: after.heapUsed,
    ms,
    size: bytes.length,
    pages: await pageCount(bytes),
  });
  if (OUT) writeFileSync(join(OUT, 'pdf-render-200-pages.pdf'), bytes);
  process.exit(0);
}

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), min: s[0], max: s[s.length - 1] };
}
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function measure(name: string, budget: number, load: () => Promise<unknown>, render: (vm: never) => Promise<Buffer>) {
  const loads: number[] = [];
  const renders: number[] = [];
  const renderCpu: number[] = [];
  let last: Buffer | null = null;
  for (let i = 0; i < ROUNDS + 2; i++) {
    const t0 = performance.now();
    const vm = await load();
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    last = await render(vm as never);
    const c2 = process.cpuUsage(c1);
    const t2 = performance.now();
    if (i >= 2) {
      loads.push(t1 - t0);
      renders.push(t2 - t1);
      renderCpu.push((c2.user + c2.system) / 1000);
    }
  }
  const cpu = stats(renderCpu);
  const l = stats(loads);
  const r = stats(renders);
  const total = stats(loads.map((x, i) => x + renders[i]));
  const pages = last ? await pageCount(last) : 0;
  console.log(
    `${name.padEnd(12)} load ${ms(l.median)} (p95 ${ms(l.p95)}) · render ${ms(r.median)} (p95 ${ms(r.p95)}, CPU ${ms(cpu.median)}) · total ${ms(total.median)} (p95 ${ms(total.p95)}) · ` +
      `${pages} pages, ${((last?.length ?? 0) / 1024) | 0} KB · budget ${budget} ms (median): ${total.median < budget ? 'OK' : 'OVER'}`,
  );
  if (OUT && last) writeFileSync(join(OUT, `pdf-render-${name.replace(/\s+/g, '-')}.pdf`), last);
}

const { openDb } = await import('@volant/db/client');
const { migrate } = await import('@volant/db/migrate');
const dataDir = mkdtempSync(join(tmpdir(), 'volant-bench-pdf-'));
const handle = await openDb({ dataDir: join(dataDir, 'pglite') });
await migrate(handle);
const db = handle.db;

const school = await seedSchool(db);
const schoolId = testSchoolId(school.id);
const course = await seedCourse(db, school.id, { students: 30, absent: 2, interpreterFor: [5] });
const studentId = await seedStudent(db, school.id, { dateOfInProgress: '2026-02-02' });
const teacherId = await seedTeacher(db, school.id);
const cars = [await seedCar(db, school.id), await seedCar(db, school.id, { carType: 'Škoda Fabia' })];
await seedRides(db, school.id, studentId, {
  count: 60,
  carIds: cars,
  teacherId,
  perCar: 30,
  signature: signatureSvg(SEGMENTS, 7),
  teacherSignature: signatureSvg(SEGMENTS, 3),
});
const now = new Date('2026-04-20T09:00:00Z');

console.log(
  `PDF documents on PGlite, ${ROUNDS} rounds after 2 warm-up · signatures of ${SEGMENTS} segments (${signatureSvg(SEGMENTS, 7).length} chars) · load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
await measure(
  'class book',
  500,
  () => classBookDocument.load(db, schoolId, { entityId: course.studentIds[0], params: {} }, now),
  (vm) => renderPdf(classBookDocument.render(vm)),
);
await measure(
  'ride record',
  300,
  () => drivingRecordDocument.load(db, schoolId, { entityId: studentId, params: {} }, now),
  (vm) => renderPdf(drivingRecordDocument.render(vm)),
);

// ~18.5 rides a landscape page: enough rides for PAGES pages.
const template = await drivingRecordDocument.load(db, schoolId, { entityId: studentId, params: {} }, now);
await handle.close();
const rides = Math.round(PAGES * 18.5);
const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: process.execArgv });
child.send({ template, rides });
const result = await new Promise<{ before: number; maxBefore: number; peak: number; heapUsed: number; ms: number; size: number; pages: number }>(
  (resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => (code ? reject(new Error(`child exited ${code}`)) : undefined));
  },
);
console.log(
  `${`${result.pages} pages`.padEnd(12)} ${rides} rides · render ${ms(result.ms)} · ${(result.size / 1024 / 1024).toFixed(1)} MB PDF · ` +
    `RSS before ${mb(result.before)}, peak ${mb(result.peak)} (+${mb(result.peak - Math.max(result.before, result.maxBefore))}) · heap after ${mb(result.heapUsed)}`,
);

// Building one inspection pack (issue 22 §2): the parts of PACK_PARTS in order, each planning its documents with cheap
// reads, then each document loaded (one read-only snapshot per document, as pdf/jobs.ts does) and rendered in the
// render threads (pdf/render-pool.ts, niced: the HTTP thread wins the CPU), streamed into a ZIP on disk
// (fflate, docs/decisions/0027-inspection-pack.md) and the job row's progress moved on. Between documents the loop
// yields to the event loop; the consistency report reads the rides in pages.
//
// A document an existing template refuses for what the data shows (an exam application whose applicant misses the
// legal minimum on the day: 'never a document that claims more than the data') is not in the ZIP; `obsah.txt` says
// which and why. Any other failure fails the pack.
import { once } from 'node:events';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db, DbOrTx } from '@volant/db/client';
import type { PdfKind } from '@volant/shared/enums';
import { formatDate } from '@volant/shared/format';
import { addDays, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { schoolOfOwnWork } from '../../gate/job-tenant.ts';
import { documentOf } from '../../pdf/documents.ts';
import { loadSchoolVm } from '../school/school.pdf.queries.ts';
import { findHead, listEntriesPage, readExamsAndDates, readLessonsPage, readRidesPage, studentNames } from '../record-chain/record-chain.queries.ts';
import type { PackDocumentKind, PackDocumentVm, VehicleRideVm } from './inspection-pack.pdf.ts';
import type { PackTaskName, PackTasks } from './inspection-pack.tasks.ts';
import {
  listDeadlineSignUps,
  listDeadlineStudents,
  listPackCourses,
  listPackExams,
  listPackReports,
  listPackVehicleMonths,
  listPartialCompletionStudents,
  listPreviousOdometer,
  listRidesPage,
  listTheoryWithoutTeacher,
  listVehicleRides,
  type RideCursor,
} from './inspection-pack.queries.ts';
import type { StudentDeadlineRow } from './inspection-pack.rules.ts';
import type { PackFile } from './inspection-pack.storage.ts';

/** How a view-model becomes PDF bytes: a registry kind's or a pack document's (the server: the render threads). */
export type PackRender = (kind: PdfKind | PackDocumentKind, vm: unknown) => Promise<Uint8Array>;

/** One task's thread (inspection-pack.tasks.ts): the rows handed over page by page, then the task run over them. */
export interface PackSession {
  stage(part: string, rows: unknown[]): void;
  run<N extends PackTaskName>(name: N, input: PackTasks[N]): Promise<PackEntry[]>;
}

/** Where a pack's CPU work runs: the server's niced render threads (inspection-pack.jobs.ts), or in-process in tests. */
export interface PackWork {
  render: PackRender;
  session(): PackSession;
}

export interface PackContext {
  db: Db;
  schoolId: SchoolId;
  from: string;
  to: string;
  /** [start, end): the range's first midnight and the midnight after its last day, in the school's zone. */
  start: Date;
  end: Date;
  now: Date;
  today: string;
  work: PackWork;
}

/** One file of the ZIP. PDFs are stored as they are (already compressed); text is deflated. */
export interface PackEntry {
  name: string;
  bytes: Uint8Array;
}

/** A document the pack does not contain, with why (obsah.txt lists them). */
export interface PackOmission {
  what: string;
  why: string;
}

/** One document to build: what the page shows meanwhile, its share of the work, and how it is made. */
export interface PackItem {
  step: string;
  weight: number;
  build(ctx: PackContext): Promise<PackEntry[]>;
  /** What `obsah.txt` calls it when its template refuses it. */
  what?: string;
}

/** A part of the pack: its heading in obsah.txt and its documents, planned with cheap reads. */
export interface PackPart {
  key: string;
  title: string;
  plan(ctx: PackContext): Promise<PackItem[]>;
}

/** A document of the registry (pdf/documents.ts) loaded in one read-only snapshot and rendered. */
async function registryPdf(ctx: PackContext, kind: PdfKind, subject: { entityId: string | null; params: unknown }): Promise<Uint8Array> {
  const document = documentOf(kind);
  const vm = await ctx.db.transaction((tx: DbOrTx) => document.load(tx, ctx.schoolId, subject, ctx.now), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return ctx.work.render(kind, vm);
}

const packPdf = (ctx: PackContext, vm: PackDocumentVm) => ctx.work.render(vm.kind, vm);

/** A file-name part from a name: ASCII letters and digits, dashes ('Kurz B – jaro' → 'kurz-b-jaro'). */
export function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'bez-nazvu'
  );
}

const utf8 = (text: string) => new TextEncoder().encode(text);

// ——— the parts ———

const registerBookPart: PackPart = {
  key: 'register-book',
  title: 'Evidenční kniha (§ 9 vyhlášky 167/2002 Sb.): žadatelé přijatí v období',
  async plan() {
    return [
      {
        step: 'Evidenční kniha',
        weight: 3,
        build: async (ctx) => [
          { name: 'evidencni-kniha.pdf', bytes: await registryPdf(ctx, 'REGISTER_BOOK', { entityId: null, params: { from: ctx.from, to: ctx.to } }) },
        ],
      },
    ];
  },
};

const classBooksPart: PackPart = {
  key: 'class-books',
  title: 'Třídní knihy kurzů (§ 10): kurzy s výukou v období nebo zahájené v období',
  async plan(ctx) {
    const courses = await listPackCourses(ctx.db, ctx.schoolId, ctx.from, ctx.to, ctx.start, ctx.end);
    return courses.map((c) => ({
      step: `Třídní kniha kurzu ${c.name}`,
      what: `Třídní kniha kurzu ${c.name}`,
      weight: 2,
      build: async (x: PackContext) => [
        {
          name: `tridni-knihy/${c.startDate}-${slug(c.name)}-${c.id.slice(0, 8)}.pdf`,
          bytes: await registryPdf(x, 'COURSE_CLASS_BOOK', { entityId: c.id, params: {} }),
        },
      ],
    }));
  },
};

/** Every month ('YYYY-MM') the range [from, to] touches, in order: at most 13 for the longest range of 366 days. */
export function monthsOfRange(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = addDays(`${month}-28`, 4).slice(0, 7)) months.push(month);
  return months;
}

/** A month's [start, end) within the pack's range ('YYYY-MM', the school's calendar). */
function monthBounds(month: string, ctx: PackContext) {
  const first = `${month}-01` > ctx.from ? `${month}-01` : ctx.from;
  const next = `${addDays(`${month}-28`, 4).slice(0, 7)}-01`;
  const afterRange = addDays(ctx.to, 1);
  return { start: schoolMidnight(first), end: schoolMidnight(next < afterRange ? next : afterRange) };
}

const vehicleRideVm = (row: Awaited<ReturnType<typeof listVehicleRides>>[number]): VehicleRideVm => ({
  start: row.startTime.toISOString(),
  end: row.endTime.toISOString(),
  minutes: row.length,
  student: row.student,
  teacher: row.teacher ?? '',
  tachometerBefore: row.tachometerBefore,
  tachometerAfter: row.tachometerAfter,
  signed: row.signed,
  signedAt: row.signedAt?.toISOString() ?? null,
  teacherSigned: row.teacherSigned,
  teacherSignedAt: row.teacherSignedAt?.toISOString() ?? null,
});

const vehicleRidesPart: PackPart = {
  key: 'vehicle-rides',
  title: 'Evidence o výcviku v řízení vozidla (§ 11), po vozidlech (jízdy po měsících): zapsané jízdy',
  async plan(ctx) {
    const months = await listPackVehicleMonths(ctx.db, ctx.schoolId, ctx.start, ctx.end);
    const vehicles = new Map<string, { carId: string; brand: string; plate: string; rides: number }>();
    for (const m of months) {
      const v = vehicles.get(m.carId) ?? { carId: m.carId, brand: m.brand, plate: m.plate, rides: 0 };
      v.rides += m.rides;
      vehicles.set(m.carId, v);
    }
    return [...vehicles.values()].map((v) => ({
      step: `Jízdy vozidla ${v.plate}`,
      weight: 1 + v.rides / 40,
      build: async (x: PackContext) => {
        // One snapshot, read a month at a time (yielding between months): a year of a car's rows mapped at once held
        // the HTTP thread for ~50 ms. Every month of the range, not only those the plan saw: a ride registered in a
        // new month between the plan's read and this snapshot is in the record too (an empty month costs one probe
        // of the car's index).
        const [school, rides] = await x.db.transaction(
          async (tx: DbOrTx) => {
            const out: VehicleRideVm[] = [];
            for (const month of monthsOfRange(x.from, x.to)) {
              const r = monthBounds(month, x);
              for (const row of await listVehicleRides(tx, x.schoolId, v.carId, r.start, r.end)) out.push(vehicleRideVm(row));
              await yieldToLoop();
            }
            return [await loadSchoolVm(tx, x.schoolId), out] as const;
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
        const bytes = await packPdf(x, {
          kind: 'PACK_VEHICLE_RIDES',
          generatedOn: x.today,
          school,
          from: x.from,
          to: x.to,
          vehicle: { brand: v.brand, plate: v.plate },
          rides,
        });
        return [{ name: `jizdy-vozidel/${slug(v.plate)}-${v.carId.slice(0, 8)}.pdf`, bytes }];
      },
    }));
  },
};

const reportsPart: PackPart = {
  key: 'reports',
  title: 'Hlášenky (§ 25 zákona 247/2000 Sb.) s datem v období',
  async plan(ctx) {
    const reports = await listPackReports(ctx.db, ctx.schoolId, ctx.from, ctx.to);
    return reports.map((r) => ({
      step: `Hlášenka ${formatDate(r.date)}`,
      what: `Hlášenka ${formatDate(r.date)}`,
      weight: 1,
      build: async (x: PackContext) => [
        { name: `hlasenky/hlasenka-${r.date}-${r.id.slice(0, 8)}.pdf`, bytes: await registryPdf(x, 'REPORT', { entityId: r.id, params: {} }) },
      ],
    }));
  },
};

const examsPart: PackPart = {
  key: 'exams',
  title: 'Přihlášky ke zkoušce: termíny v období s přihlášenými žáky',
  async plan(ctx) {
    const exams = await listPackExams(ctx.db, ctx.schoolId, ctx.from, ctx.to);
    return exams.map((e) => ({
      step: `Přihláška ke zkoušce ${formatDate(e.date)}`,
      what: `Přihláška ke zkoušce ${formatDate(e.date)}, ${e.place}`,
      weight: 1,
      build: async (x: PackContext) => [
        {
          name: `prihlasky-ke-zkousce/${e.date}-${slug(e.place)}-${e.id.slice(0, 8)}.pdf`,
          bytes: await registryPdf(x, 'EXAM', { entityId: e.id, params: {} }),
        },
      ],
    }));
  },
};

const partialCompletionPart: PackPart = {
  key: 'partial-completion',
  title: 'Potvrzení o částečném absolvování výuky a výcviku (§ 13a): výcvik ukončený předčasně v období',
  async plan(ctx) {
    const list = await listPartialCompletionStudents(ctx.db, ctx.schoolId, ctx.from, ctx.to);
    return list.map((s) => ({
      step: `Potvrzení o částečném absolvování ${s.firstName} ${s.lastName}`,
      what: `Potvrzení o částečném absolvování ${s.firstName} ${s.lastName} (${s.registrationNumber ?? ''})`,
      weight: 1,
      build: async (x: PackContext) => [
        {
          name: `potvrzeni-o-castecnem-absolvovani/${slug(s.registrationNumber ?? '')}-${slug(`${s.lastName} ${s.firstName}`)}-${s.id.slice(0, 8)}.pdf`,
          bytes: await registryPdf(x, 'PARTIAL_COMPLETION', { entityId: s.id, params: {} }),
        },
      ],
    }));
  },
};

/** Rows are read this many at a time: a page of 5,000 mapped at once held the HTTP thread for ~50–150 ms. */
export const RIDES_PAGE = 1_000;

/** Hands the range's rides to a task's thread a page at a time, yielding between pages; resolves to their number. */
async function stageRides(ctx: PackContext, session: PackSession): Promise<number> {
  let cursor: RideCursor | null = null;
  let n = 0;
  for (;;) {
    const page = await listRidesPage(ctx.db, ctx.schoolId, ctx.start, ctx.end, cursor, RIDES_PAGE);
    session.stage('rides', page);
    n += page.length;
    const last = page.at(-1);
    if (!last || page.length < RIDES_PAGE) return n;
    cursor = { startTime: last.startTime, id: last.id };
    await yieldToLoop();
  }
}

/** The consistency report's rows besides the rides (small: one per car, theory hour without a teacher, student). */
export async function loadConsistencyRest(ctx: PackContext) {
  const [previousOdometer, theory, studentRows, signUps] = [
    await listPreviousOdometer(ctx.db, ctx.schoolId, ctx.start),
    await listTheoryWithoutTeacher(ctx.db, ctx.schoolId, ctx.from, ctx.to),
    await listDeadlineStudents(ctx.db, ctx.schoolId, ctx.from, ctx.to),
    await listDeadlineSignUps(ctx.db, ctx.schoolId, ctx.from, ctx.to),
  ];
  const byStudent = new Map<string, typeof signUps>();
  for (const s of signUps) {
    const list = byStudent.get(s.studentId) ?? [];
    list.push(s);
    byStudent.set(s.studentId, list);
  }
  const students: StudentDeadlineRow[] = studentRows.map((s) => {
    const mine = byStudent.get(s.id) ?? [];
    const after = s.dateOfFinished ? mine.filter((m) => m.signedUpOn >= (s.dateOfFinished as string)).map((m) => m.signedUpOn) : [];
    return {
      ...s,
      firstSignUpOn: after.sort()[0] ?? null,
      exams: mine.map((m) => ({ date: m.date, type: m.type, group: m.group, result: m.result })),
    };
  });
  return { from: ctx.from, to: ctx.to, today: ctx.today, now: ctx.now, previousOdometer, theory, students };
}

const consistencyPart: PackPart = {
  key: 'consistency',
  title: 'Kontrola konzistence záznamů (PDF, CSV pro Excel, text)',
  async plan() {
    return [
      {
        step: 'Kontrola konzistence',
        weight: 20,
        build: async (ctx) => {
          // The rides go to a render thread page by page; the checks and the report's layout run there.
          const session = ctx.work.session();
          await stageRides(ctx, session);
          const rest = await loadConsistencyRest(ctx);
          const school = await loadSchoolVm(ctx.db, ctx.schoolId);
          return session.run('consistency', { ...rest, school });
        },
      },
    ];
  },
};

/**
 * The verification of the school's record chain (issue 22 §1, docs/decisions/0026) as the pack is made: the whole
 * chain link by link and every record against its latest entry — not only the range, since one altered older row
 * breaks the trust in all that follow. The same check as `npm run verify-records`, in Czech text and as JSON.
 */
const chainVerificationPart: PackPart = {
  key: 'chain',
  title: 'Ověření neporušenosti záznamů (řetězec otisků)',
  async plan() {
    return [
      {
        step: 'Ověření záznamů',
        weight: 5,
        build: async (ctx) => {
          // One snapshot for the whole read (a write between two pages must not look like damage), a page at a time
          // to a render thread, which hashes and compares (inspection-pack.tasks.ts).
          const session = ctx.work.session();
          const input = await ctx.db.transaction(
            async (tx: DbOrTx) => {
              const head = await findHead(tx, ctx.schoolId);
              for (let after = 0; ; ) {
                const page = await listEntriesPage(tx, ctx.schoolId, after, RIDES_PAGE);
                session.stage('entries', page);
                if (page.length < RIDES_PAGE) break;
                after = (page.at(-1) as { seq: number }).seq;
                await yieldToLoop();
              }
              for (let after: { startTime: Date; id: string } | null = null; ; ) {
                const page = await readRidesPage(tx, ctx.schoolId, after, RIDES_PAGE);
                session.stage('rides', page);
                if (page.length < RIDES_PAGE) break;
                const last = page.at(-1) as { startTime: Date; id: string };
                after = { startTime: last.startTime, id: last.id };
                await yieldToLoop();
              }
              for (let after: string | null = null; ; ) {
                const page = await readLessonsPage(tx, ctx.schoolId, after, RIDES_PAGE);
                session.stage('lessons', page);
                if (page.length < RIDES_PAGE) break;
                after = (page.at(-1) as { id: string }).id;
                await yieldToLoop();
              }
              const { exams, dates } = await readExamsAndDates(tx, ctx.schoolId);
              const names = await studentNames(tx, ctx.schoolId);
              const school = await loadSchoolVm(tx, ctx.schoolId);
              return {
                schoolId: ctx.schoolId,
                schoolName: school.name,
                head: head ? { lastSeq: head.lastSeq, lastHash: head.lastHash, startedAt: head.startedAt } : null,
                names: names.map((n) => ({ id: n.id, lastName: n.lastName })),
                exams,
                dates,
                checkedAt: ctx.now,
              };
            },
            { isolationLevel: 'repeatable read', accessMode: 'read only' },
          );
          return session.run('chain', input);
        },
      },
    ];
  },
};

/** The pack's parts, in the order of obsah.txt and of the build. */
export const PACK_PARTS: readonly PackPart[] = [
  registerBookPart,
  classBooksPart,
  vehicleRidesPart,
  reportsPart,
  examsPart,
  partialCompletionPart,
  chainVerificationPart,
  consistencyPart,
];

// ——— the build ———

export type PackProgress = (progress: number, step: string) => Promise<void>;

export interface BuildOptions {
  db: Db;
  /** The claimed pack row's own school (the job proves it as its own work, gate/job-tenant.ts). */
  schoolId: string;
  from: string;
  to: string;
  now: Date;
  work: PackWork;
  file: PackFile;
  /** Called as documents finish (the job throttles its writes). */
  progress: PackProgress;
  /** Documents built at once (the render threads available). */
  concurrency?: number;
  parts?: readonly PackPart[];
}

export interface BuildResult {
  entries: string[];
  omissions: PackOmission[];
}

/** Builds the whole ZIP into `file` (not yet committed); resolves to what it holds. */
export async function buildInspectionPack(opts: BuildOptions): Promise<BuildResult> {
  const ctx: PackContext = {
    db: opts.db,
    schoolId: schoolOfOwnWork(opts.schoolId),
    from: opts.from,
    to: opts.to,
    start: schoolMidnight(opts.from),
    end: schoolMidnight(addDays(opts.to, 1)),
    now: opts.now,
    today: schoolToday(opts.now),
    work: opts.work,
  };
  const parts = opts.parts ?? PACK_PARTS;
  const out = opts.file.stream;
  let failure: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const mtime = opts.now;
  const entries: string[] = [];
  async function add(entry: PackEntry) {
    const file = entry.name.endsWith('.pdf') ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    file.push(entry.bytes, true);
    entries.push(entry.name);
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  }

  await opts.progress(0, 'Příprava');
  const planned: { part: PackPart; items: PackItem[] }[] = [];
  for (const part of parts) planned.push({ part, items: await part.plan(ctx) });
  const items = planned.flatMap((p) => p.items.map((item) => ({ ...item, part: p.part.key })));
  const byPart = new Map<string, string[]>();
  const total = items.reduce((s, i) => s + i.weight, 0) || 1;
  const omissions: PackOmission[] = [];
  let done = 0;

  // Up to `concurrency` documents in flight; written to the ZIP in plan order.
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const inFlight: { item: PackItem & { part: string }; result: Promise<PackEntry[] | PackOmission> }[] = [];
  const start = (item: PackItem & { part: string }) => ({
    item,
    result: item.build(ctx).catch((err: unknown): PackOmission => {
      // A template's refusal of what the data shows (a not-found subject, an unmet minimum): listed, not a failure.
      if (err instanceof AppError && item.what) return { what: item.what, why: err.message };
      throw err;
    }),
  });
  const settle = async () => {
    const next = inFlight.shift();
    if (!next) return;
    const result = await next.result;
    if (Array.isArray(result)) {
      for (const e of result) await add(e);
      byPart.set(next.item.part, [...(byPart.get(next.item.part) ?? []), ...result.map((e) => e.name)]);
    } else omissions.push(result);
    done += next.item.weight;
    await opts.progress((done / total) * 99, next.item.step);
    await yieldToLoop();
  };
  try {
    for (const item of items) {
      if (inFlight.length >= concurrency) await settle();
      // The page names the part being built (a long one, the consistency report, shows while it runs).
      await opts.progress((done / total) * 99, item.step);
      inFlight.push(start(item));
    }
    while (inFlight.length > 0) await settle();
  } finally {
    // Every started document is awaited, so none renders into a pack that failed.
    await Promise.allSettled(inFlight.map((f) => f.result));
  }

  const contents = [
    'Podklady pro kontrolu',
    `Období: ${formatDate(opts.from)} – ${formatDate(opts.to)}; vytvořeno ${formatDate(ctx.today)} v aplikaci Volant.`,
    '',
    ...planned.flatMap(({ part }) => {
      const names = byPart.get(part.key) ?? [];
      return [`${part.title}`, ...(names.length > 0 ? names.map((n) => `  ${n}`) : ['  (v období žádný doklad)']), ''];
    }),
    ...(omissions.length > 0
      ? ['Nezahrnuté doklady (šablona je odmítla, protože by tvrdily víc, než ukazují data):', ...omissions.map((o) => `  ${o.what}: ${o.why}`), '']
      : []),
  ].join('\n');
  await add({ name: 'obsah.txt', bytes: utf8(contents) });
  zip.end();
  if (failure) throw failure;
  return { entries, omissions };
}

// The PDF pipeline end to end on the real database: request → job row → runner → file → DONE → OnPdfFileChanged to the
// requester; retries, a killed worker's lease, the attempt bound, several runners on one queue, and the download route.
// Documents come through the runner's `documentOf` seam (a small document that reads the student's name), so these
// tests prove the pipeline whatever the real documents do; the documents (features/*/*.pdf.ts) have their own tests.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@volant/db/schema';
import type { PdfKind } from '@volant/shared/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOperator } from '../features/invoice/invoice.testing.ts';
import { createTestStudent } from '../features/student/student.testing.ts';
import { createSession } from '../gate/session.queries.ts';
import { AppError } from '../lib/app-error.ts';
import type { SchoolId } from '../lib/tenant.ts';
import { createRecordingLive } from '../live/live.ts';
import { getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { listenTestServer } from '../testing/http-server.ts';
import type { PdfDocument } from './document.ts';
import { documentOf } from './documents.ts';
import { createPdfWorker, type PdfWorkerOptions, renderInProcess } from './jobs.ts';
import { createThreadRenderer } from './render-pool.ts';
import { createFileStorage } from './storage.ts';

let app: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'volant-pdf-'));
const storage = createFileStorage(dataDir);

beforeAll(async () => {
  app = await getTestApp();
});

const { pdfFiles, students } = schema;

/** A document that reads the student (NOT_FOUND across schools, as a real one must) and prints the name. */
const nameCard: PdfDocument<{ name: string }> = {
  kind: 'PARTIAL_COMPLETION',
  async load(db, schoolId, subject) {
    const [row] = await db
      .select({ first: students.firstName, last: students.lastName })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.id, subject.entityId ?? '')));
    if (!row) throw new AppError('STUDENT_NOT_FOUND');
    return { name: `${row.first} ${row.last}` };
  },
  render: (vm) => ({ content: [{ text: 'Potvrzení', bold: true }, `Žák: ${vm.name}`] }),
};

/** A runner for one school's jobs, on a clock the test moves; `drain()` runs it (no job runner here). */
function worker(schoolId: string, o: Partial<PdfWorkerOptions> & { clock?: { now: Date } } = {}) {
  const live = createRecordingLive();
  const logged: { level: string; msg: string }[] = [];
  const log = {
    info: (_o: unknown, msg?: string) => logged.push({ level: 'info', msg: msg ?? '' }),
    warn: (_o: unknown, msg?: string) => logged.push({ level: 'warn', msg: msg ?? '' }),
    error: (_o: unknown, msg?: string) => logged.push({ level: 'error', msg: msg ?? '' }),
  } as unknown as PdfWorkerOptions['log'];
  const clock = o.clock ?? { now: new Date() };
  const runner = createPdfWorker({
    db: app.handle.db,
    live,
    storage,
    log,
    now: () => clock.now,
    schoolIds: [schoolId],
    ...o,
    documentOf: 'documentOf' in o ? o.documentOf : () => nameCard,
  });
  return { runner, live, logged, clock };
}

const job = async (id: string) => (await app.handle.db.select().from(pdfFiles).where(eq(pdfFiles.id, id)))[0];

async function pdfText(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
  try {
    const page = await (await task.promise).getPage(1);
    return (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
  } finally {
    await task.destroy();
  }
}

async function aStudentJob(kind: PdfKind = 'PARTIAL_COMPLETION') {
  const s = await setupSchool(app);
  const studentId = await createTestStudent(s.caller, s.schoolId, { firstName: 'Žofie', lastName: 'Řeháková' });
  const { id } = await s.caller.pdfFile.requestPdf({ schoolId: s.schoolId, kind: kind as 'PARTIAL_COMPLETION', studentId, clientCode: 'c-1' });
  return { ...s, studentId, id };
}

describe('PDF jobs', () => {
  it('runs a request to DONE: the file under DATA_DIR/files, the row, the history and the requester’s live message', async () => {
    const { caller, schoolId, user, id, studentId } = await aStudentJob();
    expect(await job(id)).toMatchObject({ status: 'NEW', attempts: 0, clientCode: 'c-1', entityId: studentId, requestedBy: user.id });
    expect(await caller.pdfFile.getPdfFile({ schoolId, id })).toMatchObject({ status: 'NEW', fileUrl: null });

    const { runner, live } = worker(schoolId);
    await runner.drain();
    const done = await job(id);
    expect(done).toMatchObject({
      status: 'DONE',
      attempts: 1,
      error: null,
      filePath: `${schoolId}/${id}.pdf`,
      fileName: `partial_completion-${id}.pdf`,
      leaseUntil: null,
      workerId: runner.workerId,
    });
    expect(done.finishedAt).toBeInstanceOf(Date);
    const bytes = readFileSync(join(dataDir, 'files', schoolId, `${id}.pdf`));
    expect(done.fileSize).toBe(bytes.byteLength);
    expect(await pdfText(bytes)).toContain('Žák: Žofie Řeháková');
    expect(live.sent).toEqual([
      {
        room: `user:${user.id}`,
        message: {
          OnPdfFileChanged: {
            id,
            status: 'done',
            clientCode: 'c-1',
            fileUrl: `/api/files/${id}`,
            type: 'PARTIAL_COMPLETION',
            fileName: `partial_completion-${id}.pdf`,
          },
        },
      },
    ]);

    const history = await caller.pdfFile.getPdfFiles({ schoolId });
    expect(history).toEqual({
      items: [
        expect.objectContaining({
          id,
          kind: 'PARTIAL_COMPLETION',
          status: 'DONE',
          subject: expect.stringMatching(/^Žofie Řeháková \(/),
          requestedBy: 'Test Uživatel',
          fileUrl: `/api/files/${id}`,
          fileName: `partial_completion-${id}.pdf`,
        }),
      ],
      nextCursor: null,
    });
    // Nothing is left to claim: a second drain does nothing.
    await runner.drain();
    expect((await job(id)).attempts).toBe(1);
  });

  it('makes the real documents through the registry: the student’s certificate and the school’s Evidenční kniha', async () => {
    const { schoolId, id, caller, school } = await aStudentJob();
    const book = await caller.pdfFile.requestPdf({ schoolId, kind: 'REGISTER_BOOK', from: '2020-01-01', to: '2020-12-31', clientCode: 'book' });
    // As the server renders: in the rendering thread.
    const thread = createThreadRenderer();
    const { runner } = worker(schoolId, { documentOf: undefined, render: (kind, vm) => thread.render(kind, vm) });
    await runner.drain();
    await thread.close();
    expect(await job(id)).toMatchObject({ status: 'DONE', attempts: 1 });
    expect(await job(book.id)).toMatchObject({ status: 'DONE', attempts: 1 });
    const certificate = await pdfText(readFileSync(join(dataDir, 'files', schoolId, `${id}.pdf`)));
    expect(certificate).toContain('Potvrzení o částečném absolvování');
    expect(certificate).toContain('Řeháková');
    expect(certificate).toContain(school.name);
    expect(await pdfText(readFileSync(join(dataDir, 'files', schoolId, `${book.id}.pdf`)))).toContain('Evidenční kniha');
  });

  it('the rendering thread: a document’s error comes back and the thread renders on; a render over its time is stopped', async () => {
    const { schoolId, studentId } = await aStudentJob();
    const vm = await documentOf('PARTIAL_COMPLETION').load(app.handle.db, schoolId as SchoolId, { entityId: studentId, params: {} }, new Date());
    const thread = createThreadRenderer({ timeoutMs: 30_000 });
    try {
      await expect(thread.render('PARTIAL_COMPLETION', null)).rejects.toThrow();
      expect(Buffer.from((await thread.render('PARTIAL_COMPLETION', vm)).subarray(0, 5)).toString()).toBe('%PDF-');
    } finally {
      await thread.close();
    }
    const hasty = createThreadRenderer({ timeoutMs: 1 });
    try {
      await expect(hasty.render('PARTIAL_COMPLETION', vm)).rejects.toThrow('rendering took longer than 1 ms');
    } finally {
      await hasty.close();
    }
  });

  it('writes the request with an audit row and refuses a subject that is not the school’s, for every kind', async () => {
    const { caller, schoolId, id } = await aStudentJob();
    const [entry] = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'pdfFile.request', schoolId });
    const other = await setupSchool(app);
    const foreignStudent = await createTestStudent(other.caller, other.schoolId);
    const foreignReport = crypto.randomUUID();
    const refused = (input: Parameters<typeof caller.pdfFile.requestPdf>[0]) =>
      caller.pdfFile.requestPdf(input).then(
        () => 'answered',
        (e) => e.message,
      );
    expect(await refused({ schoolId, kind: 'REPORT_CLASS_BOOK', studentId: foreignStudent, clientCode: 'x' })).toBe('Student nebyl nalezen');
    expect(await refused({ schoolId, kind: 'REPORT', reportId: foreignReport, clientCode: 'x' })).toBe('Hlášenka nebyla nalezena.');
    expect(await refused({ schoolId, kind: 'EXAM', examId: foreignReport, clientCode: 'x' })).toBe('Termín zkoušky nebyl nalezen.');
    expect(await refused({ schoolId, kind: 'INVOICE', invoiceId: foreignReport, clientCode: 'x' })).toBe('Podklad dokumentu nebyl nalezen.');
    expect(await caller.student.exportReportVehicleDrivingTraining({ schoolId, studentId: foreignStudent, clientCode: 'x' }).catch((e) => e.code)).toBe(
      'NOT_FOUND',
    );
    // The Evidenční kniha names no entity: its range is the job's params.
    const book = await caller.pdfFile.requestPdf({ schoolId, kind: 'REGISTER_BOOK', from: '2026-01-01', to: '2026-06-30', clientCode: 'book' });
    expect(await job(book.id)).toMatchObject({ kind: 'REGISTER_BOOK', entityId: null, params: { from: '2026-01-01', to: '2026-06-30' } });
    expect((await caller.pdfFile.getPdfFile({ schoolId, id: book.id })).subject).toBe('1.1.2026 – 30.6.2026');
    expect((await app.handle.db.select().from(pdfFiles).where(eq(pdfFiles.schoolId, schoolId))).length).toBe(2);
  });

  it('ends a job whose subject is gone in ERROR at once (one attempt), telling the requester', async () => {
    const { schoolId, studentId, id, user } = await aStudentJob();
    await app.handle.db.delete(students).where(eq(students.id, studentId));
    const { runner, live } = worker(schoolId);
    await runner.drain();
    expect(await job(id)).toMatchObject({ status: 'ERROR', attempts: 1, error: 'STUDENT_NOT_FOUND: Student nebyl nalezen', filePath: null });
    expect(live.sent).toEqual([
      { room: `user:${user.id}`, message: { OnPdfFileChanged: { id, status: 'error', clientCode: 'c-1', type: 'PARTIAL_COMPLETION' } } },
    ]);
  });

  it('retries a failing document after a delay and ends in ERROR with the reason after 3 attempts, never a loop', async () => {
    const { schoolId, id } = await aStudentJob();
    let calls = 0;
    const failing: PdfDocument<unknown> = {
      kind: 'PARTIAL_COMPLETION',
      load: async () => {
        calls++;
        throw new Error('font table broken');
      },
      render: () => ({ content: [] }),
    };
    const { runner, live, clock, logged } = worker(schoolId, { documentOf: () => failing });
    await runner.drain();
    expect(await job(id)).toMatchObject({ status: 'PROCESSING', attempts: 1, error: 'font table broken', workerId: null });
    // Not due before its retry delay, even with many drains.
    await runner.drain();
    await runner.drain();
    expect(calls).toBe(1);
    clock.now = new Date(clock.now.getTime() + 2_500);
    await runner.drain();
    expect(await job(id)).toMatchObject({ status: 'PROCESSING', attempts: 2 });
    clock.now = new Date(clock.now.getTime() + 4_500);
    await runner.drain();
    expect(await job(id)).toMatchObject({ status: 'ERROR', attempts: 3, error: 'font table broken' });
    clock.now = new Date(clock.now.getTime() + 3_600_000);
    await runner.drain();
    expect(calls).toBe(3);
    expect(live.sent.map((s) => s.message)).toEqual([{ OnPdfFileChanged: { id, status: 'error', clientCode: 'c-1', type: 'PARTIAL_COMPLETION' } }]);
    expect(logged.map((l) => `${l.level} ${l.msg}`)).toEqual([
      'warn pdf generation failed; will retry',
      'warn pdf generation failed; will retry',
      'error pdf generation failed',
    ]);
  });

  it('takes over a killed worker’s job once its lease ran out, and never one whose lease is still on', async () => {
    const { schoolId, id } = await aStudentJob();
    const held = new Date(Date.now() + 60_000);
    await app.handle.db.update(pdfFiles).set({ status: 'PROCESSING', attempts: 1, leaseUntil: held, workerId: 'dead-worker' }).where(eq(pdfFiles.id, id));
    const { runner, clock } = worker(schoolId);
    await runner.drain();
    expect(await job(id)).toMatchObject({ status: 'PROCESSING', attempts: 1, workerId: 'dead-worker' });
    clock.now = new Date(held.getTime() + 1);
    await runner.drain();
    expect(await job(id)).toMatchObject({ status: 'DONE', attempts: 2, workerId: runner.workerId });
  });

  it('ends in ERROR a job whose worker died on its last allowed attempt', async () => {
    const { schoolId, id, user } = await aStudentJob();
    await app.handle.db
      .update(pdfFiles)
      .set({ status: 'PROCESSING', attempts: 3, leaseUntil: new Date(Date.now() - 1), workerId: 'dead-worker' })
      .where(eq(pdfFiles.id, id));
    const { runner, live } = worker(schoolId);
    await runner.drain();
    expect(await job(id)).toMatchObject({ status: 'ERROR', attempts: 3, error: 'its worker stopped during each of 3 attempts' });
    expect(live.sent).toEqual([
      { room: `user:${user.id}`, message: { OnPdfFileChanged: { id, status: 'error', clientCode: 'c-1', type: 'PARTIAL_COMPLETION' } } },
    ]);
  });

  it('a worker that lost its lease cannot mark the job its successor holds', async () => {
    const { schoolId, id } = await aStudentJob();
    const { runner, live } = worker(schoolId, {
      // While this worker renders, its lease runs out and another worker takes the job over.
      render: async (kind, vm, document) => {
        await app.handle.db.update(pdfFiles).set({ workerId: 'successor' }).where(eq(pdfFiles.id, id));
        return renderInProcess(kind, vm, document);
      },
    });
    await runner.drain();
    expect(await job(id)).toMatchObject({ status: 'PROCESSING', workerId: 'successor' });
    expect(live.sent).toEqual([]);
  });

  it('shares one queue between several workers: every job is made exactly once', async () => {
    const s = await setupSchool(app);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push((await s.caller.pdfFile.requestPdf({ schoolId: s.schoolId, kind: 'PARTIAL_COMPLETION', studentId, clientCode: `c${i}` })).id);
    }
    const a = worker(s.schoolId);
    const b = worker(s.schoolId);
    await Promise.all([a.runner.drain(), b.runner.drain()]);
    const rows = await app.handle.db.select().from(pdfFiles).where(eq(pdfFiles.schoolId, s.schoolId));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['DONE', 1]));
    expect(a.live.sent.length + b.live.sent.length).toBe(8);
    // Each requester's notice heard exactly once.
    const firsts = [...a.live.sent, ...b.live.sent].map((m) => ('OnPdfFileChanged' in m.message ? m.message.OnPdfFileChanged.clientCode : ''));
    expect(new Set(firsts).size).toBe(8);
  });

  it('pages the history newest first and filters by kind and status', async () => {
    const s = await setupSchool(app);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const made: string[] = [];
    for (const kind of ['PARTIAL_COMPLETION', 'REPORT_CLASS_BOOK', 'PARTIAL_COMPLETION'] as const) {
      made.push((await s.caller.pdfFile.requestPdf({ schoolId: s.schoolId, kind, studentId, clientCode: 'h' })).id);
    }
    const first = await s.caller.pdfFile.getPdfFiles({ schoolId: s.schoolId, limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual([made[2], made[1]]);
    const second = await s.caller.pdfFile.getPdfFiles({ schoolId: s.schoolId, limit: 2, cursor: first.nextCursor });
    expect(second).toMatchObject({ items: [{ id: made[0] }], nextCursor: null });
    expect((await s.caller.pdfFile.getPdfFiles({ schoolId: s.schoolId, kind: 'REPORT_CLASS_BOOK' })).items.map((i) => i.id)).toEqual([made[1]]);
    expect((await s.caller.pdfFile.getPdfFiles({ schoolId: s.schoolId, status: 'DONE' })).items).toEqual([]);
  });
});

describe('GET /api/files/:id', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const { server, base: url } = await listenTestServer(app.handle, { DATA_DIR: dataDir });
    base = url;
    close = () => server.app.close();
  });
  afterAll(() => close?.());

  const get = (id: string, token?: string, extra: Record<string, string> = {}) =>
    fetch(`${base}/api/files/${id}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra } });

  it('sends the school’s own DONE file to a member, with the Authorization header only', async () => {
    const { schoolId, id, user } = await aStudentJob();
    const token = await createSession(app.handle.db, user.id, new Date(), 1);
    expect((await get(id, token)).status).toBe(404); // not DONE yet
    await worker(schoolId).runner.drain();

    const res = await get(id, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="partial_completion-${id}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain('Žofie Řeháková');

    // Never a token from the URL; a wrong or missing one is 401.
    expect((await fetch(`${base}/api/files/${id}?token=${token}`)).status).toBe(401);
    expect((await get(id)).status).toBe(401);
    expect((await get(id, 'not-a-session')).status).toBe(401);
  });

  it("an invoice's file is named by its number: the history, the live message and the download (issue 17)", async () => {
    const s = await setupSchool(app);
    await setOperator(s.caller, s.schoolId);
    const studentId = await createTestStudent(s.caller, s.schoolId);
    const invoice = await s.caller.invoice.issueInvoice({ schoolId: s.schoolId, studentId, lines: [{ text: 'Kurz', quantity: 1, unitPrice: 100 }] });
    const { id } = await s.caller.pdfFile.requestPdf({ schoolId: s.schoolId, kind: 'INVOICE', invoiceId: invoice.id, clientCode: 'c-inv' });
    const { runner, live } = worker(s.schoolId, { documentOf });
    await runner.drain();
    const name = `faktura-${invoice.number}.pdf`;
    expect((await s.caller.pdfFile.getPdfFile({ schoolId: s.schoolId, id })).fileName).toBe(name);
    expect(live.sent.map((m) => m.message)).toEqual([
      { OnPdfFileChanged: { id, status: 'done', clientCode: 'c-inv', fileUrl: `/api/files/${id}`, type: 'INVOICE', fileName: name } },
    ]);
    const res = await get(id, await createSession(app.handle.db, s.user.id, new Date(), 1));
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
  });

  it('answers 404 for another school’s file, an unknown id and a malformed one', async () => {
    const { schoolId, id } = await aStudentJob();
    await worker(schoolId).runner.drain();
    const other = await setupSchool(app);
    const token = await createSession(app.handle.db, other.user.id, new Date(), 1);
    const res = await get(id, token);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('PDF');
    expect((await get(crypto.randomUUID(), token)).status).toBe(404);
    expect((await get('..%2F..%2Fetc%2Fpasswd', token)).status).toBe(404);
  });

  it('refuses a member of a blocked school', async () => {
    const { schoolId, id, user } = await aStudentJob();
    await worker(schoolId).runner.drain();
    await app.handle.db.update(schema.schools).set({ isBlocked: true }).where(eq(schema.schools.id, schoolId));
    const token = await createSession(app.handle.db, user.id, new Date(), 1);
    expect((await get(id, token)).status).toBe(403);
  });
});

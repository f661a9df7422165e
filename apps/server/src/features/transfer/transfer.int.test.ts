// 'Převod žáka' (issue 22 §4) end to end: school A exports a student's signed record on one instance, school B
// previews and imports it on another (over real HTTP; on PGlite the second instance is the first), and every hour
// survives — B's legal minimum counts them as prior hours, B's partial-completion certificate prints them as from the
// previous school, never among its own; the same file twice adds nothing; a tampered file is refused in Czech.
import { type DbHandle, openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { TRANSFER_MESSAGES, type TransferDocument } from '@volant/shared/transfer/format';
import { and, count, eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../gate/session.queries.ts';
import { renderText } from '../../pdf/pdf-text.testing.ts';
import { seedCar, seedCourse, seedRides, seedStudent } from '../../testing/documents.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { type Instance, instances } from '../../testing/instances.ts';
import { testSchoolId, testStudent } from '../../testing/tenant.ts';
import { getProgress } from '../student-portal/student-portal.views.ts';
import { partialCompletionDocument } from '../student/partial-completion.pdf.ts';
import { aSignedFile } from './transfer.testing.ts';
import { workerDatabaseUrl } from '../../testing/database.ts';

const url = await workerDatabaseUrl();
let app: TestApp;
let a: Instance;
let b: Instance;
const servers = instances();
const start = (handle: DbHandle, own: boolean) => servers.start(handle, own, () => true);

beforeAll(async () => {
  app = await getTestApp();
  a = await start(app.handle, false);
  b = url ? await start(await openDb({ databaseUrl: url, poolSize: 2 }), true) : a;
});
afterAll(() => servers.closeAll());

const tokenFor = (userId: string) => createSession(app.handle.db, userId, new Date(), 1);

async function call<T>(at: Instance, path: string, token: string, input: unknown): Promise<{ status: number; data: T | null; message: string | null }> {
  const res = await fetch(`${at.base}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(superjson.serialize(input)),
  });
  const body = (await res.json()) as {
    result?: { data: Parameters<typeof superjson.deserialize>[0] };
    error?: { json?: { message: string }; message?: string };
  };
  return {
    status: res.status,
    data: body.result ? superjson.deserialize<T>(body.result.data) : null,
    message: body.error ? (body.error.json?.message ?? body.error.message ?? null) : null,
  };
}

type Exported = { fileName: string; mimeType: string; content: string; keyFingerprint: string };

describe('Převod žáka: export in school A, import in school B', () => {
  it('keeps every hour, counts them toward B’s minimum as prior hours, prints them as from the previous school', async () => {
    const db = app.handle.db;
    // School A: a student taught 21 lessons (of 42), with 3 completed rides; plus what must NOT travel: a planned
    // lesson (not attended), a ride scheduled in the future and a cancelled one.
    const A = await setupSchool(app);
    const { studentIds, teacherId } = await seedCourse(db, A.schoolId, { students: 1, lessons: 21, startDate: '2026-02-02' });
    const studentA = studentIds[0];
    const car = await seedCar(db, A.schoolId);
    await seedRides(db, A.schoolId, studentA, { count: 3, carIds: [car], teacherId, startDate: '2026-03-02' });
    const future = new Date(Date.now() + 7 * 86_400_000);
    await db.insert(schema.drivingLessonRecords).values([
      {
        schoolId: A.schoolId,
        type: 'DRIVING',
        state: 'SCHEDULED',
        studentId: studentA,
        teacherId,
        startTime: future,
        endTime: new Date(future.getTime() + 90 * 60_000),
        length: 90,
      },
      {
        schoolId: A.schoolId,
        type: 'DRIVING',
        state: 'CANCELLED_BY_STUDENT',
        studentId: studentA,
        teacherId,
        startTime: new Date('2026-03-20T08:00:00Z'),
        endTime: new Date('2026-03-20T09:30:00Z'),
        length: 90,
      },
    ]);
    const aMinimum = await A.caller.student.getLegalMinimum({ schoolId: A.schoolId, studentId: studentA });

    const exported = await call<Exported>(a, 'transfer.exportTransfer', await tokenFor(A.user.id), { schoolId: A.schoolId, studentId: studentA });
    expect(exported.status).toBe(200);
    const file = exported.data as Exported;
    expect(file.mimeType).toBe('application/json');
    const doc = JSON.parse(file.content) as TransferDocument;
    expect(doc.format).toBe('volant.transfer/1');
    expect(doc.signature.keyFingerprint).toBe(file.keyFingerprint);
    expect(doc.record.school.name).toBe(A.school.name);
    expect(doc.record.theory).toHaveLength(21);
    expect(doc.record.rides).toHaveLength(3);
    expect(doc.record.rides[0]).toMatchObject({ kind: 'DRIVING', minutes: 90, studentSigned: true, teacherSigned: true });
    expect(doc.record.rides[0].km).toBeGreaterThan(0);
    expect(doc.record.rides[0].car).toBeTruthy();
    expect(doc.record.theory[0].teacher).toBeTruthy();
    // The same key signs every export of the school.
    const again = await A.caller.transfer.exportTransfer({ schoolId: A.schoolId, studentId: studentA });
    expect(again.keyFingerprint).toBe(file.keyFingerprint);

    // A's certificate shows the key's fingerprint.
    const aVm = await partialCompletionDocument.load(db, testSchoolId(A.schoolId), { entityId: studentA, params: {} }, new Date());
    expect(aVm.keyFingerprint).toBe(file.keyFingerprint);
    const aPdf = await renderText(partialCompletionDocument, aVm, 'partial-completion-export');
    expect(aPdf.text.replace(/\s+/g, '')).toContain(file.keyFingerprint);

    // School B (another instance): a started student of its own, no lessons yet.
    const B = await setupSchool(app);
    const studentB = await seedStudent(db, B.schoolId, { dateOfInProgress: '2026-11-01' });
    const tokenB = await tokenFor(B.user.id);
    const before = await B.caller.student.getLegalMinimum({ schoolId: B.schoolId, studentId: studentB });
    expect(before.sections.every((s) => s.prior === 0)).toBe(true);

    const preview = await call<{
      keyFingerprint: string;
      issuingSchool: { name: string };
      hours: { item: string; lessons: number; minutes: number }[];
      rides: number;
      theoryLessons: number;
      alreadyImported: boolean;
      keyKnown: { imports: number };
    }>(b, 'transfer.previewTransferImport', tokenB, { schoolId: B.schoolId, studentId: studentB, document: file.content });
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({
      keyFingerprint: file.keyFingerprint,
      issuingSchool: { name: A.school.name },
      rides: 3,
      theoryLessons: 21,
      alreadyImported: false,
      keyKnown: { imports: 0 },
    });
    expect(preview.data?.hours).toEqual([
      { item: 'TZBJ', lessons: 1, minutes: 0 },
      { item: 'PPV', lessons: 18, minutes: 0 },
      { item: 'OUV', lessons: 2, minutes: 0 },
      { item: 'DRIVING', lessons: 0, minutes: 270 },
    ]);

    const imported = await call<{ imported: boolean }>(b, 'transfer.importTransfer', tokenB, {
      schoolId: B.schoolId,
      studentId: studentB,
      document: file.content,
      keyFingerprint: file.keyFingerprint,
    });
    expect(imported.status).toBe(200);
    expect(imported.data?.imported).toBe(true);

    // Every hour kept: B's minimum shows A's counts, all as prior hours.
    const after = await B.caller.student.getLegalMinimum({ schoolId: B.schoolId, studentId: studentB });
    expect(after.priorSchools).toEqual([A.school.name]);
    for (const item of ['TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'DRIVING'] as const) {
      const there = aMinimum.sections.find((s) => s.item === item);
      const here = after.sections.find((s) => s.item === item);
      expect(here?.done, item).toBe(there?.done);
      expect(here?.prior, item).toBe(there?.done);
    }
    expect(after.sections.find((s) => s.item === 'DRIVING')).toMatchObject({ done: 6, prior: 6, missing: 22 });
    expect(after.sections.find((s) => s.item === 'PPV')).toMatchObject({ done: 18, prior: 18, missing: 0 });
    expect(after.missing).not.toContain('PPV: chybí 18 z 18 lekcí');
    // The student's own 'Přehled' counts them too, and says they came from the previous school.
    const own = await getProgress(app.deps, testStudent(B.schoolId, studentB));
    expect(own.priorSchools).toEqual([A.school.name]);
    expect(own.driving).toMatchObject({ done: 6, required: 28 });
    expect(own.practice.find((x) => x.item === 'DRIVING')).toMatchObject({ done: 6, prior: 6 });
    expect(own.theory.find((x) => x.item === 'PPV')).toMatchObject({ done: 18, prior: 18 });

    // The same file again (even on the other instance, or onto another student) adds nothing.
    const twice = await call<{ imported: boolean }>(a, 'transfer.importTransfer', tokenB, {
      schoolId: B.schoolId,
      studentId: studentB,
      document: file.content,
      keyFingerprint: file.keyFingerprint,
    });
    expect(twice.data?.imported).toBe(false);
    const other = await seedStudent(db, B.schoolId, { index: 2 });
    expect(
      (await B.caller.transfer.importTransfer({ schoolId: B.schoolId, studentId: other, document: file.content, keyFingerprint: file.keyFingerprint }))
        .imported,
    ).toBe(false);
    const [{ n }] = await db.select({ n: count() }).from(schema.studentPriorHours).where(eq(schema.studentPriorHours.schoolId, B.schoolId));
    expect(n).toBe(4);
    expect(await B.caller.student.getLegalMinimum({ schoolId: B.schoolId, studentId: studentB })).toEqual(after);
    const seen = await B.caller.transfer.previewTransferImport({ schoolId: B.schoolId, studentId: studentB, document: file.content });
    expect(seen).toMatchObject({ alreadyImported: true, keyKnown: { imports: 1, names: [A.school.name] } });

    // B's certificate prints them under 'Z předchozí autoškoly', its own tables stay empty of them.
    const bVm = await partialCompletionDocument.load(db, testSchoolId(B.schoolId), { entityId: studentB, params: {} }, new Date());
    expect(bVm.practical.find((p) => p.kind === 'DRIVING')).toMatchObject({ lessons: 0, minutes: 0 });
    expect(bVm.theory).toEqual([]);
    const { text } = await renderText(partialCompletionDocument, bVm, 'partial-completion-prior');
    expect(text).toContain(`Z předchozí autoškoly: ${A.school.name}`);
    expect(text).toContain('PPV – Předpisy o provozu vozidel 18');
    expect(text).toMatch(/Výcvik v řízení vozidla\s+6/);
    expect(text).toContain('Žadatel neabsolvoval žádnou výuku.');
    // A's own records are untouched by B's import.
    const [{ rides }] = await db
      .select({ rides: count() })
      .from(schema.drivingLessonRecords)
      .where(and(eq(schema.drivingLessonRecords.schoolId, B.schoolId), eq(schema.drivingLessonRecords.studentId, studentB)));
    expect(rides).toBe(0);
  });

  it('keeps the private key sealed under the server secret; a key stored in plaintext before is sealed on use and kept', async () => {
    const A = await setupSchool(app);
    const student = await seedStudent(app.handle.db, A.schoolId, { firstName: 'Klára', lastName: 'Zapečetěná' });
    const keyRow = async () => {
      const [row] = await app.handle.db.select().from(schema.schoolSigningKeys).where(eq(schema.schoolSigningKeys.schoolId, A.schoolId));
      return row as typeof schema.schoolSigningKeys.$inferSelect;
    };
    const first = await A.caller.transfer.exportTransfer({ schoolId: A.schoolId, studentId: student });
    const sealed = (await keyRow()).privateKey;
    // Sealed (AES-256-GCM under SECRET_KEY), not the PKCS#8 key itself (an Ed25519 key's DER begins 'MC4CAQAwBQYDK2Vw').
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('MC4CAQAwBQYDK2Vw');

    // A key stored before sealing came: the same pair, its private half in plaintext.
    const { createSecretBox } = await import('../../lib/secret-box.ts');
    const plaintext = createSecretBox({ secret: app.deps.config.secretKey, file: app.deps.config.secretKeyFile }).open(sealed).plaintext;
    expect(plaintext.startsWith('MC4CAQAwBQYDK2Vw')).toBe(true);
    await app.handle.db.update(schema.schoolSigningKeys).set({ privateKey: plaintext }).where(eq(schema.schoolSigningKeys.schoolId, A.schoolId));
    const again = await A.caller.transfer.exportTransfer({ schoolId: A.schoolId, studentId: student });
    expect(again.keyFingerprint).toBe(first.keyFingerprint);
    expect(JSON.parse(again.content).signature.publicKey).toBe(JSON.parse(first.content).signature.publicKey);
    expect((await keyRow()).privateKey).toMatch(/^v1:/);

    // A sealed key altered in the database does not open: the export fails rather than sign with something else.
    const i = Math.floor(sealed.length / 2);
    const altered = `${sealed.slice(0, i)}${sealed[i] === 'A' ? 'B' : 'A'}${sealed.slice(i + 1)}`;
    await app.handle.db.update(schema.schoolSigningKeys).set({ privateKey: altered }).where(eq(schema.schoolSigningKeys.schoolId, A.schoolId));
    await expect(A.caller.transfer.exportTransfer({ schoolId: A.schoolId, studentId: student })).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });

  it('refuses a tampered file with the Czech message, and a huge or deep file before parsing it', async () => {
    const B = await setupSchool(app);
    const studentB = await seedStudent(app.handle.db, B.schoolId);
    const token = await tokenFor(B.user.id);
    const { document } = aSignedFile();
    const doc = JSON.parse(document) as TransferDocument;
    doc.record.rides[0].minutes = 900;
    const tampered = await call(b, 'transfer.previewTransferImport', token, { schoolId: B.schoolId, studentId: studentB, document: JSON.stringify(doc) });
    expect(tampered.status).toBe(400);
    expect(tampered.message).toBe(TRANSFER_MESSAGES.signature);

    const deep = `${'['.repeat(400_000)}${']'.repeat(400_000)}`;
    const t0 = performance.now();
    const refused = await call(b, 'transfer.previewTransferImport', token, { schoolId: B.schoolId, studentId: studentB, document: deep });
    expect(refused.status).toBe(400);
    expect(performance.now() - t0).toBeLessThan(2_000);
    const huge = await call(b, 'transfer.previewTransferImport', token, { schoolId: B.schoolId, studentId: studentB, document: 'x'.repeat(1_100_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it('refuses an import whose confirmed fingerprint is not the file’s, and lets a teacher neither export nor import', async () => {
    const B = await setupSchool(app);
    const studentB = await seedStudent(app.handle.db, B.schoolId);
    const { document } = aSignedFile();
    const wrong = `SHA256:${'0'.repeat(64)}`;
    await expect(B.caller.transfer.importTransfer({ schoolId: B.schoolId, studentId: studentB, document, keyFingerprint: wrong })).rejects.toMatchObject({
      message: TRANSFER_MESSAGES.signature,
    });
    const T = await setupSchool(app, { role: 'TEACHER' });
    const studentT = await seedStudent(app.handle.db, T.schoolId);
    await expect(T.caller.transfer.exportTransfer({ schoolId: T.schoolId, studentId: studentT })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(T.caller.transfer.getPriorTrainings({ schoolId: T.schoolId, studentId: studentT })).resolves.toEqual([]);
  });
});

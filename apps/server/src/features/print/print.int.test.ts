import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRINT_TOKEN_MINUTES } from '@volant/shared/pdf/print';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { createTestStudent } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const invalid = { code: 'NOT_FOUND', message: 'Odkaz je neplatný nebo jeho platnost vypršela.' };

async function aReport() {
  const s = await setupSchool(app);
  const studentId = await createTestStudent(s.caller, s.schoolId, { firstName: 'Žofie', lastName: 'Řeháková' });
  const { reportId } = await s.caller.student.setDateOfInProgress({ schoolId: s.schoolId, studentsIds: [studentId], date: '2026-03-16' });
  return { ...s, studentId, reportId: reportId! };
}

describe('print links', () => {
  it('opens the hlášenka by its link without a session, as the same view-model the PDF renders', async () => {
    const { caller, schoolId, reportId } = await aReport();
    const { token, path, expiresAt } = await caller.print.createPrintToken({ schoolId, kind: 'REPORT', entityId: reportId });
    expect(path).toBe(`/export-report#t=${token}`);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan((PRINT_TOKEN_MINUTES - 1) * 60_000);
    const { kind, vm } = await app.anonymous.print.openPrintDocument({ token });
    expect(kind).toBe('REPORT');
    expect(vm).toMatchObject({ kind: 'REPORT', reportId, date: '2026-03-16' });
    expect(vm.kind === 'REPORT' && vm.students.map((s) => s.lastName)).toEqual(['Řeháková']);
  });

  it('prints the Evidenční kniha for a range and the student documents by their student', async () => {
    const { caller, schoolId, studentId } = await aReport();
    const book = await caller.print.createPrintToken({ schoolId, kind: 'REGISTER_BOOK', range: { from: '2020-01-01', to: '2020-12-31' } });
    expect(book.path.startsWith('/export-report#t=')).toBe(true);
    expect(await app.anonymous.print.openPrintDocument({ token: book.token })).toMatchObject({ kind: 'REGISTER_BOOK', vm: { from: '2020-01-01', rows: [] } });
    for (const [kind, route] of [
      ['REPORT_CLASS_BOOK', 'export-school-book'],
      ['REPORT_VEHICLE_DRIVING_TRAINING', 'export-evidence-of-trainings'],
      ['PARTIAL_COMPLETION', 'export-evidence-of-trainings'],
    ] as const) {
      const t = await caller.print.createPrintToken({ schoolId, kind, entityId: studentId });
      expect(t.path.startsWith(`/${route}#t=`)).toBe(true);
      expect((await app.anonymous.print.openPrintDocument({ token: t.token })).kind).toBe(kind);
    }
  });

  it("refuses another school's subject when the link is made", async () => {
    const victim = await aReport();
    const other = await setupSchool(app);
    await expect(other.caller.print.createPrintToken({ schoolId: other.schoolId, kind: 'REPORT', entityId: victim.reportId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(other.caller.print.createPrintToken({ schoolId: victim.schoolId, kind: 'REPORT', entityId: victim.reportId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a changed, made-up or malformed link, and one whose session or membership is gone', async () => {
    const attacker = await aReport();
    const { token } = await attacker.caller.print.createPrintToken({ schoolId: attacker.schoolId, kind: 'REPORT', entityId: attacker.reportId });
    for (const bad of [`${token.slice(0, -2)}xx`, `${token}.x`, 'not-a-token-at-all', 'A'.repeat(43)]) {
      await expect(app.anonymous.print.openPrintDocument({ token: bad })).rejects.toMatchObject(invalid);
    }

    // The member leaves the school: the link stops working.
    await app.handle.db
      .update(schema.schoolMembers)
      .set({ isActive: false })
      .where(and(eq(schema.schoolMembers.schoolId, attacker.schoolId), eq(schema.schoolMembers.userId, attacker.user.id)));
    await expect(app.anonymous.print.openPrintDocument({ token })).rejects.toMatchObject(invalid);
    await app.handle.db
      .update(schema.schoolMembers)
      .set({ isActive: true })
      .where(and(eq(schema.schoolMembers.schoolId, attacker.schoolId), eq(schema.schoolMembers.userId, attacker.user.id)));
    expect((await app.anonymous.print.openPrintDocument({ token })).kind).toBe('REPORT');

    // Logging out (the session revoked) ends every link it made.
    const [link] = await app.handle.db.select().from(schema.printTokens).where(eq(schema.printTokens.schoolId, attacker.schoolId));
    await app.handle.db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.id, link.sessionId));
    await expect(app.anonymous.print.openPrintDocument({ token })).rejects.toMatchObject(invalid);
  });

  it(`sets the expiry itself: ${PRINT_TOKEN_MINUTES} minutes after the server's now, whatever expiry the client sends`, async () => {
    const { caller, schoolId, reportId } = await aReport();
    // An expiry in the input is no part of it: ignored, the link runs out at the server's time.
    const asked = { schoolId, kind: 'REPORT', entityId: reportId, expiresAt: new Date('2099-01-01T00:00:00Z'), x: 4_070_908_800_000 };
    const before = Date.now();
    const { token, expiresAt } = await caller.print.createPrintToken(asked as Parameters<typeof caller.print.createPrintToken>[0]);
    const end = expiresAt.getTime();
    expect(end).toBeGreaterThanOrEqual(before + PRINT_TOKEN_MINUTES * 60_000);
    expect(end).toBeLessThanOrEqual(Date.now() + PRINT_TOKEN_MINUTES * 60_000);
    const [row] = await app.handle.db.select().from(schema.printTokens).where(eq(schema.printTokens.schoolId, schoolId));
    expect(row.expiresAt).toEqual(expiresAt);
    // On the server's clock exactly.
    const { createPrintToken } = await import('./print.service.ts');
    const t0 = new Date('2026-03-20T10:00:00Z');
    const fixed = await createPrintToken({ ...app.deps, now: () => t0 }, { schoolId: row.schoolId as never, sessionId: row.sessionId }, asked as never);
    expect(fixed.expiresAt).toEqual(new Date(t0.getTime() + PRINT_TOKEN_MINUTES * 60_000));
    // The link is a random token, no claim a holder could rewrite: nothing in it names a time.
    expect(token).toMatch(/^[\w-]{43}$/);
    const { openPrintDocument } = await import('./print.service.ts');
    const open = (now: number) => openPrintDocument({ ...app.deps, now: () => new Date(now) }, token);
    expect((await open(end - 1000)).kind).toBe('REPORT');
    await expect(open(end)).rejects.toMatchObject({ code: 'INVALID_CODE' });
    await expect(open(end + 365 * 24 * 3_600_000)).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });
});

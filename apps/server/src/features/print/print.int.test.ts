import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
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

  it('refuses a changed, foreign, malformed or expired link, and one whose session or membership is gone', async () => {
    const victim = await aReport();
    const attacker = await aReport();
    const { token } = await attacker.caller.print.createPrintToken({ schoolId: attacker.schoolId, kind: 'REPORT', entityId: attacker.reportId });
    const [body, signature] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    // The attacker's own link with the victim's school and hlášenka swapped in: the signature no longer matches.
    const forged = `${Buffer.from(JSON.stringify({ ...payload, c: victim.schoolId, e: victim.reportId })).toString('base64url')}.${signature}`;
    for (const bad of [
      forged,
      `${body}.${signature.slice(0, -2)}xx`,
      `${body}.${signature}.x`,
      'not-a-token-at-all',
      `${Buffer.from('{"s":1,').toString('base64url')}.abcdefgh`,
    ]) {
      await expect(app.anonymous.print.openPrintDocument({ token: bad })).rejects.toMatchObject(invalid);
    }

    const expired = { ...app.deps, now: () => new Date(Date.now() + 16 * 60_000) };
    const { openPrintDocument } = await import('./print.service.ts');
    await expect(openPrintDocument(expired, token)).rejects.toMatchObject({ code: 'INVALID_CODE' });

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
    await app.handle.db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.id, payload.s));
    await expect(app.anonymous.print.openPrintDocument({ token })).rejects.toMatchObject(invalid);
  });
});

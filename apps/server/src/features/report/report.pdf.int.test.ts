import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestStudent } from '../student/student.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { documentOf } from '../../pdf/documents.ts';
import { renderText } from '../../pdf/pdf-text.testing.ts';
import { reportDocument } from './report.pdf.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const now = new Date('2026-03-10T09:00:00Z');

describe('hlášenka (REPORT)', () => {
  it('lists the students starting on the day with the school and the office, in Czech', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await app.handle.db
      .update(schema.schools)
      .set({ name: 'Autoškola Šťastná jízda', numberPrague: 'P-12', operatorName: 'Jiří Řezníček', operatorCompanyNumber: '12345678' })
      .where(eq(schema.schools.id, schoolId));
    const a = await createTestStudent(caller, schoolId, { firstName: 'Žofie', lastName: 'Černá', registrationNumber: 'EV-2026/001', group: ['B', 'A'] });
    const b = await createTestStudent(caller, schoolId, { firstName: 'Ondřej', lastName: 'Ámos', registrationNumber: 'EV-2026/002' });
    const { reportId } = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [a, b], date: '2026-03-16' });

    expect(documentOf('REPORT')).toBe(reportDocument);
    const vm = await reportDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: reportId!, params: {} }, now);
    expect(vm).toMatchObject({ kind: 'REPORT', generatedOn: '2026-03-10', date: '2026-03-16', sentAt: null });
    expect(vm.students.map((s) => s.registrationNumber)).toEqual(['EV-2026/002', 'EV-2026/001']);
    expect(vm.school).toMatchObject({
      name: 'Autoškola Šťastná jízda',
      office: 'Magistrát města Brna',
      numberPrague: 'P-12',
      address: 'Kounicova 1, 602 00 Brno',
    });

    const { text, pages } = await renderText(reportDocument, vm, 'report');
    expect(pages).toHaveLength(1);
    expect(text).toContain('Seznam žadatelů zařazených do výuky a výcviku');
    expect(text).toContain('Autoškola Šťastná jízda');
    expect(text).toContain('Magistrát města Brna');
    expect(text).toContain('P-12');
    expect(text).toContain('Jiří Řezníček, IČO 12345678');
    expect(text).toContain('Černá Žofie');
    expect(text).toContain('Ámos Ondřej');
    expect(text).toContain('EV-2026/001');
    expect(text).toContain('12.4.2005');
    expect(text).toContain('Lidická 12, 602 00 Brno');
    expect(text).toContain('B, A');
    expect(text).toContain('Základní');
    expect(text).toContain('16.3.2026');
    expect(text).toContain('Místo a datum: Brno, 10.3.2026');
    expect(text).toContain('Strana 1 / 1');
    expect(text).toContain('Vytvořeno 10.3.2026');
  });

  it("answers NOT_FOUND for another school's hlášenka, an unknown id and a malformed one", async () => {
    const victim = await setupSchool(app);
    const other = await setupSchool(app);
    const s = await createTestStudent(victim.caller, victim.schoolId);
    const { reportId } = await victim.caller.student.setDateOfInProgress({ schoolId: victim.schoolId, studentsIds: [s], date: '2026-03-16' });
    for (const entityId of [reportId!, crypto.randomUUID(), 'not-a-uuid', null]) {
      await expect(reportDocument.load(app.handle.db, testSchoolId(other.schoolId), { entityId, params: {} }, now)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        code: 'REPORT_NOT_FOUND',
      });
    }
  });
});

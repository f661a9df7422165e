import { schema } from '@volant/db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { documentOf } from '../../pdf/documents.ts';
import { seedCar, seedCourse, seedRides, seedStudent } from '../../testing/documents.testing.ts';
import { partialCompletionDocument } from './partial-completion.pdf.ts';
import { renderText } from '../../pdf/pdf-text.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const now = new Date('2026-04-20T09:00:00Z');

describe('Potvrzení o částečném absolvování (PARTIAL_COMPLETION)', () => {
  it('sums the theory taught per subject and the practical training against the plan, with the dates', async () => {
    const { schoolId } = await setupSchool(app);
    const db = app.handle.db;
    const { studentIds, teacherId } = await seedCourse(db, schoolId, { students: 1, lessons: 21, startDate: '2026-02-02' });
    const studentId = studentIds[0];
    const car = await seedCar(db, schoolId);
    await seedRides(db, schoolId, studentId, { count: 3, carIds: [car], teacherId, startDate: '2026-03-02' });
    const start = new Date('2026-03-10T07:00:00Z');
    await db.insert(schema.drivingLessonRecords).values({
      schoolId,
      type: 'PV_ZP',
      state: 'COMPLETED',
      studentId,
      teacherId,
      startTime: start,
      endTime: new Date(start.getTime() + 60 * 60_000),
      length: 60,
    });

    expect(documentOf('PARTIAL_COMPLETION')).toBe(partialCompletionDocument);
    const vm = await partialCompletionDocument.load(db, testSchoolId(schoolId), { entityId: studentId, params: {} }, now);
    expect(vm.theory).toEqual([
      { section: 'TZBJ', planned: 10, done: 1, first: '2026-02-12', last: '2026-02-12' },
      { section: 'PPV', planned: 18, done: 18, first: '2026-02-02', last: '2026-02-10' },
      { section: 'OUV', planned: 2, done: 2, first: '2026-02-11', last: '2026-02-11' },
      { section: 'ZP', planned: 2, done: 0, first: null, last: null },
      { section: 'OP', planned: 4, done: 0, first: null, last: null },
    ]);
    expect(vm.practical).toEqual([
      { kind: 'DRIVING', planned: 28, lessons: 3, minutes: 270, first: '2026-03-02', last: '2026-03-04' },
      { kind: 'PV_UV', planned: 2, lessons: 0, minutes: 0, first: null, last: null },
      { kind: 'PV_ZP', planned: 4, lessons: 1, minutes: 60, first: '2026-03-10', last: '2026-03-10' },
    ]);

    const { text, pages } = await renderText(partialCompletionDocument, vm, 'partial-completion');
    expect(pages).toHaveLength(1);
    expect(text).toContain('Potvrzení o částečném absolvování výuky a výcviku');
    expect(text).toContain('§ 13a vyhlášky č. 167/2002 Sb.');
    expect(text).toContain(vm.student.registrationNumber);
    expect(text).toContain('PPV – Předpisy o provozu vozidel 18 18 2.2.2026 – 10.2.2026');
    expect(text).toContain('TZBJ – Teorie řízení a zásady bezpečné jízdy 1 10 12.2.2026');
    expect(text).toContain('Celkem 21 36');
    expect(text).toContain('Výcvik v řízení vozidla 3 6 28 2.3.2026 – 4.3.2026');
    expect(text).toContain('Praktický výcvik zdravotnické přípravy 1 1,33 4 10.3.2026');
    expect(text).toContain('Razítko autoškoly a podpis provozovatele');
  });

  it("answers NOT_FOUND for another school's student", async () => {
    const victim = await setupSchool(app);
    const other = await setupSchool(app);
    const studentId = await seedStudent(app.handle.db, victim.schoolId);
    for (const entityId of [studentId, crypto.randomUUID(), 'x', null]) {
      await expect(partialCompletionDocument.load(app.handle.db, testSchoolId(other.schoolId), { entityId, params: {} }, now)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        code: 'STUDENT_NOT_FOUND',
      });
    }
  });
});

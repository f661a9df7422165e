import { beforeAll, describe, expect, it } from 'vitest';
import { createFinishedStudent } from './exam.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { documentOf } from '../../pdf/documents.ts';
import { examApplicationDocument } from './exam.pdf.ts';
import { renderText } from '../../pdf/pdf-text.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const now = new Date('2026-04-20T09:00:00Z');

describe('Přihláška ke zkoušce (EXAM)', () => {
  it('lists the students signed up for the term with their parts, and the training-completed statement', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const exam = await caller.exam.createExam({
      schoolId,
      date: '2026-05-14',
      place: 'Magistrát města Brna, Kounicova 67',
      types: ['PPV', 'ZP', 'OP'],
      capacity: null,
    });
    const a = await createFinishedStudent(caller, schoolId, { firstName: 'Šárka', lastName: 'Řídká', registrationNumber: 'EV-2026/014' });
    const b = await createFinishedStudent(caller, schoolId, { firstName: 'Čeněk', lastName: 'Úlehla', registrationNumber: 'EV-2026/015', group: ['B', 'A'] });
    await createFinishedStudent(caller, schoolId, { firstName: 'Nepřihlášený', lastName: 'Žák' });
    for (const [studentId, type, group] of [
      [a, 'PPV', 'B'],
      [a, 'ZP', 'B'],
      [b, 'OP', 'A'],
      [b, 'PPV', 'B'],
    ] as const)
      await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId, newType: { type, group } });

    expect(documentOf('EXAM')).toBe(examApplicationDocument);
    const vm = await examApplicationDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: exam.id, params: {} }, now);
    expect(vm.exam).toMatchObject({ date: '2026-05-14', place: 'Magistrát města Brna, Kounicova 67', types: ['PPV', 'ZP', 'OP'] });
    expect(vm.students.map((s) => [s.registrationNumber, s.parts.map((p) => `${p.group}:${p.type}:${p.attempt}`)])).toEqual([
      ['EV-2026/014', ['B:PPV:1', 'B:ZP:1']],
      ['EV-2026/015', ['A:OP:1', 'B:PPV:1']],
    ]);

    const { text, pages } = await renderText(examApplicationDocument, vm, 'exam');
    expect(pages).toHaveLength(1);
    expect(text).toContain('Přihláška ke zkoušce');
    expect(text).toContain('Magistrát města Brna');
    expect(text).toContain('14.5.2026');
    expect(text).toContain('Magistrát města Brna, Kounicova 67');
    expect(text).toContain('Řídká Šárka');
    expect(text).toContain('Úlehla Čeněk');
    expect(text).toContain('EV-2026/014');
    expect(text).toContain('12.4.2005');
    expect(text).toContain('B: PPV, ZP');
    expect(text).toContain('A: OP');
    expect(text).toContain('2.3.2026');
    expect(text).toContain('Žadatel absolvoval výuku a výcvik v rozsahu stanoveném zákonem');
    expect(text).not.toContain('Nepřihlášený');
  });

  it("answers NOT_FOUND for another school's term", async () => {
    const victim = await setupSchool(app);
    const other = await setupSchool(app);
    const exam = await victim.caller.exam.createExam({ schoolId: victim.schoolId, date: '2026-05-14', place: 'Brno', types: ['PPV'], capacity: null });
    for (const entityId of [exam.id, crypto.randomUUID(), 'x', null]) {
      await expect(examApplicationDocument.load(app.handle.db, testSchoolId(other.schoolId), { entityId, params: {} }, now)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        code: 'EXAM_NOT_FOUND',
      });
    }
  });
});

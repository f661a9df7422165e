import { schema } from '@volant/db/schema';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFinishedStudent } from '../exam/exam.testing.ts';
import { createTestStudent } from './student.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { documentOf } from '../../pdf/documents.ts';
import { renderText } from '../../pdf/pdf-text.testing.ts';
import { registerBookDocument } from './register-book.pdf.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('Evidenční kniha (REGISTER_BOOK)', () => {
  it('lists every applicant admitted in the range with training dates, state and exam results; removed ones marked', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const now = new Date();
    const today = schoolToday(now);
    const a = await createFinishedStudent(caller, schoolId, { firstName: 'Žaneta', lastName: 'Čermáková', registrationNumber: 'EK-001' });
    const b = await createTestStudent(caller, schoolId, { firstName: 'Ludvík', lastName: 'Řezáč', registrationNumber: 'EK-002' });
    const removed = await createTestStudent(caller, schoolId, { firstName: 'Vilém', lastName: 'Zrušený', registrationNumber: 'EK-003' });
    await app.handle.db.update(schema.students).set({ removedAt: now }).where(eq(schema.students.id, removed));
    const exam = await caller.exam.createExam({ schoolId, date: '2026-03-20', place: 'Brno', types: ['PPV', 'ZP'], capacity: null });
    await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId: a, newType: { type: 'PPV', group: 'B' } });
    await caller.exam.setExamResult({ schoolId, examId: exam.id, studentId: a, type: 'PPV', group: 'B', result: 'SUCCESS' });
    await caller.exam.addStudentToExam({ schoolId, examId: exam.id, studentId: a, newType: { type: 'ZP', group: 'B' } });
    // Another school's applicant never appears.
    const other = await setupSchool(app);
    await createTestStudent(other.caller, other.schoolId, { lastName: 'Cizí' });

    expect(documentOf('REGISTER_BOOK')).toBe(registerBookDocument);
    const vm = await registerBookDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: null, params: { from: addDays(today, -1), to: today } }, now);
    expect(vm.rows.map((r) => [r.registrationNumber, r.state, r.removedOn])).toEqual([
      ['EK-001', 'FINISHED', null],
      ['EK-002', 'NOT_STARTED', null],
      ['EK-003', 'NOT_STARTED', today],
    ]);
    expect(vm.rows[0]).toMatchObject({ admittedOn: today, startedOn: '2026-01-05', finishedOn: '2026-03-02' });
    expect(vm.rows[0].exams).toEqual([
      { group: 'B', type: 'PPV', date: '2026-03-20', result: 'SUCCESS', attempt: 1 },
      { group: 'B', type: 'ZP', date: '2026-03-20', result: null, attempt: 1 },
    ]);
    expect(b).toBeTruthy();

    const { text } = await renderText(registerBookDocument, vm, 'register-book');
    expect(text).toContain('Evidenční kniha');
    expect(text).toContain('Čermáková Žaneta');
    expect(text).toContain('Řezáč Ludvík');
    expect(text).toContain('Lidická 12, 602 00 Brno');
    expect(text).toContain('5.1.2026');
    expect(text).toContain('B PPV: Prospěl 20.3.2026');
    expect(text).toContain('B ZP: přihlášen 20.3.2026');
    expect(text).toContain('Ukončen');
    expect(text).toMatch(/Vyřazen z\s+evidence/);
    expect(text).not.toContain('Cizí');

    const empty = await registerBookDocument.load(
      app.handle.db,
      testSchoolId(schoolId),
      { entityId: null, params: { from: '2020-01-01', to: '2020-12-31' } },
      now,
    );
    expect(empty.rows).toEqual([]);
    expect((await renderText(registerBookDocument, empty)).text).toContain('V tomto období nebyl přijat žádný žadatel.');
  });

  it('refuses a missing, reversed or longer than a year range as a bad request', async () => {
    const { schoolId } = await setupSchool(app);
    for (const params of [
      {},
      null,
      'x',
      { from: '2026-02-01', to: '2026-01-01' },
      { from: '2024-01-01', to: '2026-01-01' },
      { from: '2026-13-01', to: '2026-12-01' },
    ]) {
      await expect(registerBookDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: null, params }, new Date())).rejects.toMatchObject({
        kind: 'BAD_REQUEST',
        code: 'INVALID_INPUT',
      });
    }
  });
});

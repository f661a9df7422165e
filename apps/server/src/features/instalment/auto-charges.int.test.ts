// Automatic charges (issue 21 §2): with the school's switch on and a price for 'Opravná zkouška', the second attempt's
// sign-up charges it once, with its reason; the first attempt, the switch off or no price charge nothing.
import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { createFinishedStudent, dayFromToday, examined } from '../exam/exam.testing.ts';
import { chargeExamRepeat } from './auto-charges.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('a repeated exam’s charge', () => {
  it('charges the second attempt once with its reason, not the first; off by default', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.instalment.getAutoCharges({ schoolId })).toEqual({ examRepeat: false });
    await caller.paymentItem.setPriceExtra({ schoolId, item: 'EXAM_REPEAT', price: 800 });
    const studentId = await createFinishedStudent(caller, schoolId);
    const first = await caller.exam.createExam({ schoolId, date: dayFromToday(-10), place: 'Magistrát města Brna', types: ['PPV'] });
    const second = await caller.exam.createExam({ schoolId, date: dayFromToday(-5), place: 'Magistrát města Brna', types: ['PPV'] });
    const third = await caller.exam.createExam({ schoolId, date: dayFromToday(-2), place: 'Magistrát města Brna', types: ['PPV'] });

    // Switch off: a failed first attempt and a second sign-up charge nothing.
    await examined(caller, schoolId, { examId: first.id, studentId, type: 'PPV', group: 'B' }, 'FAIL');
    await examined(caller, schoolId, { examId: second.id, studentId, type: 'PPV', group: 'B' }, 'FAIL');
    expect((await caller.paymentItem.getPaymentItems({ schoolId, studentId })).charges).toEqual([]);

    // Switch on: the third attempt's sign-up charges 800 Kč once, with the reason.
    expect(await caller.instalment.setAutoCharges({ schoolId, examRepeat: true })).toEqual({ examRepeat: true });
    await caller.exam.addStudentToExam({ schoolId, examId: third.id, studentId, newType: { type: 'PPV', group: 'B' } });
    const charges = (await caller.paymentItem.getPaymentItems({ schoolId, studentId })).charges;
    expect(charges).toEqual([expect.objectContaining({ item: 'EXAM_REPEAT', label: 'Opravná zkouška', unitPrice: 80_000, total: 80_000 })]);
    expect(charges[0]?.note).toBe('Automaticky: 3. pokus zkoušky (PPV, skupina B)');

    // Applied again for the same sign-up (a retry, a second instance): still one.
    const sid = testSchoolId(schoolId);
    const again = await inTransaction(app.deps, (tx, after) =>
      chargeExamRepeat(app.deps, tx, after, sid, null, { studentId, examId: third.id, type: 'PPV', group: 'B', attempt: 3 }),
    );
    expect(again).toBe(false);
    const rows = await app.handle.db
      .select()
      .from(schema.studentCharges)
      .where(and(eq(schema.studentCharges.schoolId, schoolId), eq(schema.studentCharges.studentId, studentId)));
    expect(rows).toHaveLength(1);
  });
});

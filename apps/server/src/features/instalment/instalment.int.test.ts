// Splátkový kalendář (issue 21 §2): templates, a template applied to the student's price, the plan edited, payments
// allocated oldest first with the states, the owing list's overdue amount and the student's own money view.
import { addDays, schoolToday } from '@volant/shared/school-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { aStudentActor } from '../student-portal/student-portal.testing.ts';
import { createTestStudent } from '../student/student.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const today = () => schoolToday(new Date());

describe('instalment templates', () => {
  it('the admin saves, edits and removes a template; every member reads them; a teacher may not save', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const saved = await caller.instalment.saveTemplate({
      schoolId,
      name: '3 splátky',
      trainingKind: 'BASIC',
      rows: [
        { label: 'Při zápisu', offset: 0 },
        { label: 'Po 1 měsíci', offset: 30 },
        { label: 'Před zkouškou', offset: 75 },
      ],
    });
    expect(saved).toMatchObject({ name: '3 splátky', trainingKind: 'BASIC', rows: [{ offset: 0 }, { offset: 30 }, { offset: 75 }] });
    const edited = await caller.instalment.saveTemplate({
      schoolId,
      id: saved.id,
      name: '2 splátky',
      rows: [
        { label: 'Při zápisu', offset: 0 },
        { label: 'Před zkouškou', offset: 60 },
      ],
    });
    expect(edited).toMatchObject({ id: saved.id, name: '2 splátky', trainingKind: null });
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacher.id);
    expect(await teacherCaller.instalment.getTemplates({ schoolId })).toEqual([edited]);
    await expect(teacherCaller.instalment.saveTemplate({ schoolId, name: 'X', rows: [{ label: 'Vše', offset: 0 }] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await inputIssues(caller.instalment.saveTemplate({ schoolId, name: 'X', rows: [{ label: 'Vše', offset: -1 }] }))).toEqual([
      'rows.0.offset: Počet dní musí být celé číslo 0 až 3650',
    ]);
    await caller.instalment.removeTemplate({ schoolId, id: saved.id });
    expect(await caller.instalment.getTemplates({ schoolId })).toEqual([]);
  });
});

describe('a student’s plan', () => {
  it('applies a template to the price after the discount: the parts sum to it exactly, due from the day applied', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    await expect(caller.instalment.applyTemplate({ schoolId, studentId, templateId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const t = await caller.instalment.saveTemplate({
      schoolId,
      name: '3 splátky',
      rows: [
        { label: 'Při zápisu', offset: 0 },
        { label: 'Před zkouškou', offset: 75 },
        { label: 'Po 1 měsíci', offset: 30 },
      ],
    });
    await expect(caller.instalment.applyTemplate({ schoolId, studentId, templateId: t.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await caller.paymentItem.setStudentPrice({ schoolId, studentId, price: 20000.5, discount: 1000 });
    const plan = await caller.instalment.applyTemplate({ schoolId, studentId, templateId: t.id, from: '2026-01-31' });
    expect(plan.items.map((i) => [i.label, i.dueOn, i.amount])).toEqual([
      ['Při zápisu', '2026-01-31', 633_450],
      ['Po 1 měsíci', '2026-03-02', 633_300],
      ['Před zkouškou', '2026-04-16', 633_300],
    ]);
    expect(plan.total).toBe(1_900_050);
  });

  it('allocates payments oldest first: paid, overdue (Po splatnosti), due; the owing list and the student see what is overdue', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const a = await aStudentActor(app, { caller, schoolId });
    const studentId = a.studentId;
    await caller.paymentItem.setStudentPrice({ schoolId, studentId, price: 30000 });
    const t0 = today();
    await caller.instalment.setStudentInstalments({
      schoolId,
      studentId,
      items: [
        { label: 'Při zápisu', dueOn: addDays(t0, -40), amount: 10000 },
        { label: 'Po 1 měsíci', dueOn: addDays(t0, -10), amount: 10000 },
        { label: 'Před zkouškou', dueOn: addDays(t0, 20), amount: 10000 },
      ],
    });
    await caller.paymentItem.createPayment({ schoolId, studentId, price: 12500, method: 'TRANSFER' });
    const plan = await caller.instalment.getStudentInstalments({ schoolId, studentId });
    expect(plan.items.map((i) => [i.paid, i.remaining, i.state])).toEqual([
      [1_000_000, 0, 'PAID'],
      [250_000, 750_000, 'OVERDUE'],
      [0, 1_000_000, 'DUE'],
    ]);
    expect(plan).toMatchObject({ overdue: 750_000, upcoming: 1_000_000, nextDueOn: addDays(t0, 20) });

    const owing = await caller.paymentItem.getOwingStudents({ schoolId });
    expect(owing.items.find((r) => r.id === studentId)).toMatchObject({ due: 1_750_000, overdue: 750_000, nextDueOn: addDays(t0, 20) });
    expect(owing.total.overdue).toBe(750_000);

    const money = await a.as().studentPortal.getMoney();
    expect(money.instalments).toMatchObject({ overdue: 750_000, upcoming: 1_000_000 });
    expect(money.instalments?.items.map((i) => i.state)).toEqual(['PAID', 'OVERDUE', 'DUE']);

    // Edited: an empty plan removes it; the owing list says no plan (null), not 0 overdue.
    expect((await caller.instalment.setStudentInstalments({ schoolId, studentId, items: [] })).items).toEqual([]);
    expect((await caller.paymentItem.getOwingStudents({ schoolId })).items.find((r) => r.id === studentId)?.overdue).toBeNull();
  });

  it('a teacher reads the plan but may not change it', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const studentId = await createTestStudent(caller, schoolId);
    const teacher = await createUser(app);
    await addMember(app, schoolId, teacher.id, 'TEACHER');
    const teacherCaller = await app.callerFor(teacher.id);
    expect((await teacherCaller.instalment.getStudentInstalments({ schoolId, studentId })).items).toEqual([]);
    await expect(
      teacherCaller.instalment.setStudentInstalments({ schoolId, studentId, items: [{ label: 'Vše', dueOn: '2026-01-01', amount: 1 }] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

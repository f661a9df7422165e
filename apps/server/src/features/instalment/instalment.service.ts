// Splátkový kalendář (issue 21 §2): the student's instalments with what the payments cover (allocated oldest due
// date first, the shared rule), the school's templates, and a template applied to the student's price. Integer
// haléře end to end.
import { planFromTemplate } from '@volant/shared/instalment/instalments';
import type {
  applyInstalmentTemplateInput,
  instalmentTemplateInput,
  removeInstalmentTemplateInput,
  setStudentInstalmentsInput,
} from '@volant/shared/instalment/inputs';
import { asHalere } from '@volant/shared/money';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { getStudentPrice } from '../payment-item/payment-item.service.ts';
import { findPriceStudent } from '../payment-item/payment-item.queries.ts';
import { lockStudents } from '../student/student.queries.ts';
import { studentPlan } from './instalment.plan.ts';
import {
  deleteTemplate,
  findTemplate,
  type InstalmentTemplateRow,
  insertTemplate,
  listTemplates,
  replaceInstalments,
  updateTemplate,
} from './instalment.queries.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');
const templateNotFound = () => new AppError('INSTALMENT_TEMPLATE_NOT_FOUND');

export async function getStudentInstalments(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  if (!(await findPriceStudent(deps.db, schoolId, studentId))) throw studentNotFound();
  return { studentId, ...(await studentPlan(deps.db, schoolId, studentId, deps.now())) };
}

export async function setStudentInstalments(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof setStudentInstalmentsInput>) {
  await inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    await replaceInstalments(tx, schoolId, input.studentId, input.items);
    await recordEvent(deps, tx, after, {
      name: 'instalment.set',
      schoolId,
      userId,
      entityType: 'student',
      entityId: input.studentId,
      data: { studentId: input.studentId, items: input.items },
    });
  });
  return getStudentInstalments(deps, schoolId, input.studentId);
}

/** The template's split of the student's course price after the discount, due from `from` (today when left out). */
export async function applyInstalmentTemplate(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof applyInstalmentTemplateInput>) {
  const template = await findTemplate(deps.db, schoolId, input.templateId);
  if (!template) throw templateNotFound();
  const price = await getStudentPrice(deps, schoolId, input.studentId);
  if (price.price === null) throw new AppError('INSTALMENT_NO_PRICE');
  const from = input.from ?? schoolToday(deps.now());
  const plan = planFromTemplate(Math.max(0, price.price - price.discount), template.offsets, from);
  const order = template.offsets.map((o, i) => ({ o, label: template.labels[i] ?? `${i + 1}. splátka` })).sort((a, b) => a.o - b.o);
  const items = plan.map((p, i) => ({ label: order[i]?.label ?? `${i + 1}. splátka`, dueOn: p.dueOn, amount: asHalere(p.amount) }));
  return setStudentInstalments(deps, schoolId, userId, { studentId: input.studentId, items });
}

const toTemplate = (t: InstalmentTemplateRow) => ({
  id: t.id,
  name: t.name,
  trainingKind: t.trainingKind,
  rows: t.offsets.map((offset, i) => ({ offset, label: t.labels[i] ?? '' })),
});
export type InstalmentTemplateDto = ReturnType<typeof toTemplate>;

export async function getInstalmentTemplates(deps: AppDeps, schoolId: SchoolId) {
  return (await listTemplates(deps.db, schoolId)).map(toTemplate);
}

export async function saveInstalmentTemplate(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof instalmentTemplateInput>) {
  const values = {
    name: input.name,
    trainingKind: input.trainingKind,
    offsets: input.rows.map((r) => r.offset),
    labels: input.rows.map((r) => r.label),
  };
  return inTransaction(deps, async (tx, after) => {
    const row = input.id ? await updateTemplate(tx, schoolId, input.id, values) : await insertTemplate(tx, schoolId, values);
    if (!row) throw templateNotFound();
    await recordEvent(deps, tx, after, { name: 'instalment.saveTemplate', schoolId, userId, entityType: 'instalmentTemplate', entityId: row.id, data: values });
    return toTemplate(row);
  });
}

export async function removeInstalmentTemplate(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof removeInstalmentTemplateInput>) {
  await inTransaction(deps, async (tx, after) => {
    const row = await deleteTemplate(tx, schoolId, input.id);
    if (!row) throw templateNotFound();
    await recordEvent(deps, tx, after, {
      name: 'instalment.removeTemplate',
      schoolId,
      userId,
      entityType: 'instalmentTemplate',
      entityId: row.id,
      data: toTemplate(row),
    });
  });
  return { ok: true as const };
}

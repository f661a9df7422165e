// The student's plan as read: each instalment's paid part and state (the shared allocation rule) and the totals. Kept
// apart from the service so the payment item's owing list reads it without an import cycle.
import type { DbOrTx } from '@volant/db/client';
import { allocatePayments, instalmentTotals } from '@volant/shared/instalment/instalments';
import { sumHalere } from '@volant/shared/money';
import { type CalendarDate, schoolToday } from '@volant/shared/school-time';
import type { SchoolId } from '../../lib/tenant.ts';
import { type InstalmentRow, listInstalments, listInstalmentsOf, paidOf } from './instalment.queries.ts';

/** The plan with each instalment's paid part, what is left and its state, and the plan's totals (haléře). */
export function instalmentPlan(rows: readonly InstalmentRow[], paid: number, today: CalendarDate) {
  const items = allocatePayments(
    rows.map((r) => ({ id: r.id, label: r.label, dueOn: r.dueOn, amount: r.amount as number })),
    paid,
    today,
  );
  return { items, total: sumHalere(rows.map((r) => r.amount)), ...instalmentTotals(items) };
}
export type InstalmentPlan = ReturnType<typeof instalmentPlan>;

/** The student's plan as of the school's today. */
export async function studentPlan(db: DbOrTx, schoolId: SchoolId, studentId: string, now: Date) {
  const [rows, paid] = await Promise.all([listInstalments(db, schoolId, studentId), paidOf(db, schoolId, [studentId])]);
  return instalmentPlan(rows, paid.get(studentId) ?? 0, schoolToday(now));
}

/** The plans of many students (the owing list): student id → plan, only for those who have one. */
export async function studentPlans(db: DbOrTx, schoolId: SchoolId, studentIds: readonly string[], now: Date) {
  const [rows, paid] = await Promise.all([listInstalmentsOf(db, schoolId, studentIds), paidOf(db, schoolId, studentIds)]);
  const byStudent = new Map<string, InstalmentRow[]>();
  for (const r of rows) byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), r]);
  const today = schoolToday(now);
  return new Map([...byStudent].map(([id, list]) => [id, instalmentPlan(list, paid.get(id) ?? 0, today)]));
}

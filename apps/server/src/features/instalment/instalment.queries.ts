import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Halere } from '@volant/shared/money';
import type { SchoolId } from '../../lib/tenant.ts';

const { instalmentTemplates, paymentItems, studentInstalments } = schema;

export type InstalmentRow = typeof studentInstalments.$inferSelect;
export type InstalmentTemplateRow = typeof instalmentTemplates.$inferSelect;

/** The student's instalments in plan order. */
export function listInstalments(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select()
    .from(studentInstalments)
    .where(and(eq(studentInstalments.schoolId, schoolId), eq(studentInstalments.studentId, studentId)))
    .orderBy(asc(studentInstalments.dueOn), asc(studentInstalments.position));
}

/** The instalments of many students (the owing list), in plan order. */
export function listInstalmentsOf(db: DbOrTx, schoolId: SchoolId, studentIds: readonly string[]) {
  if (studentIds.length === 0) return Promise.resolve([] as InstalmentRow[]);
  return db
    .select()
    .from(studentInstalments)
    .where(and(eq(studentInstalments.schoolId, schoolId), inArray(studentInstalments.studentId, [...studentIds])))
    .orderBy(asc(studentInstalments.dueOn), asc(studentInstalments.position));
}

/** What each of the students paid in all (haléře). */
export async function paidOf(db: DbOrTx, schoolId: SchoolId, studentIds: readonly string[]) {
  if (studentIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ studentId: paymentItems.studentId, paid: sql<string>`coalesce(sum(${paymentItems.price}), 0)` })
    .from(paymentItems)
    .where(and(eq(paymentItems.schoolId, schoolId), inArray(paymentItems.studentId, [...studentIds])))
    .groupBy(paymentItems.studentId);
  return new Map(rows.map((r) => [r.studentId, Number(r.paid)]));
}

export async function replaceInstalments(
  tx: DbOrTx,
  schoolId: SchoolId,
  studentId: string,
  items: readonly { label: string; dueOn: string; amount: Halere }[],
) {
  await tx.delete(studentInstalments).where(and(eq(studentInstalments.schoolId, schoolId), eq(studentInstalments.studentId, studentId)));
  if (items.length === 0) return [];
  return tx
    .insert(studentInstalments)
    .values(items.map((item, position) => ({ ...item, position, schoolId, studentId })))
    .returning();
}

export function listTemplates(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select()
    .from(instalmentTemplates)
    .where(eq(instalmentTemplates.schoolId, schoolId))
    .orderBy(asc(instalmentTemplates.name), asc(instalmentTemplates.id));
}

export async function findTemplate(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select()
    .from(instalmentTemplates)
    .where(and(eq(instalmentTemplates.schoolId, schoolId), eq(instalmentTemplates.id, id)))
    .limit(1);
  return row;
}

type TemplateValues = Pick<typeof instalmentTemplates.$inferInsert, 'name' | 'trainingKind' | 'offsets' | 'labels'>;

export async function insertTemplate(tx: DbOrTx, schoolId: SchoolId, values: TemplateValues) {
  const [row] = await tx
    .insert(instalmentTemplates)
    .values({ ...values, schoolId })
    .returning();
  return row as InstalmentTemplateRow;
}

export async function updateTemplate(tx: DbOrTx, schoolId: SchoolId, id: string, values: TemplateValues) {
  const [row] = await tx
    .update(instalmentTemplates)
    .set(values)
    .where(and(eq(instalmentTemplates.schoolId, schoolId), eq(instalmentTemplates.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .delete(instalmentTemplates)
    .where(and(eq(instalmentTemplates.schoolId, schoolId), eq(instalmentTemplates.id, id)))
    .returning();
  return row;
}

import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { LicenceGroup, TrainingKind, TrainingType } from '@volant/shared/enums';
import type { SchoolId } from '../../lib/tenant.ts';

const { paymentItems, schoolPriceList, studentPrices, students } = schema;

export type PaymentItemRow = typeof paymentItems.$inferSelect;
export type PaymentItemValues = Pick<typeof paymentItems.$inferInsert, 'studentId' | 'price' | 'paidOn' | 'method' | 'note' | 'createdBy'>;

/** What decides a student's default price: their first group, training kind and type (a removed student is not found). */
export async function findPriceStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ id: students.id, groups: students.groups, trainingKind: students.trainingKind, trainingType: students.trainingType })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}
export type PriceStudent = NonNullable<Awaited<ReturnType<typeof findPriceStudent>>>;

/** The student's payments, newest first. */
export function listPayments(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select()
    .from(paymentItems)
    .where(and(eq(paymentItems.schoolId, schoolId), eq(paymentItems.studentId, studentId)))
    .orderBy(desc(paymentItems.paidOn), desc(paymentItems.createdAt), desc(paymentItems.id));
}

export async function insertPayment(tx: DbOrTx, schoolId: SchoolId, values: PaymentItemValues) {
  const [row] = await tx
    .insert(paymentItems)
    .values({ ...values, schoolId })
    .returning();
  return row;
}

export async function deletePayment(tx: DbOrTx, schoolId: SchoolId, studentId: string, id: string) {
  const [row] = await tx
    .delete(paymentItems)
    .where(and(eq(paymentItems.schoolId, schoolId), eq(paymentItems.studentId, studentId), eq(paymentItems.id, id)))
    .returning();
  return row;
}

export async function findStudentPrice(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select()
    .from(studentPrices)
    .where(and(eq(studentPrices.schoolId, schoolId), eq(studentPrices.studentId, studentId)))
    .limit(1);
  return row;
}

export async function upsertStudentPrice(
  tx: DbOrTx,
  schoolId: SchoolId,
  studentId: string,
  values: { price: number; discount: number; discountReason: string | null },
  now: Date,
) {
  const [row] = await tx
    .insert(studentPrices)
    .values({ schoolId, studentId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: [studentPrices.schoolId, studentPrices.studentId], set: { ...values, updatedAt: now } })
    .returning();
  return row;
}

export async function findListPrice(db: DbOrTx, schoolId: SchoolId, group: LicenceGroup, kind: TrainingKind, variant: TrainingType) {
  const [row] = await db
    .select({ price: schoolPriceList.price })
    .from(schoolPriceList)
    .where(and(eq(schoolPriceList.schoolId, schoolId), eq(schoolPriceList.group, group), eq(schoolPriceList.kind, kind), eq(schoolPriceList.variant, variant)))
    .limit(1);
  return row;
}

export function listPriceList(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({ group: schoolPriceList.group, kind: schoolPriceList.kind, variant: schoolPriceList.variant, price: schoolPriceList.price })
    .from(schoolPriceList)
    .where(eq(schoolPriceList.schoolId, schoolId))
    .orderBy(asc(schoolPriceList.group), asc(schoolPriceList.kind), asc(schoolPriceList.variant));
}

type PriceKey = { group: LicenceGroup; kind: TrainingKind; variant: TrainingType };

export async function upsertListPrice(tx: DbOrTx, schoolId: SchoolId, key: PriceKey, price: number, now: Date) {
  await tx
    .insert(schoolPriceList)
    .values({ schoolId, ...key, price, updatedAt: now })
    .onConflictDoUpdate({
      target: [schoolPriceList.schoolId, schoolPriceList.group, schoolPriceList.kind, schoolPriceList.variant],
      set: { price, updatedAt: now },
    });
}

export async function deleteListPrice(tx: DbOrTx, schoolId: SchoolId, key: PriceKey) {
  await tx
    .delete(schoolPriceList)
    .where(
      and(
        eq(schoolPriceList.schoolId, schoolId),
        eq(schoolPriceList.group, key.group),
        eq(schoolPriceList.kind, key.kind),
        eq(schoolPriceList.variant, key.variant),
      ),
    );
}

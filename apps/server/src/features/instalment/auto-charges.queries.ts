import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { autoChargeSettings, schoolPriceExtras, studentCharges } = schema;

export async function findAutoChargeSettings(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select().from(autoChargeSettings).where(eq(autoChargeSettings.schoolId, schoolId)).limit(1);
  return { examRepeat: row?.examRepeat ?? false };
}

export async function upsertAutoChargeSettings(tx: DbOrTx, schoolId: SchoolId, examRepeat: boolean, now: Date) {
  await tx
    .insert(autoChargeSettings)
    .values({ schoolId, examRepeat, updatedAt: now })
    .onConflictDoUpdate({ target: autoChargeSettings.schoolId, set: { examRepeat, updatedAt: now } });
}

export async function findExtraPrice(db: DbOrTx, schoolId: SchoolId, item: 'EXAM_REPEAT') {
  const [row] = await db
    .select({ price: schoolPriceExtras.price })
    .from(schoolPriceExtras)
    .where(and(eq(schoolPriceExtras.schoolId, schoolId), eq(schoolPriceExtras.item, item)))
    .limit(1);
  return row;
}

/** Inserts the charge unless one with its source key exists (then undefined). */
export async function insertAutoCharge(tx: DbOrTx, schoolId: SchoolId, values: Omit<typeof studentCharges.$inferInsert, 'schoolId'>) {
  const [row] = await tx
    .insert(studentCharges)
    .values({ ...values, schoolId })
    .onConflictDoNothing()
    .returning({ id: studentCharges.id });
  return row;
}

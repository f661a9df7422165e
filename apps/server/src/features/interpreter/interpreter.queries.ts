import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';

const { interpreters } = schema;

export type InterpreterRow = typeof interpreters.$inferSelect;
export type InterpreterValues = Omit<typeof interpreters.$inferInsert, 'id' | 'schoolId' | 'createdAt' | 'removedAt'>;

/** Interpreters the pickers offer: not removed. Students keep a link to a removed one. */
const offered = (schoolId: SchoolId) => and(eq(interpreters.schoolId, schoolId), isNull(interpreters.removedAt));

export function listInterpreters(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select()
    .from(interpreters)
    .where(offered(schoolId))
    .orderBy(asc(czechSortKey(interpreters.lastName)), asc(czechSortKey(interpreters.firstName)), asc(interpreters.id));
}

export async function findActiveInterpreter(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ id: interpreters.id })
    .from(interpreters)
    .where(and(offered(schoolId), eq(interpreters.id, id)))
    .limit(1);
  return row;
}

export async function insertInterpreter(tx: DbOrTx, schoolId: SchoolId, values: InterpreterValues) {
  const [row] = await tx
    .insert(interpreters)
    .values({ ...values, schoolId })
    .returning();
  return row;
}

export async function updateInterpreterRow(tx: DbOrTx, schoolId: SchoolId, id: string, values: Partial<InterpreterValues> & { removedAt?: Date }) {
  const [row] = await tx
    .update(interpreters)
    .set(values)
    .where(and(offered(schoolId), eq(interpreters.id, id)))
    .returning();
  return row;
}

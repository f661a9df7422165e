import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { PlanRaise } from '@volant/shared/lesson-plan/law';
import { and, asc, eq } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { schoolLessonPlanRaises: raises } = schema;

type Cell = Pick<PlanRaise, 'group' | 'kind' | 'variant' | 'item'>;

/** The school's own figures above the legal plan (studentPlan in @volant/shared/lesson-plan/law takes them). */
export function findSchoolRaises(db: DbOrTx, schoolId: SchoolId): Promise<PlanRaise[]> {
  return db
    .select({ group: raises.group, kind: raises.kind, variant: raises.variant, item: raises.item, hours: raises.hours })
    .from(raises)
    .where(eq(raises.schoolId, schoolId))
    .orderBy(asc(raises.group), asc(raises.kind), asc(raises.variant), asc(raises.item));
}

export async function upsertRaise(tx: DbOrTx, schoolId: SchoolId, cell: Cell, hours: number, now: Date) {
  await tx
    .insert(raises)
    .values({ schoolId, ...cell, hours, updatedAt: now })
    .onConflictDoUpdate({ target: [raises.schoolId, raises.group, raises.kind, raises.variant, raises.item], set: { hours, updatedAt: now } });
}

export async function deleteRaise(tx: DbOrTx, schoolId: SchoolId, cell: Cell) {
  await tx
    .delete(raises)
    .where(
      and(
        eq(raises.schoolId, schoolId),
        eq(raises.group, cell.group),
        eq(raises.kind, cell.kind),
        eq(raises.variant, cell.variant),
        eq(raises.item, cell.item),
      ),
    );
}

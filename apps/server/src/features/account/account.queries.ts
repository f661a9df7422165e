import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { schoolMonth, schoolToday } from '@volant/shared/school-time';
import { eq, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { schools, tierLimits } = schema;

/**
 * Tier, its monthly maximum (null: unlimited) and students taken on this month, removed ones included. An applicant of
 * the public form counts from the day the office admits them (admitted_at), not from the day they applied.
 */
export async function getAccount(db: DbOrTx, schoolId: SchoolId, now: Date) {
  const [row] = await db
    .select({
      tier: schools.tier,
      maxStudentsInSchoolPerMonth: tierLimits.maxStudentsPerMonth,
      currentUsageStudentsInSchoolPerMonth: sql<number>`(select count(*)::int from students s where s.school_id = ${schoolId} and s.admitted_at >= ${schoolMonth(schoolToday(now)).start.toISOString()})`,
    })
    .from(schools)
    .leftJoin(tierLimits, eq(tierLimits.tier, schools.tier))
    .where(eq(schools.id, schoolId));
  return row;
}

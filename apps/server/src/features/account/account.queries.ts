import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { schools, tierLimits } = schema;

/** First instant of the current month in the school's zone (Europe/Prague). */
export function startOfMonthInPrague(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const y = Number(parts.find((p) => p.type === 'year')?.value);
  const m = Number(parts.find((p) => p.type === 'month')?.value);
  // Midnight in Prague is 23:00 or 22:00 UTC of the day before; find the offset of that moment.
  const guess = new Date(Date.UTC(y, m - 1, 1, 0, 0, 0));
  const pragueAtGuess = new Date(guess.toLocaleString('en-US', { timeZone: 'Europe/Prague' }));
  const utcAtGuess = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() - (pragueAtGuess.getTime() - utcAtGuess.getTime()));
}

/** Tier, its monthly maximum (null: unlimited) and students created this month, removed ones included. */
export async function getAccount(db: DbOrTx, schoolId: SchoolId, now: Date) {
  const [row] = await db
    .select({
      tier: schools.tier,
      maxStudentsInSchoolPerMonth: tierLimits.maxStudentsPerMonth,
      currentUsageStudentsInSchoolPerMonth: sql<number>`(select count(*)::int from students s where s.school_id = ${schoolId} and s.created_at >= ${startOfMonthInPrague(now).toISOString()})`,
    })
    .from(schools)
    .leftJoin(tierLimits, eq(tierLimits.tier, schools.tier))
    .where(eq(schools.id, schoolId));
  return row;
}

// The tenant proof of the command line (`npm run verify-records -- <school>`): whoever runs it holds the database
// itself, so the school is proven by finding its row there — by its id or its public code (pass code).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { eq, sql } from 'drizzle-orm';
import { proveSchoolId, type SchoolId } from '../lib/tenant.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The school named by id or code, read from the database; undefined when there is none. */
export async function schoolOfCommandLine(db: DbOrTx, key: string): Promise<{ schoolId: SchoolId; name: string } | undefined> {
  const { schools } = schema;
  const [row] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(UUID.test(key) ? eq(schools.id, key) : eq(sql`upper(${schools.passCode})`, key.trim().toUpperCase()))
    .limit(1);
  return row ? { schoolId: proveSchoolId(row.id), name: row.name } : undefined;
}

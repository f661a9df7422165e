// The header search's history: the last students a user opened, per school.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';
import { listItemColumns, type StudentListItem, tagsJson } from '../student/student.queries.ts';

const { userSearches, students } = schema;

export const RECENT_SEARCHES = 10;

/** Records (or refreshes) a search of a visible student of the school; false when there is no such student. */
export async function upsertUserSearch(tx: DbOrTx, schoolId: SchoolId, userId: string, studentId: string, at: Date) {
  const rows = await tx
    .insert(userSearches)
    .select(
      tx
        .select({
          schoolId: students.schoolId,
          userId: sql<string>`${userId}::uuid`.as('user_id'),
          studentId: students.id,
          searchedAt: sql<Date>`${at.toISOString()}::timestamptz`.as('searched_at'),
        })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt))),
    )
    .onConflictDoUpdate({ target: [userSearches.schoolId, userSearches.userId, userSearches.studentId], set: { searchedAt: sql`excluded.searched_at` } })
    .returning({ studentId: userSearches.studentId });
  return rows.length > 0;
}

/** Keeps only the newest entries of a user in a school. */
export async function pruneUserSearches(tx: DbOrTx, schoolId: SchoolId, userId: string, keep = RECENT_SEARCHES) {
  const mine = and(eq(userSearches.schoolId, schoolId), eq(userSearches.userId, userId));
  await tx
    .delete(userSearches)
    .where(
      and(
        mine,
        notInArray(
          userSearches.studentId,
          tx.select({ id: userSearches.studentId }).from(userSearches).where(mine).orderBy(desc(userSearches.searchedAt)).limit(keep),
        ),
      ),
    );
}

/** The user's recent students with their tags, newest first, removed ones left out; one statement. */
export function listRecentSearches(db: DbOrTx, schoolId: SchoolId, userId: string): Promise<StudentListItem[]> {
  return db
    .select({ ...listItemColumns, tags: tagsJson(schoolId, sql`"students"."id"`) })
    .from(userSearches)
    .innerJoin(students, and(eq(students.schoolId, userSearches.schoolId), eq(students.id, userSearches.studentId)))
    .where(and(eq(userSearches.schoolId, schoolId), eq(userSearches.userId, userId), isNull(students.removedAt)))
    .orderBy(desc(userSearches.searchedAt))
    .limit(RECENT_SEARCHES);
}

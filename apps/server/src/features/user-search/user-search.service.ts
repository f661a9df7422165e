import { AppError } from '../../lib/app-error.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { pruneUserSearches, upsertUserSearch } from './user-search.queries.ts';

/** The user opened a student from the header search: remember it, keeping the last ten. */
export async function reportUserSearch(deps: AppDeps, schoolId: SchoolId, userId: string, studentId: string) {
  await inTransaction(deps, async (tx) => {
    if (!(await upsertUserSearch(tx, schoolId, userId, studentId, deps.now()))) throw new AppError('STUDENT_NOT_FOUND');
    await pruneUserSearches(tx, schoolId, userId);
  });
  return { ok: true as const };
}

// The applications' live reactions (composed by lib/live.ts, and applied by the reject dialog on its answer).
import type { QueryFilters, QueryKey } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

/** A tRPC query key's input names this school (`[path, { input: { schoolId } }]`). */
function isOfSchool(queryKey: QueryKey, schoolId: string): boolean {
  const meta = queryKey[1] as { input?: { schoolId?: unknown } } | undefined;
  return meta?.input?.schoolId === schoolId;
}

/** Every query of the application-form domain, of that school. */
export const applicationQueries = (schoolId: string): QueryFilters[] => [t.applicationForm.pathFilter({ predicate: (q) => isOfSchool(q.queryKey, schoolId) })];

export const applicationFormLive = {
  // Applications and forms of the school: the application-form screens.
  ApplicationMessage: ({ schoolId }) => applicationQueries(schoolId),
  ApplicationFormMessage: ({ schoolId }) => applicationQueries(schoolId),
} satisfies LiveQueries<'ApplicationMessage' | 'ApplicationFormMessage'>;

// The tags' live reactions (composed by lib/live.ts).
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { studentLists } from '../student/student.live.ts';

export const tagLive = {
  // Tags show with their name and colour in the lists and on the cards that carry them.
  TagMessage: ({ schoolId, tagId }) => [
    t.tag.getTagsBySchoolId.queryFilter({ schoolId }),
    t.tag.getEntityTags.queryFilter(
      { schoolId },
      {
        predicate: (q) => (q.state.data as RouterOutputs['tag']['getEntityTags'] | undefined)?.some((tag) => tag.id === tagId) ?? false,
      },
    ),
    ...studentLists(schoolId),
  ],
} satisfies LiveQueries<'TagMessage'>;

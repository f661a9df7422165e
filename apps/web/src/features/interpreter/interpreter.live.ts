// The interpreters' live reactions (composed by lib/live.ts, and applied by the interpreter drawer on its answer).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

/** The pickers, and the cards of the students who name the interpreter (when known: a new one is on no card). */
export const interpreterQueries = (schoolId: string, interpreterId?: string): QueryFilters[] => [
  t.interpreter.getInterpreters.queryFilter({ schoolId }),
  ...(interpreterId
    ? [
        t.student.student.queryFilter(
          { schoolId },
          {
            predicate: (q) => (q.state.data as RouterOutputs['student']['student'] | undefined)?.studentInterpreter?.interpreterId === interpreterId,
          },
        ),
      ]
    : []),
];

export const interpreterLive = {
  InterpreterMessage: ({ schoolId, interpreterId }) => interpreterQueries(schoolId, interpreterId),
} satisfies LiveQueries<'InterpreterMessage'>;

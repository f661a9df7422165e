// The interpreters' live reactions (composed by lib/live.ts).
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

export const interpreterLive = {
  // The pickers, and the cards of the students who name the interpreter.
  InterpreterMessage: ({ schoolId, interpreterId }) => [
    t.interpreter.getInterpreters.queryFilter({ schoolId }),
    t.student.student.queryFilter(
      { schoolId },
      {
        predicate: (q) => (q.state.data as RouterOutputs['student']['student'] | undefined)?.studentInterpreter?.interpreterId === interpreterId,
      },
    ),
  ],
} satisfies LiveQueries<'InterpreterMessage'>;

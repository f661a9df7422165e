// Disputes' live reactions (composed by lib/live.ts): a student disputed a record, or the office resolved one.
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

export const recordDisputeLive = {
  RecordDisputeMessage: ({ schoolId, studentId }) => [t.recordDispute.getStudentDisputes.queryFilter({ schoolId, studentId })],
} satisfies LiveQueries<'RecordDisputeMessage'>;

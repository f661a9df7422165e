// The hlášenky's live reactions (composed by lib/live.ts).
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

export const reportLive = {
  ReportMessage: ({ schoolId, reportId }) => [t.report.getReports.queryFilter({ schoolId }), t.report.getReport.queryFilter({ schoolId, id: reportId })],
} satisfies LiveQueries<'ReportMessage'>;

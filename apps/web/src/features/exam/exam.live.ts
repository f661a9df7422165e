// The exams' live reactions: which queries a message about exam terms makes stale (composed by lib/live.ts).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

/** One student's exams on the card (sign-ups, attempts, deadline), and the exams page's application deadlines. */
export const studentExams = (schoolId: string, studentId: string): QueryFilters[] => [
  t.exam.getStudentExams.queryFilter({ schoolId, studentId }),
  t.exam.getApplicationDeadlines.queryFilter({ schoolId }),
];

/**
 * A term changed: the terms lists (and every card's upcoming terms) and that term's detail (when known: a new one is
 * not cached); its students get StudentInfoMessage. A moved term may count (or not) as the application after a
 * student's training ended.
 */
export const examQueries = (schoolId: string, examId?: string): QueryFilters[] => [
  t.exam.exams.queryFilter({ schoolId }),
  ...(examId ? [t.exam.getExam.queryFilter({ schoolId, id: examId }), t.exam.getWaitlist.queryFilter({ schoolId, id: examId })] : []),
  t.exam.getApplicationDeadlines.queryFilter({ schoolId }),
];

export const examLive = {
  ExamMessage: ({ schoolId, examId }) => examQueries(schoolId, examId),
} satisfies LiveQueries<'ExamMessage'>;

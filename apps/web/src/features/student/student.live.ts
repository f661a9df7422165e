// The students' live reactions: which queries a message about students makes stale (composed by lib/live.ts).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import { studentExams } from '../exam/exam.live.ts';
import { payments } from '../payment-item/payment-item.live.ts';
import { teaching } from '../teaching-lesson-record/teaching-lesson-record.live.ts';

/** The lists that show students by name, state and tags: the students page / search, and the recent searches. */
export const studentLists = (schoolId: string): QueryFilters[] => [
  t.student.students.queryFilter({ schoolId }),
  t.userSearch.getUserLastSearch.queryFilter({ schoolId }),
];

/** One student's card: its detail, header, training dates, tags and the legal minimum (lessons, rides and plan). */
export const studentCard = (schoolId: string, studentId: string): QueryFilters[] => [
  t.student.student.queryFilter({ schoolId, id: studentId }),
  t.student.getLegalMinimum.queryFilter({ schoolId, studentId }),
  t.student.getStudentCardHeaderInfo.queryFilter({ schoolId, id: studentId }),
  t.student.getStudentDateOfInProgress.queryFilter({ schoolId, studentId }),
  t.student.getStudentDateOfFinished.queryFilter({ schoolId, studentId }),
  t.tag.getEntityTags.queryFilter({ schoolId, entityId: studentId, entityType: 'STUDENT' }),
];

export const studentLive = {
  // A new student counts against the month's limit and takes the next registration number.
  OnNewStudentMessage: ({ schoolId }) => [
    ...studentLists(schoolId),
    t.account.getTier.queryFilter({ schoolId }),
    t.student.getNextRegistrationNumber.queryFilter({ schoolId }),
  ],
  // The student's name, state or tags may show in any list (a search may match it now), so every list of the school.
  // A start or a change of groups, kind or type (re)plans the Výuka too, which says so only through this message.
  // The default price follows the student's groups, kind and type (the price list's), so Platba too; a start fixes the
  // price and a rename or removal shows in the owing list.
  StudentInfoMessage: ({ schoolId, studentId }) => [
    ...studentCard(schoolId, studentId),
    ...studentLists(schoolId),
    ...teaching(schoolId, studentId),
    ...payments(schoolId, studentId),
    t.paymentItem.getOwingStudents.queryFilter({ schoolId }),
    ...studentExams(schoolId, studentId),
    // An open pass drawer or share dialog: the student signed the pass or got a new code.
    t.student.getStudentPass.queryFilter({ schoolId, type: 'app', studentId }),
    t.student.getStudentPassShareInfo.queryFilter({ schoolId, studentId }),
    // 'Přístup žáka': invited, revoked, or the student signed in.
    t.studentAccess.getAccess.queryFilter({ schoolId, studentId }),
  ],
} satisfies LiveQueries<'OnNewStudentMessage' | 'StudentInfoMessage'>;

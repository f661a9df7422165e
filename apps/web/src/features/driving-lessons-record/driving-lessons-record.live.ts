// Výcvik's live reactions: which queries a ride, a PV lesson or a car reservation makes stale (composed by lib/live.ts,
// and applied by the training form itself on its answer).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import { studentCard } from '../student/student.live.ts';

/**
 * What a ride, PV lesson or car reservation makes stale: the school's calendar and trainings list (a reservation has
 * no student), the student's card and Výcvik tab, that item (when known: a new one is not cached yet), and an open
 * training form's collision and warning checks.
 */
export const rideQueries = (schoolId: string, studentId: string | null | undefined, recordId?: string): QueryFilters[] => [
  ...(studentId ? [...studentCard(schoolId, studentId), t.drivingLessonsRecord.getDrivingLessonsRecords.queryFilter({ schoolId, studentId })] : []),
  t.drivingLessonsRecord.getCalendarEvents.queryFilter({ schoolId }),
  t.drivingLessonsRecord.getTrainings.queryFilter({ schoolId }),
  ...(recordId ? [t.drivingLessonsRecord.getDrivingLessonsRecord.queryFilter({ schoolId, id: recordId })] : []),
  t.drivingLessonsRecord.hasCollision.queryFilter({ schoolId }),
  t.drivingLessonsRecord.getTrainingWarnings.queryFilter({ schoolId }),
];

export const drivingLessonsRecordLive = {
  DrivingLessonRecordMessage: ({ schoolId, studentId, recordId }) => rideQueries(schoolId, studentId, recordId),
} satisfies LiveQueries<'DrivingLessonRecordMessage'>;

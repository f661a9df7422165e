// The student's driving progress: completed rides in 45-minute hours against the DRIVING hours of the student's plan
// (the law's figures for the student's groups, kind and type on the day training started, or the school's raises).
// Shared by the Výcvik tab and the card's progress circle.
import { useQuery } from '@tanstack/react-query';
import type { LicenceGroup } from '@volant/shared/enums';
import { type PlanRaise, studentPlan } from '@volant/shared/lesson-plan/law';
import { schoolToday } from '@volant/shared/school-time';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { browserNow } from '../../lib/clock.ts';
import { useTRPC } from '../../lib/trpc.ts';
import type { StudentDetail } from '../student/use-student-update.ts';
import type { TrainingRecord } from './training-form.tsx';
import { drivingProgress, raisesOf } from './training-tab-rules.ts';

/** The plan's driving hours of a student (with the school's raises), or null when the student has no groups yet. */
export function planDrivingHours(student: StudentDetail, raises: readonly PlanRaise[]): number | null {
  const { group, trainingKind, trainingType } = student.studentStudyInfo;
  if (!group || group.length === 0 || !trainingKind || !trainingType) return null;
  const day = student.dateOfInProgress ?? schoolToday(browserNow());
  return studentPlan({ groups: group as LicenceGroup[], kind: trainingKind, type: trainingType }, raises, day).items.DRIVING.hours;
}

/** `records` when the caller has them already (the Výcvik tab); otherwise the same query is read here. */
export function useTrainingProgress(student: StudentDetail, records?: readonly TrainingRecord[]) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const query = useQuery({
    ...trpc.drivingLessonsRecord.getDrivingLessonsRecords.queryOptions(withSchool(school, { studentId: student.id })),
    enabled: records === undefined,
  });
  const plan = useQuery(trpc.lessonPlan.getLessonPlan.queryOptions(school));
  return drivingProgress(records ?? query.data ?? [], planDrivingHours(student, raisesOf(plan.data)));
}

import { type Ids, type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';

/** A raise of the victim's school: B course driving at 31 hours (the law says 28). */
async function aRaise(_app: unknown, v: Victim) {
  await v.caller.lessonPlan.setLessonPlanRaise({ schoolId: v.schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', item: 'DRIVING', hours: 31 });
  return { hours: '31' };
}

/** The plan shows the victim's raise when B course driving counts 31 hours. */
const showsRaise = (result: unknown, _ids: Ids) =>
  (result as { rows: { group: string; kind: string; course: { DRIVING: { raise: number | null } } }[] }).rows.some(
    (r) => r.group === 'B' && r.kind === 'BASIC' && r.course.DRIVING.raise === 31,
  );

export const lessonPlanIsolation: IsolationTable = {
  'lessonPlan.getLessonPlan': school(aRaise, (c, schoolId) => c.lessonPlan.getLessonPlan({ schoolId }), showsRaise),
  'lessonPlan.setLessonPlanRaise': school(theSchool, (c, schoolId) =>
    c.lessonPlan.setLessonPlanRaise({ schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', item: 'DRIVING', hours: 30 }),
  ),
};

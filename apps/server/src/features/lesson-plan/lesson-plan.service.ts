// The lesson plan (Osnova výuky, legal-cz §3.2): the law's figures in force today, as versioned data in
// @volant/shared/lesson-plan/law, with the school's raises. A school may raise a cell (or confirm an unverified one by
// setting it), never go below the law.
import type { lessonPlanRaiseInput } from '@volant/shared/lesson-plan/inputs';
import { belowLawMessage } from '@volant/shared/lesson-plan/inputs';
import { lawPlanOn, PLAN_ITEMS, type PlanCell, type PlanItem, type PlanRaise, type PlanVariant } from '@volant/shared/lesson-plan/law';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { deleteRaise, findSchoolRaises, upsertRaise } from './lesson-plan.queries.ts';

type RaiseInput = z.output<typeof lessonPlanRaiseInput>;

/** One cell: the law's figure and mark, the school's raise, and the figure that counts (the raise when above the law). */
export interface LessonPlanCell {
  lawHours: number | null;
  verified: boolean;
  raise: number | null;
  hours: number | null;
}

function mergeCells(cells: Record<PlanItem, PlanCell>, raisesOf: (item: PlanItem) => number | null): Record<PlanItem, LessonPlanCell> {
  return Object.fromEntries(
    PLAN_ITEMS.map((item) => {
      const law = cells[item];
      const raise = raisesOf(item);
      const hours = raise !== null && (law.hours === null || raise > law.hours) ? raise : law.hours;
      return [item, { lawHours: law.hours, verified: law.verified, raise, hours }];
    }),
  ) as Record<PlanItem, LessonPlanCell>;
}

export async function getLessonPlan(deps: AppDeps, schoolId: SchoolId) {
  const version = lawPlanOn(schoolToday(deps.now()));
  const raises = await findSchoolRaises(deps.db, schoolId);
  const raiseOf = (r: Pick<PlanRaise, 'group' | 'kind'>, variant: PlanVariant) => (item: PlanItem) =>
    raises.find((x) => x.group === r.group && x.kind === r.kind && x.variant === variant && x.item === item)?.hours ?? null;
  return {
    validFrom: version.validFrom,
    source: version.source,
    rows: version.rows.map((r) => ({
      group: r.group,
      kind: r.kind,
      course: mergeCells(r.course, raiseOf(r, 'COURSE')),
      isp: r.isp ? mergeCells(r.isp, raiseOf(r, 'ISP')) : null,
    })),
  };
}
export type LessonPlanDto = Awaited<ReturnType<typeof getLessonPlan>>;

/** Sets (or, with null, removes) the school's figure of one cell of the plan in force today. */
export async function setLessonPlanRaise(deps: AppDeps, schoolId: SchoolId, userId: string, input: RaiseInput) {
  const now = deps.now();
  const version = lawPlanOn(schoolToday(now));
  const row = version.rows.find((r) => r.group === input.group && r.kind === input.kind);
  if (!row) throw new AppError('INVALID_INPUT', 'Zákon pro tuto skupinu a druh výcviku osnovu nestanoví.');
  const cells = input.variant === 'ISP' ? row.isp : row.course;
  if (!cells) throw new AppError('INVALID_INPUT', 'Individuální studijní plán není pro tuto skupinu povolen.');
  const law = cells[input.item].hours;
  if (input.hours !== null && law !== null && input.hours < law) throw new AppError('LESSON_PLAN_BELOW_LAW', belowLawMessage(law));
  const cell = { group: input.group, kind: input.kind, variant: input.variant, item: input.item };
  await inTransaction(deps, async (tx, after) => {
    if (input.hours === null) await deleteRaise(tx, schoolId, cell);
    else await upsertRaise(tx, schoolId, cell, input.hours, now);
    await recordEvent(deps, tx, after, {
      name: 'lessonPlan.setRaise',
      schoolId,
      userId,
      entityType: 'lessonPlan',
      entityId: null,
      data: { ...cell, hours: input.hours },
    });
  });
  return { ok: true as const };
}

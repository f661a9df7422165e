// The Výcvik tab's rules as pure functions (spec §2 Výcvik): records grouped by kind, a row's distance and what it
// lacks, and the driving hours done against the plan.
import { isCancelled, LESSON_KINDS, LESSON_UNIT_MINUTES, type LessonKind, type LessonState, type LicenceGroup, type TrainingKind } from '@volant/shared/enums';
import { formatTime } from '@volant/shared/format';
import { PLAN_ITEMS, type PlanItem, type PlanRaise } from '@volant/shared/lesson-plan/law';

export interface TabRecord {
  type: string;
  state: LessonState;
  startTime: Date;
  endTime: Date;
  length: number;
  userId: string | null;
  schoolCarId: string | null;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  /** Whether the student signed (the list carries the flags, not the pictures). */
  signed: boolean;
  teacherSigned: boolean;
}

/** The records per table (Jízdy, PV-ÚV, PV-ZP), each by start time; reservations are not a student's. */
export function groupByKind<R extends TabRecord>(records: readonly R[]): Record<LessonKind, R[]> {
  const groups = Object.fromEntries(LESSON_KINDS.map((k) => [k, [] as R[]])) as Record<LessonKind, R[]>;
  for (const r of records) if ((LESSON_KINDS as readonly string[]).includes(r.type)) groups[r.type as LessonKind].push(r);
  for (const k of LESSON_KINDS) groups[k].sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime());
  return groups;
}

/** Kilometres driven: after − before, when both are known. */
export function distanceKm(r: Pick<TabRecord, 'tachometerBefore' | 'tachometerAfter'>): number | null {
  return r.tachometerBefore !== null && r.tachometerAfter !== null ? r.tachometerAfter - r.tachometerBefore : null;
}

export const timeRange = (r: Pick<TabRecord, 'startTime' | 'endTime'>) => `${formatTime(r.startTime)}–${formatTime(r.endTime)}`;

export const MISSING_TEXTS = {
  unsigned: 'Jízda není podepsána',
  noTeacher: 'Učitel není přiřazen',
  noCar: 'Vozidlo není přiřazeno',
  notRegistered: 'Jízda není zaevidována',
} as const;

/**
 * What a row lacks, as the tooltips say it: signatures of a completed item, a teacher, a car of a ride, and the
 * registration of a scheduled item whose end has passed. A cancelled item lacks nothing.
 */
export function missingItems(r: TabRecord, now: Date): string[] {
  if (isCancelled(r.state)) return [];
  const out: string[] = [];
  if (r.state === 'COMPLETED' && (!r.signed || !r.teacherSigned)) out.push(MISSING_TEXTS.unsigned);
  if (!r.userId) out.push(MISSING_TEXTS.noTeacher);
  if (r.type === 'DRIVING' && !r.schoolCarId) out.push(MISSING_TEXTS.noCar);
  if (r.state === 'SCHEDULED' && new Date(r.endTime).getTime() <= now.getTime()) out.push(MISSING_TEXTS.notRegistered);
  return out;
}

/** Completed driving in 45-minute teaching hours (one decimal), against the plan's hours; percent for the circle. */
export function drivingProgress(records: readonly TabRecord[], planHours: number | null) {
  const minutes = records.filter((r) => r.type === 'DRIVING' && r.state === 'COMPLETED').reduce((sum, r) => sum + r.length, 0);
  const done = Math.round((minutes / LESSON_UNIT_MINUTES) * 10) / 10;
  const percent = planHours && planHours > 0 ? Math.min(100, Math.floor((done / planHours) * 100)) : null;
  return { done, planHours, percent };
}

/** The lesson plan as lessonPlan.getLessonPlan gives it: per group and kind, each cell's school raise (or null). */
export interface SchoolPlanLike {
  rows: readonly {
    group: LicenceGroup;
    kind: TrainingKind;
    course: Record<PlanItem, { raise: number | null }>;
    isp: Record<PlanItem, { raise: number | null }> | null;
  }[];
}

/** The school's raises of the plan, as studentPlan takes them. */
export function raisesOf(plan: SchoolPlanLike | undefined): PlanRaise[] {
  const out: PlanRaise[] = [];
  for (const row of plan?.rows ?? []) {
    for (const [variant, cells] of [
      ['COURSE', row.course],
      ['ISP', row.isp],
    ] as const) {
      if (!cells) continue;
      for (const item of PLAN_ITEMS) {
        const raise = cells[item]?.raise;
        if (raise !== null && raise !== undefined) out.push({ group: row.group, kind: row.kind, variant, item, hours: raise });
      }
    }
  }
  return out;
}

// The legal lesson plan as data (legal-cz §3.2): required theory lessons per section and practical hours per licence
// group × training kind, for a course and under ISP, versioned by the day a version applies from. Every cell says
// whether it was verified; null means the figure was not found and the school sets it (it may raise any cell for
// itself, never lower one below the law). Counted in 45-minute units: one lesson = one hour of 45 minutes.
import type { LicenceGroup, TeachingSection, TrainingKind, TrainingType } from '../enums.ts';
import type { CalendarDate } from '../school-time.ts';

/** What the plan counts: the seven Výuka sections and the driving hours (Jízdy). */
export const PLAN_ITEMS = ['TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'PV_UV', 'PV_ZP', 'DRIVING'] as const satisfies readonly (TeachingSection | 'DRIVING')[];
export type PlanItem = (typeof PLAN_ITEMS)[number];
/** Theory items, where ISP counts consultations (legal-cz §3.1); practical items are never reduced under ISP. */
export const THEORY_ITEMS = ['TZBJ', 'PPV', 'OUV', 'ZP', 'OP'] as const satisfies readonly PlanItem[];
export type PlanVariant = 'COURSE' | 'ISP';

export interface PlanCell {
  hours: number | null;
  verified: boolean;
}
export interface PlanRow {
  group: LicenceGroup;
  kind: TrainingKind;
  course: Record<PlanItem, PlanCell>;
  /** null: ISP is not allowed for this group (legal-cz §3.1: D, D1, D+E, D1+E). */
  isp: Record<PlanItem, PlanCell> | null;
}
export interface PlanVersion {
  validFrom: CalendarDate;
  source: string;
  rows: PlanRow[];
}

type Figures = [ppv: number | null, ouv: number | null, tzbj: number | null, zp: number | null, op: number | null];
type Practical = [driving: number | null, pvUv: number | null, pvZp: number | null];

/** ISP theory = ceil(course / 4) per subject (legal-cz §3.1, inferred from practice). */
const ispOf = (course: Figures): Figures => course.map((h) => (h === null ? null : Math.ceil(h / 4))) as Figures;

function row(
  group: LicenceGroup,
  kind: TrainingKind,
  course: Figures,
  isp: Figures | null,
  practical: Practical,
  verified: { theory: boolean; isp?: boolean; practical: boolean },
): PlanRow {
  const cells = (theory: Figures, theoryVerified: boolean): Record<PlanItem, PlanCell> => {
    const [ppv, ouv, tzbj, zp, op] = theory;
    const [driving, pvUv, pvZp] = practical;
    const t = (hours: number | null) => ({ hours, verified: theoryVerified && hours !== null });
    const p = (hours: number | null) => ({ hours, verified: verified.practical && hours !== null });
    return { PPV: t(ppv), OUV: t(ouv), TZBJ: t(tzbj), ZP: t(zp), OP: t(op), DRIVING: p(driving), PV_UV: p(pvUv), PV_ZP: p(pvZp) };
  };
  return { group, kind, course: cells(course, verified.theory), isp: isp ? cells(isp, verified.isp ?? verified.theory) : null };
}

const unknown: Figures = [null, null, null, null, null];
const none: Figures = [0, 0, 0, 0, 0];
const motorcycle = (group: LicenceGroup) => row(group, 'BASIC', unknown, [4, 1, 2, 1, 1], [13, 1, 4], { theory: false, isp: false, practical: false });

/** Zákon 247/2000 Sb. příloha č. 3 as amended by 191/2021 Sb. (in force 1 Jul 2021), per legal-cz §3.2. */
export const LAW_PLAN_VERSIONS: readonly PlanVersion[] = [
  {
    validFrom: '2021-07-01',
    source: 'zákon 247/2000 Sb., příloha č. 3 (ve znění 191/2021 Sb.); legal-cz §3.2',
    rows: [
      row('B', 'BASIC', [18, 2, 10, 2, 4], [5, 1, 3, 1, 1], [28, 2, 4], { theory: true, practical: true }),
      motorcycle('AM'),
      motorcycle('A1'),
      motorcycle('A2'),
      motorcycle('A'),
      row('T', 'BASIC', [18, 10, 10, 2, 4], [5, 3, 3, 1, 1], [21, 8, 4], { theory: false, practical: false }),
      row('T', 'EXPANDING', unknown, null, [10, 2, 4], { theory: false, practical: false }),
      row('C', 'EXPANDING', [10, 12, 10, 2, 4], [3, 3, 3, 1, 1], [18, 4, 4], { theory: false, practical: false }),
      row('D', 'EXPANDING', [10, 12, 10, 2, 4], null, [30, 8, 4], { theory: false, practical: false }),
      row('CpE', 'EXPANDING', [2, 1, 6, 2, 3], ispOf([2, 1, 6, 2, 3]), [8, 2, 2], { theory: false, practical: false }),
      row('BpE', 'EXPANDING', [2, 1, 6, 2, 3], [1, 1, 2, 1, 1], [8, 2, 2], { theory: false, practical: false }),
      row('B96', 'BASIC', none, none, [0, 0, 0], { theory: false, practical: false }),
      row('B96', 'EXPANDING', none, none, [0, 0, 0], { theory: false, practical: false }),
    ],
  },
];

/** The version in force on a day (the latest that applies from it or earlier). */
export function lawPlanOn(day: CalendarDate, versions: readonly PlanVersion[] = LAW_PLAN_VERSIONS): PlanVersion {
  const applicable = versions.filter((v) => v.validFrom <= day).sort((a, b) => b.validFrom.localeCompare(a.validFrom));
  return applicable[0] ?? versions[0];
}

/** ISP or a course (VRP is planned as a course). */
export const planVariantOf = (type: TrainingType): PlanVariant => (type === 'ISP' ? 'ISP' : 'COURSE');

/** The law's cells for one group, kind and variant; doplňovací training has no fixed minimum (legal-cz §2). */
export function lawCells(version: PlanVersion, group: LicenceGroup, kind: TrainingKind, variant: PlanVariant): Record<PlanItem, PlanCell> {
  if (kind === 'COMPLEMENTARY') return Object.fromEntries(PLAN_ITEMS.map((i) => [i, { hours: 0, verified: true }])) as Record<PlanItem, PlanCell>;
  const found = version.rows.find((r) => r.group === group && r.kind === kind);
  const cells = found ? (variant === 'ISP' ? found.isp : found.course) : null;
  return cells ?? (Object.fromEntries(PLAN_ITEMS.map((i) => [i, { hours: null, verified: false }])) as Record<PlanItem, PlanCell>);
}

/** A school's own figure for a cell (it may only raise the law's). */
export interface PlanRaise {
  group: LicenceGroup;
  kind: TrainingKind;
  variant: PlanVariant;
  item: PlanItem;
  hours: number;
}

export interface StudentPlan {
  items: Record<PlanItem, { hours: number; verified: boolean; raised: boolean }>;
}

/**
 * A student's plan: for each group of the student the law's figure (or the school's raise), then theory and PV-ZP as
 * the largest over the groups (one first-aid course covers all), driving and PV-ÚV summed (each group has its own
 * vehicle). Unknown figures count 0 and are marked unverified, so the school sees it must set them.
 */
export function studentPlan(
  student: { groups: readonly LicenceGroup[]; kind: TrainingKind; type: TrainingType },
  raises: readonly PlanRaise[],
  day: CalendarDate,
  versions: readonly PlanVersion[] = LAW_PLAN_VERSIONS,
): StudentPlan {
  const version = lawPlanOn(day, versions);
  const variant = planVariantOf(student.type);
  const items = Object.fromEntries(PLAN_ITEMS.map((i) => [i, { hours: 0, verified: true, raised: false }])) as StudentPlan['items'];
  for (const group of student.groups) {
    const cells = lawCells(version, group, student.kind, variant);
    for (const item of PLAN_ITEMS) {
      const raise = raises.find((r) => r.group === group && r.kind === student.kind && r.variant === variant && r.item === item);
      const law = cells[item].hours ?? 0;
      const hours = raise && raise.hours > law ? raise.hours : law;
      const cell = items[item];
      cell.hours = item === 'DRIVING' || item === 'PV_UV' ? cell.hours + hours : Math.max(cell.hours, hours);
      cell.verified &&= cells[item].verified || Boolean(raise);
      cell.raised ||= Boolean(raise && raise.hours > law);
    }
  }
  return { items };
}

/** Training is counted in 45-minute units: a 90-minute ride is 2 hours (legal-cz §3). */
export const lessonHours = (minutes: number) => Math.round((minutes / 45) * 10) / 10;

import { describe, expect, it } from 'vitest';
import { TEACHING_SECTIONS } from '../enums.ts';
import { lawPlanOn, type PlanItem, type PlanVersion, studentPlan } from './law.ts';

const DAY = '2026-03-02';
const hours = (plan: ReturnType<typeof studentPlan>, items: readonly PlanItem[] = [...TEACHING_SECTIONS, 'DRIVING']) =>
  Object.fromEntries(items.map((i) => [i, plan.items[i].hours]));

describe('studentPlan', () => {
  it('gives a B course the law’s 36 theory lessons, PV and 28 driving hours, verified', () => {
    const plan = studentPlan({ groups: ['B'], kind: 'BASIC', type: 'COURSE' }, [], DAY);
    expect(hours(plan)).toEqual({ TZBJ: 10, PPV: 18, OUV: 2, ZP: 2, OP: 4, PV_UV: 2, PV_ZP: 4, DRIVING: 28 });
    expect(Object.values(plan.items).every((c) => c.verified && !c.raised)).toBe(true);
  });

  it('gives B under ISP the consultations (11 theory lessons) and the full practical part', () => {
    const plan = studentPlan({ groups: ['B'], kind: 'BASIC', type: 'ISP' }, [], DAY);
    expect(hours(plan)).toEqual({ TZBJ: 3, PPV: 5, OUV: 1, ZP: 1, OP: 1, PV_UV: 2, PV_ZP: 4, DRIVING: 28 });
  });

  it('plans VRP as a course', () => {
    expect(hours(studentPlan({ groups: ['B'], kind: 'BASIC', type: 'VRP' }, [], DAY))).toEqual(
      hours(studentPlan({ groups: ['B'], kind: 'BASIC', type: 'COURSE' }, [], DAY)),
    );
  });

  it('takes theory and PV-ZP as the largest over two groups, and sums driving and PV-ÚV', () => {
    const plan = studentPlan({ groups: ['B', 'T'], kind: 'BASIC', type: 'COURSE' }, [], DAY);
    // B: OUV 2, PV-ÚV 2, driving 28; T: OUV 10, PV-ÚV 8, driving 21.
    expect(hours(plan)).toEqual({ TZBJ: 10, PPV: 18, OUV: 10, ZP: 2, OP: 4, PV_UV: 10, PV_ZP: 4, DRIVING: 49 });
    // T's figures are not verified, so neither is the sum.
    expect(plan.items.OUV.verified).toBe(false);
  });

  it('plans nothing for doplňovací training', () => {
    const plan = studentPlan({ groups: ['B'], kind: 'COMPLEMENTARY', type: 'COURSE' }, [], DAY);
    expect(Object.values(plan.items).every((c) => c.hours === 0 && c.verified)).toBe(true);
  });

  it('uses a school’s raise above the law, and ignores one below it or for another variant', () => {
    const raises = [
      { group: 'B', kind: 'BASIC', variant: 'COURSE', item: 'PPV', hours: 20 },
      { group: 'B', kind: 'BASIC', variant: 'COURSE', item: 'TZBJ', hours: 8 },
      { group: 'B', kind: 'BASIC', variant: 'ISP', item: 'OP', hours: 3 },
    ] as const;
    const plan = studentPlan({ groups: ['B'], kind: 'BASIC', type: 'COURSE' }, raises, DAY);
    expect(plan.items.PPV).toEqual({ hours: 20, verified: true, raised: true });
    expect(plan.items.TZBJ).toEqual({ hours: 10, verified: true, raised: false });
    expect(plan.items.OP).toEqual({ hours: 4, verified: true, raised: false });
    expect(studentPlan({ groups: ['B'], kind: 'BASIC', type: 'ISP' }, raises, DAY).items.OP).toEqual({ hours: 3, verified: true, raised: true });
  });

  it('counts an unknown figure as 0 and marks it unverified until the school sets it', () => {
    // Groups the law's table has no row for, and a motorcycle course whose theory figures were not found.
    for (const groups of [['C1'], ['A']] as const) {
      const plan = studentPlan({ groups: [...groups], kind: 'BASIC', type: 'COURSE' }, [], DAY);
      expect(plan.items.PPV).toEqual({ hours: 0, verified: false, raised: false });
    }
    const set = studentPlan(
      { groups: ['C1'], kind: 'BASIC', type: 'COURSE' },
      [{ group: 'C1', kind: 'BASIC', variant: 'COURSE', item: 'PPV', hours: 12 }],
      DAY,
    );
    expect(set.items.PPV).toEqual({ hours: 12, verified: true, raised: true });
  });

  it('takes the plan version in force on the day', () => {
    const versions: PlanVersion[] = [
      { validFrom: '2021-07-01', source: 'old', rows: [] },
      { validFrom: '2027-01-01', source: 'new', rows: [] },
    ];
    expect(lawPlanOn('2026-12-31', versions).source).toBe('old');
    expect(lawPlanOn('2027-01-01', versions).source).toBe('new');
  });
});

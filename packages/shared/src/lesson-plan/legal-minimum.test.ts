import { describe, expect, it } from 'vitest';
import { studentPlan } from './law.ts';
import { fromPreposition, legalMinimum, legalMinimumRefusal, missingLine } from './legal-minimum.ts';

const B = studentPlan({ groups: ['B'], kind: 'BASIC', type: 'COURSE' }, [], '2026-03-02').items;
const FULL_THEORY = { PPV: 18, OUV: 2, TZBJ: 10, ZP: 2, OP: 4, PV_UV: 2, PV_ZP: 4 };

describe('legalMinimum', () => {
  it('lists what a B student with 4 PPV lessons and one ride misses, by section, in the plan order', () => {
    const r = legalMinimum({ plan: B, attended: { PPV: 4 }, completedMinutes: { DRIVING: 45 } });
    expect(r.isMet).toBe(false);
    expect(r.missing).toEqual([
      'TZBJ: chybí 10 z 10 lekcí',
      'PPV: chybí 14 z 18 lekcí',
      'OÚV: chybí 2 z 2 lekcí',
      'ZP: chybí 2 z 2 lekcí',
      'OP: chybí 4 z 4 lekcí',
      'PV-ÚV: chybí 2 z 2 hodin',
      'PV-ZP: chybí 4 z 4 hodin',
      'Jízdy: chybí 27 z 28 hodin',
    ]);
  });

  it('is met when every section is attended and 28 hours of rides, PV-ÚV and PV-ZP are completed', () => {
    const r = legalMinimum({ plan: B, attended: FULL_THEORY, completedMinutes: { DRIVING: 28 * 45 } });
    expect(r).toMatchObject({ isMet: true, missing: [] });
    expect(r.sections.find((s) => s.item === 'DRIVING')).toEqual({ item: 'DRIVING', unit: 'hour', required: 28, done: 28, missing: 0, prior: 0 });
  });

  it('counts rides in minutes: 60 minutes leave 1 of 2 hours missing, 89 minutes of 2 hours still miss one', () => {
    const plan = { ...B, DRIVING: { hours: 2, verified: true, raised: false } };
    const at = (m: number) => legalMinimum({ plan, attended: FULL_THEORY, completedMinutes: { DRIVING: m } });
    expect(at(60).missing).toEqual(['Jízdy: chybí 1 z 2 hodin']);
    expect(at(89).missing).toEqual(['Jízdy: chybí 1 z 2 hodin']);
    expect(at(90).isMet).toBe(true);
  });

  it('takes PV from Výuka lessons or calendar lessons, the larger, never both added', () => {
    const theory = { ...FULL_THEORY, PV_UV: 1, PV_ZP: 0 };
    const r = legalMinimum({ plan: B, attended: theory, completedMinutes: { DRIVING: 28 * 45, PV_UV: 45, PV_ZP: 4 * 45 } });
    expect(r.missing).toEqual(['PV-ÚV: chybí 1 z 2 hodin']);
  });

  it('counts a previous school’s hours (a transfer record) with this school’s own, and says which part they are', () => {
    const own = { ...FULL_THEORY, PPV: 10 };
    const r = legalMinimum({
      plan: B,
      attended: own,
      completedMinutes: { DRIVING: 10 * 45 },
      prior: { attended: { PPV: 8 }, completedMinutes: { DRIVING: 18 * 45 } },
    });
    expect(r.isMet).toBe(true);
    expect(r.sections.find((s) => s.item === 'PPV')).toEqual({ item: 'PPV', unit: 'lesson', required: 18, done: 18, missing: 0, prior: 8 });
    expect(r.sections.find((s) => s.item === 'DRIVING')).toEqual({ item: 'DRIVING', unit: 'hour', required: 28, done: 28, missing: 0, prior: 18 });
    const without = legalMinimum({ plan: B, attended: own, completedMinutes: { DRIVING: 10 * 45 } });
    expect(without.missing).toEqual(['PPV: chybí 8 z 18 lekcí', 'Jízdy: chybí 18 z 28 hodin']);
  });

  it('adds prior PV minutes to own minutes and prior PV lessons to own lessons, then takes the larger (never both added)', () => {
    const r = legalMinimum({
      plan: B,
      attended: { ...FULL_THEORY, PV_UV: 0 },
      completedMinutes: { DRIVING: 28 * 45, PV_UV: 45 },
      prior: { attended: { PV_UV: 1 }, completedMinutes: { PV_UV: 45 } },
    });
    expect(r.sections.find((s) => s.item === 'PV_UV')).toMatchObject({ done: 2, missing: 0, prior: 1 });
  });

  it('requires nothing of a doplňovací student', () => {
    const plan = studentPlan({ groups: ['B'], kind: 'COMPLEMENTARY', type: 'COURSE' }, [], '2026-03-02').items;
    expect(legalMinimum({ plan, attended: {}, completedMinutes: {} })).toEqual({ sections: [], isMet: true, missing: [] });
  });
});

describe('Czech of the missing list', () => {
  it('agrees the noun with the total and picks z / ze by how the number reads', () => {
    expect(missingLine({ item: 'ZP', unit: 'lesson', required: 1, missing: 1 })).toBe('ZP: chybí 1 z 1 lekce');
    expect(missingLine({ item: 'OP', unit: 'lesson', required: 4, missing: 3 })).toBe('OP: chybí 3 z 4 lekcí');
    expect(missingLine({ item: 'PPV', unit: 'lesson', required: 17, missing: 2 })).toBe('PPV: chybí 2 ze 17 lekcí');
    expect(missingLine({ item: 'DRIVING', unit: 'hour', required: 1, missing: 1 })).toBe('Jízdy: chybí 1 z 1 hodiny');
    expect(missingLine({ item: 'DRIVING', unit: 'hour', required: 7, missing: 5 })).toBe('Jízdy: chybí 5 ze 7 hodin');
    expect(missingLine({ item: 'DRIVING', unit: 'hour', required: 21, missing: 21 })).toBe('Jízdy: chybí 21 z 21 hodin');
  });

  it('reads ze before 6, 7, 16, 17, 60–79, 100–199, 600–799 and 6 000', () => {
    const ze = [6, 7, 16, 17, 60, 66, 79, 100, 150, 199, 600, 777, 6000, 7500, 100_000];
    const z = [1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 28, 36, 49, 80, 99, 200, 500, 800, 1000, 1999, 2000, 20_000];
    expect(ze.map(fromPreposition)).toEqual(ze.map(() => 'ze'));
    expect(z.map(fromPreposition)).toEqual(z.map(() => 'z'));
  });

  it('words the refusal with the list', () => {
    expect(legalMinimumRefusal(['PPV: chybí 14 z 18 lekcí', 'Jízdy: chybí 27 z 28 hodin'])).toBe(
      'Žák nemá absolvovaný rozsah výuky a výcviku stanovený zákonem. PPV: chybí 14 z 18 lekcí; Jízdy: chybí 27 z 28 hodin.',
    );
  });
});

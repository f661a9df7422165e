import { describe, expect, it } from 'vitest';
import type { TeachingSection } from '@volant/shared/enums';
import { type PlannedLesson, replan } from './teaching-lesson-record.rules.ts';

const plan = (o: Partial<Record<TeachingSection, number>>): Record<TeachingSection, number> => ({
  TZBJ: 0,
  PPV: 0,
  OUV: 0,
  ZP: 0,
  OP: 0,
  PV_UV: 0,
  PV_ZP: 0,
  ...o,
});
const lessons = (type: TeachingSection, dates: (string | null)[]): PlannedLesson[] =>
  dates.map((date, i) => ({ id: `${type}-${i + 1}`, type, position: i + 1, date }));

describe('replan', () => {
  it('creates every planned row of an empty student, positions from 1', () => {
    const r = replan([], plan({ OUV: 2, ZP: 1 }));
    expect(r).toEqual({
      add: [
        { type: 'OUV', position: 1 },
        { type: 'OUV', position: 2 },
        { type: 'ZP', position: 1 },
      ],
      remove: [],
    });
  });

  it('adds after the last position and changes nothing when the plan is met', () => {
    expect(replan(lessons('OP', ['2026-01-01', null]), plan({ OP: 4 })).add).toEqual([
      { type: 'OP', position: 3 },
      { type: 'OP', position: 4 },
    ]);
    expect(replan(lessons('OP', [null, null]), plan({ OP: 2 }))).toEqual({ add: [], remove: [] });
  });

  it('removes surplus rows without a date, highest first, and keeps every dated one', () => {
    const rows = lessons('OUV', ['2026-01-01', null, '2026-01-03', null, null]);
    expect(replan(rows, plan({ OUV: 3 })).remove).toEqual(['OUV-5', 'OUV-4']);
    // Fewer planned than dated: the dated stay, every undated goes.
    expect(replan(rows, plan({ OUV: 1 })).remove).toEqual(['OUV-5', 'OUV-4', 'OUV-2']);
    expect(replan(rows, plan({})).remove).toEqual(['OUV-5', 'OUV-4', 'OUV-2']);
  });
});

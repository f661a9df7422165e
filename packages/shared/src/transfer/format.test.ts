import { describe, expect, it } from 'vitest';
import { priorHoursText, transferTotals } from './format.ts';

describe('priorHoursText', () => {
  it('says lessons and whole 45-minute hours in Czech, with the minutes', () => {
    expect(priorHoursText({ item: 'PPV', lessons: 18, minutes: 0 })).toBe('PPV: 18 lekcí');
    expect(priorHoursText({ item: 'ZP', lessons: 1, minutes: 0 })).toBe('ZP: 1 lekce');
    expect(priorHoursText({ item: 'DRIVING', lessons: 0, minutes: 270 })).toBe('Jízdy: 6 hodin (270 min)');
    expect(priorHoursText({ item: 'DRIVING', lessons: 0, minutes: 89 })).toBe('Jízdy: 1 hodina (89 min)');
    expect(priorHoursText({ item: 'PV_UV', lessons: 2, minutes: 90 })).toBe('PV-ÚV: 2 lekce, 2 hodiny (90 min)');
  });
});

describe('transferTotals', () => {
  it('counts attended lessons per section and completed minutes per kind', () => {
    const ride = {
      date: '2026-01-01',
      start: '2026-01-01T08:00:00.000Z',
      end: '2026-01-01T09:30:00.000Z',
      car: null,
      teacher: null,
      km: null,
      studentSigned: true,
      teacherSigned: true,
    };
    const t = transferTotals({
      theory: [
        { section: 'PPV', date: '2026-01-01', teacher: null, hours: 1 },
        { section: 'PPV', date: '2026-01-02', teacher: null, hours: 1 },
        { section: 'PV_UV', date: '2026-01-02', teacher: null, hours: 1 },
      ],
      rides: [
        { ...ride, kind: 'DRIVING', minutes: 90 },
        { ...ride, kind: 'DRIVING', minutes: 45 },
        { ...ride, kind: 'PV_UV', minutes: 60 },
      ],
    });
    expect(t).toEqual({ theory: { PPV: 2, PV_UV: 1 }, practicalMinutes: { DRIVING: 135, PV_UV: 60 }, rides: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import { studentPlan } from '@volant/shared/lesson-plan/law';
import { distanceKm, drivingProgress, groupByKind, MISSING_TEXTS, missingItems, raisesOf, type TabRecord, timeRange } from './training-tab-rules.ts';

const ride = (over: Partial<TabRecord> = {}): TabRecord => ({
  type: 'DRIVING',
  state: 'COMPLETED',
  startTime: new Date('2026-05-04T12:00:00Z'),
  endTime: new Date('2026-05-04T13:30:00Z'),
  length: 90,
  userId: 'teacher',
  schoolCarId: 'car',
  tachometerBefore: 1000,
  tachometerAfter: 1042,
  signed: true,
  teacherSigned: true,
  ...over,
});

const NOW = new Date('2026-05-10T10:00:00Z');

describe('the Výcvik tables', () => {
  it('group rides, PV-ÚV and PV-ZP by start time and leave car reservations out', () => {
    const late = ride({ startTime: new Date('2026-05-06T12:00:00Z') });
    const early = ride({ startTime: new Date('2026-05-01T12:00:00Z') });
    const groups = groupByKind([late, ride({ type: 'PV_ZP' }), ride({ type: 'CAR_RESERVATION' }), early]);
    expect(groups.DRIVING).toEqual([early, late]);
    expect(groups.PV_ZP).toHaveLength(1);
    expect(groups.PV_UV).toEqual([]);
  });

  it('show the distance as after − before and nothing when one is missing', () => {
    expect(distanceKm(ride())).toBe(42);
    expect(distanceKm(ride({ tachometerAfter: null }))).toBeNull();
  });

  it('show the time range on the school clock', () => {
    expect(timeRange(ride())).toBe('14:00–15:30');
  });
});

describe('what a row lacks', () => {
  it('a signed completed ride with teacher and car lacks nothing', () => {
    expect(missingItems(ride(), NOW)).toEqual([]);
  });

  it('a completed ride without a signature, a teacher or a car says so', () => {
    expect(missingItems(ride({ teacherSigned: false, userId: null, schoolCarId: null }), NOW)).toEqual([
      MISSING_TEXTS.unsigned,
      MISSING_TEXTS.noTeacher,
      MISSING_TEXTS.noCar,
    ]);
  });

  it('a completed ride the student has not signed is unsigned, whatever the teacher did', () => {
    expect(missingItems(ride({ signed: false }), NOW)).toEqual([MISSING_TEXTS.unsigned]);
  });

  it('a scheduled ride is not registered once it has ended, and needs no signature before', () => {
    expect(missingItems(ride({ state: 'SCHEDULED', signed: false }), NOW)).toEqual([MISSING_TEXTS.notRegistered]);
    const future = ride({ state: 'SCHEDULED', startTime: new Date('2026-05-20T12:00:00Z'), endTime: new Date('2026-05-20T13:30:00Z') });
    expect(missingItems(future, NOW)).toEqual([]);
  });

  it('a PV lesson needs no car; a cancelled item lacks nothing', () => {
    expect(missingItems(ride({ type: 'PV_UV', schoolCarId: null }), NOW)).toEqual([]);
    expect(missingItems(ride({ state: 'CANCELLED_BY_STUDENT', userId: null, signed: false }), NOW)).toEqual([]);
  });
});

describe('the driving progress', () => {
  it('counts completed rides in 45-minute hours against the plan', () => {
    const records = [ride(), ride({ length: 45 }), ride({ state: 'SCHEDULED' }), ride({ state: 'CANCELLED_BY_TEACHER' }), ride({ type: 'PV_UV', length: 60 })];
    expect(drivingProgress(records, 28)).toEqual({ done: 3, planHours: 28, percent: 10 });
  });

  it('caps at 100 % and has no percent without a plan', () => {
    expect(drivingProgress([ride({ length: 1440 })], 28).percent).toBe(100);
    expect(drivingProgress([ride()], 0).percent).toBeNull();
    expect(drivingProgress([ride({ length: 60 })], null)).toEqual({ done: 1.3, planHours: null, percent: null });
  });
});

describe("the school's raises of the plan", () => {
  const cells = (driving: number | null) =>
    Object.fromEntries(['TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'PV_UV', 'PV_ZP', 'DRIVING'].map((i) => [i, { raise: i === 'DRIVING' ? driving : null }])) as never;

  it('become the raises studentPlan counts with, per group, kind and variant', () => {
    const plan = { rows: [{ group: 'B' as const, kind: 'BASIC' as const, course: cells(30), isp: cells(null) }] };
    expect(raisesOf(plan)).toEqual([{ group: 'B', kind: 'BASIC', variant: 'COURSE', item: 'DRIVING', hours: 30 }]);
    const student = { groups: ['B'] as const, kind: 'BASIC' as const, type: 'COURSE' as const };
    const day = '2026-05-04';
    expect(studentPlan(student, raisesOf(plan), day).items.DRIVING.hours).toBeGreaterThan(studentPlan(student, [], day).items.DRIVING.hours);
  });

  it('are none before the plan has loaded', () => {
    expect(raisesOf(undefined)).toEqual([]);
  });
});

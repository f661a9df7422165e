import { describe, expect, it } from 'vitest';
import { mergeFetched, withLocalActions } from './day-merge.ts';
import type { DayAnswer, DayRide, StoredEntry } from './day-store.ts';

const ride = (id: string, o: Partial<DayRide> = {}): DayRide =>
  ({
    id,
    type: 'DRIVING',
    state: 'SCHEDULED',
    startTime: new Date('2031-03-03T08:00:00Z'),
    endTime: new Date('2031-03-03T09:30:00Z'),
    length: 90,
    startedAt: null,
    endedAt: null,
    tachometerBefore: null,
    tachometerAfter: null,
    note: null,
    updatedAt: new Date('2031-03-01T10:00:00Z'),
    recordedAt: null,
    signed: false,
    teacherSigned: false,
    student: null,
    car: null,
    carLastTachometer: null,
    warnings: [],
    progress: null,
    ...o,
  }) as DayRide;
const day = (rides: DayRide[]): DayAnswer => ({ date: '2031-03-03', rides, lessons: [] });
const started = new Date('2031-03-03T08:02:00Z');
const entry = (seq: number, recordId: string, state: StoredEntry['state'], action: StoredEntry['action']): StoredEntry => ({
  seq,
  key: `key-${seq}-abcdef`,
  recordId,
  state,
  action,
  schoolId: 's',
  date: '2031-03-03',
  savedAt: started,
});

describe('the device’s copy of a day', () => {
  it('keeps the version a ride’s unsent actions are based on when the day is read again (the office’s change stays detectable)', () => {
    const stored = day([ride('a'), ride('b')]);
    const officeChanged = new Date('2031-03-02T10:00:00Z');
    const fetched = day([ride('a', { updatedAt: officeChanged, note: 'kancelář' }), ride('b', { updatedAt: officeChanged }), ride('c')]);
    const entries = [entry(1, 'a', 'PENDING', { kind: 'START', at: started, tachometerBefore: 10 }), entry(2, 'b', 'SENT', { kind: 'NOTE', note: 'x' })];
    const merged = mergeFetched(fetched, stored, entries);
    expect(merged.rides.map((r) => [r.id, r.updatedAt])).toEqual([
      ['a', stored.rides[0].updatedAt],
      ['b', officeChanged],
      ['c', fetched.rides[2].updatedAt],
    ]);
    expect(mergeFetched(fetched, undefined, entries)).toBe(fetched);
  });

  it('shows the unsent actions on top, in the order they were saved; sent ones are already in the stored ride', () => {
    const entries = [
      entry(2, 'a', 'PENDING', { kind: 'END', at: new Date('2031-03-03T09:30:00Z'), tachometerAfter: 40 }),
      entry(1, 'a', 'PENDING', { kind: 'START', at: started, tachometerBefore: 10 }),
      entry(0, 'a', 'SENT', { kind: 'NOTE', note: 'already there' }),
    ];
    const [shown] = withLocalActions(day([ride('a')]), entries);
    expect(shown).toMatchObject({ startedAt: started, tachometerBefore: 10, tachometerAfter: 40, note: null });
  });
});

import { describe, expect, it } from 'vitest';
import { lessonsWithLocalMarks, mergeFetched, withLocalActions } from './day-merge.ts';
import type { DayAnswer, DayGroupLesson, DayRide, StoredEntry } from './day-store.ts';

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
const day = (rides: DayRide[], groupLessons: DayGroupLesson[] = []): DayAnswer => ({ date: '2031-03-03', rides, lessons: [], groupLessons });
const groupLesson = (id: string, hour: number, o: Partial<DayGroupLesson> = {}): DayGroupLesson => ({
  id,
  courseId: 'k',
  courseName: 'Kurz B',
  startTime: new Date(`2031-03-03T${String(hour).padStart(2, '0')}:00:00Z`),
  endTime: new Date(`2031-03-03T${String(hour + 1).padStart(2, '0')}:30:00Z`),
  units: 2,
  section: 'PPV',
  topic: null,
  teacherId: 't',
  classroom: null,
  updatedAt: new Date('2031-03-01T10:00:00Z'),
  students: [
    { id: 's1', firstName: 'A', lastName: 'A', registrationNumber: '1', extra: false, present: null },
    { id: 's2', firstName: 'B', lastName: 'B', registrationNumber: '2', extra: false, present: null },
    { id: 's3', firstName: 'C', lastName: 'C', registrationNumber: '3', extra: false, present: null },
  ],
  ...o,
});
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

  it('keeps a group lesson with unsent Docházka as the device read it, even one the office cancelled meanwhile, and shows the marks on top', () => {
    const stored = day([], [groupLesson('g', 17), groupLesson('cancelled', 9)]);
    const moved = groupLesson('g', 16, { updatedAt: new Date('2031-03-02T10:00:00Z') });
    const fetched = day([], [moved, groupLesson('h', 8)]);
    const entries = [
      entry(1, 'g', 'PENDING', { kind: 'ATTENDANCE', marks: [{ studentId: 's1', present: true }] }),
      entry(2, 'g', 'PENDING', {
        kind: 'ATTENDANCE',
        marks: [
          { studentId: 's2', present: true },
          { studentId: 's3', present: false },
        ],
      }),
      entry(3, 'g', 'PENDING', { kind: 'ATTENDANCE', marks: [{ studentId: 's2', present: null }] }),
      entry(4, 'cancelled', 'PENDING', { kind: 'ATTENDANCE', marks: [{ studentId: 's1', present: false }] }),
    ];
    const merged = mergeFetched(fetched, stored, entries);
    // Time order; the moved lesson keeps the base its marks were made on; the cancelled one stays until seen.
    expect(merged.groupLessons.map((l) => [l.id, l.updatedAt])).toEqual([
      ['h', fetched.groupLessons[1].updatedAt],
      ['cancelled', stored.groupLessons[1].updatedAt],
      ['g', stored.groupLessons[0].updatedAt],
    ]);
    const shown = lessonsWithLocalMarks(merged, entries);
    expect(shown.find((l) => l.id === 'g')?.students.map((s) => s.present)).toEqual([true, null, false]);
    // Once sent, the stored lesson is the server's and nothing is applied twice.
    const sent = entries.map((e) => ({ ...e, state: 'SENT' as const }));
    expect(mergeFetched(fetched, stored, sent).groupLessons.map((l) => l.id)).toEqual(['h', 'g']);
  });
});

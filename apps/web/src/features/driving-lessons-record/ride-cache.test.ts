// The training form's answer in the cache: the calendar windows that show it, the Výcvik tabs, in the server's order.
import { QueryClient } from '@tanstack/react-query';
import { type CalendarAnswer, type CalendarItem, calendarAnswer, calendarItems, calendarSourceRow } from '@volant/shared/driving-lessons-record/calendar';
import { describe, expect, it } from 'vitest';
import { applyAnswer } from '../../lib/form-mutation.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';
import { inWindow, placeSorted, ridePuts } from './ride-cache.ts';

const S = 's1';
const at = (iso: string) => new Date(`2026-03-02T${iso}:00Z`);
const ride = (over: Partial<Record<string, unknown>> = {}) =>
  ({
    id: 'r2',
    type: 'DRIVING',
    state: 'SCHEDULED',
    studentId: 'x',
    student: { id: 'x', firstName: 'Jan', lastName: 'Novák', registrationNumber: '1' },
    startTime: at('10:00'),
    endTime: at('11:30'),
    length: 90,
    userId: 'teacher',
    user: { id: 'teacher', firstName: 'Petr', lastName: 'Učitel' },
    schoolCarId: 'car',
    schoolCar: { id: 'car', carType: 'Škoda', regNumber: '1A1' },
    tachometerBefore: null,
    tachometerAfter: null,
    signature: null,
    teacherSignature: null,
    signed: false,
    teacherSigned: false,
    allDay: false,
    note: '',
    lessonHours: 2,
    createdAt: at('08:00'),
    ...over,
  }) as never;
const item = (id: string, start: string) => ({ id, startTime: at(start) });
/** A cached calendar answer (column by column) of whole items starting at those times. */
const calendarOf = (...items: [id: string, start: string][]) =>
  calendarAnswer(
    items.map(([id, start]): ReturnType<typeof calendarSourceRow> => {
      const full: CalendarItem = {
        ...{ id, type: 'DRIVING', state: 'SCHEDULED', startTime: at(start), endTime: new Date(at(start).getTime() + 90 * 60_000) },
        ...{ length: 90, allDay: false, studentId: null, student: null, userId: null, user: null, schoolCarId: null, schoolCar: null },
        ...{ tachometerBefore: null, tachometerAfter: null, note: null, signed: false, teacherSigned: false, bookedByStudent: false },
      };
      return calendarSourceRow(full);
    }),
  );

describe('placeSorted', () => {
  it('inserts by start time then id, replaces an item of the same id, and removes it when given none', () => {
    const list = [item('a', '09:00'), item('c', '10:00'), item('d', '12:00')];
    expect(placeSorted(list, 'b', item('b', '10:00')).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(placeSorted(list, 'a', item('a', '13:00')).map((x) => x.id)).toEqual(['c', 'd', 'a']);
    expect(placeSorted(list, 'c', null).map((x) => x.id)).toEqual(['a', 'd']);
  });
});

describe('inWindow', () => {
  const day = { schoolId: S, from: at('00:00'), to: new Date('2026-03-03T00:00:00Z') };
  it('shows a ride that runs into [from, to) and passes the teacher and car filters', () => {
    expect(inWindow(ride(), day)).toBe(true);
    expect(inWindow(ride(), { ...day, from: at('11:30') })).toBe(false);
    expect(inWindow(ride(), { ...day, to: at('10:00') })).toBe(false);
    expect(inWindow(ride(), { ...day, teacherIds: ['other'] })).toBe(false);
    expect(inWindow(ride(), { ...day, schoolCarIds: ['car'] })).toBe(true);
  });
});

describe('ridePuts', () => {
  it('puts a new ride into the calendar windows that show it and the student’s Výcvik tab, without a refetch', async () => {
    const queryClient = new QueryClient();
    const week = t.drivingLessonsRecord.getCalendarEvents.queryKey({ schoolId: S, from: at('00:00'), to: new Date('2026-03-09T00:00:00Z') });
    const nextWeek = t.drivingLessonsRecord.getCalendarEvents.queryKey({
      schoolId: S,
      from: new Date('2026-03-09T00:00:00Z'),
      to: new Date('2026-03-16T00:00:00Z'),
    });
    const tab = t.drivingLessonsRecord.getDrivingLessonsRecords.queryKey({ schoolId: S, studentId: 'x' });
    queryClient.setQueryData(week, calendarOf(['r1', '09:00']) as never);
    queryClient.setQueryData(nextWeek, calendarOf() as never);
    queryClient.setQueryData(tab, [item('r1', '09:00')] as never);
    await applyAnswer(queryClient, ridePuts(S, ride()), []);
    const shown = calendarItems(queryClient.getQueryData(week) as CalendarAnswer);
    expect(shown.map((x) => x.id)).toEqual(['r1', 'r2']);
    expect(shown[1]).toMatchObject({ student: { id: 'x', firstName: 'Jan', lastName: 'Novák' }, signed: false });
    expect(shown[1]).not.toHaveProperty('signature');
    expect(calendarItems(queryClient.getQueryData(nextWeek) as CalendarAnswer)).toEqual([]);
    expect(queryClient.getQueryData(tab)?.map((x) => x.id)).toEqual(['r1', 'r2']);
    expect(queryClient.getQueryState(week)?.isInvalidated).toBe(false);
  });

  it('moves an edited ride out of a window and off the Výcvik tab of the student it had before', async () => {
    const queryClient = new QueryClient();
    const week = t.drivingLessonsRecord.getCalendarEvents.queryKey({ schoolId: S, from: at('00:00'), to: at('10:00') });
    const before = t.drivingLessonsRecord.getDrivingLessonsRecords.queryKey({ schoolId: S, studentId: 'y' });
    queryClient.setQueryData(week, calendarOf(['r2', '08:00']) as never);
    queryClient.setQueryData(before, [item('r2', '08:00')] as never);
    await applyAnswer(queryClient, ridePuts(S, ride(), 'y'), []);
    expect(calendarItems(queryClient.getQueryData(week) as CalendarAnswer)).toEqual([]);
    expect(queryClient.getQueryData(before)).toEqual([]);
  });
});

// A saved ride (the training form's answer, a ride whole) put where the screens list it: the calendar's cached windows,
// the student's Výcvik tab and the ride's own query. Lists are ordered as the server orders them (start, then id).
import type { QueryKey } from '@tanstack/react-query';
import { type CalendarAnswer, type CalendarItem, calendarAnswer, calendarItems, calendarSourceRow } from '@volant/shared/driving-lessons-record/calendar';
import type { CachePut } from '../../lib/form-mutation.ts';
import { type RouterInputs, type RouterOutputs, trpcOptions as t } from '../../lib/trpc.ts';

type SavedRide = RouterOutputs['drivingLessonsRecord']['getDrivingLessonsRecord'];
type ListedRide = RouterOutputs['drivingLessonsRecord']['getDrivingLessonsRecords'][number];
type CalendarInput = RouterInputs['drivingLessonsRecord']['getCalendarEvents'];

interface Placed {
  id: string;
  startTime: Date;
}

/** The list without the item of that id, and with `item` (when given) at its place by start time, then id. */
export function placeSorted<T extends Placed>(list: readonly T[], id: string, item: T | null): T[] {
  const rest = list.filter((x) => x.id !== id);
  if (!item) return rest;
  const at = rest.findIndex((x) => x.startTime.getTime() > item.startTime.getTime() || (x.startTime.getTime() === item.startTime.getTime() && x.id > item.id));
  return at === -1 ? [...rest, item] : [...rest.slice(0, at), item, ...rest.slice(at)];
}

/** Whether the calendar window (its query's input) shows the ride: it runs into [from, to) and passes the filters. */
export function inWindow(ride: Pick<SavedRide, 'startTime' | 'endTime' | 'userId' | 'schoolCarId'>, window: CalendarInput): boolean {
  if (ride.startTime.getTime() >= window.to.getTime() || ride.endTime.getTime() <= window.from.getTime()) return false;
  if (window.teacherIds?.length && !(ride.userId && window.teacherIds.includes(ride.userId))) return false;
  if (window.schoolCarIds?.length && !(ride.schoolCarId && window.schoolCarIds.includes(ride.schoolCarId))) return false;
  return true;
}

/** The calendar's item of a saved ride: what the calendar reads, whether signed instead of the pictures. */
export function toCalendarItem(ride: SavedRide): CalendarItem {
  return {
    id: ride.id,
    type: ride.type,
    state: ride.state,
    studentId: ride.studentId,
    startTime: ride.startTime,
    endTime: ride.endTime,
    length: ride.length,
    userId: ride.userId,
    schoolCarId: ride.schoolCarId,
    tachometerBefore: ride.tachometerBefore,
    tachometerAfter: ride.tachometerAfter,
    allDay: ride.allDay,
    note: ride.note,
    signed: ride.signed,
    teacherSigned: ride.teacherSigned,
    bookedByStudent: !!ride.bookedByStudentAt,
    student: ride.student ? { id: ride.student.id, firstName: ride.student.firstName, lastName: ride.student.lastName } : null,
    user: ride.user && { id: ride.user.id, firstName: ride.user.firstName, lastName: ride.user.lastName },
    schoolCar: ride.schoolCar && { id: ride.schoolCar.id, carType: ride.schoolCar.carType, regNumber: ride.schoolCar.regNumber },
  };
}

function toListedRide(ride: SavedRide): ListedRide {
  const { signature: _s, teacherSignature: _t, ...listed } = ride;
  return listed;
}

/** The cached calendar answer (column by column) with the ride placed in it, or taken out when the window does not show it. */
function placeInCalendar(answer: CalendarAnswer, ride: SavedRide, shown: boolean): CalendarAnswer {
  return calendarAnswer(placeSorted(calendarItems(answer), ride.id, shown ? toCalendarItem(ride) : null).map(calendarSourceRow));
}

const windowOf = (queryKey: QueryKey) => (queryKey[1] as { input: CalendarInput }).input;

/**
 * The saved ride into the cache: every cached calendar window of the school (in it or out of it after a move), the
 * Výcvik tabs of its student and of the student it had before (an edit may change the student), and the ride itself.
 */
export function ridePuts(schoolId: string, ride: SavedRide, previousStudentId?: string | null): CachePut[] {
  const students = [...new Set([ride.studentId, previousStudentId].filter((id): id is string => !!id))];
  return [
    {
      filter: t.drivingLessonsRecord.getCalendarEvents.queryFilter({ schoolId }),
      update: (old, key) => old && placeInCalendar(old as CalendarAnswer, ride, inWindow(ride, windowOf(key))),
    },
    ...students.map(
      (studentId): CachePut => ({
        filter: t.drivingLessonsRecord.getDrivingLessonsRecords.queryFilter({ schoolId, studentId }),
        update: (old) => old && placeSorted(old as ListedRide[], ride.id, ride.studentId === studentId ? toListedRide(ride) : null),
      }),
    ),
    { filter: t.drivingLessonsRecord.getDrivingLessonsRecord.queryFilter({ schoolId, id: ride.id }), update: () => ride },
  ];
}

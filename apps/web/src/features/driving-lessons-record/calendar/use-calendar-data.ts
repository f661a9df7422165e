// What the calendar screens read and write: the teacher and car pickers, the items of a window of time, and the move
// of an item (drag, resize) with the collision check first.
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CalendarItem, calendarItems } from '@volant/shared/driving-lessons-record/calendar';
import { COLLISION_TITLE, collisionMessage, notEndedRefusal } from '@volant/shared/driving-lessons-record/rules';
import { ERROR_TITLES } from '@volant/shared/errors';
import { fullName } from '@volant/shared/format';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { schoolOf, useSchoolInput, withSchool } from '../../../app/use-school.ts';
import { browserNow } from '../../../lib/clock.ts';
import { describeError, errorCode, useTRPC } from '../../../lib/trpc.ts';
import { movedTimes } from './calendar-events.ts';

export type { CalendarItem };

export interface CalendarFilters {
  teacherIds: string[];
  schoolCarIds: string[];
}

/** The school's teachers and cars: picker options and the order that gives each its colour. */
export function usePickers() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const teachers = useQuery(trpc.school.getSchoolTeachers.queryOptions(school));
  const cars = useQuery(trpc.schoolCar.getSchoolCar.queryOptions(school));
  return useMemo(() => {
    const teacherList = teachers.data ?? [];
    const carList = cars.data ?? [];
    return {
      /** Whether the teachers are loaded (the remembered filter drops those the school no longer lists). */
      teachersLoaded: teachers.data !== undefined,
      carsLoaded: cars.data !== undefined,
      teacherIds: teacherList.map((t) => t.id),
      carIds: carList.map((c) => c.id),
      teacherOptions: teacherList.map((t) => ({ value: t.id, label: fullName(t) })),
      // Retired cars stay in the filter (their past rides show), after the active ones.
      /** The active cars by registration number: the resource view's columns. */
      carColumns: carList.filter((c) => !c.retiredAt).map((c) => ({ value: c.id, label: c.regNumber })),
      carOptions: [...carList]
        .sort((a, b) => Number(!!a.retiredAt) - Number(!!b.retiredAt))
        .map((c) => ({ value: c.id, label: `${c.regNumber} · ${c.carType}` })),
    };
  }, [teachers.data, cars.data]);
}

/**
 * The items of [from, to), filtered, one object per item (the answer comes column by column with lookups); the
 * previous window's items stay on screen while the next one loads.
 */
export function useCalendarItems(range: { from: Date; to: Date } | null, filters: CalendarFilters) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  return useQuery({
    ...trpc.drivingLessonsRecord.getCalendarEvents.queryOptions(
      range
        ? withSchool(school, {
            from: range.from,
            to: range.to,
            teacherIds: filters.teacherIds.length ? filters.teacherIds : undefined,
            schoolCarIds: filters.schoolCarIds.length ? filters.schoolCarIds : undefined,
          })
        : skipToken,
    ),
    placeholderData: keepPreviousData,
    select: calendarItems,
  });
}

/**
 * Moves an item to new times, keeping every other field. A registered (or signed) ride moved to where it has not ended
 * yet goes back with the reason; then `hasCollision` (teacher, car and student): a collision, or the database refusing
 * the write (CONFLICT), reverts the move and says why under the title 'Kolize'. Resolves true when saved.
 */
export function useMoveItem() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const update = useMutation(trpc.drivingLessonsRecord.updatePlanDrivingLessonsRecordV2.mutationOptions());

  return useCallback(
    async (item: CalendarItem, start: Date, end: Date | null, allDay: boolean): Promise<boolean> => {
      const times = movedTimes(item, start, end, allDay);
      const notEnded = notEndedRefusal(
        {
          type: item.type,
          state: item.state,
          endTime: times.endTime,
          signature: item.signed ? 'signed' : null,
          teacherSignature: item.teacherSigned ? 'signed' : null,
          tachometerBefore: item.tachometerBefore,
          tachometerAfter: item.tachometerAfter,
        },
        browserNow(),
      );
      if (notEnded) {
        notification.error({ title: ERROR_TITLES.error, description: notEnded });
        return false;
      }
      try {
        const collision = await queryClient.fetchQuery({
          ...trpc.drivingLessonsRecord.hasCollision.queryOptions({
            ...schoolOf(school),
            startTime: times.startTime,
            endTime: times.endTime,
            teacherId: item.userId,
            schoolCarId: item.schoolCarId,
            studentId: item.type === 'CAR_RESERVATION' ? null : item.studentId,
            currentId: item.id,
          }),
          staleTime: 0,
        });
        if (collision) {
          notification.error({ title: COLLISION_TITLE, description: collisionMessage(collision) });
          return false;
        }
        // The calendar's items say only whether they are signed; the pictures come with the whole record.
        const signatures =
          item.signed || item.teacherSigned
            ? await queryClient.fetchQuery({
                ...trpc.drivingLessonsRecord.getDrivingLessonsRecord.queryOptions({ ...schoolOf(school), id: item.id }),
                staleTime: 0,
              })
            : { signature: null, teacherSignature: null };
        await update.mutateAsync({
          ...schoolOf(school),
          id: item.id,
          type: item.type,
          state: item.state,
          studentId: item.studentId,
          userId: item.userId,
          schoolCarId: item.schoolCarId,
          tachometerBefore: item.tachometerBefore,
          tachometerAfter: item.tachometerAfter,
          note: item.note,
          signature: signatures.signature,
          teacherSignature: signatures.teacherSignature,
          ...times,
        });
        return true;
      } catch (err) {
        // A refused field (say a tachometer lower than the car's previous ride) says why in its own words.
        const { message, fieldErrors } = describeError(err);
        const description = Object.values(fieldErrors).flat()[0] ?? message;
        notification.error({ title: errorCode(err) === 'CONFLICT' ? COLLISION_TITLE : ERROR_TITLES.error, description });
        return false;
      }
    },
    [trpc, school, queryClient, notification, update],
  );
}

// 'Učitelé a vozidla' on a phone: the same resource day view, its columns scrolling sideways inside the view (never
// the page), with the remembered teacher and car filters choosing the columns.
import { type CalendarDate, schoolDay, schoolToday } from '@volant/shared/school-time';
import { useMemo, useState } from 'react';
import { browserNow } from '../../../lib/clock.ts';
import { availabilityBlocks } from './availability-background.ts';
import { ResourceDayView } from './resource-day-view.tsx';
import { resourceColumns } from './resource-layout.ts';
import { useCarFilter, useTeacherFilter } from './teacher-filter.ts';
import { TrainingFormHost, type TrainingFormRequest } from './training-form-host.tsx';
import { useTeachersAvailability } from './use-availability.ts';
import { type CalendarItem, useCalendarItems, usePickers } from './use-calendar-data.ts';

const NO_ITEMS: CalendarItem[] = [];
const NO_FILTER = { teacherIds: [], schoolCarIds: [] };

export function PhoneResources() {
  const pickers = usePickers();
  const teachers = useTeacherFilter(pickers.teachersLoaded ? pickers.teacherIds : null);
  const cars = useCarFilter(pickers.carsLoaded ? pickers.carIds : null);
  const [day, setDay] = useState<CalendarDate>(() => schoolToday(browserNow()));
  const [form, setForm] = useState<TrainingFormRequest | null>(null);
  const range = useMemo(() => {
    const { start, end } = schoolDay(day);
    return { from: start, to: end };
  }, [day]);
  const items = useCalendarItems(range, NO_FILTER);
  const filters = useMemo(() => ({ teacherIds: teachers.teacherIds, schoolCarIds: cars.schoolCarIds }), [teachers.teacherIds, cars.schoolCarIds]);
  const availability = useTeachersAvailability(filters.teacherIds.length ? filters.teacherIds : pickers.teacherIds, range);
  const background = useMemo(() => availabilityBlocks(availability, range.from, range.to), [availability, range]);
  const columns = useMemo(() => resourceColumns(pickers.teacherOptions, pickers.carColumns, filters), [pickers.teacherOptions, pickers.carColumns, filters]);
  return (
    <>
      <ResourceDayView
        day={day}
        onDayChange={setDay}
        items={items.data ?? NO_ITEMS}
        columns={columns}
        background={background}
        colorBy="TEACHER"
        teacherIds={pickers.teacherIds}
        carIds={pickers.carIds}
        onOpenItem={(item) => setForm({ kind: 'edit', item })}
        onPlan={(start, column) =>
          setForm({
            kind: 'create',
            slot: { start, end: new Date(start.getTime() + 90 * 60_000), allDay: false },
            prefill: column.kind === 'TEACHER' ? { userId: column.id } : { schoolCarId: column.id },
          })
        }
      />
      <TrainingFormHost request={form} onClose={() => setForm(null)} />
    </>
  );
}

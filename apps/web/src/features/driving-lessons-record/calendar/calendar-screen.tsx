// Kalendář on tablets and desktops: the filters, the colour toggle and the FullCalendar board (loaded lazily), with
// the training form drawer for a selected slot or a clicked item.
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Row, Segmented, Select, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useIsMobile } from '../../../lib/media.ts';
import { describeError } from '../../../lib/trpc.ts';
import { browserNow } from '../../../lib/clock.ts';
import { type ColorBy, colorOf, nextHourSlot } from './calendar-events.ts';
import { TrainingFormHost, type TrainingFormRequest } from './training-form-host.tsx';
import { useCarFilter, useTeacherFilter } from './teacher-filter.ts';
import { availabilityBlocks } from './availability-background.ts';
import { ResourceDayView } from './resource-day-view.tsx';
import { resourceColumns } from './resource-layout.ts';
import { useTeachersAvailability } from './use-availability.ts';
import { type CalendarDate, schoolDateOf, schoolDay, schoolToday } from '@volant/shared/school-time';
import { type CalendarFilters, type CalendarItem, useCalendarItems, usePickers } from './use-calendar-data.ts';
import './calendar.css';
import { useAppStore } from '../../../app/store.ts';
import type { CalendarView } from '@volant/shared/enums';

const CalendarBoard = lazy(() => import('./calendar-board.tsx'));

/** One empty list while nothing is loaded (a new array each render would make the board reset its events). */
const NO_ITEMS: CalendarItem[] = [];

const COLOR_OPTIONS: { value: ColorBy; label: string }[] = [
  { value: 'TEACHER', label: 'Učitel' },
  { value: 'CAR', label: 'Vozidlo' },
];

export function CalendarFiltersBar({
  filters,
  onChange,
  pickers,
}: {
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
  pickers: ReturnType<typeof usePickers>;
}) {
  return (
    <>
      <Col xs={24} md={12} xl={8}>
        <Select<string[]>
          mode="multiple"
          allowClear
          placeholder="Všichni učitelé"
          aria-label="Filtrovat podle učitele"
          value={filters.teacherIds}
          onChange={(teacherIds) => onChange({ ...filters, teacherIds })}
          options={pickers.teacherOptions}
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          style={{ width: '100%' }}
        />
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Select<string[]>
          mode="multiple"
          allowClear
          placeholder="Všechna vozidla"
          aria-label="Filtrovat podle vozidla"
          value={filters.schoolCarIds}
          onChange={(schoolCarIds) => onChange({ ...filters, schoolCarIds })}
          options={pickers.carOptions}
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          style={{ width: '100%' }}
        />
      </Col>
    </>
  );
}

/** Which colour is whose: the teachers' (or the cars') names with their colour. */
function ColorLegend({ colorBy, pickers }: { colorBy: ColorBy; pickers: ReturnType<typeof usePickers> }) {
  const entries = colorBy === 'TEACHER' ? pickers.teacherOptions : pickers.carOptions;
  const ids = colorBy === 'TEACHER' ? pickers.teacherIds : pickers.carIds;
  if (entries.length === 0) return null;
  return (
    <ul className="volant-legend" aria-label={colorBy === 'TEACHER' ? 'Barvy učitelů' : 'Barvy vozidel'}>
      {entries.map((e) => (
        <li key={e.value}>
          <span className="volant-legend__swatch" style={{ background: colorOf(e.value, ids) }} />
          {e.label}
        </li>
      ))}
    </ul>
  );
}

type ScreenView = 'CALENDAR' | 'RESOURCES';
const VIEW_OPTIONS: { value: ScreenView; label: string }[] = [
  { value: 'CALENDAR', label: 'Kalendář' },
  { value: 'RESOURCES', label: 'Učitelé a vozidla' },
];
const NO_FILTER: CalendarFilters = { teacherIds: [], schoolCarIds: [] };

/** The board's first view: the user's choice (Uživatelské Nastavení), else a day on a phone and a week wider. */
function boardView(view: CalendarView | null | undefined, isMobile: boolean) {
  if (view === 'month') return 'dayGridMonth' as const;
  if (view === 'day' || (!view && isMobile)) return 'timeGridDay' as const;
  return 'timeGridWeek' as const;
}

export function CalendarScreen() {
  const isMobile = useIsMobile();
  const calendarView = useAppStore((s) => s.user?.calendarView);
  const pickers = usePickers();
  const teachers = useTeacherFilter(pickers.teachersLoaded ? pickers.teacherIds : null);
  const { schoolCarIds, setSchoolCarIds } = useCarFilter(pickers.carsLoaded ? pickers.carIds : null);
  const filters = useMemo<CalendarFilters>(() => ({ teacherIds: teachers.teacherIds, schoolCarIds }), [teachers.teacherIds, schoolCarIds]);
  const setFilters = (next: CalendarFilters) => {
    if (next.teacherIds !== filters.teacherIds) teachers.setTeacherIds(next.teacherIds);
    if (next.schoolCarIds !== filters.schoolCarIds) setSchoolCarIds(next.schoolCarIds);
  };
  const [colorBy, setColorBy] = useState<ColorBy>('TEACHER');
  const [range, setRange] = useState<{ from: Date; to: Date } | null>(null);
  const [form, setForm] = useState<TrainingFormRequest | null>(null);
  const [view, setView] = useState<ScreenView>('CALENDAR');
  const [resourceDay, setResourceDay] = useState<CalendarDate>(() => schoolToday(browserNow()));
  const resources = view === 'RESOURCES';
  const dayRange = useMemo(() => {
    const { start, end } = schoolDay(resourceDay);
    return { from: start, to: end };
  }, [resourceDay]);
  // Until the user's role is known the first filter is not: ask once, with the right one. The resource view reads the
  // whole day (a ride shows in its teacher's and its car's column); the filters pick the columns there.
  const items = useCalendarItems(teachers.ready ? (resources ? dayRange : range) : null, resources ? NO_FILTER : filters);
  const shownTeachers = filters.teacherIds.length ? filters.teacherIds : pickers.teacherIds;
  const shownRange = resources ? dayRange : range;
  const availability = useTeachersAvailability(shownTeachers, shownRange);
  const background = useMemo(() => (shownRange ? availabilityBlocks(availability, shownRange.from, shownRange.to) : []), [availability, shownRange]);
  const columns = useMemo(() => resourceColumns(pickers.teacherOptions, pickers.carColumns, filters), [pickers.teacherOptions, pickers.carColumns, filters]);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Kalendář
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ kind: 'create', slot: nextHourSlot(browserNow()) })}>
          Naplánovat
        </Button>
      </Flex>
      <Row gutter={[8, 8]} align="middle">
        <CalendarFiltersBar filters={filters} onChange={setFilters} pickers={pickers} />
        <Col xs={24} xl={8}>
          <Flex align="center" gap={8} wrap>
            <Segmented<ScreenView> aria-label="Zobrazení" options={VIEW_OPTIONS} value={view} onChange={setView} />
            <Typography.Text id="calendar-color-by">Barvy podle:</Typography.Text>
            <Segmented<ColorBy> aria-labelledby="calendar-color-by" options={COLOR_OPTIONS} value={colorBy} onChange={setColorBy} />
            {items.isFetching && <Spin size="small" aria-label="Načítání" />}
          </Flex>
        </Col>
      </Row>
      <ColorLegend colorBy={colorBy} pickers={pickers} />
      {items.isError && <Alert type="error" showIcon title={describeError(items.error).message} />}
      {resources ? (
        <ResourceDayView
          day={resourceDay}
          onDayChange={setResourceDay}
          items={items.data ?? NO_ITEMS}
          columns={columns}
          background={background}
          colorBy={colorBy}
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
      ) : (
        <Suspense
          fallback={
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin />
            </Flex>
          }
        >
          <CalendarBoard
            items={items.data ?? NO_ITEMS}
            colorBy={colorBy}
            teacherIds={pickers.teacherIds}
            carIds={pickers.carIds}
            initialView={boardView(calendarView, isMobile)}
            onRangeChange={(next) =>
              // FullCalendar may report the same dates again when its events change: keep the same window then (a new
              // object would recompute the background, change the events and report again, without end).
              setRange((prev) => (prev && prev.from.getTime() === next.from.getTime() && prev.to.getTime() === next.to.getTime() ? prev : next))
            }
            background={background}
            initialDate={resourceDay}
            onDayOpen={(date) => {
              setResourceDay(schoolDateOf(date));
              setView('RESOURCES');
            }}
            onSelectSlot={(slot) => setForm({ kind: 'create', slot })}
            onOpenItem={(item) => setForm({ kind: 'edit', item })}
          />
        </Suspense>
      )}
      <TrainingFormHost request={form} onClose={() => setForm(null)} />
    </Flex>
  );
}

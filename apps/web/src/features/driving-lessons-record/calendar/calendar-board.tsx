// The calendar on wider screens: FullCalendar 7 (week by default, day, month) in the school's zone, 24-hour times,
// items coloured by teacher or car; select a slot to plan, click an item to edit, drag or resize it to move it.
// This file brings FullCalendar along: it is loaded lazily, and never on phones (they get the day list).
import { BOOKED_BY_STUDENT_TAG } from '@volant/shared/booking/rules';
import FullCalendar, { type EventDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import csLocale from '@fullcalendar/react/locales/cs';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { formatTime } from '@volant/shared/format';
import { SCHOOL_TIME_ZONE } from '@volant/shared/school-time';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BackgroundBlock } from './availability-background.ts';
import { type CalendarEvent, type ColorBy, slotRange, toCalendarEvent } from './calendar-events.ts';
import { maxStackFor, moreLinkHint, moreLinkText } from './stacking.ts';
import { type CalendarItem, useMoveItem } from './use-calendar-data.ts';
import './calendar.css';

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export interface CalendarBoardProps {
  items: readonly CalendarItem[];
  colorBy: ColorBy;
  teacherIds: readonly string[];
  carIds: readonly string[];
  initialView: 'timeGridWeek' | 'timeGridDay' | 'dayGridMonth';
  onRangeChange: (range: { from: Date; to: Date }) => void;
  onSelectSlot: (slot: { start: Date; end: Date; allDay: boolean }) => void;
  onOpenItem: (item: CalendarItem) => void;
  /** The shown teachers' working hours and absences, drawn as background. */
  background: readonly BackgroundBlock[];
  /** The first day shown ('YYYY-MM-DD'). */
  initialDate?: string;
  /** A day's header clicked: open that day by teachers and cars. */
  onDayOpen: (date: Date) => void;
}

function EventContent({ arg }: { arg: EventDisplayInfo }) {
  // The selection's mirror (a slot being picked) is an event without a record.
  const { isCancelled, record } = arg.event.extendedProps as Partial<CalendarEvent['extendedProps']>;
  const { start, end, allDay } = arg.event;
  // HH:mm–HH:mm on the school's clock, as everywhere in the app (FullCalendar's own text drops the leading zero).
  const time = !allDay && start && end ? `${formatTime(start)}–${formatTime(end)}` : '';
  // In the month grid an item is one line of a day's cell.
  // The student's surname on a line of its own (never cut on a busy day: issue 20 §4), the type after it.
  const who =
    record && record.type !== 'CAR_RESERVATION' && record.student && arg.event.title.startsWith(record.student.lastName) ? record.student.lastName : null;
  const classes = ['volant-cal-event', isCancelled && 'volant-cal-event--cancelled', arg.view.type.startsWith('dayGrid') && 'volant-cal-event--row'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {time && <span className="volant-cal-event__time">{time}</span>}
      <span className="volant-cal-event__title">
        {who ? (
          <>
            <b className="volant-cal-event__who">{who}</b>
            {arg.event.title.slice(who.length)}
          </>
        ) : (
          arg.event.title
        )}
      </span>
      {record?.bookedByStudent && (
        <span className="volant-cal-event__booked" title={BOOKED_BY_STUDENT_TAG}>
          {BOOKED_BY_STUDENT_TAG}
        </span>
      )}
    </div>
  );
}

export default function CalendarBoard({
  items,
  colorBy,
  teacherIds,
  carIds,
  initialView,
  onRangeChange,
  onSelectSlot,
  onOpenItem,
  background,
  initialDate,
  onDayOpen,
}: CalendarBoardProps) {
  const move = useMoveItem();
  const [busy, setBusy] = useState(false);
  // The board's width and the shown view's number of days decide how many concurrent items stand side by side. Only
  // the resulting number is state: a width that wobbles (a scrollbar coming and going) changes nothing.
  const box = useRef<HTMLDivElement>(null);
  const [days, setDays] = useState(initialView === 'timeGridDay' ? 1 : 7);
  const [maxStack, setMaxStack] = useState(() => maxStackFor(1100, initialView === 'timeGridDay' ? 1 : 7));
  useEffect(() => {
    const measure = () => {
      if (box.current) setMaxStack(maxStackFor(box.current.clientWidth, days));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [days]);
  const events = useMemo(() => {
    const shown = items.map((r) => toCalendarEvent(r, colorBy, teacherIds, carIds));
    // One teacher shown: their hours and absences as background. With several, one teacher's absence would shade
    // everybody's day and the union of hours says nothing: the resource view shows them per teacher.
    const teachersShown = new Set(background.map((b) => b.teacherId)).size;
    const bg = background
      .filter(() => teachersShown === 1)
      .map((b) => ({
        id: `bg-${b.teacherId}-${b.kind}-${b.start.getTime()}`,
        start: b.start,
        end: b.end,
        display: 'background' as const,
        classNames: [b.kind === 'ABSENT' ? 'volant-bg-absent' : 'volant-bg-work'],
        backgroundColor: b.kind === 'ABSENT' ? '#d9d9d9' : '#b7eb8f',
        title: b.kind === 'ABSENT' ? 'Nepřítomen' : '',
      }));
    return [...bg, ...shown];
  }, [items, colorBy, teacherIds, carIds, background]);
  const { slotMinTime, slotMaxTime } = useMemo(() => slotRange(items), [items]);

  const onMoved = async (info: { event: { start: Date | null; end: Date | null; allDay: boolean; extendedProps: unknown }; revert: () => void }) => {
    const { record } = info.event.extendedProps as { record: CalendarItem };
    const { start, end, allDay } = info.event;
    // Only a car reservation may be all-day; a ride dropped into the all-day row goes back.
    if (!start || (allDay && record.type !== 'CAR_RESERVATION')) {
      info.revert();
      return;
    }
    setBusy(true);
    const saved = await move(record, start, end, allDay);
    setBusy(false);
    if (!saved) info.revert();
  };

  return (
    <div className="volant-calendar" aria-busy={busy} ref={box}>
      <FullCalendar
        plugins={[classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin]}
        locale={csLocale}
        timeZone={SCHOOL_TIME_ZONE}
        firstDay={1}
        initialView={initialView}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' }}
        height="max(560px, calc(100vh - 260px))"
        slotMinTime={slotMinTime}
        slotMaxTime={slotMaxTime}
        scrollTime="07:00"
        slotDuration="00:15"
        slotHeaderInterval="01:00"
        slotHeaderFormat={TIME_FORMAT}
        eventTimeFormat={TIME_FORMAT}
        nowIndicator
        selectable
        selectMirror
        editable={!busy}
        eventDurationEditable
        dayMaxEvents={4}
        eventMaxStack={maxStack}
        moreLinkContent={(arg) => (
          <span className="volant-cal-more" data-testid="more-link">
            {moreLinkText(arg.num)}
          </span>
        )}
        moreLinkHint={moreLinkHint}
        navLinks
        navLinkDayClick={(date) => onDayOpen(date)}
        initialDate={initialDate}
        slotEventOverlap={false}
        events={events}
        eventContent={(arg) => <EventContent arg={arg} />}
        datesSet={(info) => {
          setDays(info.view.type === 'timeGridDay' ? 1 : 7);
          onRangeChange({ from: info.start, to: info.end });
        }}
        select={(info) => {
          info.view.calendar.unselect();
          onSelectSlot({ start: info.start, end: info.end, allDay: info.allDay });
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onOpenItem((info.event.extendedProps as { record: CalendarItem }).record);
        }}
        eventDrop={onMoved}
        eventResize={onMoved}
      />
    </div>
  );
}

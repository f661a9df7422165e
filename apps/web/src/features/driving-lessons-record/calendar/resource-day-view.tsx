// 'Učitelé a vozidla': one day with a column per teacher and per car (issue 20 §4). FullCalendar's resource views are
// premium (not MIT), so this is our own CSS grid (docs/decisions/0020-busy-calendar.md): a sticky time axis on the
// left, sticky column headers on top, the columns scrolling sideways inside the view (never the page). A ride is in its
// teacher's and its car's column, its student's surname and its time on two lines; the teachers' working hours are the
// lighter background, an absent teacher's column is shaded. Click an item to edit it, an empty place to plan there.
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { CALENDAR_EVENT_TYPE_LABELS, isCancelled } from '@volant/shared/enums';
import { formatTime } from '@volant/shared/format';
import { addDays, type CalendarDate, schoolToday } from '@volant/shared/school-time';
import { Button, Flex, Typography } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useMemo } from 'react';
import { browserNow } from '../../../lib/clock.ts';
import { schoolInstant } from '../training-form-rules.ts';
import type { BackgroundBlock } from './availability-background.ts';
import { CANCELLED_COLOR, CANCELLED_TEXT_COLOR, type ColorBy, colorOf, slotRange } from './calendar-events.ts';
import { HOUR_PX, itemsByColumn, placeItems, type ResourceColumn } from './resource-layout.ts';
import type { CalendarItem } from './use-calendar-data.ts';

const dayTitleFmt = new Intl.DateTimeFormat('cs-CZ', { weekday: 'long', day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dayTitle = (day: CalendarDate) => dayTitleFmt.format(new Date(`${day}T12:00:00Z`));
const hourOf = (hhmm: string) => Number(hhmm.slice(0, 2));

export interface ResourceDayViewProps {
  day: CalendarDate;
  onDayChange: (day: CalendarDate) => void;
  items: readonly CalendarItem[];
  columns: readonly ResourceColumn[];
  background: readonly BackgroundBlock[];
  colorBy: ColorBy;
  teacherIds: readonly string[];
  carIds: readonly string[];
  onOpenItem: (item: CalendarItem) => void;
  onPlan: (start: Date, column: ResourceColumn) => void;
}

/** Who the item is for: the student's surname, a reservation's label. */
const whoOf = (item: CalendarItem) =>
  item.type === 'CAR_RESERVATION' ? CALENDAR_EVENT_TYPE_LABELS.CAR_RESERVATION : (item.student?.lastName ?? CALENDAR_EVENT_TYPE_LABELS[item.type]);

export function ResourceDayView({ day, onDayChange, items, columns, background, colorBy, teacherIds, carIds, onOpenItem, onPlan }: ResourceDayViewProps) {
  const dayItems = useMemo(() => items.filter((i) => !i.allDay), [items]);
  const { slotMinTime, slotMaxTime } = useMemo(() => slotRange(dayItems), [dayItems]);
  const firstHour = hourOf(slotMinTime);
  const lastHour = hourOf(slotMaxTime);
  const dayStart = schoolInstant(day, `${String(firstHour).padStart(2, '0')}:00`) ?? new Date(`${day}T00:00:00Z`);
  const dayEnd = new Date(dayStart.getTime() + (lastHour - firstHour) * 3_600_000);
  const height = (lastHour - firstHour) * HOUR_PX;
  const byColumn = useMemo(() => itemsByColumn(dayItems, columns), [dayItems, columns]);
  const hours = Array.from({ length: lastHour - firstHour }, (_, i) => firstHour + i);
  const pxPerMs = HOUR_PX / 3_600_000;

  const planAt = (e: MouseEvent<HTMLDivElement>, column: ResourceColumn) => {
    if (e.target !== e.currentTarget) return;
    const y = e.nativeEvent.offsetY;
    const quarter = Math.floor((y / HOUR_PX) * 4);
    onPlan(new Date(dayStart.getTime() + quarter * 15 * 60_000), column);
  };
  const planKey = (e: KeyboardEvent<HTMLDivElement>, column: ResourceColumn) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onPlan(new Date(dayStart.getTime() + 2 * 3_600_000), column);
  };

  return (
    <Flex vertical gap={8} className="volant-res-wrap">
      <Flex align="center" gap={8} wrap>
        <Button icon={<LeftOutlined />} aria-label="Předchozí den" onClick={() => onDayChange(addDays(day, -1))} />
        <Button onClick={() => onDayChange(schoolToday(browserNow()))}>Dnes</Button>
        <Button icon={<RightOutlined />} aria-label="Další den" onClick={() => onDayChange(addDays(day, 1))} />
        <Typography.Title level={4} style={{ margin: 0, textTransform: 'capitalize' }} data-testid="resource-day-title">
          {dayTitle(day)}
        </Typography.Title>
      </Flex>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll region must be reachable by keyboard */}
      <section className="volant-res" aria-label="Učitelé a vozidla" tabIndex={0} data-testid="resource-view">
        <div className="volant-res__grid" style={{ gridTemplateColumns: `52px repeat(${columns.length}, minmax(124px, 1fr))` }}>
          <div className="volant-res__corner" />
          {columns.map((c) => (
            <div key={c.key} className={`volant-res__head volant-res__head--${c.kind.toLowerCase()}`} title={c.label} data-testid="resource-head">
              <span className="volant-res__head-kind">{c.kind === 'TEACHER' ? 'Učitel' : 'Vozidlo'}</span>
              <span className="volant-res__head-label">{c.label}</span>
            </div>
          ))}
          <div className="volant-res__axis" style={{ height }}>
            {hours.map((h) => (
              <span key={h} className="volant-res__hour" style={{ top: (h - firstHour) * HOUR_PX }}>
                {String(h).padStart(2, '0')}:00
              </span>
            ))}
          </div>
          {columns.map((c) => (
            // biome-ignore lint/a11y/useSemanticElements: a time column is a grid cell with items, not a button
            <div
              key={c.key}
              className="volant-res__col"
              data-resource={c.key}
              role="gridcell"
              tabIndex={-1}
              style={{ height, ['--volant-res-hour' as string]: `${HOUR_PX}px` }}
              onClick={(e) => planAt(e, c)}
              onKeyDown={(e) => planKey(e, c)}
            >
              {c.kind === 'TEACHER' &&
                background
                  .filter((b) => b.teacherId === c.id && b.end > dayStart && b.start < dayEnd)
                  .map((b) => {
                    const top = Math.max(0, (b.start.getTime() - dayStart.getTime()) * pxPerMs);
                    const bottom = Math.min(height, (b.end.getTime() - dayStart.getTime()) * pxPerMs);
                    return (
                      <div
                        key={`${b.kind}${b.start.getTime()}`}
                        className={`volant-res__bg volant-res__bg--${b.kind.toLowerCase()}`}
                        style={{ top, height: bottom - top }}
                        title={b.kind === 'ABSENT' ? 'Nepřítomen' : 'Pracovní doba'}
                        data-testid={b.kind === 'ABSENT' ? 'absence' : 'working-hours'}
                      />
                    );
                  })}
              {placeItems(byColumn.get(c.key) ?? [], dayStart, dayEnd).map((p) => {
                const item = p.item;
                const cancelled = isCancelled(item.state);
                const color = cancelled ? CANCELLED_COLOR : colorBy === 'TEACHER' ? colorOf(item.userId, teacherIds) : colorOf(item.schoolCarId, carIds);
                const time = `${formatTime(item.startTime)}–${formatTime(item.endTime)}`;
                const who = whoOf(item);
                return (
                  <button
                    type="button"
                    key={item.id}
                    className={cancelled ? 'volant-res__item volant-res__item--cancelled' : 'volant-res__item'}
                    style={{
                      top: p.top,
                      height: p.height - 2,
                      left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`,
                      width: `calc(${100 / p.lanes}% - 4px)`,
                      background: color,
                      color: cancelled ? CANCELLED_TEXT_COLOR : '#fff',
                    }}
                    title={`${who} ${time}`}
                    aria-label={`${who} ${time}`}
                    data-testid="resource-item"
                    onClick={() => onOpenItem(item)}
                  >
                    <span className="volant-res__who" data-testid="item-surname">
                      {who}
                    </span>
                    <span className="volant-res__time">{time}</span>
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      </section>
    </Flex>
  );
}

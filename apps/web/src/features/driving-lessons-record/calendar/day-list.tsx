import { BOOKED_BY_STUDENT_TAG } from '@volant/shared/booking/rules';
// Kalendář on a phone: one day at a time, for a teacher with one free hand — the week's days as a strip, previous and
// next day, 'Dnes', the day's items as large cards (tap to edit) and a 'Naplánovat' button within the thumb's reach.
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { CALENDAR_EVENT_TYPE_LABELS, isCancelled, LESSON_STATE_LABELS } from '@volant/shared/enums';
import { formatTime, fullName } from '@volant/shared/format';
import { addDays, type CalendarDate, dayOfWeek, schoolDay, schoolToday } from '@volant/shared/school-time';
import { Alert, Button, Empty, Flex, Select, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { browserNow } from '../../../lib/clock.ts';
import { describeError } from '../../../lib/trpc.ts';
import { schoolInstant } from '../training-form-rules.ts';
import { colorOf, defaultSlot, nextHourSlot } from './calendar-events.ts';
import { useTeacherFilter } from './teacher-filter.ts';
import { TrainingFormHost, type TrainingFormRequest } from './training-form-host.tsx';
import { type CalendarItem, useCalendarItems, usePickers } from './use-calendar-data.ts';
import './calendar.css';

const WEEKDAYS = ['po', 'út', 'st', 'čt', 'pá', 'so', 'ne'];
const dayTitleFmt = new Intl.DateTimeFormat('cs-CZ', { weekday: 'long', day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'pondělí 23. 11. 2026' of a calendar date (formatted at UTC noon: the date itself, no zone shift). */
function dayTitle(day: CalendarDate): string {
  return dayTitleFmt.format(new Date(`${day}T12:00:00Z`));
}

function signatureTag(item: CalendarItem) {
  if (item.type === 'CAR_RESERVATION') return null;
  if (item.signed && item.teacherSigned) return <Tag color="green">Podepsáno</Tag>;
  return <Tag color="orange">Jízda není podepsána</Tag>;
}

function DayCard({ item, color, onOpen }: { item: CalendarItem; color: string; onOpen: () => void }) {
  const cancelled = isCancelled(item.state);
  const who = item.type === 'CAR_RESERVATION' ? (item.schoolCar?.regNumber ?? '') : item.student ? fullName(item.student) : '';
  const car = item.schoolCar ? `${item.schoolCar.regNumber} · ${item.schoolCar.carType}` : 'Vozidlo není přiřazeno';
  const teacher = item.user ? fullName(item.user) : 'Učitel není přiřazen';
  return (
    <li>
      <button
        type="button"
        className={cancelled ? 'volant-day-card volant-day-card--cancelled' : 'volant-day-card'}
        style={{ ['--volant-day-card-color' as string]: cancelled ? '#d9d9d9' : color }}
        onClick={onOpen}
        data-testid="day-card"
      >
        {/* Phrasing content only inside a button: spans laid out as blocks. */}
        <span className="volant-day-card__head">
          <span className="volant-day-card__time">{item.allDay ? 'Celý den' : `${formatTime(item.startTime)}–${formatTime(item.endTime)}`}</span>
          <Typography.Text type="secondary">{CALENDAR_EVENT_TYPE_LABELS[item.type]}</Typography.Text>
        </span>
        <span className="volant-day-card__student">{who}</span>
        <span className="volant-day-card__meta">{car}</span>
        <span className="volant-day-card__meta">{teacher}</span>
        <span className="volant-day-card__tags">
          {item.type !== 'CAR_RESERVATION' && (
            <Tag color={cancelled ? 'red' : item.state === 'COMPLETED' ? 'green' : 'blue'}>{LESSON_STATE_LABELS[item.state]}</Tag>
          )}
          {signatureTag(item)}
          {item.bookedByStudent && <Tag color="purple">{BOOKED_BY_STUDENT_TAG}</Tag>}
        </span>
      </button>
    </li>
  );
}

export function DayList() {
  const today = schoolToday(browserNow());
  const [day, setDay] = useState<CalendarDate>(today);
  const [form, setForm] = useState<TrainingFormRequest | null>(null);
  const pickers = usePickers();
  const { teacherIds, setTeacherIds, ready } = useTeacherFilter(pickers.teachersLoaded ? pickers.teacherIds : null);
  const range = useMemo(() => {
    const p = schoolDay(day);
    return { from: p.start, to: p.end };
  }, [day]);
  const list = useCalendarItems(ready ? range : null, { teacherIds, schoolCarIds: [] });
  // While the next day loads the previous day's items stay in the cache's placeholder: show only this day's.
  const items = useMemo(
    () =>
      (list.data ?? [])
        .filter((r) => new Date(r.startTime) < range.to && new Date(r.endTime) > range.from)
        .sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime()),
    [list.data, range],
  );
  const monday = addDays(day, 1 - dayOfWeek(day));
  const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const planAt = () => {
    // The slot of a new item on the chosen day: the next full hour today, 8:00 another day.
    if (day === today) return setForm({ kind: 'create', slot: nextHourSlot(browserNow()) });
    setForm({ kind: 'create', slot: defaultSlot(schoolInstant(day, '08:00') ?? schoolDay(day).start) });
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Kalendář
        </Typography.Title>
        <Button onClick={() => setDay(today)} disabled={day === today}>
          Dnes
        </Button>
      </Flex>
      <Flex align="center" gap={8}>
        <Button size="large" icon={<LeftOutlined />} aria-label="Předchozí den" onClick={() => setDay(addDays(day, -1))} />
        <Typography.Text strong style={{ flex: 1, textAlign: 'center' }} aria-live="polite">
          {dayTitle(day)}
        </Typography.Text>
        <Button size="large" icon={<RightOutlined />} aria-label="Další den" onClick={() => setDay(addDays(day, 1))} />
      </Flex>
      <fieldset className="volant-day-strip" aria-label="Dny týdne">
        {week.map((d, i) => (
          <button
            key={d}
            type="button"
            aria-pressed={d === day}
            aria-label={dayTitle(d)}
            className={d === today ? 'volant-day-strip__day volant-day-strip__day--today' : 'volant-day-strip__day'}
            onClick={() => setDay(d)}
          >
            <span className="volant-day-strip__weekday">{WEEKDAYS[i]}</span>
            <span className="volant-day-strip__number">{Number(d.slice(8))}</span>
          </button>
        ))}
      </fieldset>
      <Select<string[]>
        mode="multiple"
        allowClear
        placeholder="Všichni učitelé"
        aria-label="Filtrovat podle učitele"
        value={teacherIds}
        onChange={setTeacherIds}
        options={pickers.teacherOptions}
        showSearch={{ optionFilterProp: 'label' }}
        maxTagCount="responsive"
        style={{ width: '100%' }}
      />
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      <Spin spinning={list.isFetching}>
        {list.isPending && !list.data ? (
          <div style={{ minHeight: 120 }} />
        ) : items.length === 0 ? (
          <Empty description="V tento den není nic naplánováno" />
        ) : (
          <ul className="volant-day-list" aria-label="Výcviky dne">
            {items.map((item) => (
              <DayCard key={item.id} item={item} color={colorOf(item.userId, pickers.teacherIds)} onOpen={() => setForm({ kind: 'edit', item })} />
            ))}
          </ul>
        )}
      </Spin>
      <Button type="primary" shape="round" size="large" icon={<PlusOutlined />} className="app-fab" onClick={planAt}>
        Naplánovat
      </Button>
      <TrainingFormHost request={form} onClose={() => setForm(null)} />
    </Flex>
  );
}

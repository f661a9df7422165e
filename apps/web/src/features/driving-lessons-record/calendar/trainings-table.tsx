// Výcviky: the office's daily check of the school's rides and lessons — what is unsigned, what was planned and never
// recorded, where a car's tachometer does not follow on. Filters, a paged table on wide screens, cards on phones.
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  CALENDAR_EVENT_TYPE_LABELS,
  CALENDAR_EVENT_TYPES,
  type CalendarEventType,
  isCancelled,
  LESSON_STATE_LABELS,
  LESSON_STATES,
  type LessonState,
} from '@volant/shared/enums';
import { formatDate, formatTime, fullName } from '@volant/shared/format';
import { addDays, schoolMidnight, schoolMonth, schoolToday, schoolWeek } from '@volant/shared/school-time';
import { Alert, Button, Checkbox, Col, DatePicker, Empty, Pagination, Row, Select, Spin, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSchoolInput, withSchool } from '../../../app/use-school.ts';
import { CardList } from '../../../components/card-list.tsx';
import { browserNow } from '../../../lib/clock.ts';
import { DATE_FORMAT } from '../../../lib/form-fields.ts';
import { useIsMobile } from '../../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../../lib/trpc.ts';
import { useOpenStudent } from '../../student/use-open-student.ts';
import { TrainingFormHost, type TrainingFormRequest } from './training-form-host.tsx';
import { odometerText, signaturesText } from './trainings-text.ts';
import { usePickers } from './use-calendar-data.ts';
import './calendar.css';

type TrainingRow = RouterOutputs['drivingLessonsRecord']['getTrainings']['items'][number];

export const TRAININGS_PAGE_SIZE = 10;

const STATE_OPTIONS = LESSON_STATES.map((s) => ({ value: s, label: LESSON_STATE_LABELS[s] }));
const TYPE_OPTIONS = CALENDAR_EVENT_TYPES.map((t) => ({ value: t, label: CALENDAR_EVENT_TYPE_LABELS[t] }));

function StateTag({ state }: { state: LessonState }) {
  return <Tag color={isCancelled(state) ? 'red' : state === 'COMPLETED' ? 'green' : 'blue'}>{LESSON_STATE_LABELS[state]}</Tag>;
}

function Odometer({ gap }: { gap: number | null | undefined }) {
  const text = odometerText(gap);
  return text ? <Typography.Text type="warning">{text}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>;
}

function thisWeek(): [Dayjs, Dayjs] {
  const week = schoolWeek(schoolToday(browserNow()));
  return [dayjs(week.first), dayjs(week.last)];
}

/** The periods the office checks most: today, this week, this month and the last one. */
function rangePresets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = schoolToday(browserNow());
  const month = schoolMonth(today);
  const lastMonth = schoolMonth(addDays(month.first, -1));
  return [
    { label: 'Dnes', value: [dayjs(today), dayjs(today)] },
    { label: 'Tento týden', value: thisWeek() },
    { label: 'Tento měsíc', value: [dayjs(month.first), dayjs(month.last)] },
    { label: 'Minulý měsíc', value: [dayjs(lastMonth.first), dayjs(lastMonth.last)] },
  ];
}

export function TrainingsTable() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isMobile = useIsMobile();
  const openStudent = useOpenStudent();
  const pickers = usePickers();
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(thisWeek);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [schoolCarId, setSchoolCarId] = useState<string | null>(null);
  const [state, setState] = useState<LessonState | null>(null);
  const [type, setType] = useState<CalendarEventType | null>(null);
  const [unsigned, setUnsigned] = useState(false);
  const [notRegistered, setNotRegistered] = useState(false);
  const [currentPage, setCurrentPage] = useState(1);
  const [form, setForm] = useState<TrainingFormRequest | null>(null);

  // A new filter starts at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any filter change
  useEffect(() => setCurrentPage(1), [days, teacherId, schoolCarId, state, type, unsigned, notRegistered]);

  const list = useQuery({
    ...trpc.drivingLessonsRecord.getTrainings.queryOptions(
      withSchool(school, {
        // The picked days in the school's zone: from the first day's midnight to the midnight after the last.
        from: days ? schoolMidnight(days[0].format('YYYY-MM-DD')) : null,
        to: days ? schoolMidnight(addDays(days[1].format('YYYY-MM-DD'), 1)) : null,
        teacherId,
        schoolCarId,
        state,
        type,
        unsigned: unsigned || undefined,
        notRegistered: notRegistered || undefined,
        currentPage,
        pageSize: TRAININGS_PAGE_SIZE,
      }),
    ),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const paginated = total > TRAININGS_PAGE_SIZE;
  const enabled = school !== skipToken;
  const showOdometer = !!schoolCarId;

  const studentCell = (r: TrainingRow) =>
    r.student ? (
      <Button
        type="link"
        style={{ padding: 0, height: 'auto' }}
        onClick={(e) => {
          e.stopPropagation();
          openStudent(r.student!.id);
        }}
      >
        {fullName(r.student)}
      </Button>
    ) : (
      '—'
    );
  const timeText = (r: TrainingRow) => (r.allDay ? 'Celý den' : `${formatTime(r.startTime)}–${formatTime(r.endTime)}`);
  const carText = (r: TrainingRow) => (r.schoolCar ? `${r.schoolCar.regNumber} · ${r.schoolCar.carType}` : '—');
  const tachometers = (r: TrainingRow) =>
    r.tachometerBefore === null && r.tachometerAfter === null ? '—' : `${r.tachometerBefore ?? '?'} → ${r.tachometerAfter ?? '?'} km`;

  const columns: TableProps<TrainingRow>['columns'] = [
    { key: 'date', title: 'Datum', render: (_, r) => formatDate(r.startTime) },
    { key: 'time', title: 'Čas', render: (_, r) => timeText(r) },
    { key: 'student', title: 'Žák', render: (_, r) => studentCell(r) },
    { key: 'type', title: 'Typ', render: (_, r) => CALENDAR_EVENT_TYPE_LABELS[r.type] },
    { key: 'teacher', title: 'Učitel', render: (_, r) => (r.user ? fullName(r.user) : '—') },
    { key: 'car', title: 'Vozidlo', render: (_, r) => carText(r) },
    { key: 'state', title: 'Stav', render: (_, r) => <StateTag state={r.state} /> },
    { key: 'signatures', title: 'Podpisy', render: (_, r) => signaturesText(r) },
    { key: 'tachometer', title: 'Tachometr před → po', render: (_, r) => tachometers(r) },
    ...(showOdometer ? [{ key: 'odometer', title: 'Návaznost tachometru', render: (_: unknown, r: TrainingRow) => <Odometer gap={r.odometerGap} /> }] : []),
  ];

  return (
    <div>
      <Row gutter={[8, 8]} style={{ marginBottom: 16 }} align="middle">
        <Col xs={24} md={12} xl={6}>
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            value={days}
            onChange={(v) => setDays(v?.[0] && v[1] ? [v[0], v[1]] : null)}
            aria-label="Období"
            presets={rangePresets()}
            allowClear
            placeholder={['Od', 'Do']}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Select<string>
            allowClear
            placeholder="Učitel"
            aria-label="Filtrovat podle učitele"
            value={teacherId ?? undefined}
            onChange={(v) => setTeacherId(v ?? null)}
            options={pickers.teacherOptions}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Select<string>
            allowClear
            placeholder="Vozidlo"
            aria-label="Filtrovat podle vozidla"
            value={schoolCarId ?? undefined}
            onChange={(v) => setSchoolCarId(v ?? null)}
            options={pickers.carOptions}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Select<LessonState>
            allowClear
            placeholder="Stav"
            aria-label="Filtrovat podle stavu"
            value={state ?? undefined}
            onChange={(v) => setState(v ?? null)}
            options={STATE_OPTIONS}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Select<CalendarEventType>
            allowClear
            placeholder="Typ"
            aria-label="Filtrovat podle typu"
            value={type ?? undefined}
            onChange={(v) => setType(v ?? null)}
            options={TYPE_OPTIONS}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Checkbox checked={unsigned} onChange={(e) => setUnsigned(e.target.checked)}>
            Jen nepodepsané
          </Checkbox>
          <Checkbox checked={notRegistered} onChange={(e) => setNotRegistered(e.target.checked)}>
            Jen nezaevidované
          </Checkbox>
        </Col>
      </Row>

      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} style={{ marginBottom: 16 }} />}
      {list.data && (
        <Typography.Paragraph type="secondary" aria-live="polite" data-testid="trainings-total">
          {`Celkem ${total}`}
        </Typography.Paragraph>
      )}

      {isMobile ? (
        <Spin spinning={enabled && list.isFetching}>
          <CardList<TrainingRow>
            label="Výcviky"
            items={items}
            rowKey={(r) => r.id}
            emptyText="Žádné výcviky"
            title={(r) => (
              <button type="button" className="volant-title-button" onClick={() => setForm({ kind: 'edit', item: r })}>
                {formatDate(r.startTime)} {timeText(r)} · {r.student ? fullName(r.student) : (r.schoolCar?.regNumber ?? '')}
              </button>
            )}
            actions={(r) => <StateTag state={r.state} />}
            fields={(r) => [
              { label: 'Typ', value: CALENDAR_EVENT_TYPE_LABELS[r.type] },
              ...(r.student ? [{ label: 'Žák', value: studentCell(r) }] : []),
              { label: 'Učitel', value: r.user ? fullName(r.user) : '—' },
              { label: 'Vozidlo', value: carText(r) },
              { label: 'Podpisy', value: signaturesText(r) },
              { label: 'Tachometr', value: tachometers(r) },
              ...(showOdometer ? [{ label: 'Návaznost', value: <Odometer gap={r.odometerGap} /> }] : []),
            ]}
          />
          {paginated && (
            <Pagination
              style={{ marginTop: 16, justifyContent: 'center' }}
              simple
              current={currentPage}
              pageSize={TRAININGS_PAGE_SIZE}
              total={total}
              onChange={setCurrentPage}
            />
          )}
        </Spin>
      ) : (
        <Table<TrainingRow>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={enabled && list.isFetching}
          onRow={(r) => ({
            onClick: () => setForm({ kind: 'edit', item: r }),
            style: { cursor: 'pointer', ...(isCancelled(r.state) ? { color: '#cf1322' } : {}) },
          })}
          pagination={paginated ? { current: currentPage, pageSize: TRAININGS_PAGE_SIZE, total, showSizeChanger: false, onChange: setCurrentPage } : false}
          locale={{ emptyText: <Empty description="Žádné výcviky" /> }}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      )}
      <TrainingFormHost request={form} onClose={() => setForm(null)} />
    </div>
  );
}

import { BOOKED_BY_STUDENT_TAG } from '@volant/shared/booking/rules';
// Tab '3' Výcvik of the student card (spec §2): training dates, the default teacher for training, the buttons that
// open the training drawer, the tables Jízdy, PV-ÚV and PV-ZP (cards on a phone) and the driving hours done.
import { CheckCircleFilled, CloseCircleOutlined, DeleteOutlined, EditOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALENDAR_EVENT_TYPE_LABELS,
  EMPTY_SELECT,
  isCancelled,
  LESSON_KIND_TABLE_LABELS,
  LESSON_KINDS,
  LESSON_STATE_LABELS,
  type LessonKind,
} from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { hoursText } from '@volant/shared/driving-lessons-record/rules';
import { formatDate, formatDateTime, fullName } from '@volant/shared/format';
import { App, Button, Card, Descriptions, Flex, Popconfirm, Progress, Select, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { browserNow } from '../../lib/clock.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import type { StudentDetail } from '../student/use-student-update.ts';
import { type FullTrainingRecord, type TrainingFormDrawerProps, TrainingFormDrawer, type TrainingRecord } from './training-form.tsx';
import type { TrainingValues } from './training-form-rules.ts';
import { distanceKm, groupByKind, missingItems, timeRange } from './training-tab-rules.ts';
import { useTrainingProgress } from './use-training-progress.ts';
import { DisputeStatus, type StaffDispute, useStudentDisputes } from '../record-dispute/record-dispute-status.tsx';
import { correctionReasonAsked, useCorrectionReason } from '../record-chain/correction-reason.tsx';

const CANCELLED_COLOR = '#cf1322';

function SignedIcon({ signed, who }: { signed: boolean; who: string }) {
  return signed ? (
    <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={`${who}: podepsáno`} role="img" />
  ) : (
    <CloseCircleOutlined style={{ color: '#bfbfbf' }} aria-label={`${who}: nepodepsáno`} role="img" />
  );
}

function MissingIcons({ record }: { record: TrainingRecord }) {
  const missing = missingItems(record, browserNow());
  return (
    <Space size={4}>
      {missing.map((text) => (
        <Tooltip key={text} title={text}>
          <ExclamationCircleOutlined style={{ color: '#faad14' }} aria-label={text} role="img" />
        </Tooltip>
      ))}
    </Space>
  );
}

const teacherText = (r: TrainingRecord) => (r.user ? fullName(r.user) : '—');
const carText = (r: TrainingRecord) => (r.schoolCar ? `${r.schoolCar.carType} ${r.schoolCar.regNumber}` : '—');
const distanceText = (r: TrainingRecord) => {
  const km = distanceKm(r);
  return km === null ? '—' : `${km} km`;
};

/** The date, and the state of a cancelled item after it (the row is red). */
function DateCell({ record }: { record: TrainingRecord }) {
  const cancelled = isCancelled(record.state);
  return (
    <span title={`${CALENDAR_EVENT_TYPE_LABELS[record.type]} ${formatDateTime(record.startTime)} – ${LESSON_STATE_LABELS[record.state]}`}>
      {formatDate(record.startTime)}
      {cancelled && <span className="training-row__state"> ({LESSON_STATE_LABELS[record.state]})</span>}
    </span>
  );
}

/** 'Rezervoval žák': the student booked the ride themselves (issue 19 §3). */
function BookedTag({ record }: { record: TrainingRecord }) {
  return record.bookedByStudentAt ? <Tag color="purple">{BOOKED_BY_STUDENT_TAG}</Tag> : null;
}

function RecordsTable({
  kind,
  records,
  onEdit,
  deleteAction,
  disputeOf,
}: {
  kind: LessonKind;
  records: TrainingRecord[];
  onEdit: (r: TrainingRecord) => void;
  deleteAction: (r: TrainingRecord) => ReactNode;
  /** The student's dispute of the record ('Rozporováno' / 'Vyřešeno'), if any. */
  disputeOf: (r: TrainingRecord) => StaffDispute | undefined;
}) {
  const isDriving = kind === 'DRIVING';
  const columns: TableProps<TrainingRecord>['columns'] = [
    { key: 'date', title: 'Datum', render: (_, r) => <DateCell record={r} /> },
    { key: 'time', title: 'Čas', render: (_, r) => timeRange(r) },
    { key: 'length', title: 'Délka', render: (_, r) => `${r.length} min` },
    { key: 'teacher', title: 'Učitel', render: (_, r) => teacherText(r) },
    ...(isDriving ? [{ key: 'booked', title: '', render: (_: unknown, r: TrainingRecord) => <BookedTag record={r} /> }] : []),
    ...(isDriving
      ? [
          { key: 'car', title: 'Vozidlo', render: (_: unknown, r: TrainingRecord) => carText(r) },
          { key: 'distance', title: 'Vzdálenost', render: (_: unknown, r: TrainingRecord) => distanceText(r) },
        ]
      : []),
    { key: 'signature', title: 'Podpis žáka', align: 'center', render: (_, r) => <SignedIcon signed={r.signed} who="Podpis žáka" /> },
    { key: 'teacherSignature', title: 'Podpis učitele', align: 'center', render: (_, r) => <SignedIcon signed={r.teacherSigned} who="Podpis učitele" /> },
    { key: 'missing', title: '', render: (_, r) => <MissingIcons record={r} /> },
    ...(records.some((r) => disputeOf(r))
      ? [{ key: 'dispute', title: 'Rozpor', render: (_: unknown, r: TrainingRecord) => <DisputeStatus dispute={disputeOf(r)} /> }]
      : []),
    { key: 'actions', title: '', align: 'right', render: (_, r) => deleteAction(r) },
  ];
  return (
    <Table<TrainingRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={records}
      pagination={records.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 'max-content' }}
      aria-label={LESSON_KIND_TABLE_LABELS[kind]}
      locale={{ emptyText: 'Zatím žádné záznamy' }}
      rowClassName={(r) => (isCancelled(r.state) ? 'training-row training-row--cancelled' : 'training-row')}
      onRow={(r) => ({
        onClick: () => onEdit(r),
        style: { cursor: 'pointer', ...(isCancelled(r.state) ? { color: CANCELLED_COLOR } : {}) },
      })}
    />
  );
}

function RecordsCards({
  kind,
  records,
  onEdit,
  deleteAction,
  disputeOf,
}: {
  kind: LessonKind;
  records: TrainingRecord[];
  onEdit: (r: TrainingRecord) => void;
  deleteAction: (r: TrainingRecord) => ReactNode;
  /** The student's dispute of the record ('Rozporováno' / 'Vyřešeno'), if any. */
  disputeOf: (r: TrainingRecord) => StaffDispute | undefined;
}) {
  return (
    <CardList<TrainingRecord>
      label={LESSON_KIND_TABLE_LABELS[kind]}
      items={records}
      rowKey={(r) => r.id}
      emptyText="Zatím žádné záznamy"
      title={(r) => (
        <span style={isCancelled(r.state) ? { color: CANCELLED_COLOR } : undefined} className={isCancelled(r.state) ? 'training-row--cancelled' : undefined}>
          <DateCell record={r} /> {timeRange(r)} <MissingIcons record={r} />
        </span>
      )}
      actions={(r) => (
        <Space size={0}>
          <Button type="text" icon={<EditOutlined />} aria-label={`Upravit ${formatDateTime(r.startTime)}`} onClick={() => onEdit(r)} />
          {deleteAction(r)}
        </Space>
      )}
      fields={(r) => [
        { label: 'Délka', value: `${r.length} min` },
        { label: 'Učitel', value: teacherText(r) },
        ...(kind === 'DRIVING'
          ? [
              { label: 'Vozidlo', value: carText(r) },
              { label: 'Vzdálenost', value: distanceText(r) },
            ]
          : []),
        { label: 'Podpis žáka', value: <SignedIcon signed={r.signed} who="Podpis žáka" /> },
        { label: 'Podpis učitele', value: <SignedIcon signed={r.teacherSigned} who="Podpis učitele" /> },
        { label: 'Stav', value: LESSON_STATE_LABELS[r.state] },
        ...(disputeOf(r) ? [{ label: 'Rozpor', value: <DisputeStatus dispute={disputeOf(r)} /> }] : []),
        ...(r.bookedByStudentAt ? [{ label: 'Rezervace', value: <BookedTag record={r} /> }] : []),
      ]}
    />
  );
}

function DefaultTeacher({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification } = App.useApp();
  const teachers = useQuery(trpc.school.getSchoolTeachers.queryOptions(school));
  const current = useQuery(trpc.studentDefaultTeacher.getDefaultTeacher.queryOptions(withSchool(school, { studentId, type: 'TRAINING' as const })));
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const queryClient = useQueryClient();
  const set = useMutation(
    trpc.studentDefaultTeacher.setDefaultTeacher.mutationOptions({
      // The Výcvik default teacher sends no live message: the answer is the new value (new rides are prefilled with it).
      onSuccess: (result, input) => {
        queryClient.setQueryData(trpc.studentDefaultTeacher.getDefaultTeacher.queryKey({ schoolId: input.schoolId, studentId, type: 'TRAINING' }), result);
        setChosen(undefined);
        notification.success({ title: 'Uloženo', description: 'Výchozí učitel byl nastaven' });
      },
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const value = chosen ?? current.data?.userId ?? EMPTY_SELECT;
  return (
    <Flex gap={8} wrap align="center">
      <Select
        aria-label="Výchozí učitel výcviku"
        style={{ minWidth: 220 }}
        value={value}
        loading={teachers.isPending || current.isPending}
        onChange={setChosen}
        options={[{ value: EMPTY_SELECT, label: 'Nevybráno' }, ...(teachers.data ?? []).map((t) => ({ value: t.id, label: fullName(t) }))]}
      />
      <Button
        loading={set.isPending}
        onClick={() => set.mutate({ ...schoolOf(school), studentId, type: 'TRAINING', userId: value === EMPTY_SELECT ? null : value })}
      >
        Nastavit učitele
      </Button>
    </Flex>
  );
}

type DrawerState = { open: false } | { open: true; mode: TrainingFormDrawerProps['mode']; record?: FullTrainingRecord };

export function TrainingTab({ student }: { student: StudentDetail }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const { message, notification } = App.useApp();
  const [drawer, setDrawer] = useState<DrawerState>({ open: false });
  // A new key per opening gives a fresh form; closing keeps the drawer (and its success message) mounted.
  const [drawerKey, setDrawerKey] = useState(0);
  const openDrawer = (state: DrawerState) => {
    setDrawerKey((k) => k + 1);
    setDrawer(state);
  };
  const records = useQuery(trpc.drivingLessonsRecord.getDrivingLessonsRecords.queryOptions(withSchool(school, { studentId: student.id })));
  const defaultTeacher = useQuery(
    trpc.studentDefaultTeacher.getDefaultTeacher.queryOptions(withSchool(school, { studentId: student.id, type: 'TRAINING' as const })),
  );
  const progress = useTrainingProgress(student, records.data);
  const disputeOfRecord = useStudentDisputes(student.id);
  const disputeOf = (r: TrainingRecord) => disputeOfRecord('RIDE', r.id);
  const remove = useMutation(
    trpc.drivingLessonsRecord.deleteDrivingLessonsRecord.mutationOptions({
      onSuccess: () => message.success('Výcvik byl smazán'),
      // A registered ride: the server asks for 'Důvod opravy' and the dialog below sends it (issue 22 §1).
      onError: (err) => correctionReasonAsked(err) ?? notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const reason = useCorrectionReason();

  const grouped = groupByKind(records.data ?? []);
  // The list carries whether a ride is signed, not the pictures: the edit drawer opens with the whole record, read
  // fresh on each click (the last click wins when several are pending).
  const queryClient = useQueryClient();
  const lastClick = useRef(0);
  const onEdit = async (listed: TrainingRecord) => {
    const click = ++lastClick.current;
    try {
      const record = await queryClient.fetchQuery({
        ...trpc.drivingLessonsRecord.getDrivingLessonsRecord.queryOptions({ ...schoolOf(school), id: listed.id }),
        staleTime: 0,
      });
      if (click === lastClick.current) openDrawer({ open: true, mode: 'edit', record });
    } catch (err) {
      if (click === lastClick.current) notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
    }
  };
  const deleteAction = (r: TrainingRecord) => (
    <Popconfirm
      title="Opravdu chcete smazat výcvik?"
      okText="Ano"
      cancelText="Zrušit"
      okButtonProps={{ danger: true }}
      onConfirm={(e) => {
        e?.stopPropagation();
        return reason.send((correctionReason) => remove.mutateAsync({ ...schoolOf(school), id: r.id, correctionReason }), {
          title: 'Smazání zapsané jízdy',
          okText: 'Smazat',
        });
      }}
      onCancel={(e) => e?.stopPropagation()}
    >
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Smazat výcvik ${formatDateTime(r.startTime)}`} onClick={(e) => e.stopPropagation()} />
    </Popconfirm>
  );
  const initial: Partial<TrainingValues> | undefined = defaultTeacher.data?.userId ? { userId: defaultTeacher.data.userId } : undefined;

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={24} wrap justify="space-between" align="center">
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'start', label: 'Zahájení výcviku', children: formatDate(student.dateOfInProgress) || '-' },
              { key: 'end', label: 'Ukončení výcviku', children: formatDate(student.dateOfFinished) || '-' },
              { key: 'teacher', label: 'Výchozí učitel', children: <DefaultTeacher studentId={student.id} /> },
            ]}
          />
          <Flex vertical align="center" gap={4}>
            <Progress type="circle" size={72} percent={progress.percent ?? 0} format={() => (progress.percent === null ? '—' : `${progress.percent} %`)} />
            <Typography.Text aria-label="Odjeté hodiny">
              {progress.planHours === null
                ? `Odjeto ${hoursText(progress.done)} h`
                : `Odjeto ${hoursText(progress.done)} h z ${hoursText(progress.planHours)} h`}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={() => openDrawer({ open: true, mode: 'plan' })}>
          Naplánovat výcvik
        </Button>
        <Button onClick={() => openDrawer({ open: true, mode: 'register' })}>Zaevidovat výcvik</Button>
      </Flex>
      {records.isError && <Typography.Text type="danger">{describeError(records.error).message}</Typography.Text>}
      {LESSON_KINDS.map((kind) => (
        <section key={kind} aria-label={LESSON_KIND_TABLE_LABELS[kind]}>
          <Typography.Title level={5}>{LESSON_KIND_TABLE_LABELS[kind]}</Typography.Title>
          {isPhone ? (
            <RecordsCards kind={kind} records={grouped[kind]} onEdit={onEdit} deleteAction={deleteAction} disputeOf={disputeOf} />
          ) : (
            <RecordsTable kind={kind} records={grouped[kind]} onEdit={onEdit} deleteAction={deleteAction} disputeOf={disputeOf} />
          )}
        </section>
      ))}
      <TrainingFormDrawer
        key={drawerKey}
        open={drawer.open}
        mode={drawer.open ? drawer.mode : 'plan'}
        studentId={student.id}
        record={drawer.open ? drawer.record : undefined}
        initial={initial}
        onClose={() => setDrawer({ open: false })}
      />
      {reason.dialog}
    </Flex>
  );
}

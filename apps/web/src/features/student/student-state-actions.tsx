// State of the student's training (spec §4): start, finish, the end date, other allowed transitions.
import { DownOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { STUDENT_STATE_LABELS, type StudentState } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate } from '@volant/shared/format';
import { schoolToday } from '@volant/shared/school-time';
import { App, Button, DatePicker, Descriptions, Dropdown, Flex, Popover, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../app/store.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { notify } from '../../lib/antd-static.ts';
import { browserNow } from '../../lib/clock.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { DATE_FORMAT, toIsoDate } from '../../lib/form-fields.ts';
import { FinishTrainingButton } from './finish-training-dialog.tsx';
import { StateBadge } from './state-badge.tsx';
import { stateActions } from './student-rules.ts';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import type { StudentDetail } from './use-student-update.ts';

/**
 * A button opening a popover with an optional date (today when left empty) and a confirm button. On a phone it is a
 * bottom sheet whose calendar opens upwards, so it cannot cover the sheet's own buttons.
 */
function DateActionButton({
  label,
  hint,
  loading,
  onConfirm,
  primary,
}: {
  label: string;
  hint: string;
  loading: boolean;
  primary?: boolean;
  onConfirm: (date?: string) => Promise<unknown>;
}) {
  const isPhone = useIsPhone();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<Dayjs | null>(null);
  const confirm = () =>
    onConfirm(toIsoDate(date)).then(
      () => setOpen(false),
      () => undefined,
    );
  const picker = (
    <DatePicker
      aria-label="Datum"
      format={DATE_FORMAT}
      value={date}
      onChange={setDate}
      placeholder={`Dnes (${formatDate(schoolToday(browserNow()))})`}
      style={{ width: '100%' }}
      {...(isPhone ? { placement: 'topLeft' as const } : { getPopupContainer: (node: HTMLElement) => node.parentElement ?? document.body })}
    />
  );
  const button = (
    <Button type={primary ? 'primary' : 'default'} onClick={isPhone ? () => setOpen(true) : undefined}>
      {label}
    </Button>
  );
  if (isPhone) {
    return (
      <>
        {button}
        <AppModal title={label} open={open} onCancel={() => setOpen(false)} onOk={confirm} okButtonProps={{ loading }} destroyOnHidden>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{hint}</Typography.Text>
            {picker}
          </Space>
        </AppModal>
      </>
    );
  }
  const content = (
    <Space orientation="vertical" style={{ maxWidth: 260 }}>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      {picker}
      <Flex gap={8} justify="flex-end">
        <Button size="small" onClick={() => setOpen(false)}>
          Zrušit
        </Button>
        <Button size="small" type="primary" loading={loading} onClick={confirm}>
          Potvrdit
        </Button>
      </Flex>
    </Space>
  );
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} title={label} content={content}>
      {button}
    </Popover>
  );
}

export function StudentStateActions({ student }: { student: StudentDetail }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const navigate = useNavigate();
  const setDrawerStudentId = useAppStore((s) => s.setDrawerStudentId);
  const { modal, notification, message } = App.useApp();
  const [endDate, setEndDate] = useState<Dayjs | null>(null);
  // Only what the caller's role may do is offered (the permission table; a teacher changes no student's state).
  const { may } = useMembership();
  const allowed = stateActions(student.state);
  const actions = {
    ...allowed,
    canStart: allowed.canStart && may('student.setDateOfInProgress'),
    canFinish: allowed.canFinish && may('student.setDateOfFinished'),
    otherStates: may('student.setStudentState') ? allowed.otherStates : [],
  };
  const studentsIds = [student.id];

  const onError = (err: unknown) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });

  const start = useMutation(trpc.student.setDateOfInProgress.mutationOptions({ onError }));
  const finish = useMutation(trpc.student.setDateOfFinished.mutationOptions({ onError }));
  const setState = useMutation(trpc.student.setStudentState.mutationOptions({ onError }));

  const onStart = async (date?: string) => {
    const res = await start.mutateAsync({ ...schoolOf(school), studentsIds, date });
    // The card, the lists and the hlášenka follow the write's live messages.
    if (res?.reportId) {
      // The drawer closes on the way to the report: the shell's message holder outlives it.
      notify.success('Výcvik byl zahájen, žák byl zařazen do hlášenky');
      setDrawerStudentId(null);
      navigate(`/app/reporting/detail/${res.reportId}`);
    } else {
      message.success('Výcvik byl zahájen');
    }
  };

  const onFinish = async (date?: string) => {
    await finish.mutateAsync({ ...schoolOf(school), studentsIds, date });
    message.success('Výcvik byl ukončen');
  };

  const onChangeState = (state: StudentState) => {
    modal.confirm({
      title: 'Změnit stav žáka',
      content: `Opravdu chcete změnit stav žáka na „${STUDENT_STATE_LABELS[state]}“?`,
      okText: 'Ano',
      cancelText: 'Zrušit',
      onOk: async () => {
        await setState.mutateAsync({ ...schoolOf(school), studentsIds, state });
        message.success('Stav žáka byl změněn');
      },
    });
  };

  const endDateValue = student.dateOfFinished ? (
    student.earlyEndReason ? (
      `${formatDate(student.dateOfFinished)} – předčasně (${student.earlyEndReason})`
    ) : (
      formatDate(student.dateOfFinished)
    )
  ) : !may('student.setDateOfFinished') ? (
    '—'
  ) : (
    <Space wrap size={4}>
      <DatePicker aria-label="Datum ukončení" size="small" format={DATE_FORMAT} value={endDate} onChange={setEndDate} placeholder="Vyberte datum" />
      <Button
        size="small"
        disabled={!endDate}
        loading={finish.isPending}
        onClick={() =>
          onFinish(toIsoDate(endDate)).then(
            () => setEndDate(null),
            () => undefined,
          )
        }
      >
        Nastavit datum ukončení
      </Button>
    </Space>
  );

  return (
    <div>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'state', label: 'Stav', children: <StateBadge state={student.state} /> },
          { key: 'start', label: 'Zahájení výcviku', children: formatDate(student.dateOfInProgress) || '—' },
          ...(actions.showsEndDate ? [{ key: 'end', label: 'Ukončení výcviku', children: endDateValue }] : []),
        ]}
      />
      <Space wrap style={{ marginTop: 8 }}>
        {actions.canStart && (
          <DateActionButton
            primary
            label="Zahájit výcvik"
            hint="Datum zahájení výcviku (nevyplněné = dnes). Žák bude zařazen do hlášenky."
            loading={start.isPending}
            onConfirm={onStart}
          />
        )}
        {actions.canFinish && <FinishTrainingButton studentId={student.id} />}
        {actions.otherStates.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: actions.otherStates.map((s) => ({ key: s, label: STUDENT_STATE_LABELS[s] })),
              onClick: ({ key }) => onChangeState(key as StudentState),
            }}
          >
            <Button loading={setState.isPending}>
              <Space>
                Změnit stav
                <DownOutlined />
              </Space>
            </Button>
          </Dropdown>
        )}
      </Space>
    </div>
  );
}

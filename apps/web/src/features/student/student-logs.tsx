// The log of the student's state changes; the date of an entry can be corrected (updateStudentLog).
import { ArrowRightOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { APP_ERRORS, ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatDateTime } from '@volant/shared/format';
import { schoolToday } from '@volant/shared/school-time';
import { updateStudentLogInput } from '@volant/shared/student/inputs';
import { App, DatePicker, Empty, Table, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { CardList } from '../../components/card-list.tsx';
import { daysAfter } from '../../components/day-picker.tsx';
import { InlineEditField } from '../../components/inline-edit-field.tsx';
import { browserNow } from '../../lib/clock.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { DATE_FORMAT, fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';
import { StateBadge } from './state-badge.tsx';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import type { StudentDetail } from './use-student-update.ts';

type Log = StudentDetail['logs'][number];

export function StudentLogs({ student }: { student: StudentDetail }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification, message } = App.useApp();
  const update = useMutation(trpc.student.updateStudentLog.mutationOptions());
  const isPhone = useIsPhone();

  const saveDate = async (log: Log, value: Dayjs | null) => {
    const checked = updateStudentLogInput.shape.date.safeParse(toIsoDate(value) ?? '');
    if (!checked.success) return checked.error.issues[0].message;
    const date = checked.data;
    try {
      await update.mutateAsync({ ...schoolOf(school), studentId: student.id, id: log.id, date });
    } catch (err) {
      const { message: text, appCode } = describeError(err);
      if (appCode === 'NO_CHANGES') notification.warning({ title: ERROR_TITLES.warning, description: APP_ERRORS.NO_CHANGES });
      else notification.error({ title: ERROR_TITLES.error, description: text });
      throw err;
    }
    message.success('Uloženo'); // the card follows the write's live message
    return null;
  };

  const dateField = (log: Log) => (
    <InlineEditField<Dayjs | null>
      label="datum změny stavu"
      value={fromIsoDate(log.date)}
      display={formatDate(log.date)}
      isUnchanged={(a, b) => toIsoDate(a) === toIsoDate(b)}
      renderInput={(draft, setDraft) => (
        <DatePicker
          aria-label="Datum"
          size="small"
          format={DATE_FORMAT}
          value={draft}
          onChange={setDraft}
          disabledDate={daysAfter(schoolToday(browserNow()))}
        />
      )}
      onSave={(draft) => saveDate(log, draft)}
    />
  );
  const change = (log: Log) => (
    <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center', flexWrap: 'wrap' }}>
      {log.previousState && (
        <>
          <StateBadge state={log.previousState} />
          <ArrowRightOutlined aria-label="na" />
        </>
      )}
      <StateBadge state={log.state} />
    </span>
  );

  // A phone shows what the table shows at its width (the record time only from tablets up), as cards.
  if (isPhone) {
    return (
      <CardList<Log>
        label="Historie stavů"
        items={student.logs}
        rowKey={(log) => log.id}
        title={change}
        fields={(log) => [
          { label: 'Datum', value: dateField(log) },
          { label: 'Provedl', value: log.userName ?? '—' },
        ]}
        emptyText="Zatím žádné změny stavu"
      />
    );
  }

  const columns: TableProps<Log>['columns'] = [
    { key: 'date', title: 'Datum', render: (_, log) => dateField(log) },
    { key: 'change', title: 'Změna stavu', render: (_, log) => change(log) },
    { key: 'user', title: 'Provedl', render: (_, log) => log.userName ?? '—' },
    { key: 'createdAt', title: 'Zaznamenáno', responsive: ['md'], render: (_, log) => formatDateTime(log.createdAt) },
  ];

  return (
    <Table<Log>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={student.logs}
      pagination={student.logs.length > 10 ? { pageSize: 10 } : false}
      locale={{ emptyText: <Empty description="Zatím žádné změny stavu" /> }}
      scroll={{ x: 'max-content' }}
    />
  );
}

// 'Připraveni ke zkoušce / Brzy připraveni' (issue 22 §3), for planning exam terms: the students in training who meet
// the legal minimum, and those whose forecast end of training is within the chosen number of days. Sortable; each
// row links to the card. The dates are estimates ('Odhad') from each student's own forecast.
import { skipToken, useQuery } from '@tanstack/react-query';
import { READINESS_SOON_DAYS } from '@volant/shared/exam-readiness/inputs';
import { READINESS_TEXTS } from '@volant/shared/exam-readiness/forecast';
import { formatDate, groupsText } from '@volant/shared/format';
import { Alert, Empty, Flex, Segmented, Select, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList } from '../../components/card-list.tsx';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

type Row = RouterOutputs['examReadiness']['listReadiness']['rows'][number];
type Show = 'ALL' | 'READY' | 'SOON';

const READINESS_LABELS = { READY: 'Připraven', SOON: 'Brzy připraven' } as const;

const readinessTag = (r: Row) => <Tag color={r.readiness === 'READY' ? 'green' : 'blue'}>{READINESS_LABELS[r.readiness]}</Tag>;
const studentLink = (r: Row) => (
  <Link to={`/app/student/${r.studentId}`}>
    {r.lastName} {r.firstName}
    {r.registrationNumber ? ` (${r.registrationNumber})` : ''}
  </Link>
);
const termText = (r: Row) => (r.examTerm ? `${formatDate(r.examTerm.date)} · ${r.examTerm.place}` : `${formatDate(r.earliestExamDate)} (bez termínu)`);
const compareText = (a: string, b: string) => a.localeCompare(b, 'cs');

export function ReadinessList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const [soonDays, setSoonDays] = useState<number>(30);
  const [show, setShow] = useState<Show>('ALL');
  const list = useQuery(trpc.examReadiness.listReadiness.queryOptions(withSchool(school, { soonDays })));
  const rows = (list.data?.rows ?? []).filter((r) => show === 'ALL' || r.readiness === show);
  const ready = list.data?.rows.filter((r) => r.readiness === 'READY').length ?? 0;
  const soon = (list.data?.rows.length ?? 0) - ready;

  const columns: TableProps<Row>['columns'] = [
    {
      key: 'student',
      title: 'Žák',
      render: (_, r) => studentLink(r),
      sorter: (a, b) => compareText(`${a.lastName} ${a.firstName}`, `${b.lastName} ${b.firstName}`),
    },
    { key: 'groups', title: 'Skupiny', render: (_, r) => groupsText(r.groups) },
    { key: 'teacher', title: 'Učitel výcviku', render: (_, r) => r.teachers.join(', ') || '—' },
    { key: 'readiness', title: 'Stav', render: (_, r) => readinessTag(r), sorter: (a, b) => compareText(a.readiness, b.readiness) },
    {
      key: 'end',
      title: 'Konec výcviku (odhad)',
      render: (_, r) => formatDate(r.trainingEnd),
      sorter: (a, b) => compareText(a.trainingEnd, b.trainingEnd),
      defaultSortOrder: 'ascend',
    },
    {
      key: 'term',
      title: 'Nejdříve zkouška',
      render: (_, r) => termText(r),
      sorter: (a, b) => compareText(a.examTerm?.date ?? a.earliestExamDate, b.examTerm?.date ?? b.earliestExamDate),
    },
    {
      key: 'apply',
      title: 'Přihláška do',
      render: (_, r) => formatDate(r.applicationDeadline),
      sorter: (a, b) => compareText(a.applicationDeadline, b.applicationDeadline),
    },
    { key: 'missing', title: 'Chybí', render: (_, r) => (r.missing.length ? r.missing.join(', ') : '—') },
    {
      key: 'warnings',
      title: 'Upozornění',
      render: (_, r) => (r.warnings.length ? <Typography.Text type="warning">{r.warnings.join(' ')}</Typography.Text> : ''),
    },
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Připraveni ke zkoušce / Brzy připraveni
        </Typography.Title>
        <Link to="/app/exams">Termíny zkoušek</Link>
      </Flex>
      <Flex wrap gap={12} align="center">
        <Segmented<Show>
          aria-label="Zobrazit"
          value={show}
          onChange={setShow}
          options={[
            { value: 'ALL', label: `Vše (${ready + soon})` },
            { value: 'READY', label: `Připraveni (${ready})` },
            { value: 'SOON', label: `Brzy připraveni (${soon})` },
          ]}
        />
        <Flex align="center" gap={8}>
          <label htmlFor="readiness-soon-days">Brzy = do</label>
          <Select<number>
            id="readiness-soon-days"
            aria-label="Brzy připraveni do"
            value={soonDays}
            onChange={setSoonDays}
            style={{ width: 110 }}
            options={READINESS_SOON_DAYS.map((d) => ({ value: d, label: `${d} dní` }))}
          />
        </Flex>
      </Flex>
      <Typography.Text type="secondary">
        {READINESS_TEXTS.estimate}: podle chybějících hodin, naplánovaných jízd a hodin kurzu a volných hodin učitele výcviku a jeho vozidla.
        {list.data && list.data.unknown > 0 ? ` U ${list.data.unknown} z ${list.data.inTraining} žáků ve výcviku nelze odhadnout (viz jejich karta).` : ''}
      </Typography.Text>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {isPhone ? (
        <CardList<Row>
          label="Připraveni ke zkoušce"
          items={rows}
          rowKey={(r) => r.studentId}
          title={studentLink}
          actions={readinessTag}
          fields={(r) => [
            { label: 'Konec výcviku (odhad)', value: formatDate(r.trainingEnd) },
            { label: 'Nejdříve zkouška', value: termText(r) },
            { label: 'Přihláška do', value: formatDate(r.applicationDeadline) },
            ...(r.missing.length ? [{ label: 'Chybí', value: r.missing.join(', ') }] : []),
          ]}
          emptyText="Nikdo není připraven ani brzy připraven"
        />
      ) : (
        <Table<Row>
          rowKey="studentId"
          columns={columns}
          dataSource={rows}
          loading={list.isPending && school !== skipToken}
          pagination={rows.length > 50 ? { pageSize: 50 } : false}
          locale={{ emptyText: <Empty description="Nikdo není připraven ani brzy připraven" /> }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Flex>
  );
}

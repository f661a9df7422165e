// One hlášenka: its students, adding and removing them while unsent, marking it sent or unsent.
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRAINING_KIND_LABELS, type TrainingKind } from '@volant/shared/enums';
import { APP_ERRORS, ERROR_TITLES } from '@volant/shared/errors';
import { formatDate, formatDateTime } from '@volant/shared/format';
import { App, Button, Card, Descriptions, Empty, Flex, Popconfirm, Result, Select, Skeleton, Space, Table, type TableProps, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CardList } from '../../components/card-list.tsx';
import { expectOwnEcho } from '../../lib/live-queries.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, errorCode, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { ReportSentTag } from './report-list.tsx';
import { fullName, groupsText } from '@volant/shared/format';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';
import { ReportPdfExport } from '../pdf/document-exports.tsx';
import { PrintLinkButton } from '../print/print-link-button.tsx';

type ReportStudent = RouterOutputs['report']['getReport']['students'][number];

/** What the office needs of each student: the table's columns, and on a phone the fields of each student's card. */
const STUDENT_FIELDS: { key: string; title: string; render: (s: ReportStudent) => string }[] = [
  { key: 'registrationNumber', title: 'Evidenční číslo', render: (s) => s.registrationNumber ?? '' },
  { key: 'name', title: 'Jméno a příjmení', render: (s) => fullName(s) },
  { key: 'birthDate', title: 'Datum narození', render: (s) => formatDate(s.birthDate) },
  { key: 'address', title: 'Adresa', render: (s) => `${s.street} ${s.streetCode}, ${s.postCode} ${s.city}` },
  { key: 'groups', title: 'Skupina', render: (s) => groupsText(s.groups) },
  { key: 'trainingKind', title: 'Druh výcviku', render: (s) => TRAINING_KIND_LABELS[s.trainingKind as TrainingKind] ?? s.trainingKind },
  { key: 'dateOfInProgress', title: 'Zahájení', render: (s) => formatDate(s.dateOfInProgress) || '—' },
];

function AddStudentSelect({
  reportId,
  exclude,
  onAdded,
}: {
  reportId: string;
  exclude: Set<string>;
  onAdded: (report: RouterOutputs['report']['getReport']) => void;
}) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification, message } = App.useApp();
  const [text, setText] = useState('');
  const [fullText, setFullText] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setFullText(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const candidates = useQuery({
    ...trpc.student.students.queryOptions(
      withSchool(school, { fullText: fullText || undefined, states: ['IN_PROGRESS', 'NOT_STARTED'], pageSize: 20, currentPage: 1 }),
    ),
    placeholderData: keepPreviousData,
  });
  const add = useMutation(
    trpc.report.addStudentToReport.mutationOptions({
      onMutate: () => expectOwnEcho(trpc.report.getReport.queryKey({ ...schoolOf(school), id: reportId })),
      onSuccess: (report) => {
        message.success('Žák byl přidán do hlášenky');
        onAdded(report);
      },
      onError: (err, _input, cancelEcho) => {
        cancelEcho?.();
        notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
      },
    }),
  );
  const options = (candidates.data?.items ?? [])
    .filter((s) => !exclude.has(s.id))
    .map((s) => ({ value: s.id, label: `${fullName(s)} (${s.registrationNumber})` }));

  return (
    <Select<string | null>
      aria-label="Přidat žáka do hlášenky"
      placeholder="Přidat žáka (jméno, příjmení, evidenční číslo)"
      value={null}
      options={options}
      showSearch={{ filterOption: false, searchValue: text, onSearch: setText }}
      loading={candidates.isFetching || add.isPending}
      notFoundContent="Žáka kterého hledáte není v systému"
      onChange={(studentId) => studentId && add.mutate({ ...schoolOf(school), reportId, studentId })}
      style={{ width: '100%', maxWidth: 420 }}
    />
  );
}

function ReportDetailView({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const { notification, message } = App.useApp();
  const report = useQuery(trpc.report.getReport.queryOptions(withSchool(school, { id })));
  const isPhone = useIsPhone();

  // Each change answers with the hlášenka: it goes into the cache, and the write's live message (ReportMessage)
  // refetches only the list of hlášenky (this one's key is skipped once).
  const reportKey = () => trpc.report.getReport.queryKey({ ...schoolOf(school), id });
  const expectEcho = { onMutate: () => expectOwnEcho(reportKey()) };
  const show = (result: RouterOutputs['report']['getReport']) => queryClient.setQueryData(reportKey(), result);
  const onError = (err: unknown) => {
    const { message: text, appCode } = describeError(err);
    notification.error({ title: ERROR_TITLES.error, description: appCode === 'REPORT_SENT' ? APP_ERRORS.REPORT_SENT : text });
  };
  const removeStudent = useMutation(
    trpc.report.removeStudentFromReport.mutationOptions({
      ...expectEcho,
      onSuccess: (result) => {
        message.success('Žák byl odebrán z hlášenky');
        show(result);
      },
      onError: (err, _input, cancelEcho) => {
        cancelEcho?.();
        onError(err);
      },
    }),
  );
  const onRefused = (err: unknown, _input: unknown, cancelEcho: (() => void) | undefined) => {
    cancelEcho?.();
    onError(err);
  };
  const markSent = useMutation(trpc.report.markReportSent.mutationOptions({ ...expectEcho, onSuccess: show, onError: onRefused }));
  const markUnsent = useMutation(trpc.report.markReportUnsent.mutationOptions({ ...expectEcho, onSuccess: show, onError: onRefused }));

  if (report.isError) {
    if (errorCode(report.error) === 'NOT_FOUND')
      return <Result status="404" title={APP_ERRORS.REPORT_NOT_FOUND} extra={<Link to="/app/reporting">Zpět na hlášenky</Link>} />;
    return <Result status="error" title={ERROR_TITLES.error} subTitle={describeError(report.error).message} />;
  }
  if (!report.data) return <Skeleton active />;
  const r = report.data;
  const sent = r.sentAt !== null;

  const removeButton = (s: ReportStudent) => (
    <Popconfirm
      title="Odebrat žáka z hlášenky"
      description={`Opravdu chcete odebrat žáka ${fullName(s)} z hlášenky?`}
      okText="Ano"
      cancelText="Zrušit"
      onConfirm={() => removeStudent.mutateAsync({ ...schoolOf(school), reportId: r.id, studentId: s.id }).catch(() => undefined)}
    >
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Odebrat ${fullName(s)}`} />
    </Popconfirm>
  );
  const columns: TableProps<ReportStudent>['columns'] = [
    ...STUDENT_FIELDS.map((f) => ({ key: f.key, title: f.title, render: (_: unknown, s: ReportStudent) => f.render(s) })),
    ...(sent ? [] : [{ key: 'action', title: '', render: (_: unknown, s: ReportStudent) => removeButton(s) }]),
  ];
  const emptyText = 'V hlášence nejsou žádní žáci';

  return (
    <Flex vertical gap={16}>
      <Link to="/app/reporting">
        <ArrowLeftOutlined /> Zpět na hlášenky
      </Link>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Hlášenka ze dne {formatDate(r.date)}
        </Typography.Title>
        <Space wrap>
          <ReportPdfExport reportId={r.id} />
          <PrintLinkButton input={{ kind: 'REPORT', entityId: r.id }} />
          {/* Both change what the office holds on record: each asks first. An empty hlášenka has nothing to send. */}
          {sent ? (
            <Popconfirm
              title="Vrátit mezi neodeslané"
              description="Opravdu vrátit hlášenku mezi neodeslané? Půjde znovu měnit."
              okText="Ano"
              cancelText="Zrušit"
              onConfirm={() => markUnsent.mutateAsync({ ...schoolOf(school), id: r.id }).catch(() => undefined)}
            >
              <Button loading={markUnsent.isPending}>Vrátit mezi neodeslané</Button>
            </Popconfirm>
          ) : r.students.length === 0 ? (
            <Tooltip title={APP_ERRORS.REPORT_EMPTY}>
              <Button type="primary" disabled>
                Označit jako odeslanou
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title="Označit jako odeslanou"
              description="Opravdu označit hlášenku jako odeslanou? Odeslanou hlášenku už nepůjde měnit."
              okText="Ano"
              cancelText="Zrušit"
              onConfirm={() => markSent.mutateAsync({ ...schoolOf(school), id: r.id }).catch(() => undefined)}
            >
              <Button type="primary" loading={markSent.isPending}>
                Označit jako odeslanou
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'date', label: 'Datum', children: formatDate(r.date) },
          { key: 'state', label: 'Stav', children: <ReportSentTag sentAt={r.sentAt} /> },
          { key: 'created', label: 'Vytvořeno', children: formatDateTime(r.createdAt) },
          ...(r.sentAt ? [{ key: 'sent', label: 'Odesláno', children: formatDateTime(r.sentAt) }] : []),
        ]}
      />
      <Card
        size="small"
        title={`Žáci (${r.students.length})`}
        extra={sent ? <Typography.Text type="secondary">Odeslanou hlášenku nelze měnit</Typography.Text> : null}
      >
        {!sent && (
          <div style={{ marginBottom: 12 }}>
            <AddStudentSelect reportId={r.id} exclude={new Set(r.students.map((s) => s.id))} onAdded={show} />
          </div>
        )}
        {isPhone ? (
          <CardList<ReportStudent>
            label="Žáci hlášenky"
            items={r.students}
            rowKey={(s) => s.id}
            title={(s) => fullName(s)}
            actions={sent ? undefined : removeButton}
            fields={(s) => STUDENT_FIELDS.filter((f) => f.key !== 'name').map((f) => ({ label: f.title, value: f.render(s) }))}
            emptyText={emptyText}
          />
        ) : (
          <Table<ReportStudent>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={r.students}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={emptyText} /> }}
          />
        )}
      </Card>
    </Flex>
  );
}

export const ReportDetail = withFeedback(ReportDetailView);

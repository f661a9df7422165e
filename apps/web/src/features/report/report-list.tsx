// Hlášenky (legal-cz §7.1): one per day on which students started training; opened to see and send them.
import { skipToken, useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '@volant/shared/format';
import { Alert, Card, Empty, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { useSchoolInput } from '../../app/use-school.ts';

type Report = RouterOutputs['report']['getReports'][number];

export function ReportSentTag({ sentAt }: { sentAt: Date | string | null }) {
  return sentAt ? <Tag color="success">Odesláno</Tag> : <Tag color="warning">Neodesláno</Tag>;
}

export function ReportList() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const reports = useQuery(trpc.report.getReports.queryOptions(school));
  const open = (r: Report) => navigate(`/app/reporting/detail/${r.id}`);
  const data = reports.data ?? [];
  const paginated = data.length > 10;

  const columns: TableProps<Report>['columns'] = [
    { key: 'date', title: 'Datum', render: (_, r) => <Typography.Text strong>{formatDate(r.date)}</Typography.Text> },
    { key: 'count', title: 'Počet žáků', dataIndex: 'studentCount' },
    { key: 'createdAt', title: 'Vytvořeno', render: (_, r) => formatDateTime(r.createdAt) },
    { key: 'state', title: 'Stav', render: (_, r) => <ReportSentTag sentAt={r.sentAt} /> },
  ];

  if (reports.isError) return <Alert type="error" showIcon title={describeError(reports.error).message} />;

  if (isPhone) {
    if (!reports.isPending && data.length === 0) return <Empty description="Zatím žádné hlášenky" />;
    return (
      <Flex vertical gap={8}>
        {data.map((r) => (
          <Card key={r.id} size="small" hoverable onClick={() => open(r)}>
            <Flex justify="space-between" align="center">
              <Typography.Text strong>{formatDate(r.date)}</Typography.Text>
              <ReportSentTag sentAt={r.sentAt} />
            </Flex>
            <Typography.Text type="secondary">Počet žáků: {r.studentCount}</Typography.Text>
          </Card>
        ))}
      </Flex>
    );
  }

  return (
    <Table<Report>
      rowKey="id"
      columns={columns}
      dataSource={data}
      loading={reports.isPending && school !== skipToken}
      onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
      pagination={paginated ? { pageSize: 10 } : false}
      locale={{ emptyText: <Empty description="Zatím žádné hlášenky" /> }}
    />
  );
}

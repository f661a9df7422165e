// The operator's view of the job runner (Debug page): per kind, the jobs due now, those waiting for their time, those
// running and those that failed for good (server: operator.getJobQueues, jobs/runner.ts). Refreshed every 5 s.
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

type JobQueue = RouterOutputs['operator']['getJobQueues'][number];

const KIND_LABELS: Record<string, string> = {
  'pdf.run': 'Generování PDF',
  'mail.send': 'Odesílání e-mailů',
  'sessions.cleanup': 'Noční úklid relací a zámků',
};

export function JobQueuesPanel() {
  const trpc = useTRPC();
  const queues = useQuery({ ...trpc.operator.getJobQueues.queryOptions(), refetchInterval: 5_000 });
  return (
    <Card title="Úlohy na pozadí" style={{ marginBottom: 16 }}>
      <Table<JobQueue>
        rowKey="kind"
        size="small"
        loading={queues.isPending}
        dataSource={queues.data}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: 'Druh úlohy', dataIndex: 'kind', render: (kind: string) => KIND_LABELS[kind] ?? kind },
          { title: 'Čeká', dataIndex: 'ready', align: 'right' },
          { title: 'Naplánováno', dataIndex: 'deferred', align: 'right' },
          { title: 'Běží', dataIndex: 'active', align: 'right' },
          { title: 'Selhalo', dataIndex: 'failed', align: 'right' },
        ]}
      />
    </Card>
  );
}
